use super::*;

#[test]
fn ranks_for_known_n() {
    assert_eq!(median_ci_ranks(0), None);
    assert_eq!(median_ci_ranks(1), Some(CiRanks { lower: 1, upper: 1 }));
    assert_eq!(median_ci_ranks(5), Some(CiRanks { lower: 1, upper: 5 }));
    assert_eq!(median_ci_ranks(6), Some(CiRanks { lower: 1, upper: 6 }));
    assert_eq!(median_ci_ranks(9), Some(CiRanks { lower: 2, upper: 8 }));
    assert_eq!(median_ci_ranks(10), Some(CiRanks { lower: 2, upper: 9 }));
    assert_eq!(
        median_ci_ranks(100),
        Some(CiRanks {
            lower: 40,
            upper: 61
        })
    );
}

#[test]
fn coverage_known_values() {
    // 1 − 2·(C(10,0) + C(10,1))/1024
    assert_eq!(order_statistic_coverage(10, 2, 9), 0.978_515_625);
    assert!((order_statistic_coverage(100, 40, 61) - 0.964_799_799_782_295_1).abs() < 1e-12);
    assert_eq!(order_statistic_coverage(5, 1, 5), 0.9375);
    assert_eq!(order_statistic_coverage(1, 1, 1), 0.0);
    assert_eq!(order_statistic_coverage(10, 0, 9), 0.0);
    assert_eq!(order_statistic_coverage(10, 3, 11), 0.0);
}

#[test]
fn rounded_ranks_reach_95_percent_from_six_samples() {
    for n in 1..=2000 {
        let r = median_ci_ranks(n).expect("n > 0");
        assert!(1 <= r.lower && r.lower <= r.upper && r.upper <= n, "n={n}");
        let c = order_statistic_coverage(n, r.lower, r.upper);
        if n >= MIN_SAMPLES_FOR_CI {
            assert!(c >= 0.95, "n={n} coverage {c}");
        } else {
            assert!(c < 0.95, "n={n} coverage {c}");
        }
    }
    for n in [10_000, 100_000, 1_000_000] {
        let r = median_ci_ranks(n).expect("n > 0");
        let c = order_statistic_coverage(n, r.lower, r.upper);
        assert!((0.95..0.96).contains(&c), "n={n} coverage {c}");
    }
}

#[test]
fn quantiles_type_7() {
    let x = [1.0, 2.0, 3.0, 4.0];
    assert_eq!(quantile_sorted(&x, 0.0), Some(1.0));
    assert_eq!(quantile_sorted(&x, 0.25), Some(1.75));
    assert_eq!(quantile_sorted(&x, 0.5), Some(2.5));
    assert_eq!(quantile_sorted(&x, 0.75), Some(3.25));
    assert_eq!(quantile_sorted(&x, 1.0), Some(4.0));
    assert_eq!(quantile_sorted(&x, 7.0), Some(4.0));
    assert_eq!(quantile_sorted(&x, f64::NAN), None);
    assert_eq!(quantile_sorted(&[], 0.5), None);
    assert_eq!(median_sorted(&[1.0, 2.0, 3.0]), Some(2.0));
    assert_eq!(median_sorted(&[5.0]), Some(5.0));
}
