//! Property tests: invariants that must hold for every valid input.

use std::time::Duration;

use hashbench_stats::{
    precision_reached, theil_sen, CiMethod, Fit, Measurement, Nanos, Rates, SampleError, Samples,
    Summary, Throughput, MIN_SAMPLES_FOR_CI,
};
use proptest::prelude::*;

/// One per-iteration time: mostly spread over 12 orders of magnitude, with
/// zeros and small integers mixed in so that ties (coarse timers) occur.
fn time() -> impl Strategy<Value = f64> {
    prop_oneof![
        1 => Just(0.0),
        2 => (0u32..6).prop_map(f64::from),
        8 => 1e-3..1e9_f64,
    ]
}

fn times(max_len: usize) -> impl Strategy<Value = Vec<f64>> {
    prop::collection::vec(time(), 1..max_len)
}

fn summarize(values: &[f64]) -> Summary {
    Samples::from_nanos(values.iter().copied())
        .expect("strategy yields valid values")
        .summary()
}

fn assert_invariants(s: &Summary) {
    let ci = &s.median_ci;
    assert!(s.count >= 1);
    assert!(s.min <= ci.low, "{s:?}");
    assert!(ci.low <= s.median, "{s:?}");
    assert!(s.median <= ci.high, "{s:?}");
    assert!(ci.high <= s.max, "{s:?}");
    assert!(s.min <= s.mean && s.mean <= s.max, "{s:?}");
    assert!(s.min <= s.q1 && s.q1 <= s.median && s.median <= s.q3 && s.q3 <= s.max);
    assert!(s.std_dev.get() >= 0.0 && s.mad.get() >= 0.0);
    assert!(s.mad.get() <= s.max.get() - s.min.get());
    assert!(s.mad_scaled >= s.mad);
    assert!(1 <= ci.lower_rank && ci.lower_rank <= ci.upper_rank && ci.upper_rank <= s.count);
    assert_eq!(ci.lower_rank + ci.upper_rank, s.count + 1);
    assert!((0.0..=1.0).contains(&ci.coverage));
    if s.count >= MIN_SAMPLES_FOR_CI {
        assert_eq!(ci.method, CiMethod::OrderStatistic);
        assert!(ci.coverage >= 0.95, "{}", ci.coverage);
    } else {
        assert_eq!(ci.method, CiMethod::MinMaxTooFewSamples);
        assert!(ci.coverage < 0.95);
    }
    assert!(s.outliers.total() <= s.count);
    for v in [
        s.min,
        s.max,
        s.mean,
        s.median,
        s.std_dev,
        s.mad,
        s.mad_scaled,
        s.q1,
        s.q3,
        ci.low,
        ci.high,
    ] {
        assert!(v.get().is_finite());
    }
    for v in [s.ci_relative_half_width_percent, s.coefficient_of_variation]
        .into_iter()
        .flatten()
    {
        assert!(v.is_finite() && v >= 0.0);
    }
}

fn rel_close(a: f64, b: f64, scale: f64) -> bool {
    (a - b).abs() <= 1e-9 * scale.max(f64::MIN_POSITIVE)
}

proptest! {
    #[test]
    fn invariants_hold(values in times(400)) {
        assert_invariants(&summarize(&values));
    }

    #[test]
    fn iid_draws_from_a_set_keep_invariants(
        base in times(20),
        picks in prop::collection::vec(any::<prop::sample::Index>(), 1..3000),
    ) {
        let drawn: Vec<f64> = picks.iter().map(|i| base[i.index(base.len())]).collect();
        let s = summarize(&drawn);
        assert_invariants(&s);
        // Order statistics are members of the base set.
        prop_assert!(base.contains(&s.median_ci.low.get()));
        prop_assert!(base.contains(&s.median_ci.high.get()));
        prop_assert!(base.contains(&s.min.get()) && base.contains(&s.max.get()));
    }

    #[test]
    fn power_of_two_scaling_is_exact(values in prop::collection::vec(1e-3..1e9_f64, 1..200), k in -20i32..=20) {
        let c = 2f64.powi(k);
        let a = summarize(&values);
        let scaled: Vec<f64> = values.iter().map(|v| v * c).collect();
        let b = summarize(&scaled);
        for (x, y) in [
            (a.min, b.min), (a.max, b.max), (a.mean, b.mean), (a.median, b.median),
            (a.std_dev, b.std_dev), (a.mad, b.mad), (a.mad_scaled, b.mad_scaled),
            (a.q1, b.q1), (a.q3, b.q3), (a.median_ci.low, b.median_ci.low),
            (a.median_ci.high, b.median_ci.high),
        ] {
            prop_assert_eq!(x.get() * c, y.get());
        }
        prop_assert_eq!(a.outliers, b.outliers);
        prop_assert_eq!(a.coefficient_of_variation, b.coefficient_of_variation);
        prop_assert_eq!(a.ci_relative_half_width_percent, b.ci_relative_half_width_percent);
    }

    #[test]
    fn any_positive_scaling_scales_location_and_spread(values in times(200), c in 1e-3..1e3_f64) {
        let a = summarize(&values);
        let scaled: Vec<f64> = values.iter().map(|v| v * c).collect();
        let b = summarize(&scaled);
        let scale = b.max.get();
        for (x, y) in [(a.median, b.median), (a.mean, b.mean), (a.std_dev, b.std_dev), (a.mad, b.mad)] {
            prop_assert!(rel_close(x.get() * c, y.get(), scale), "{} * {} vs {}", x.get(), c, y.get());
        }
    }

    #[test]
    fn permutation_invariant(values in times(200).prop_shuffle(), seed in any::<u64>()) {
        // Compare against a rotated-and-reversed copy as a second order.
        let mut other = values.clone();
        let len = other.len();
        other.rotate_left((seed as usize) % len);
        other.reverse();
        prop_assert_eq!(summarize(&values), summarize(&other));
        let mut sorted = values.clone();
        sorted.sort_by(f64::total_cmp);
        prop_assert_eq!(summarize(&values), summarize(&sorted));
    }

    #[test]
    fn constructor_rejects_bad_values(
        mut values in times(50),
        at in any::<prop::sample::Index>(),
        bad in prop_oneof![
            Just(f64::NAN), Just(f64::INFINITY), Just(f64::NEG_INFINITY),
            -1e12..-1e-300_f64, Just(f64::MIN),
        ],
    ) {
        let index = at.index(values.len() + 1);
        values.insert(index, bad);
        let err = Samples::from_nanos(values).expect_err("must reject");
        match err {
            SampleError::NotFinite { index: i, .. } => prop_assert!(i == index && !bad.is_finite()),
            SampleError::Negative { index: i, value } => {
                prop_assert!(i == index && bad.is_finite() && value < 0.0)
            }
            other => prop_assert!(false, "unexpected {other:?}"),
        }
        prop_assert_eq!(Samples::from_nanos(Vec::new()), Err(SampleError::Empty));
    }

    #[test]
    fn measurements_divide_and_count(batches in prop::collection::vec((1u64..10_000_000, 0u64..1_000_000_000_000), 1..100)) {
        let s = Samples::from_measurements(
            batches.iter().map(|&(it, ns)| Measurement::new(it, Duration::from_nanos(ns))),
        ).expect("valid");
        prop_assert_eq!(s.total_iterations(), batches.iter().map(|b| b.0).sum::<u64>());
        for (v, &(it, ns)) in s.values().iter().zip(&batches) {
            prop_assert_eq!(*v, Nanos(ns as f64 / it as f64));
        }
        assert_invariants(&s.summary());
    }

    #[test]
    fn throughput_times_time_is_bytes(t in 1e-3..1e9_f64, bytes in 0u64..(1 << 40), hz in 1e6..1e10_f64) {
        let r = Rates::at(Nanos(t), bytes as f64, Some(hz)).expect("valid");
        let b = bytes as f64;
        // GB/s = bytes per ns.
        prop_assert!(rel_close(r.gb_per_sec * t, b, b));
        prop_assert!(rel_close(r.mib_per_sec * 1_048_576.0 * t * 1e-9, b, b));
        prop_assert!(rel_close(r.ops_per_sec * t, 1e9, 1e9));
        let cycles = r.cycles_per_op.expect("hz given");
        prop_assert!(rel_close(cycles, t * 1e-9 * hz, cycles));
        if bytes > 0 {
            let cpb = r.cycles_per_byte.expect("bytes > 0");
            prop_assert!(rel_close(cpb * b, cycles, cycles));
        }
    }

    #[test]
    fn throughput_interval_brackets_estimate(values in prop::collection::vec(1e-3..1e9_f64, 1..200), bytes in 1u64..(1 << 30)) {
        let s = summarize(&values);
        let tp = Throughput::from_summary(&s, bytes as f64, None).expect("positive times");
        let upper = tp.upper.expect("positive ci low");
        prop_assert!(tp.lower.gb_per_sec <= tp.estimate.gb_per_sec);
        prop_assert!(tp.estimate.gb_per_sec <= upper.gb_per_sec);
        prop_assert!(tp.lower.ops_per_sec <= upper.ops_per_sec);
    }

    #[test]
    fn precision_is_monotone_in_target(values in times(200), t1 in 0.0..1.0_f64, t2 in 0.0..1.0_f64) {
        let s = summarize(&values);
        let (lo, hi) = if t1 <= t2 { (t1, t2) } else { (t2, t1) };
        if precision_reached(&s, lo) {
            prop_assert!(precision_reached(&s, hi));
        }
        if s.count < MIN_SAMPLES_FOR_CI {
            prop_assert!(!precision_reached(&s, 1e9));
        }
        if let (true, Some(pct)) = (precision_reached(&s, hi), s.ci_relative_half_width_percent) {
            prop_assert!(pct <= hi * 100.0 * (1.0 + 1e-12));
        }
    }

    #[test]
    fn theil_sen_recovers_lines_despite_one_outlier(
        xs in prop::collection::btree_set(-1000i32..1000, 5..40),
        a in -1000i32..1000,
        b in -100i32..100,
        at in any::<prop::sample::Index>(),
        wild in prop_oneof![-1e9..-1e6_f64, 1e6..1e9_f64],
    ) {
        let mut pts: Vec<(f64, f64)> = xs
            .iter()
            .map(|&x| (f64::from(x), f64::from(a) + f64::from(b) * f64::from(x)))
            .collect();
        let expected = Fit { intercept: f64::from(a), slope: f64::from(b) };
        prop_assert_eq!(theil_sen(&pts), Ok(expected));
        let i = at.index(pts.len());
        pts[i].1 = wild;
        prop_assert_eq!(theil_sen(&pts), Ok(expected));
    }
}
