//! How a command ended, which the binary's `main` turns into the exit code in one place
//! (docs/usage.md, Exit codes). Bad usage is an error (`PlanError`, the binary's own
//! usage errors), not an outcome: nothing was done.

use hashbench_model::Run;
use hashbench_runner::Measured;

/// How a command that ran ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Outcome {
    /// Done as asked: measured (or listed, verified, compared, summed). Exit 0.
    Done,
    /// A check failed: a verification or a wrong digest, a `--strict` flag, a
    /// regression beyond `--fail-on-regression`, a disagreeing fuzz case, a file `sum`
    /// could not read. Exit 1.
    Failed,
    /// A run that measured no implementation (each was unavailable, failed or could not
    /// express the patterns asked for). Exit 1.
    NothingMeasured,
    /// Stopped by SIGINT or SIGTERM, what was done so far written. Exit 130 or 143.
    Interrupted,
}

impl Outcome {
    /// [`Outcome::Failed`] when `failed`, else [`Outcome::Done`].
    #[must_use]
    pub fn failed_if(failed: bool) -> Outcome {
        if failed {
            Outcome::Failed
        } else {
            Outcome::Done
        }
    }

    /// The graver of two outcomes (interrupted over nothing measured over failed over
    /// done), for a command that does several things.
    #[must_use]
    pub fn and(self, other: Outcome) -> Outcome {
        self.max(other)
    }

    /// Why a run measured nothing ([`Outcome::NothingMeasured`]), for its error line:
    /// each skipped implementation with its reason, or that nothing was selected.
    #[must_use]
    pub fn why_nothing_measured(run: &Run) -> String {
        let reasons: Vec<String> = run
            .skipped
            .iter()
            .map(|s| format!("{} ({})", s.implementation, s.reason))
            .collect();
        if reasons.is_empty() {
            "nothing was selected".to_string()
        } else {
            reasons.join(", ")
        }
    }

    /// The outcome of a measured run: interrupted, else nothing measured, else failed
    /// (a verification, a wrong digest, or `strict_failed`: `--strict` and a flag).
    #[must_use]
    pub fn of_run(measured: &Measured, strict_failed: bool) -> Outcome {
        if measured.interrupted {
            Outcome::Interrupted
        } else if measured.run.cells.is_empty() {
            Outcome::NothingMeasured
        } else {
            Outcome::failed_if(measured.failed || strict_failed)
        }
    }
}

#[cfg(test)]
mod tests;
