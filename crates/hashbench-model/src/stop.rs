//! Why the engine stopped sampling a cell.

use serde::{Deserialize, Serialize};

/// Why sampling stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The median's confidence interval reached the target precision.
    Precision,
    /// Every round reached its own, looser target (the precision times the square root
    /// of the rounds) and stopped early, but the pooled samples of all rounds did not
    /// reach the precision asked for: the cell did not run out of time.
    RoundTargets,
    /// The time budget was spent (after at least `min_samples` samples) without reaching
    /// the precision.
    Budget,
    /// The caller set the cancel flag.
    Cancelled,
}

impl StopReason {
    /// The name JSON and CSV use: `precision`, `budget`, `cancelled`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            StopReason::Precision => "precision",
            StopReason::RoundTargets => "round_targets",
            StopReason::Budget => "budget",
            StopReason::Cancelled => "cancelled",
        }
    }
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests;
