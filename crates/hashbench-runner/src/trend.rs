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
mod tests {
    use super::*;
    use hashbench_engine::StopReason;
    use std::time::Duration;

    fn round(samples: usize) -> RoundRecord {
        RoundRecord {
            samples,
            median_ns: 1.0,
            ci_low_ns: 1.0,
            ci_high_ns: 1.0,
            stop_reason: StopReason::Budget,
        }
    }

    #[test]
    fn thirds_are_taken_per_round_in_time_order() {
        // Two rounds of 9 samples, each speeding up from 120 to 100 ns per call.
        let per_round: Vec<u64> = vec![120, 121, 119, 110, 110, 110, 100, 101, 99];
        let ms: Vec<Measurement> = per_round
            .iter()
            .chain(&per_round)
            .map(|&ns| Measurement::new(10, Duration::from_nanos(ns * 10)))
            .collect();
        let t = of(&[round(9), round(9)], &ms).unwrap();
        assert_eq!(t.first_third_ns, 120.0);
        assert_eq!(t.last_third_ns, 100.0);
        assert!(t.change() < -0.16 && t.change() > -0.17, "{t:?}");
        // Too few samples in every round: no trend.
        assert_eq!(of(&[round(5), round(5)], &ms[..10]), None);
    }
}
