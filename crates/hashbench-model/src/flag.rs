//! Flags: what the guards (in `hashbench-analysis`) found wrong with a number,
//! stored beside it in the model so every format shows it.

use serde::{Deserialize, Serialize};

/// What a flag says is wrong.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FlagCode {
    /// Faster than merely reading the input at the same size.
    AboveCeiling,
    /// Operations per second hardly fell while the input grew 16x or more.
    FlatScaling,
    /// Twice the calls did not take about twice the time: work done once per batch.
    NotScalingWithIterations,
    /// The samples, or the rounds' medians, disagree too much to trust one number.
    HighSpread,
    /// The reference kernel's speed changed during the run.
    Drift,
    /// Other processes (or the hypervisor) had the cell's CPUs for much of the time it
    /// was measured.
    BusyMachine,
    /// The first and last thirds of the samples differ beyond their intervals: the
    /// cell was still warming up (or slowing down) when its budget ran out.
    ShortBudget,
    /// The figure's interval, the next run's expected range included, reaches more than
    /// 5 % from it: a next run may read it that far away. The interval says how far, so
    /// a comparison that is significant despite it stands.
    WideInterval,
    /// Fewer than 3 of the cell's rounds ran in passes the drift references show at the
    /// machine's speed: its figure may be a slow state's of the machine (files before
    /// 2026-11-29 said `high-spread`).
    SlowPhase,
}

impl FlagCode {
    /// The code as it appears in every output: `above-ceiling`, `flat-scaling`, ...
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            FlagCode::AboveCeiling => "above-ceiling",
            FlagCode::FlatScaling => "flat-scaling",
            FlagCode::NotScalingWithIterations => "not-scaling-with-iterations",
            FlagCode::HighSpread => "high-spread",
            FlagCode::Drift => "drift",
            FlagCode::BusyMachine => "busy-machine",
            FlagCode::ShortBudget => "short-budget",
            FlagCode::WideInterval => "wide-interval",
            FlagCode::SlowPhase => "slow-phase",
        }
    }
}

impl std::fmt::Display for FlagCode {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One guard that fired, and why, in one line.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Flag {
    pub code: FlagCode,
    pub reason: String,
}

impl Flag {
    #[must_use]
    pub fn new(code: FlagCode, reason: String) -> Self {
        Self { code, reason }
    }
}
