//! The distributions the screen's thresholds come from, as pure functions: the normal
//! tail and its inverse, the chi-squared tail (Wilson–Hilferty's normal approximation,
//! good to a few per cent in p at the degrees of freedom used here, 255 and more), the
//! Poisson tail, and the birthday expectation of collisions.
//!
//! Every threshold is a p-value cut: a statistic is flagged when a random function would
//! give one as extreme less often than the cut, and the screen divides its overall cut
//! between its tests (Bonferroni), so that a truly random hash fails the whole screen
//! with a probability below the overall cut.

use std::f64::consts::{PI, SQRT_2};

/// P(Z >= z) for a standard normal Z.
#[must_use]
pub fn normal_upper(z: f64) -> f64 {
    if z < 0.0 {
        return 1.0 - normal_upper(-z);
    }
    if z < 3.0 {
        // Small z: 1/2 - erf(z/√2)/2 from erf's Taylor series, which converges fast
        // here and loses nothing to cancellation.
        let x = z / SQRT_2;
        let (mut term, mut sum, mut n) = (x, x, 0.0);
        while term.abs() > 1e-17 * sum.abs() {
            n += 1.0;
            term *= -x * x / n;
            sum += term / (2.0 * n + 1.0);
        }
        return 0.5 - sum / PI.sqrt();
    }
    // Large z: the density over Laplace's continued fraction of the Mills ratio,
    // evaluated from its tail (60 levels are exact to double precision from z = 3).
    let mut frac = z;
    for k in (1..=60).rev() {
        frac = z + f64::from(k) / frac;
    }
    (-z * z / 2.0).exp() / (2.0 * PI).sqrt() / frac
}

/// The z with `normal_upper(z) == p`, for 0 < p <= 1/2, by bisection (the function is
/// monotone; 200 halvings of [0, 40] are far below f64's resolution).
#[must_use]
pub fn normal_upper_inverse(p: f64) -> f64 {
    let (mut lo, mut hi) = (0.0_f64, 40.0_f64);
    for _ in 0..200 {
        let mid = (lo + hi) / 2.0;
        if normal_upper(mid) > p {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    (lo + hi) / 2.0
}

/// P(X >= chi2) for X chi-squared with `df` degrees of freedom, by Wilson and
/// Hilferty's cube-root normal approximation (1931).
#[must_use]
pub fn chi2_upper(chi2: f64, df: f64) -> f64 {
    let v = 2.0 / (9.0 * df);
    let z = ((chi2 / df).cbrt() - (1.0 - v)) / v.sqrt();
    normal_upper(z)
}

/// The expected number of colliding keys (keys minus distinct values) when `n` distinct
/// keys fall into 2^`bits` equally likely values: n - m(1 - (1 - 1/m)^n), m = 2^bits.
#[must_use]
pub fn expected_collisions(n: u64, bits: u32) -> f64 {
    let n = n as f64;
    let m = 2f64.powi(bits as i32);
    if n / m < 1e-4 {
        // The exact form cancels to nothing in f64 here; the birthday series' first
        // terms are exact to 1e-4 relative.
        return n * (n - 1.0) / (2.0 * m) - n * (n - 1.0) * (n - 2.0) / (6.0 * m * m);
    }
    n - m * -(n * (-1.0 / m).ln_1p()).exp_m1()
}

/// ln(k!).
fn ln_factorial(k: u64) -> f64 {
    if k < 256 {
        return (2..=k).map(|i| (i as f64).ln()).sum();
    }
    // Stirling's series, exact to double precision from 256.
    let x = k as f64;
    x * x.ln() - x + 0.5 * (2.0 * PI * x).ln() + 1.0 / (12.0 * x) - 1.0 / (360.0 * x * x * x)
}

/// P(X >= k) for X Poisson with mean `lambda` (> 0): the terms from k up, summed until
/// they no longer count.
#[must_use]
pub fn poisson_upper(k: u64, lambda: f64) -> f64 {
    if k == 0 {
        return 1.0;
    }
    if k == 1 {
        return -(-lambda).exp_m1();
    }
    let ln_pmf = |i: u64| -lambda + i as f64 * lambda.ln() - ln_factorial(i);
    let mut term = ln_pmf(k).exp();
    let mut sum = term;
    let mut i = k;
    while term > sum * 1e-17 && i < k + 100_000 {
        i += 1;
        term *= lambda / i as f64;
        sum += term;
    }
    sum.min(1.0)
}

/// The most collisions a random function may show before being flagged at `cut`: the
/// largest c with P(X >= c) > cut, for X Poisson with mean `lambda`. Collisions are
/// counted as keys minus distinct values, which is close to Poisson when the expectation
/// is small beside the number of keys (every case here but a deliberately bad hash's).
#[must_use]
pub fn allowed_collisions(lambda: f64, cut: f64) -> u64 {
    let mut k = lambda.floor() as u64;
    while poisson_upper(k + 1, lambda) > cut {
        k += 1;
    }
    k
}

#[cfg(test)]
mod tests;
