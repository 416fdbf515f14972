//! Bucket uniformity: the keys' hashes dealt into 2^b buckets by their low b bits (as
//! hashbrown, Go's maps and most open-addressing tables index) and by their high b bits
//! (as Fibonacci-hashing and some sharded tables do), at several b; the statistic is
//! the smallest chi-squared p-value, the threshold the check's cut divided by the
//! number of (size, end) pairs.
//!
//! Chi-squared with 2^b - 1 degrees of freedom is read through Wilson and Hilferty's
//! normal approximation; with few keys per bucket (E) a bucket's term varies more than
//! chi-squared's (variance 2 + 1/E rather than 2), so the excess over its mean is scaled
//! by √(2 / (2 + 1/E)) first. Tables with fewer than 2 keys per bucket are not tested.
//! Only too uneven a spread fails: keys spread more evenly than chance (serial keys
//! through a multiplicative hash) are good for a table.

use super::check::{high, mask, Figures, Test};
use crate::stats::chi2_upper;

/// The fewest keys per bucket tested.
const MIN_PER_BUCKET: f64 = 2.0;

pub(super) fn check(values: &[u64], bits: u32, table_bits: &[u32], cut: f64) -> Figures {
    let n = values.len() as f64;
    let sizes: Vec<u32> = table_bits
        .iter()
        .copied()
        .filter(|&b| b <= bits && n / f64::from(1u32 << b) >= MIN_PER_BUCKET)
        .collect();
    let part = cut / (2 * sizes.len()).max(1) as f64;
    let mut worst: Option<(f64, String)> = None;
    for &b in &sizes {
        for (end, index) in [("low", false), ("high", true)] {
            let mut counts = vec![0u32; 1 << b];
            for &v in values {
                let bucket = if index { high(v, bits, b) } else { v & mask(b) };
                counts[bucket as usize] += 1;
            }
            let p = p_value(&counts, n);
            if worst.as_ref().is_none_or(|(q, _)| p < *q) {
                worst = Some((p, format!("{end} {b} bits")));
            }
        }
    }
    let worst = worst.unwrap_or((1.0, "no table size with 2 keys a bucket".to_string()));
    Figures {
        test: Test::Buckets,
        statistic: worst.0,
        threshold: part,
        at: worst.1,
        expected: None,
        pass: worst.0 >= part,
    }
}

/// The chi-squared p-value of `counts` against an even spread of `n` keys.
pub(super) fn p_value(counts: &[u32], n: f64) -> f64 {
    let k = counts.len() as f64;
    let e = n / k;
    let chi2: f64 = counts.iter().map(|&c| (f64::from(c) - e).powi(2) / e).sum();
    let df = k - 1.0;
    let scaled = df + (chi2 - df) * (2.0 / (2.0 + 1.0 / e)).sqrt();
    chi2_upper(scaled.max(0.0), df)
}
