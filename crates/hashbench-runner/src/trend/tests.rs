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
