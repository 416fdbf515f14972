//! Robust straight-line fit (Theil–Sen).
//!
//! Intended for fitting elapsed time against iteration count or input
//! size, where an occasional interrupted sample must not drag the line.
//!
//! * slope = median of the pairwise slopes `(yⱼ − yᵢ)/(xⱼ − xᵢ)` over all
//!   pairs `i < j` with `xᵢ ≠ xⱼ` (pairs with equal `x` carry no slope
//!   information and are skipped);
//! * intercept = median of `yᵢ − slope·xᵢ`.
//!
//! Medians are the type-7 median (midpoint of the two middle values for
//! an even count). The estimator tolerates up to ~29 % arbitrarily bad
//! points (its breakdown point). Cost is O(n² log n) in time and O(n²)
//! memory for the pairwise slopes: fine for the hundreds of points a
//! benchmark produces, not meant for millions.
//!
//! [`theil_sen_interval`] adds Sen's (1968) distribution-free confidence
//! interval for the slope: order statistics of the pairwise slopes whose
//! ranks come from the null distribution of Kendall's S (normal
//! approximation, variance n(n−1)(2n+5)/18).

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::order::median_sorted;

/// A fitted line `y = intercept + slope · x`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Fit {
    /// Value of the line at `x = 0`.
    pub intercept: f64,
    /// Change of `y` per unit of `x`.
    pub slope: f64,
}

/// Why a line could not be fitted.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
pub enum FitError {
    /// A point had a NaN or infinite coordinate.
    #[error("point {index} is not finite")]
    NotFinite {
        /// Position of the offending point.
        index: usize,
    },
    /// No two points have different `x`: the slope is undefined (this
    /// includes fewer than two points).
    #[error("need at least two points with different x")]
    Degenerate,
    /// The data were so extreme that the slope or intercept overflowed.
    #[error("fit overflowed")]
    Overflow,
}

/// Theil–Sen fit of `points` given as `(x, y)`; see the module doc.
///
/// # Errors
///
/// [`FitError::NotFinite`] for a non-finite coordinate,
/// [`FitError::Degenerate`] when no pair of points has distinct `x`,
/// [`FitError::Overflow`] if the result is not finite.
pub fn theil_sen(points: &[(f64, f64)]) -> Result<Fit, FitError> {
    let slopes = sorted_slopes(points)?;
    fit_from(points, &slopes)
}

/// The pairwise slopes of `points`, ascending.
fn sorted_slopes(points: &[(f64, f64)]) -> Result<Vec<f64>, FitError> {
    if let Some(index) = points
        .iter()
        .position(|(x, y)| !(x.is_finite() && y.is_finite()))
    {
        return Err(FitError::NotFinite { index });
    }
    let mut slopes = Vec::with_capacity(points.len() * points.len().saturating_sub(1) / 2);
    for (i, &(xi, yi)) in points.iter().enumerate() {
        for &(xj, yj) in &points[i + 1..] {
            if xi != xj {
                slopes.push((yj - yi) / (xj - xi));
            }
        }
    }
    slopes.sort_by(f64::total_cmp);
    Ok(slopes)
}

fn fit_from(points: &[(f64, f64)], slopes: &[f64]) -> Result<Fit, FitError> {
    let slope = median_sorted(slopes).ok_or(FitError::Degenerate)?;
    let intercept = intercept_for(points, slope)?;
    if slope.is_finite() && intercept.is_finite() {
        Ok(Fit { intercept, slope })
    } else {
        Err(FitError::Overflow)
    }
}

/// Median of `y − slope·x`.
fn intercept_for(points: &[(f64, f64)], slope: f64) -> Result<f64, FitError> {
    let mut residuals: Vec<f64> = points.iter().map(|(x, y)| y - slope * x).collect();
    residuals.sort_by(f64::total_cmp);
    median_sorted(&residuals).ok_or(FitError::Degenerate)
}

/// How a [`FitInterval`]'s slope bounds were chosen.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SlopeCiMethod {
    /// Sen's order statistics of the pairwise slopes (about 95 % coverage).
    Sen,
    /// Too few points for a 95 % interval: the smallest and largest pairwise slope.
    MinMaxTooFewPoints,
}

/// A Theil–Sen line with interval bounds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct FitInterval {
    /// The point estimate ([`theil_sen`]).
    pub fit: Fit,
    /// Lower bound of the slope's 95 % confidence interval.
    pub slope_low: f64,
    /// Upper bound of the slope's 95 % confidence interval.
    pub slope_high: f64,
    /// The intercepts (median residuals) of the lines with the slope bounds' slopes,
    /// smaller first: the intercepts consistent with the slope interval, not a
    /// confidence interval of their own.
    pub intercept_low: f64,
    /// The larger of those two intercepts.
    pub intercept_high: f64,
    /// How the slope bounds were chosen.
    pub method: SlopeCiMethod,
}

/// [`theil_sen`] and Sen's 95 % confidence interval of the slope (module doc). With
/// `m` pairwise slopes and `C = 1.96·sqrt(n(n−1)(2n+5)/18)`, the bounds are the slopes
/// of rank `floor((m − C)/2)` and `ceil((m + C)/2) + 1` (1-based, conservative
/// rounding); when those ranks fall outside `1..=m` (fewer than 6 points), the extreme
/// slopes are given and `method` says so.
///
/// # Errors
///
/// As [`theil_sen`].
pub fn theil_sen_interval(points: &[(f64, f64)]) -> Result<FitInterval, FitError> {
    let slopes = sorted_slopes(points)?;
    let fit = fit_from(points, &slopes)?;
    let m = slopes.len();
    let n = points.len() as f64;
    let c = 1.96 * (n * (n - 1.0) * (2.0 * n + 5.0) / 18.0).sqrt();
    let lower = ((m as f64 - c) / 2.0).floor();
    let upper = ((m as f64 + c) / 2.0).ceil() + 1.0;
    let (lo, hi, method) = if lower >= 1.0 && upper <= m as f64 {
        (
            slopes[lower as usize - 1],
            slopes[upper as usize - 1],
            SlopeCiMethod::Sen,
        )
    } else {
        (slopes[0], slopes[m - 1], SlopeCiMethod::MinMaxTooFewPoints)
    };
    let (a, b) = (intercept_for(points, lo)?, intercept_for(points, hi)?);
    Ok(FitInterval {
        fit,
        slope_low: lo,
        slope_high: hi,
        intercept_low: a.min(b),
        intercept_high: a.max(b),
        method,
    })
}

#[cfg(test)]
mod tests;
