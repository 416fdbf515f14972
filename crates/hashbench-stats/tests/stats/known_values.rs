//! Hand-computed values for small sets. Each expected number is derived
//! in a comment so a reader can recheck it without running anything.

use hashbench_stats::{median_ci_ranks, CiMethod, CiRanks, Nanos, Samples, Summary, TukeyOutliers};

fn summary(values: &[f64]) -> Summary {
    Samples::from_nanos(values.iter().copied())
        .expect("valid test data")
        .summary()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * a.abs().max(b.abs()).max(1.0)
}

#[test]
fn median_odd_and_even() {
    assert_eq!(summary(&[3.0, 1.0, 2.0]).median, Nanos(2.0));
    // Sorted 1 2 3 4: midpoint of 2 and 3.
    assert_eq!(summary(&[4.0, 1.0, 3.0, 2.0]).median, Nanos(2.5));
    assert_eq!(summary(&[9.0]).median, Nanos(9.0));
}

#[test]
fn mad_raw_and_scaled() {
    // median 3; |x − 3| = 2 1 0 1 97 → sorted 0 1 1 2 97 → MAD 1.
    let s = summary(&[1.0, 2.0, 3.0, 4.0, 100.0]);
    assert_eq!(s.median, Nanos(3.0));
    assert_eq!(s.mad, Nanos(1.0));
    assert_eq!(s.mad_scaled, Nanos(1.4826));
    // Even count: median 2.5, deviations 1.5 .5 .5 1.5 → MAD 1.
    assert_eq!(summary(&[1.0, 2.0, 3.0, 4.0]).mad, Nanos(1.0));
}

#[test]
fn mean_and_sample_std_dev() {
    // Mean 5; squared deviations 9 1 1 1 0 0 4 16 = 32; n − 1 = 7.
    let s = summary(&[2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0]);
    assert_eq!(s.mean, Nanos(5.0));
    assert!(close(s.std_dev.get(), (32.0_f64 / 7.0).sqrt()));
    assert!(close(s.std_dev.get(), 2.138_089_935_299_395));
    let cv = s.coefficient_of_variation.expect("mean > 0");
    assert!(close(cv, 2.138_089_935_299_395 / 5.0));
    assert_eq!((s.min, s.max), (Nanos(2.0), Nanos(9.0)));
}

#[test]
fn quartiles_and_tukey_with_planted_high_outliers() {
    // Sorted x[0..10] = 1 10 11 12 13 14 15 16 25 100.
    // Q1: h = 9·0.25 = 2.25 → 11 + 0.25·(12 − 11) = 11.25.
    // Q3: h = 6.75 → 15 + 0.75·(16 − 15) = 15.75. IQR = 4.5.
    // Low fences: mild 11.25 − 6.75 = 4.5, severe 11.25 − 13.5 = −2.25 → 1 is mild.
    // High fences: mild 15.75 + 6.75 = 22.5, severe 29.25 → 25 mild, 100 severe.
    let s = summary(&[100.0, 13.0, 1.0, 10.0, 25.0, 11.0, 12.0, 14.0, 15.0, 16.0]);
    assert_eq!(s.q1, Nanos(11.25));
    assert_eq!(s.q3, Nanos(15.75));
    assert_eq!(
        s.outliers,
        TukeyOutliers {
            low_severe: 0,
            low_mild: 1,
            high_mild: 1,
            high_severe: 1,
        }
    );
    assert_eq!(s.outliers.total(), 3);
    // The outliers leave the median alone: (13 + 14) / 2.
    assert_eq!(s.median, Nanos(13.5));
}

#[test]
fn tukey_with_planted_low_outlier() {
    // Sorted 0.5 20 21 … 28: Q1 = 21 + 0.25 = 21.25, Q3 = 25 + 0.75 = 25.75,
    // IQR 4.5, severe low fence 21.25 − 13.5 = 7.75 → 0.5 is severe.
    let s = summary(&[0.5, 20.0, 21.0, 22.0, 23.0, 24.0, 25.0, 26.0, 27.0, 28.0]);
    assert_eq!((s.q1, s.q3), (Nanos(21.25), Nanos(25.75)));
    assert_eq!(
        s.outliers,
        TukeyOutliers {
            low_severe: 1,
            ..TukeyOutliers::default()
        }
    );
}

#[test]
fn ci_ranks_for_10_and_100() {
    // n = 10: 5 − 1.96·√10/2 = 1.90 → 2; upper 11 − 2 = 9 (1 + 5 + 3.10 = 9.10 → 9).
    assert_eq!(median_ci_ranks(10), Some(CiRanks { lower: 2, upper: 9 }));
    // n = 100: 50 − 9.8 = 40.2 → 40; 1 + 50 + 9.8 = 60.8 → 61.
    assert_eq!(
        median_ci_ranks(100),
        Some(CiRanks {
            lower: 40,
            upper: 61
        })
    );

    let s = summary(&(1..=100).map(f64::from).rev().collect::<Vec<_>>());
    assert_eq!(
        (s.median_ci.low, s.median_ci.high),
        (Nanos(40.0), Nanos(61.0))
    );
    assert_eq!(s.median_ci.method, CiMethod::OrderStatistic);
    assert!(close(s.median_ci.coverage, 0.964_799_799_782_295_1));
    // Half-width (61 − 40)/2 = 10.5 over median 50.5.
    let pct = s.ci_relative_half_width_percent.expect("median > 0");
    assert!(close(pct, 100.0 * 10.5 / 50.5));
}

#[test]
fn small_n_falls_back_to_min_max_and_says_so() {
    let s = summary(&[5.0, 1.0, 3.0, 2.0, 4.0]);
    assert_eq!(
        (s.median_ci.low, s.median_ci.high),
        (Nanos(1.0), Nanos(5.0))
    );
    assert_eq!(s.median_ci.method, CiMethod::MinMaxTooFewSamples);
    // 1 − 2/2⁵.
    assert_eq!(s.median_ci.coverage, 0.9375);

    let s = summary(&[6.0, 5.0, 1.0, 3.0, 2.0, 4.0]);
    assert_eq!(s.median_ci.method, CiMethod::OrderStatistic);
    assert_eq!(s.median_ci.coverage, 0.968_75);
}

#[test]
fn summary_round_trips_through_json_with_named_fields() {
    let s = summary(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 100.0]);
    let json = serde_json::to_string(&s).expect("serialize");
    for field in [
        "\"count\":10",
        "\"total_iterations\":10",
        "\"median\":5.5",
        "\"mad_scaled\":",
        "\"median_ci\":{",
        "\"method\":\"order_statistic\"",
        "\"high_severe\":1",
    ] {
        assert!(json.contains(field), "{field} missing from {json}");
    }
    let back: Summary = serde_json::from_str(&json).expect("deserialize");
    assert_eq!(back, s);
}
