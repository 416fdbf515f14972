//! The cost model's record: time(n) = a + b·n per series (fitted by
//! `hashbench_analysis::costmodel`).

use hashbench_stats::SlopeCiMethod;
use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
use crate::series::SeriesKey;
use crate::size::Mode;
use crate::subject::Subject;

/// A point estimate and its interval.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Interval {
    pub estimate: f64,
    pub low: f64,
    pub high: f64,
}

/// time(n) = a + b·n for one (implementation, pattern, threads, mode), over its fixed sizes.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct CostFit {
    pub implementation: Subject,
    pub pattern: Pattern,
    pub threads: usize,
    /// Written only for latency: absent means throughput.
    #[serde(default, skip_serializing_if = "Mode::is_throughput")]
    pub mode: Mode,
    /// The sizes fitted, ascending (one point per size: its median time per call).
    pub sizes: Vec<u64>,
    /// a: the fixed cost of one call, ns (may come out negative when the line does not
    /// describe small sizes well: shown as it is, not clamped).
    pub fixed_ns: Interval,
    /// b: steady-state ns per byte.
    pub ns_per_byte: Interval,
    /// 1 / b in GB/s (10^9 B/s); `None` when the slope interval reaches zero or below.
    pub gb_per_sec: Option<Interval>,
    /// b x the TSC frequency; `None` without a TSC.
    pub tsc_cycles_per_byte: Option<Interval>,
    /// `sen` (95 %) or `min_max_too_few_points` (fewer than 6 sizes).
    pub interval_method: SlopeCiMethod,
}

impl CostFit {
    /// The series fitted.
    #[must_use]
    pub fn series_key(&self) -> SeriesKey {
        SeriesKey {
            implementation: self.implementation.clone(),
            pattern: self.pattern,
            threads: self.threads,
            mode: self.mode,
        }
    }

    /// The fitted time of one call at `n` bytes, ns.
    pub fn predict_ns(&self, n: f64) -> f64 {
        self.fixed_ns.estimate + self.ns_per_byte.estimate * n
    }
}
