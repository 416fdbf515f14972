use super::*;
use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::Interval;

fn iv((estimate, low, high): (f64, f64, f64)) -> Interval {
    Interval {
        estimate,
        low,
        high,
    }
}

fn fit(fixed: (f64, f64, f64), rate: Option<(f64, f64, f64)>) -> CostFit {
    let cells = vec![
        cell_with("x/y", 1, 64, 100.0),
        cell_with("x/y", 1, 1024, 200.0),
        cell_with("x/y", 1, 4096, 500.0),
    ];
    let run = run_with(cells);
    let mut fit = crate::costmodel::cost_model(&run).remove(0);
    fit.fixed_ns = iv(fixed);
    fit.gb_per_sec = rate.map(iv);
    fit
}

#[test]
fn a_sound_fit_passes() {
    assert!(check(&fit((14.0, 2.0, 19.0), Some((2.0, 1.9, 2.1))), Some(100.0)).is_empty());
}

#[test]
fn a_negative_or_unresolved_fixed_cost_is_named() {
    let neg = check(&fit((-3.0, -16.0, 9.0), Some((2.0, 1.9, 2.1))), None);
    assert_eq!(neg.len(), 1);
    assert!(neg[0].is_fixed());
    assert!(
        neg[0].to_string().contains("-3 ns is negative"),
        "{}",
        neg[0]
    );
    let wide = check(&fit((194.0, -2320.0, 1214.0), Some((2.0, 1.9, 2.1))), None);
    assert_eq!(
        wide[0].to_string(),
        "fixed cost not resolved: interval [-2320, 1214] ns spans zero"
    );
}

#[test]
fn a_rate_above_the_read_ceiling_or_unbounded_is_named() {
    let fast = check(
        &fit((10.0, 5.0, 15.0), Some((900.0, 800.0, 950.0))),
        Some(500.0),
    );
    assert_eq!(fast.len(), 1);
    assert!(!fast[0].is_fixed());
    assert!(
        fast[0].to_string().contains("above the read ceiling"),
        "{}",
        fast[0]
    );
    let open = check(&fit((10.0, 5.0, 15.0), None), Some(500.0));
    assert_eq!(open, vec![Unresolved::RateUnbounded]);
    // Without a read baseline the rate is not judged against one.
    assert!(check(&fit((10.0, 5.0, 15.0), Some((900.0, 800.0, 950.0))), None).is_empty());
}
