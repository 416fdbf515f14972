//! Which figures of a cost-model fit cannot be true, and why. A straight line fitted to
//! a few sizes can come out with a fixed cost below zero, an intercept interval that
//! reaches far on both sides of zero (the line says nothing about the fixed cost), a
//! steady rate faster than merely reading the input, or a rate interval with no upper
//! end. Such a figure is not shown as if it were measured: the renderers hide it and print
//! the reason instead.

use hashbench_model::{CostFit, Run};

/// Why a fitted figure is not shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Unresolved {
    /// The fixed cost's estimate is below zero.
    NegativeFixed { estimate: f64, low: f64, high: f64 },
    /// The fixed cost's interval holds zero: the fit cannot tell a fixed cost from none.
    FixedSpansZero { low: f64, high: f64 },
    /// The steady rate is above the fastest the run read its input at (the `read`
    /// baseline): no hash reads faster than a plain read.
    RateAboveRead { estimate: f64, ceiling: f64 },
    /// The slope's interval reaches zero or below, so the rate has no upper bound.
    RateUnbounded,
}

impl Unresolved {
    /// Whether this is about the fixed cost (else about the steady rate).
    #[must_use]
    pub fn is_fixed(&self) -> bool {
        matches!(
            self,
            Unresolved::NegativeFixed { .. } | Unresolved::FixedSpansZero { .. }
        )
    }
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unresolved::NegativeFixed {
                estimate,
                low,
                high,
            } => write!(
                f,
                "fixed cost not resolved: {estimate:.0} ns is negative (interval [{low:.0}, \
                 {high:.0}] ns)"
            ),
            Unresolved::FixedSpansZero { low, high } => write!(
                f,
                "fixed cost not resolved: interval [{low:.0}, {high:.0}] ns spans zero"
            ),
            Unresolved::RateAboveRead { estimate, ceiling } => write!(
                f,
                "steady rate not shown: {estimate:.2} GB/s is above the read ceiling \
                 ({ceiling:.2} GB/s, the fastest read baseline of the run)"
            ),
            Unresolved::RateUnbounded => write!(
                f,
                "steady rate not resolved: its interval has no upper bound (the slope's \
                 interval reaches zero)"
            ),
        }
    }
}

/// The fastest the run's `read` baseline went at any size, GB/s; `None` without one.
#[must_use]
pub fn read_ceiling(run: &Run) -> Option<f64> {
    run.baselines
        .iter()
        .filter(|c| c.implementation == "baseline/read")
        .map(hashbench_model::Cell::gb_per_sec)
        .filter(|g| g.is_finite() && *g > 0.0)
        .max_by(f64::total_cmp)
}

/// What is wrong with `fit`, against the read `ceiling` (GB/s) when there is one: at
/// most one reason for the fixed cost and one for the rate; empty when every figure
/// stands.
#[must_use]
pub fn check(fit: &CostFit, ceiling: Option<f64>) -> Vec<Unresolved> {
    let mut out = Vec::new();
    let fixed = &fit.fixed_ns;
    if fixed.estimate < 0.0 {
        out.push(Unresolved::NegativeFixed {
            estimate: fixed.estimate,
            low: fixed.low,
            high: fixed.high,
        });
    } else if fixed.low < 0.0 && fixed.high > 0.0 {
        out.push(Unresolved::FixedSpansZero {
            low: fixed.low,
            high: fixed.high,
        });
    }
    match &fit.gb_per_sec {
        None => out.push(Unresolved::RateUnbounded),
        Some(g) if !g.high.is_finite() || !g.estimate.is_finite() => {
            out.push(Unresolved::RateUnbounded);
        }
        Some(g) => {
            if let Some(ceiling) = ceiling.filter(|c| g.estimate > *c) {
                out.push(Unresolved::RateAboveRead {
                    estimate: g.estimate,
                    ceiling,
                });
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
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
}
