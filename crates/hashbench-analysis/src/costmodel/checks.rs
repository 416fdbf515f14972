//! Which figures of a cost-model fit cannot be true, and why. A straight line fitted to
//! a few sizes can come out with a fixed cost below zero, an intercept interval that
//! reaches far on both sides of zero (the line says nothing about the fixed cost), a
//! steady rate faster than merely reading the input, or a rate interval with no upper
//! end. Such a figure is not shown as if it were measured: the renderers hide it and print
//! the reason instead.

use hashbench_model::findings::Unresolved;
use hashbench_model::{Baseline, CostFit, Run};

/// The fastest the run's `read` baseline on `threads` threads went at any size, GB/s;
/// `None` without one (a fit of a series on N threads is checked against a read on N).
#[must_use]
pub fn read_ceiling(run: &Run, threads: usize) -> Option<f64> {
    run.baselines
        .iter()
        .filter(|c| c.implementation.baseline() == Some(Baseline::Read) && c.threads == threads)
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
mod tests;
