//! The summary of one cell's samples, and the engine's stopping rule.

use serde::{Deserialize, Serialize};

use crate::order::{
    ci_method, median_ci_ranks, median_sorted, order_statistic_coverage, quantile_sorted, CiMethod,
};
use crate::sample::Samples;
use crate::units::Nanos;

/// Factor turning a MAD into a consistent estimator of the standard
/// deviation for normally distributed data: `1 / Φ⁻¹(3/4)`.
pub const MAD_NORMAL_SCALE: f64 = 1.4826;

/// Tukey fence multiplier for mild outliers.
pub const TUKEY_MILD: f64 = 1.5;
/// Tukey fence multiplier for severe outliers.
pub const TUKEY_SEVERE: f64 = 3.0;

/// 95 % confidence interval of the median per-iteration time.
///
/// See [`crate::order`] for the rank formula and its validity.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct MedianCi {
    /// Lower bound: the order statistic of rank `lower_rank`.
    pub low: Nanos,
    /// Upper bound: the order statistic of rank `upper_rank`.
    pub high: Nanos,
    /// 1-based rank of `low` in the sorted samples.
    pub lower_rank: usize,
    /// 1-based rank of `high` in the sorted samples.
    pub upper_rank: usize,
    /// Exact binomial coverage of these ranks (≥ 0.95 when `method` is
    /// `order_statistic`, lower otherwise).
    pub coverage: f64,
    /// Whether this is a real 95 % interval or the `[min, max]` fallback
    /// for fewer than six samples.
    pub method: CiMethod,
}

/// Tukey outlier counts. Fences are `Q1 − k·IQR` and `Q3 + k·IQR` with
/// `k = 1.5` (mild) and `k = 3` (severe); a value strictly beyond the
/// severe fence is severe, one strictly beyond the mild fence but not the
/// severe one is mild. The four counts are disjoint.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct TukeyOutliers {
    /// Below `Q1 − 3·IQR`.
    pub low_severe: usize,
    /// In `[Q1 − 3·IQR, Q1 − 1.5·IQR)`.
    pub low_mild: usize,
    /// In `(Q3 + 1.5·IQR, Q3 + 3·IQR]`.
    pub high_mild: usize,
    /// Above `Q3 + 3·IQR`.
    pub high_severe: usize,
}

impl TukeyOutliers {
    /// All outliers, mild and severe, on both sides.
    #[must_use]
    pub fn total(&self) -> usize {
        self.low_severe + self.low_mild + self.high_mild + self.high_severe
    }
}

/// Descriptive statistics of one cell's per-iteration times.
///
/// All times are per iteration, in nanoseconds. Every sample counts once
/// (see [`Samples`]). Every field is finite, so a summary round-trips
/// through JSON (bit-exactly with serde_json's `float_roundtrip`
/// feature; without it the last digit of a float may differ).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Summary {
    /// Number of samples (batches).
    pub count: usize,
    /// Iterations over all batches.
    pub total_iterations: u64,
    /// Fastest sample.
    pub min: Nanos,
    /// Slowest sample.
    pub max: Nanos,
    /// Arithmetic mean (summed in sorted order, clamped to `[min, max]`
    /// against rounding).
    pub mean: Nanos,
    /// Median (type-7 quantile at ½).
    pub median: Nanos,
    /// Sample standard deviation, divisor `n − 1`. Reported as 0 for a
    /// single sample (no spread observed) rather than as undefined.
    pub std_dev: Nanos,
    /// Raw median absolute deviation: `median(|xᵢ − median|)`. Robust
    /// spread, in the data's own units; half the samples lie within
    /// `median ± mad`.
    pub mad: Nanos,
    /// `1.4826 · mad`: comparable to `std_dev` (equal in expectation for
    /// normal data) but insensitive to outliers.
    pub mad_scaled: Nanos,
    /// First quartile (type 7).
    pub q1: Nanos,
    /// Third quartile (type 7).
    pub q3: Nanos,
    /// 95 % CI of the median.
    pub median_ci: MedianCi,
    /// `100 · (ci.high − ci.low) / 2 / median`, in percent; `None` when
    /// the median is 0 (undefined).
    pub ci_relative_half_width_percent: Option<f64>,
    /// `std_dev / mean` as a fraction (not percent); `None` when the mean
    /// is 0.
    pub coefficient_of_variation: Option<f64>,
    /// Tukey outlier counts around `q1`/`q3`.
    pub outliers: TukeyOutliers,
}

impl Samples {
    /// Shorthand for [`Summary::of`] (defined here, beside it, so that `sample` need not
    /// know about summaries).
    #[must_use]
    pub fn summary(&self) -> Summary {
        Summary::of(self)
    }
}

impl Summary {
    /// Summarise a validated sample set. Infallible: `Samples` guarantees
    /// a non-empty set of finite, non-negative, bounded values.
    #[must_use]
    pub fn of(samples: &Samples) -> Summary {
        let sorted: Vec<f64> = samples.sorted().iter().map(|v| v.get()).collect();
        let n = sorted.len();
        let nf = n as f64;

        // Non-empty by the `Samples` invariant; the fallbacks are never
        // taken but keep this function panic-free.
        let min = sorted.first().copied().unwrap_or(0.0);
        let max = sorted.last().copied().unwrap_or(0.0);
        let median = median_sorted(&sorted).unwrap_or(0.0);
        let q1 = quantile_sorted(&sorted, 0.25).unwrap_or(0.0);
        let q3 = quantile_sorted(&sorted, 0.75).unwrap_or(0.0);

        // `max`/`min` rather than `clamp`, which asserts `min <= max`.
        let mean = (sorted.iter().sum::<f64>() / nf).max(min).min(max);
        let std_dev = if n > 1 {
            let ss: f64 = sorted.iter().map(|x| (x - mean) * (x - mean)).sum();
            (ss / (nf - 1.0)).sqrt()
        } else {
            0.0
        };

        let mut deviations: Vec<f64> = sorted.iter().map(|x| (x - median).abs()).collect();
        deviations.sort_by(f64::total_cmp);
        let mad = median_sorted(&deviations).unwrap_or(0.0);

        let median_ci = median_ci(&sorted);
        let ci_relative_half_width_percent = (median > 0.0)
            .then(|| 100.0 * (median_ci.high.get() - median_ci.low.get()) / 2.0 / median);
        let coefficient_of_variation = (mean > 0.0).then(|| std_dev / mean);

        Summary {
            count: n,
            total_iterations: samples.total_iterations(),
            min: Nanos(min),
            max: Nanos(max),
            mean: Nanos(mean),
            median: Nanos(median),
            std_dev: Nanos(std_dev),
            mad: Nanos(mad),
            mad_scaled: Nanos(MAD_NORMAL_SCALE * mad),
            q1: Nanos(q1),
            q3: Nanos(q3),
            median_ci,
            ci_relative_half_width_percent,
            coefficient_of_variation,
            outliers: tukey(&sorted, q1, q3),
        }
    }
}

fn median_ci(sorted: &[f64]) -> MedianCi {
    let n = sorted.len();
    let ranks = median_ci_ranks(n).unwrap_or(crate::order::CiRanks { lower: 1, upper: 1 });
    // Ranks are 1-based and within 1..=n (see `median_ci_ranks`).
    let at = |rank: usize| sorted.get(rank.saturating_sub(1)).copied().unwrap_or(0.0);
    MedianCi {
        low: Nanos(at(ranks.lower)),
        high: Nanos(at(ranks.upper)),
        lower_rank: ranks.lower,
        upper_rank: ranks.upper,
        coverage: order_statistic_coverage(n, ranks.lower, ranks.upper),
        method: ci_method(n),
    }
}

fn tukey(sorted: &[f64], q1: f64, q3: f64) -> TukeyOutliers {
    let iqr = q3 - q1;
    let low_mild_fence = q1 - TUKEY_MILD * iqr;
    let low_severe_fence = q1 - TUKEY_SEVERE * iqr;
    let high_mild_fence = q3 + TUKEY_MILD * iqr;
    let high_severe_fence = q3 + TUKEY_SEVERE * iqr;
    let mut out = TukeyOutliers::default();
    for &x in sorted {
        if x < low_severe_fence {
            out.low_severe += 1;
        } else if x < low_mild_fence {
            out.low_mild += 1;
        } else if x > high_severe_fence {
            out.high_severe += 1;
        } else if x > high_mild_fence {
            out.high_mild += 1;
        }
    }
    out
}

/// The engine's stopping rule: has the 95 % CI of the median narrowed to
/// within `target_relative` of the median?
///
/// `target_relative` is a **fraction**: `0.01` means ±1 %. The test is
/// `(ci.high − ci.low) / 2 ≤ target_relative · median`, i.e. the CI's
/// half-width relative to the median. (Because the interval is not
/// symmetric around the median in general, one end may lie slightly
/// further than ±target from the median; the half-width is the usual,
/// stable criterion.)
///
/// Always `false` when:
/// * the interval is the small-sample `[min, max]` fallback (fewer than
///   6 samples): it has less than 95 % coverage, and with one sample its
///   width is trivially 0;
/// * the median is 0 (relative precision undefined: the batch is too
///   small for the timer, so the engine should not stop on it);
/// * `target_relative` is negative or NaN.
#[must_use]
pub fn precision_reached(summary: &Summary, target_relative: f64) -> bool {
    let ci = &summary.median_ci;
    let median = summary.median.get();
    ci.method == CiMethod::OrderStatistic
        && median > 0.0
        && target_relative >= 0.0
        && (ci.high.get() - ci.low.get()) / 2.0 <= target_relative * median
}

#[cfg(test)]
mod tests;
