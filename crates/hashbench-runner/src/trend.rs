//! The trend of a cell's samples: the first third of every round's samples (in time
//! order) against the last third, pooled over the rounds, each with its median's CI. The
//! `short-budget` guard (hashbench-analysis) judges it.

use hashbench_engine::RoundRecord;
use hashbench_model::SampleTrend;
use hashbench_stats::{Measurement, Samples};

/// Fewer samples in a round than this: the round has no thirds worth comparing.
const MIN_ROUND_SAMPLES: usize = 6;
/// Fewer pooled samples in a third than this: no trend is recorded.
const MIN_THIRD: usize = 5;

/// The trend of samples `measurements`, split into `rounds` in order; `None` when too
/// few samples.
pub(crate) fn of(rounds: &[RoundRecord], measurements: &[Measurement]) -> Option<SampleTrend> {
    let (mut first, mut last) = (Vec::new(), Vec::new());
    let mut start = 0;
    for r in rounds {
        let end = (start + r.samples).min(measurements.len());
        let n = end - start;
        if n >= MIN_ROUND_SAMPLES {
            let third = n / 3;
            first.extend_from_slice(&measurements[start..start + third]);
            last.extend_from_slice(&measurements[end - third..end]);
        }
        start = end;
    }
    if first.len() < MIN_THIRD {
        return None;
    }
    let summary = |ms: Vec<Measurement>| Samples::from_measurements(ms).ok().map(|s| s.summary());
    let (a, b) = (summary(first)?, summary(last)?);
    Some(SampleTrend {
        first_third_ns: a.median.get(),
        first_third_ci_ns: [a.median_ci.low.get(), a.median_ci.high.get()],
        last_third_ns: b.median.get(),
        last_third_ci_ns: [b.median_ci.low.get(), b.median_ci.high.get()],
    })
}

#[cfg(test)]
mod tests;
