//! `hashbench compare --published RUN.json`: a run beside the published figures of the
//! seeds, paired like for like through the built-in suites' labels
//! (`hashbench_plan::suite::counterparts`), rendered by `hashbench-report`
//! (`render::compare_published::document`).

use anyhow::Result;
use hashbench_commands::Outcome;
use hashbench_report::render::compare_published::document;

use super::compare::CompareArgs;
use crate::store::read_run;
use crate::{cli::emit, cli::UsageError};

/// `compare --published FILE`: one run beside the seeds' published figures.
pub fn run(args: &CompareArgs) -> Result<Outcome> {
    let [file] = args.ask.files.as_slice() else {
        return Err(UsageError("--published takes exactly one result file".into()).into());
    };
    let run = read_run(file)?;
    let published = hashbench_analysis::published::load()?;
    if let Some(n) = args.ask.seed {
        published.seed(n).map_err(|e| UsageError(e.to_string()))?;
    }
    let counterparts = hashbench_plan::suite::counterparts(run.suite.as_ref())?;
    let format = args.format;
    let Some(text) = document(&run, &published, args.ask.seed, &counterparts, format)? else {
        return Err(UsageError(format!(
            "{}: no cell matches a published figure (same algorithm and size); try the \
             seeds' sizes, e.g. `hashbench suite checksum-benchmarks`",
            file.display()
        ))
        .into());
    };
    emit(&text);
    Ok(Outcome::Done)
}
