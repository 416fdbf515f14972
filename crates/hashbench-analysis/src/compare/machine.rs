//! The machine-speed ratio between two runs, from what both measured that no code
//! change touches: the drift reference (`read` at 4 KiB, timed at the start and after
//! every round) and the `read` and `memcpy` baselines at every size both runs have.
//!
//! Each of these gives a ratio candidate / base with an interval (the reference from
//! its timings' CIs, a baseline from the same interval a cell gets). The estimate is
//! their geometric mean; its uncertainty, in log terms, is the larger of the tightest
//! estimator's half-width and the furthest estimator's distance from the mean: when they
//! disagree, the machine did not change speed uniformly, and no one figure corrects for
//! it. Without a drift reference in both runs (runs built by hand, files from before it
//! existed) there is no estimate and nothing is adjusted. `nop` is left out: it times
//! the loop, sub-nanosecond, and its ratio is mostly the clock's noise.

use serde::Serialize;

use hashbench_model::{Cell, Run};

/// The interval a run gives its own figure: the figure's interval over its undisturbed
/// rounds; in a file from before figures, the wider of the median's CI and the range of
/// its round medians.
pub(crate) fn interval(c: &Cell) -> (f64, f64) {
    if c.figure.is_some() {
        return c.time_ci();
    }
    let s = &c.summary;
    let mut low = s.median_ci.low.get();
    let mut high = s.median_ci.high.get();
    for &r in &c.round_medians_ns {
        low = low.min(r);
        high = high.max(r);
    }
    (low, high)
}

/// How much slower the machine ran in the candidate (above 1: slower), with its interval.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MachineSpeed {
    /// candidate / base time of the machine's own kernels: the geometric mean.
    pub ratio: f64,
    pub low: f64,
    pub high: f64,
    /// What the estimate is from: `reference`, `baseline/read @ 4096`, ...
    pub from: Vec<String>,
}

impl MachineSpeed {
    /// Half-width of the estimate's interval, in natural log.
    #[must_use]
    pub fn log_half_width(&self) -> f64 {
        (self.high / self.ratio)
            .ln()
            .max((self.ratio / self.low).ln())
    }

    /// How far the machine moved at the far end of its interval, in natural log: a
    /// change of a cell no larger than this, the machine alone could have made.
    #[must_use]
    pub fn log_reach(&self) -> f64 {
        self.ratio.ln().abs() + self.log_half_width()
    }
}

pub use hashbench_model::ESTIMATOR_BASELINES;

/// The machine-speed ratio of `candidate` over `base`: the median of what the drift
/// reference and the `read` and `memcpy` baselines at every size say, its interval the
/// tightest estimator's, widened by how far any estimator lies beyond its own interval
/// from the median. `None` without a drift reference in both.
#[must_use]
pub fn machine_speed(base: &Run, candidate: &Run) -> Option<MachineSpeed> {
    let (a, b) = (
        base.reference.as_ref()?.level()?,
        candidate.reference.as_ref()?.level()?,
    );
    // (label, log ratio, log half-width)
    let mut est: Vec<(String, f64, f64)> = vec![(
        "reference".to_string(),
        (b.0 / a.0).ln(),
        // The two runs' relative half-widths, added: as conservative as a cell's.
        (1.0 + a.1).ln() + (1.0 + b.1).ln(),
    )];
    for size in base.sizes() {
        for kind in ESTIMATOR_BASELINES {
            let (Some(ca), Some(cb)) = (base.baseline(kind, size), candidate.baseline(kind, size))
            else {
                continue;
            };
            let (a_low, a_high) = interval(ca);
            let (b_low, b_high) = interval(cb);
            if a_low <= 0.0 || b_low <= 0.0 {
                continue;
            }
            let x = (cb.time_ns() / ca.time_ns()).ln();
            let h = ((b_high / a_low).ln() - (b_low / a_high).ln()) / 2.0;
            est.push((format!("{} @ {size}", kind.id()), x, h));
        }
    }
    // The estimate is the estimators' median: what most of what the machine alone runs
    // says. Not a mean weighted by their intervals, which are each run's own view of
    // its timings: on the development VM (2026-12-01, `scripts/aa`) the drift reference's
    // settled timings claimed ±0.3 % and moved 3.5 % from one run to the next on their
    // own, while the `read` and `memcpy` baselines and every cell moved under 1 %; the
    // weighted mean followed the reference, and so did every adjusted ratio.
    let mut logs: Vec<f64> = est.iter().map(|e| e.1).collect();
    logs.sort_by(f64::total_cmp);
    let center = hashbench_stats::order::median_sorted(&logs)?;
    let tightest = est.iter().map(|e| e.2).fold(f64::INFINITY, f64::min);
    // Estimators that disagree beyond their own intervals mean the machine did not change
    // uniformly, and the interval says so; one that is merely noisy (its interval holds
    // the estimate) does not widen it.
    let spread = est
        .iter()
        .map(|e| (e.1 - center).abs() - e.2)
        .fold(0.0, f64::max);
    let h = tightest.max(spread);
    Some(MachineSpeed {
        ratio: center.exp(),
        low: (center - h).exp(),
        high: (center + h).exp(),
        from: est.into_iter().map(|e| e.0).collect(),
    })
}

#[cfg(test)]
mod tests;
