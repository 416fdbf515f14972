//! The run a command renders, as its format shows it: read from a result file (`--from`,
//! `compare`'s files) or measured now, with its strings' control characters escaped for
//! the text formats (a run file can come from anywhere), exactly as it is for JSON.

use std::path::Path;

use anyhow::Result;
use hashbench_model::Run;
use hashbench_plan::RunPlan;
use hashbench_report::render::sanitize::sanitized;
use hashbench_runner::Measured;

/// `run` as a `text` format shows it (control characters escaped), else unchanged.
pub fn shown(run: Run, text: bool) -> Run {
    if text {
        sanitized(&run).into_owned()
    } else {
        run
    }
}

/// The saved run `from` (neither failed nor interrupted), else the run `plan` gives,
/// measured with the progress line unless `quiet`; [`shown`] either way.
pub fn saved_or_measured(
    from: Option<&Path>,
    text: bool,
    quiet: bool,
    plan: impl FnOnce() -> Result<RunPlan>,
) -> Result<Measured> {
    let mut measured = match from {
        Some(path) => Measured {
            // Checked as every result file is: a file that is not ours, newer, cut off
            // or absurd is refused with its name.
            run: crate::store::read_run(path)?,
            failed: false,
            interrupted: false,
            learned: None,
        },
        None => crate::progress::measure(&plan()?, quiet, false, None)?,
    };
    measured.run = shown(measured.run, text);
    Ok(measured)
}
