use super::*;

fn summary(values: &[f64]) -> Summary {
    Samples::from_nanos(values.iter().copied())
        .expect("valid test data")
        .summary()
}

#[test]
fn single_sample() {
    let s = summary(&[7.0]);
    assert_eq!(s.count, 1);
    assert_eq!(s.std_dev, Nanos(0.0));
    assert_eq!(s.median_ci.low, Nanos(7.0));
    assert_eq!(s.median_ci.method, CiMethod::MinMaxTooFewSamples);
    assert_eq!(s.median_ci.coverage, 0.0);
    assert_eq!(s.ci_relative_half_width_percent, Some(0.0));
    assert!(!precision_reached(&s, 0.5));
}

#[test]
fn all_zero_is_well_defined() {
    let s = summary(&[0.0; 8]);
    assert_eq!(s.median, Nanos(0.0));
    assert_eq!(s.ci_relative_half_width_percent, None);
    assert_eq!(s.coefficient_of_variation, None);
    assert_eq!(s.outliers.total(), 0);
    assert!(!precision_reached(&s, 1.0));
}

#[test]
fn precision_rule() {
    // n = 10: CI ranks 2 and 9 → [2, 9] for values 1..=10, median 5.5.
    let s = summary(&[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0]);
    assert_eq!(
        (s.median_ci.low, s.median_ci.high),
        (Nanos(2.0), Nanos(9.0))
    );
    // half-width 3.5 / 5.5 = 0.6363…
    let rel = 3.5 / 5.5;
    let pct = s.ci_relative_half_width_percent.expect("median > 0");
    assert!((pct - 63.636_363_636_363_64).abs() < 1e-9, "{pct}");
    assert!(precision_reached(&s, rel + 1e-12));
    assert!(!precision_reached(&s, rel - 1e-12));
    assert!(!precision_reached(&s, -1.0));
    assert!(!precision_reached(&s, f64::NAN));
}
