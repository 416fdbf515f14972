//! What `compare` (and `run --baseline`) is asked: which run is the base and which are
//! compared with it, the noise threshold, and the rule that runs compared share a cell.

use std::path::{Path, PathBuf};

use hashbench_analysis::compare::{compare, Comparison};
use hashbench_model::Run;

use hashbench_plan::UsageError;

/// Changes smaller than this (per cent) never count as significant, in `compare` and in
/// `run --baseline` alike.
pub const DEFAULT_NOISE_PERCENT: f64 = 5.0;

/// What `compare` is asked: each field is also its flag (with the `clap` feature, the
/// binary's), defined here once; the output format is the binary's.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Result files of `hashbench run --format json`: the first is the base, each other
    /// one is compared with it. With --baseline, every file is compared with the saved
    /// baseline instead.
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub files: Vec<PathBuf>,
    /// Compare with the baseline saved under NAME by `hashbench run --save-baseline NAME`.
    #[cfg_attr(feature = "clap", arg(long, value_name = "NAME"))]
    pub baseline: Option<String>,
    /// Changes smaller than this never count as significant (`5` or `5%`).
    #[cfg_attr(feature = "clap", arg(long, default_value_t = DEFAULT_NOISE_PERCENT,
        value_name = "PCT", value_parser = hashbench_plan::values::percent))]
    pub noise: f64,
    /// Exit 1 if any implementation cell is significantly slower by more than PCT.
    #[cfg_attr(feature = "clap", arg(long, value_name = "PCT",
        value_parser = hashbench_plan::values::percent))]
    pub fail_on_regression: Option<f64>,
    /// Show one run beside the published machines of the seed benchmarks (every
    /// published figure whose algorithm and size the run has), flagging implausible ones.
    #[cfg_attr(feature = "clap", arg(long,
        conflicts_with_all = ["baseline", "fail_on_regression"]))]
    pub published: bool,
    /// With --published: only this seed (0-4, see `hashbench published`).
    #[cfg_attr(feature = "clap", arg(long, requires = "published", value_name = "N"))]
    pub seed: Option<u32>,
    /// auto: the machines view when a run comes from another machine (CPU model, core
    /// count or memory), else the changes; changes: verdicts on the code, adjusted for
    /// the machine's speed; machines: each machine's figures side by side, no verdicts.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_enum, default_value_t, conflicts_with = "published")
    )]
    pub view: View,
}

/// The base of a comparison: a saved baseline (`--baseline NAME`) or a result file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Base<'a> {
    Baseline(&'a str),
    File(&'a Path),
}

/// The base and the candidates that `files` and `baseline` give: with a baseline, every
/// file is compared with it; else the first file is the base of the others.
///
/// # Errors
///
/// No file to compare with the baseline, or fewer than two files without one.
pub fn inputs<'a>(
    files: &'a [PathBuf],
    baseline: Option<&'a str>,
) -> Result<(Base<'a>, &'a [PathBuf]), UsageError> {
    match (baseline, files) {
        (Some(_), []) => Err(UsageError(
            "give at least one result file to compare with the baseline".into(),
        )),
        (Some(name), files) => Ok((Base::Baseline(name), files)),
        (None, [base, candidates @ ..]) if !candidates.is_empty() => {
            Ok((Base::File(base), candidates))
        }
        (None, _) => Err(UsageError(
            "give a base file and at least one file to compare with it (or --baseline NAME)".into(),
        )),
    }
}

/// `run` compared with the saved baseline `base` at the default noise threshold
/// (`run --baseline NAME`).
#[must_use]
pub fn with_baseline(base: &Run, run: &Run) -> Comparison {
    compare(base, run, DEFAULT_NOISE_PERCENT / 100.0)
}

/// `candidate` (named `candidate_name`) compared with `base` (`base_name`); `noise` is
/// the threshold as a fraction (0.05).
///
/// # Errors
///
/// The runs have no cell in common: nothing to compare.
pub fn compared(
    base_name: &str,
    base: &Run,
    candidate_name: &str,
    candidate: &Run,
    noise: f64,
) -> Result<Comparison, UsageError> {
    let comparison = compare(base, candidate, noise);
    if comparison.changes.is_empty() {
        return Err(UsageError(format!(
            "{base_name} and {candidate_name} have no cell in common (implementation, \
             pattern, size, threads)"
        )));
    }
    Ok(comparison)
}

/// What `compare` shows (`--view`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum View {
    /// The machines view when any run comes from another machine than the base (CPU
    /// model, core count or memory), else the changes.
    #[default]
    Auto,
    /// Changes of the code with their verdicts, adjusted for the machine's speed.
    Changes,
    /// Each machine's figures side by side, no verdicts.
    Machines,
}

/// What `compare` shows, decided by [`view_of`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Shown {
    /// The changes, with verdicts.
    Changes,
    /// The machines view; `one_machine` when every run comes from the base's machine
    /// (`--view machines` asked for it anyway).
    Machines { one_machine: bool },
}

/// What `compare` shows: the machines view when asked for, or with `Auto` when a run
/// comes from another machine than the base (`runs[0]`), else the changes.
/// `--fail-on-regression` (`fail`) needs verdicts, which the machines view does not give.
///
/// # Errors
///
/// `--fail-on-regression` with the machines view.
pub fn view_of(view: View, runs: &[&Run], fail: bool) -> Result<Shown, UsageError> {
    // The first run that differs from the base, and in what.
    let differ = runs.iter().skip(1).find_map(|r| {
        let d = hashbench_analysis::machines::differences(runs[0], r);
        (!d.is_empty()).then_some(d)
    });
    let machines = match view {
        View::Changes => false,
        View::Machines => true,
        View::Auto => differ.is_some(),
    };
    if !machines {
        return Ok(Shown::Changes);
    }
    if fail {
        return Err(UsageError(match (view, &differ) {
            (View::Auto, Some(d)) => format!(
                "--fail-on-regression needs verdicts, and these runs come from different \
                 machines (they differ in {}): across machines there is no change of the code \
                 to judge. Compare runs of one machine, or add --view changes to judge them \
                 anyway",
                d.join(", ")
            ),
            _ => "--fail-on-regression needs verdicts, which --view machines does not give"
                .to_string(),
        }));
    }
    Ok(Shown::Machines {
        one_machine: differ.is_none(),
    })
}

#[cfg(test)]
mod tests;
