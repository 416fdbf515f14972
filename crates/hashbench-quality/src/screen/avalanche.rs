//! The avalanche test (Webster and Tavares' strict avalanche criterion, as SMHasher's
//! "Avalanche" measures it): for random inputs, flip each input bit in turn and count,
//! for every (input bit, output bit) pair, how often the output bit flips. A good hash
//! flips each with probability 1/2; the statistic is the worst pair's bias
//! |P(flip) - 1/2|.
//!
//! The threshold: with N inputs a pair's count is Binomial(N, 1/2) for a random function,
//! so its bias has standard deviation 1/(2√N); the threshold is z of those, z the
//! two-sided normal point at the check's cut divided by the number of pairs (every pair
//! is a test). 10,000 inputs and 64 x 64 pairs give a threshold near 0.03: a bit that
//! flips 47 % of the time passes, one that flips 40 % fails.

use super::check::{Check, Test};
use super::config::Config;
use super::subject::Subject;
use crate::rng::SplitMix64;
use crate::stats::normal_upper_inverse;

/// Avalanche of the bytes path on random `len`-byte inputs.
pub(super) fn bytes(
    s: &mut dyn Subject,
    len: usize,
    config: &Config,
    cut: f64,
    rng: &mut SplitMix64,
) -> Check {
    let bits = s.bits();
    let mut input = vec![0u8; len];
    let mut counts = Counts::new(len * 8, bits);
    for _ in 0..config.avalanche_samples {
        rng.fill(&mut input);
        let base = s.hash_bytes(&input);
        for i in 0..len * 8 {
            input[i / 8] ^= 1 << (i % 8);
            counts.add(i, base ^ s.hash_bytes(&input));
            input[i / 8] ^= 1 << (i % 8);
        }
    }
    counts.check(
        config.avalanche_samples,
        cut,
        format!("random {len} B"),
        "bytes",
    )
}

/// Avalanche of a map's `u64` keys (`hash_one`), 64 bits out.
pub(super) fn typed_u64(
    s: &mut dyn Subject,
    config: &Config,
    cut: f64,
    rng: &mut SplitMix64,
) -> Check {
    let mut counts = Counts::new(64, 64);
    for _ in 0..config.avalanche_samples {
        let key = rng.next_u64();
        let base = s.hash_u64(key);
        for i in 0..64 {
            counts.add(i, base ^ s.hash_u64(key ^ 1 << i));
        }
    }
    counts.check(
        config.avalanche_samples,
        cut,
        "random u64".to_string(),
        "keys:u64",
    )
}

/// Flip counts per (input bit, output bit).
struct Counts {
    out_bits: u32,
    counts: Vec<u32>,
}

impl Counts {
    fn new(in_bits: usize, out_bits: u32) -> Self {
        Counts {
            out_bits,
            counts: vec![0; in_bits * out_bits as usize],
        }
    }

    /// Input bit `i` flipped the output bits set in `diff`.
    fn add(&mut self, i: usize, diff: u64) {
        let w = self.out_bits as usize;
        for (j, c) in self.counts[i * w..(i + 1) * w].iter_mut().enumerate() {
            *c += ((diff >> j) & 1) as u32;
        }
    }

    fn check(&self, samples: usize, cut: f64, keys: String, path: &'static str) -> Check {
        let n = samples as f64;
        let (worst, bias) = self
            .counts
            .iter()
            .map(|&c| (f64::from(c) / n - 0.5).abs())
            .enumerate()
            .fold(
                (0, -1.0),
                |best, (k, b)| if b > best.1 { (k, b) } else { best },
            );
        let cells = self.counts.len() as f64;
        let threshold = normal_upper_inverse(cut / (2.0 * cells)) * 0.5 / n.sqrt();
        let w = self.out_bits as usize;
        Check {
            test: Test::Avalanche,
            keys,
            path,
            keys_count: samples,
            statistic: bias,
            threshold,
            at: format!("input bit {} -> output bit {}", worst / w, worst % w),
            expected: None,
            pass: bias <= threshold,
        }
    }
}
