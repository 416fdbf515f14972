//! Values exactly at each rule's edge (a Tukey fence, the sample cap, a zero target,
//! the switch to Sen's interval, the overflow checks), where a `<` written as `<=`
//! or an `&&` written as `||` changes the answer. Every expected value is derived in
//! a comment.

use hashbench_stats::order::ci_method;
use hashbench_stats::{
    order_statistic_coverage, precision_reached, quantile_sorted, theil_sen, theil_sen_interval,
    CiMethod, FitError, Nanos, Rates, SampleError, Samples, SlopeCiMethod, Summary, TukeyOutliers,
    MAX_NANOS,
};

fn summary(values: &[f64]) -> Summary {
    Samples::from_nanos(values.iter().copied())
        .expect("valid test data")
        .summary()
}

#[test]
fn values_on_the_mild_fences_are_not_outliers() {
    // n = 5: Q1 = x[1] = 20, Q3 = x[3] = 30 (h = 1 and 3), IQR 10; mild fences
    // 20 − 15 = 5 and 30 + 15 = 45: 5 and 45 sit on them, inside.
    let s = summary(&[5.0, 20.0, 22.0, 30.0, 45.0]);
    assert_eq!((s.q1, s.q3), (Nanos(20.0), Nanos(30.0)));
    assert_eq!(s.outliers, TukeyOutliers::default());
    // A hair beyond each: mild on both sides (severe fences are −10 and 60).
    let s = summary(&[4.5, 20.0, 22.0, 30.0, 45.5]);
    assert_eq!(
        s.outliers,
        TukeyOutliers {
            low_mild: 1,
            high_mild: 1,
            ..TukeyOutliers::default()
        }
    );
}

#[test]
fn values_on_the_severe_fences_are_mild() {
    // Q1 = 40, Q3 = 50, IQR 10: severe fences 40 − 30 = 10 and 50 + 30 = 80, mild
    // fences 25 and 65. 10 and 80 sit on the severe fences: mild, not severe.
    let s = summary(&[10.0, 40.0, 45.0, 50.0, 80.0]);
    assert_eq!(
        s.outliers,
        TukeyOutliers {
            low_mild: 1,
            high_mild: 1,
            ..TukeyOutliers::default()
        }
    );
    let s = summary(&[9.0, 40.0, 45.0, 50.0, 81.0]);
    assert_eq!(
        s.outliers,
        TukeyOutliers {
            low_severe: 1,
            high_severe: 1,
            ..TukeyOutliers::default()
        }
    );
    assert_eq!(s.outliers.total(), 2);
}

#[test]
fn the_cap_itself_is_accepted_and_zero_is_a_time() {
    let s = Samples::from_nanos([MAX_NANOS, 0.0]).expect("1e18 ns is the limit, not beyond");
    assert_eq!(s.sorted(), &[Nanos(0.0), Nanos(MAX_NANOS)]);
    assert_eq!(
        Samples::from_nanos([MAX_NANOS * 1.000_001]),
        Err(SampleError::TooLarge {
            index: 0,
            value: MAX_NANOS * 1.000_001
        })
    );
    // Messages name the sample and the limit.
    assert_eq!(
        SampleError::TooLarge {
            index: 3,
            value: 2e18
        }
        .to_string(),
        "sample 3 is implausibly large: 2000000000000000000 ns (limit 1000000000000000000 ns)"
    );
}

#[test]
fn a_zero_width_interval_meets_a_zero_target() {
    // Eight equal samples: CI [5, 5], half-width 0 ≤ 0 · 5.
    let s = summary(&[5.0; 8]);
    assert_eq!(s.ci_relative_half_width_percent, Some(0.0));
    assert!(precision_reached(&s, 0.0));
    // Six samples are enough for a real interval, five are not (ranks [1, n] either way).
    assert!(precision_reached(&summary(&[5.0; 6]), 0.0));
    assert!(!precision_reached(&summary(&[5.0; 5]), 0.0));
    assert_eq!(ci_method(6), CiMethod::OrderStatistic);
    assert_eq!(ci_method(5), CiMethod::MinMaxTooFewSamples);
}

#[test]
fn coverage_of_degenerate_and_full_ranks() {
    // lower > upper: no interval.
    assert_eq!(order_statistic_coverage(10, 5, 4), 0.0);
    // [X(1), X(n)] misses the median only when all n samples fall on one side:
    // 1 − 2/2^n; n = 6: 1 − 2/64 = 0.96875.
    assert_eq!(order_statistic_coverage(6, 1, 6), 0.968_75);
    // [X(2), X(5)] of 6: P(2 ≤ B ≤ 4) = (15 + 20 + 15)/64 = 50/64.
    assert_eq!(order_statistic_coverage(6, 2, 5), 0.781_25);
    // n = 1001 is summed in log space: [X(1), X(n)] is 1 − 2^−1000, 1 up to rounding.
    let c = order_statistic_coverage(1001, 1, 1001);
    assert!((c - 1.0).abs() < 1e-9, "{c}");
    // And a narrow interval there: [X(500), X(502)] = P(500 ≤ B ≤ 501) =
    // 2·C(1001, 500)/2^1001 = 0.0503996870... (exact fraction evaluated in Python).
    let c = order_statistic_coverage(1001, 500, 502);
    assert!((c - 0.050_399_687_019_040_25).abs() < 1e-12, "{c}");
}

#[test]
fn quantiles_interpolate_between_neighbours() {
    // h = 4·0.1 = 0.4: 10 + 0.4·(20 − 10) = 14.
    let x = [10.0, 20.0, 40.0, 80.0, 160.0];
    assert_eq!(quantile_sorted(&x, 0.1), Some(14.0));
    // h = 4·0.9 = 3.6: 80 + 0.6·80 = 128.
    assert!((quantile_sorted(&x, 0.9).expect("non-empty") - 128.0).abs() < 1e-12);
    // p below 0 is clamped to 0.
    assert_eq!(quantile_sorted(&x, -3.0), Some(10.0));
}

#[test]
fn sen_interval_switches_from_min_max_at_six_points() {
    // n = 5: m = 10 slopes, C = 1.96·sqrt(5·4·15/18) = 8.0017, lower rank
    // floor((10 − 8.0017)/2) = floor(0.999) = 0: outside 1..=m, so the extreme slopes.
    let noise = [0.0, 1.0, -1.0, 2.0, -2.0, 0.5];
    let pts = |n: usize| -> Vec<(f64, f64)> {
        (0..n)
            .map(|i| (i as f64, 3.0 * i as f64 + noise[i]))
            .collect()
    };
    assert_eq!(
        theil_sen_interval(&pts(5)).expect("fit").method,
        SlopeCiMethod::MinMaxTooFewPoints
    );
    // n = 6: m = 15, C = 1.96·sqrt(6·5·17/18) = 10.433, ranks floor(2.28) = 2 and
    // ceil(12.72) + 1 = 14: inside, so Sen's ranks.
    let fi = theil_sen_interval(&pts(6)).expect("fit");
    assert_eq!(fi.method, SlopeCiMethod::Sen);
    let mut slopes = Vec::new();
    let p = pts(6);
    for i in 0..6 {
        for j in i + 1..6 {
            slopes.push((p[j].1 - p[i].1) / (p[j].0 - p[i].0));
        }
    }
    slopes.sort_by(f64::total_cmp);
    assert_eq!((fi.slope_low, fi.slope_high), (slopes[1], slopes[13]));
}

#[test]
fn three_points_give_every_bound_by_hand() {
    // (0, 0), (1, 2), (2, 3): slopes 2, 1.5, 1 → estimate 1.5, bounds [1, 2].
    // Intercepts: median of y − 1.5x = (0, 0.5, 0) → 0; with slope 1: (0, 1, 1) → 1;
    // with slope 2: (0, 0, −1) → 0. So [0, 1].
    let fi = theil_sen_interval(&[(0.0, 0.0), (1.0, 2.0), (2.0, 3.0)]).expect("fit");
    assert_eq!(fi.fit.intercept, 0.0);
    assert_eq!((fi.intercept_low, fi.intercept_high), (0.0, 1.0));
}

#[test]
fn a_finite_slope_with_an_overflowing_intercept_is_an_overflow() {
    // Slope (−MAX − 0)/(2 − 1) = −MAX is finite; the residuals are 0 + MAX·1 = MAX and
    // −MAX + MAX·2 = +inf (MAX·2 overflows): the intercept is infinite.
    let pts = [(1.0, 0.0), (2.0, -f64::MAX)];
    assert_eq!(theil_sen(&pts), Err(FitError::Overflow));
    assert_eq!(theil_sen_interval(&pts), Err(FitError::Overflow));
}

#[test]
fn rates_refuse_infinite_inputs() {
    assert_eq!(
        Rates::at(Nanos(f64::INFINITY), 8.0, None),
        Err(hashbench_stats::ThroughputError::BadTime(f64::INFINITY))
    );
    assert_eq!(
        Rates::at(Nanos(1.0), 8.0, Some(f64::INFINITY)),
        Err(hashbench_stats::ThroughputError::BadFrequency(
            f64::INFINITY
        ))
    );
    assert_eq!(
        Rates::at(Nanos(-1.0), 8.0, None),
        Err(hashbench_stats::ThroughputError::BadTime(-1.0))
    );
    assert_eq!(
        Rates::at(Nanos(1.0), 8.0, Some(-1.0)),
        Err(hashbench_stats::ThroughputError::BadFrequency(-1.0))
    );
    // One byte in 1 ns at 1 GHz: one cycle per byte.
    let r = Rates::at(Nanos(1.0), 1.0, Some(1e9)).expect("valid");
    assert_eq!((r.cycles_per_op, r.cycles_per_byte), (Some(1.0), Some(1.0)));
    assert_eq!((r.ops_per_sec, r.gb_per_sec), (1e9, 1.0));
}

#[test]
fn nanos_display_and_conversions() {
    assert_eq!(Nanos(2.5).to_string(), "2.5 ns");
    assert_eq!(Nanos::ZERO, Nanos(0.0));
    assert_eq!(Nanos(7.0).get(), 7.0);
    // 1 s in 3 iterations: the u128 count divided once.
    assert_eq!(
        Nanos::per_iteration(std::time::Duration::from_secs(3), 3),
        Some(Nanos(1e9))
    );
}

#[test]
fn std_dev_keeps_its_precision_far_from_zero() {
    // 1 ms per iteration, samples 0.1 ns apart: 1e6 + (0.1, 0.2, 0.3, 0.4) ns. The
    // deviations from the mean are ±0.05 and ±0.15, so ss = 2·(0.0025 + 0.0225) = 0.05
    // and std_dev = sqrt(0.05 / 3) = 0.12909944... Summing (x − mean)² keeps that to
    // about 1e-10; the textbook shortcut Σ(x + mean)(x − mean) = Σx² − n·mean² loses
    // it to cancellation (about 1 % off here).
    let s = summary(&[1e6 + 0.1, 1e6 + 0.2, 1e6 + 0.3, 1e6 + 0.4]);
    let expected = (0.05_f64 / 3.0).sqrt();
    assert!(
        (s.std_dev.get() - expected).abs() < 1e-6 * expected,
        "{} vs {expected}",
        s.std_dev.get()
    );
}
