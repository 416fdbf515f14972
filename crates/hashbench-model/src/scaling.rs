//! Evidence that a cell's time grows with the number of calls it times.
//!
//! A benchmark loop whose work the compiler hoisted out (or a library that caches its
//! last answer) takes about the same time for k calls as for 2k: the work is done once
//! per batch, not once per call. Every sample of a cell has the same batch size, so the
//! samples alone cannot show this; after sampling, the engine times a batch of the
//! cell's size and one of twice that and keeps both times here. Judging them is left to
//! the guards (`hashbench_analysis::guards`), which can then also judge figures that came
//! from elsewhere.

use serde::{Deserialize, Serialize};

/// One short batch followed by one long batch.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ScalingTrial {
    /// Time of the short batch on the record's clock, nanoseconds.
    pub short_ns: u64,
    /// Time of the long batch on the record's clock, nanoseconds.
    pub long_ns: u64,
}

/// Which clock timed the scaling batches.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ScalingClock {
    /// The thread's CPU time (`CLOCK_THREAD_CPUTIME_ID`): time spent waiting for a CPU
    /// is not counted.
    ThreadCpu,
    /// The monotonic clock, where no thread CPU clock is available.
    Monotonic,
}

/// Short and long batches timed back to back after a cell's samples.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct IterationScaling {
    /// Calls in each short batch (the cell's batch size).
    pub short_iterations: u64,
    /// Calls in each long batch (the engine's `SCALING_FACTOR` times as many).
    pub long_iterations: u64,
    /// The clock of `trials`.
    pub clock: ScalingClock,
    /// Every trial, in order.
    pub trials: Vec<ScalingTrial>,
}

impl IterationScaling {
    /// The fastest long batch's time over the fastest short batch's; a cell whose time
    /// is proportional to its calls gives `long_iterations / short_iterations`. Minima,
    /// because what disturbs a batch here (the scheduler taking the CPU away, an
    /// interrupt) only ever adds time: the fastest of each kind is the least disturbed.
    /// `None` without a trial, or when the fastest short batch took 0 ns.
    #[must_use]
    pub fn time_ratio(&self) -> Option<f64> {
        let short = self.trials.iter().map(|t| t.short_ns).min()?;
        let long = self.trials.iter().map(|t| t.long_ns).min()?;
        (short > 0).then(|| long as f64 / short as f64)
    }

    /// The ratio proportional timing would give.
    #[must_use]
    pub fn expected_ratio(&self) -> f64 {
        self.long_iterations as f64 / self.short_iterations.max(1) as f64
    }
}

#[cfg(test)]
mod tests;
