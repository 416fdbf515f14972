//! Progress, as events. The runner never prints: it tells an observer what it is about
//! to do and what it has done, and the binary draws its progress line from that (as
//! criterion's reports and ripgrep's sinks receive events). Every hook defaults to doing
//! nothing, so a test or a library user implements only what it needs. The plan and each
//! step say themselves in words (`Display`), for whoever draws them.

use std::fmt;

use hashbench_model::format;

/// The plan, once verification has decided what will be measured.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlanReady {
    /// Cells of the rounds: (implementation or baseline, pattern, threads, size).
    pub cells: usize,
    /// Rounds each of those cells is measured in, at least.
    pub rounds: usize,
    /// The most rounds a cell whose figure has not settled gets.
    pub max_rounds: usize,
    /// `--streams` cells, measured once each after the rounds.
    pub streams_cells: usize,
    /// The longest the measuring can take, in seconds, while every call is faster than
    /// its round's share of the budget: every cell its whole budget, each
    /// implementation's longest warm-up, and the drift reference timings.
    pub at_most_s: f64,
    /// The fewest samples a round takes, whatever its budget: a call slower than the
    /// round's share takes this many anyway, past `at_most_s`.
    pub min_samples: usize,
    /// Of `cells`, those another runtime's adapter times: each sample is a request to a
    /// process, whose cost no plan knows, so `at_most_s` does not bound them.
    pub external_cells: usize,
}

/// One step of the measuring.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step<'a> {
    /// A cell in one round (`round` counts from 1; beyond `rounds`, an extra round of a
    /// cell whose figure has not settled yet).
    Round {
        name: &'a str,
        size: hashbench_model::Size,
        round: usize,
        rounds: usize,
    },
    /// An implementation hashing `streams` messages at once.
    Streams {
        implementation: &'a str,
        size: u64,
        streams: usize,
    },
}

impl fmt::Display for PlanReady {
    /// What is about to happen, and for how long at most, with what that leaves out: `12
    /// cells x 5 rounds (up to 15 while a figure is unsettled), at most about 3.2 s
    /// unless a call is slower than a round's share of the budget (a round takes at
    /// least 2)`, and what it does not bound (the cells other runtimes time).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} cells x {} rounds (up to {} while a figure is unsettled)",
            self.cells, self.rounds, self.max_rounds
        )?;
        if self.streams_cells > 0 {
            write!(f, " and {} streams cells", self.streams_cells)?;
        }
        let most = self.at_most_s;
        if most < 10.0 {
            write!(f, ", at most about {most:.1} s")?;
        } else {
            write!(f, ", at most about {most:.0} s")?;
        }
        write!(
            f,
            " unless a call is slower than a round's share of the budget (a round takes at \
             least {})",
            self.min_samples
        )?;
        match self.external_cells {
            0 => Ok(()),
            n => write!(
                f,
                "; not counting the {n} cells other runtimes time, each sample a request to \
                 their adapter"
            ),
        }
    }
}

impl fmt::Display for Step<'_> {
    /// `crc32/crc32fast [oneshot] @ 4 KiB, round 3/5` (`, extra round 6` past the
    /// planned rounds), or `blake3/blake3 @ 64 KiB, 4 streams`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Step::Round {
                name,
                size,
                round,
                rounds,
            } if round > rounds => {
                write!(f, "{name} @ {}, extra round {round}", format::size(size))
            }
            Step::Round {
                name,
                size,
                round,
                rounds,
            } => write!(f, "{name} @ {}, round {round}/{rounds}", format::size(size)),
            Step::Streams {
                implementation,
                size,
                streams,
            } => write!(
                f,
                "{implementation} @ {}, {streams} streams",
                format::size(size)
            ),
        }
    }
}

/// Receives a run's progress. Called on the measuring thread, between timings.
pub trait RunObserver {
    /// What is about to be measured, once, before the first cell.
    fn plan_ready(&mut self, _plan: &PlanReady) {}
    /// A step is about to be measured.
    fn step_started(&mut self, _step: &Step<'_>) {}
    /// A step was measured (or its implementation failed and was set aside).
    fn step_done(&mut self, _step: &Step<'_>) {}
    /// The drift reference is about to be timed after round `after_round`.
    fn drift_reference(&mut self, _after_round: usize) {}
    /// Every timing is done; what follows (counting allocations, assembling the result)
    /// takes no time worth showing.
    fn finished(&mut self) {}
}

/// An observer that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct Quiet;

impl RunObserver for Quiet {}

/// Where the measuring stands, in steps: what a progress line counts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Progress {
    /// Steps done.
    pub done: usize,
    /// Steps the plan has (cells x rounds + `--streams` cells).
    pub planned: usize,
    /// The step under way is an extra round of an unsettled cell, past the plan.
    pub extra: bool,
}

impl Progress {
    /// The step under way, counted from 1: `3/24`; `25/24+` past the plan, where how
    /// many more there will be is not known. The drift reference after the last round is
    /// not a step, so the count never passes the plan otherwise.
    #[must_use]
    pub fn position(&self) -> String {
        let (done, len) = (self.done, self.planned);
        if done >= len && self.extra {
            format!("{}/{len}+", done + 1)
        } else {
            format!("{}/{len}", (done + 1).min(len.max(1)))
        }
    }

    /// The seconds left, from the time per step so far over the steps left; `None`
    /// before any step is done or past the plan, where there is no estimate to give.
    #[must_use]
    pub fn eta_s(&self, elapsed_s: f64) -> Option<f64> {
        if self.done == 0 || (self.done >= self.planned && self.extra) {
            return None;
        }
        let per = elapsed_s / self.done as f64;
        Some(per * self.planned.saturating_sub(self.done) as f64)
    }
}

#[cfg(test)]
mod tests;
