//! What `compare` (and `run --baseline`) is asked: which run is the base and which are
//! compared with it, the noise threshold, and the rule that runs compared share a cell.

use std::path::{Path, PathBuf};

use hashbench_analysis::compare::{compare, Comparison};
use hashbench_model::Run;

use crate::UsageError;

/// Changes smaller than this (per cent) never count as significant, in `compare` and in
/// `run --baseline` alike.
pub const DEFAULT_NOISE_PERCENT: f64 = 5.0;

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

#[cfg(test)]
mod tests;
