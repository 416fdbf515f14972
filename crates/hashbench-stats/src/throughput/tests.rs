use super::*;
use crate::Samples;

#[test]
fn known_rates() {
    let r = Rates::at(Nanos(100.0), 1024.0, Some(3e9)).expect("valid");
    assert_eq!(r.ns_per_op, 100.0);
    assert_eq!(r.ops_per_sec, 1e7);
    assert_eq!(r.gb_per_sec, 10.24);
    assert_eq!(r.mib_per_sec, 9765.625);
    let cycles = r.cycles_per_op.expect("frequency given");
    assert!((cycles - 300.0).abs() < 1e-9);
    let cpb = r.cycles_per_byte.expect("bytes > 0");
    assert!((cpb - 0.292_968_75).abs() < 1e-12);
}

#[test]
fn missing_or_bad_inputs() {
    let r = Rates::at(Nanos(2.0), 0.0, None).expect("valid");
    assert_eq!(r.gb_per_sec, 0.0);
    assert_eq!(r.cycles_per_op, None);
    let r = Rates::at(Nanos(2.0), 0.0, Some(1e9)).expect("valid");
    assert_eq!(r.cycles_per_op, Some(2.0));
    assert_eq!(r.cycles_per_byte, None);
    assert_eq!(
        Rates::at(Nanos(0.0), 8.0, None),
        Err(ThroughputError::BadTime(0.0))
    );
    assert!(Rates::at(Nanos(f64::NAN), 8.0, None).is_err());
    assert_eq!(
        Rates::at(Nanos(1.0), 8.0, Some(0.0)),
        Err(ThroughputError::BadFrequency(0.0))
    );
}

#[test]
fn interval_inverts() {
    let s = Samples::from_nanos((1..=10).map(f64::from))
        .expect("valid")
        .summary();
    let t = Throughput::from_summary(&s, 100.0, None).expect("median > 0");
    let upper = t.upper.expect("ci low > 0");
    assert!(t.lower.gb_per_sec < t.estimate.gb_per_sec);
    assert!(t.estimate.gb_per_sec < upper.gb_per_sec);
    assert_eq!(t.lower.ns_per_op, s.median_ci.high.get());
    assert_eq!(upper.ns_per_op, s.median_ci.low.get());
}

#[test]
fn whole_byte_counts_stay_integers_in_json() {
    let s = Samples::from_nanos([10.0, 10.0, 10.0])
        .expect("valid")
        .summary();
    let json = |b| {
        let t = Throughput::from_summary(&s, b, None).expect("positive");
        serde_json::to_value(t).expect("serialises")["bytes_per_iteration"].to_string()
    };
    assert_eq!(json(4096.0), "4096");
    assert_eq!(json(64.5), "64.5");
}

#[test]
fn zero_lower_time_bound_means_unbounded_upper_rate() {
    let s = Samples::from_nanos([0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0])
        .expect("valid")
        .summary();
    assert_eq!(s.median_ci.low, Nanos(0.0));
    let t = Throughput::from_summary(&s, 1.0, None).expect("median > 0");
    assert_eq!(t.upper, None);
    let zero = Samples::from_nanos([0.0]).expect("valid").summary();
    assert!(Throughput::from_summary(&zero, 1.0, None).is_err());
}
