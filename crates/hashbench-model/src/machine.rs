//! How much a cell's threads shared their CPUs while it was measured (Linux `/proc`),
//! and how a cell's samples moved while it was measured: the evidence of the
//! `busy-machine` and `short-budget` guards. All optional in the JSON: runs saved before
//! these fields existed load as they were.

use serde::{Deserialize, Serialize};

/// How much a cell's threads had to share their CPUs while it was measured, over all its
/// rounds (warm-up and calibration included).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellLoad {
    /// Time hashbench's threads were runnable but waited for a CPU, percent of the time
    /// the cell's threads wanted to run (its wall-clock time x its threads): other
    /// processes had the CPU.
    pub cpu_wait_percent: f64,
    /// CPU time stolen by the hypervisor while the cell was measured, percent of all
    /// CPUs' time; `None` where `/proc/stat` has no steal column.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steal_percent: Option<f64>,
}

impl CellLoad {
    /// The share of the cell's time its threads could not run because something else
    /// had their CPU, in the guest (`cpu_wait_percent`) or under it (`steal_percent`).
    #[must_use]
    pub fn competed_percent(&self) -> f64 {
        self.cpu_wait_percent + self.steal_percent.unwrap_or(0.0)
    }
}

/// The median time per call of the first and of the last third of every round's
/// samples (in time order), pooled over the rounds, with their 95 % CIs: a cell still
/// speeding up (or slowing down) while it was sampled shows as two medians whose
/// intervals are apart.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SampleTrend {
    pub first_third_ns: f64,
    pub first_third_ci_ns: [f64; 2],
    pub last_third_ns: f64,
    pub last_third_ci_ns: [f64; 2],
}

impl SampleTrend {
    /// Last third over first third, minus 1 (negative: the later samples were faster).
    #[must_use]
    pub fn change(&self) -> f64 {
        self.last_third_ns / self.first_third_ns - 1.0
    }

    /// Whether the two thirds' intervals do not overlap.
    #[must_use]
    pub fn apart(&self) -> bool {
        self.last_third_ci_ns[1] < self.first_third_ci_ns[0]
            || self.last_third_ci_ns[0] > self.first_third_ci_ns[1]
    }
}
