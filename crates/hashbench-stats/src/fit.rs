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
//! benchmark produces, not meant for millions. No slope interval is
//! computed.

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

impl Fit {
    /// The line's value at `x`.
    #[must_use]
    pub fn predict(&self, x: f64) -> f64 {
        self.intercept + self.slope * x
    }
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
    let slope = median_sorted(&slopes).ok_or(FitError::Degenerate)?;
    let mut residuals: Vec<f64> = points.iter().map(|(x, y)| y - slope * x).collect();
    residuals.sort_by(f64::total_cmp);
    let intercept = median_sorted(&residuals).ok_or(FitError::Degenerate)?;
    if slope.is_finite() && intercept.is_finite() {
        Ok(Fit { intercept, slope })
    } else {
        Err(FitError::Overflow)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_line() {
        let pts: Vec<(f64, f64)> = (0..10)
            .map(|i| (f64::from(i), 2.0 * f64::from(i) + 1.0))
            .collect();
        assert_eq!(
            theil_sen(&pts),
            Ok(Fit {
                intercept: 1.0,
                slope: 2.0
            })
        );
    }

    #[test]
    fn one_wild_outlier_is_ignored() {
        let mut pts: Vec<(f64, f64)> = (0..11)
            .map(|i| (f64::from(i), 3.0 * f64::from(i) - 4.0))
            .collect();
        pts[5].1 = 1.0e6;
        let fit = theil_sen(&pts).expect("fit");
        assert_eq!(
            fit,
            Fit {
                intercept: -4.0,
                slope: 3.0
            }
        );
        assert_eq!(fit.predict(10.0), 26.0);
    }

    #[test]
    fn degenerate_and_bad_input() {
        assert_eq!(theil_sen(&[]), Err(FitError::Degenerate));
        assert_eq!(theil_sen(&[(1.0, 2.0)]), Err(FitError::Degenerate));
        assert_eq!(
            theil_sen(&[(1.0, 2.0), (1.0, 5.0)]),
            Err(FitError::Degenerate)
        );
        assert_eq!(
            theil_sen(&[(1.0, 2.0), (f64::NAN, 5.0)]),
            Err(FitError::NotFinite { index: 1 })
        );
        assert_eq!(
            theil_sen(&[(0.0, -f64::MAX), (1e-300, f64::MAX)]),
            Err(FitError::Overflow)
        );
    }

    #[test]
    fn duplicate_x_pairs_are_skipped() {
        // (0, 2) is off the line y = x: its pairs give slopes −1, 0 and 1/3,
        // the other six distinct-x pairs give 1, and the (0, 0)–(0, 2) pair
        // is skipped. Median of the nine slopes: 1.
        let pts = [(0.0, 0.0), (0.0, 2.0), (1.0, 1.0), (2.0, 2.0), (3.0, 3.0)];
        let fit = theil_sen(&pts).expect("fit");
        assert_eq!(fit.slope, 1.0);
        assert_eq!(fit.intercept, 0.0);
    }
}
