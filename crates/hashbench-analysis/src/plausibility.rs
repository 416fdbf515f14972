//! Plausibility of a published size sweep, from its (size, calls per second) pairs alone.
//!
//! The one rule both judges share: the run guards ([`crate::guards::flat_scaling`])
//! and the published seed data ([`crate::published`]) call it, so a run and a seed are
//! judged alike; it depends on nothing else in the crate.

use serde::Serialize;

/// A larger size must be at least this many times a smaller one before the pair is
/// judged: near sizes are too close for noise and fixed per-call costs to be told apart.
pub const FLAT_SCALING_MIN_SIZE_RATIO: u64 = 16;

/// The larger size must be at least this many bytes before a pair is judged. A block
/// hash pads every message to whole blocks, so two sizes inside one block (1 B and 32 B
/// of SHA-256, whose first block holds up to 55) rightly take the same time: the "extra"
/// bytes were always going to be processed. No algorithm here has a block (or rate)
/// over 168 bytes, so from 256 B on the larger size always has more blocks to process.
pub const FLAT_SCALING_MIN_LARGE_BYTES: u64 = 256;

/// "Roughly flat": the calls per second at the larger size are within this factor of
/// those at the smaller size, either way.
pub const FLAT_SCALING_OPS_BAND: f64 = 1.25;

/// No one call hashes bytes faster than this (10^12 B/s, 1 TB/s): above the bandwidth
/// of any cache level one core reads from, and above whole-socket memory bandwidth.
/// A sweep whose extra bytes cost less time than this allows did not hash them.
pub const FLAT_SCALING_CEILING_BYTES_PER_SEC: f64 = 1e12;

/// One point of a sweep: input bytes per call and calls per second at that size.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct SweepPoint {
    pub size_bytes: u64,
    pub ops_per_sec: f64,
}

/// Evidence that the point at `large` is impossible given the point at `small`.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct FlatScaling {
    pub small: SweepPoint,
    pub large: SweepPoint,
    /// `large.ops_per_sec / small.ops_per_sec`: about 1 for a flat sweep; an honest
    /// sweep falls towards `small.size / large.size`.
    pub ops_ratio: f64,
    /// The rate at which the extra bytes were processed, (size difference) / (time per
    /// call difference); infinite when the time per call did not grow at all.
    pub marginal_bytes_per_sec: f64,
}

impl FlatScaling {
    /// One line for a person.
    pub fn message(&self) -> String {
        let why = if self.marginal_bytes_per_sec.is_finite() {
            format!(
                "the extra bytes would be hashed at {:.1} TB/s",
                self.marginal_bytes_per_sec / 1e12
            )
        } else {
            "the larger size took no longer".to_string()
        };
        format!(
            "impossible: time per call does not grow with size ({} B: {:.0} op/s, {} B: {:.0} op/s; {why})",
            self.small.size_bytes, self.small.ops_per_sec, self.large.size_bytes, self.large.ops_per_sec
        )
    }
}

/// Checks one sweep (one machine, implementation, variant and statistic over several
/// sizes) for calls per second that stay flat while the size grows.
///
/// A pair of points is flagged when all three hold:
///
/// - the larger size is at least [`FLAT_SCALING_MIN_SIZE_RATIO`] times the smaller, and
///   at least [`FLAT_SCALING_MIN_LARGE_BYTES`];
/// - the calls per second stay within [`FLAT_SCALING_OPS_BAND`] of each other (flat);
/// - the time per call grows by less than the extra bytes would take at
///   [`FLAT_SCALING_CEILING_BYTES_PER_SEC`], or does not grow at all.
///
/// The third condition is what makes a flat sweep impossible rather than merely
/// overhead-bound: a fixed per-call cost (an allocation, a call into another runtime)
/// can keep ops/s level from 16 B to 256 B, and that is allowed as long as the extra
/// 240 B are paid for at a believable rate; 4 MiB for the time of 64 B is not.
/// A sweep whose calls per second *rise* by more than the band (a multithreaded hash
/// whose small sizes pay for waking threads) is a different anomaly and not flagged
/// here: there the smaller point is slow, not the larger one impossibly fast.
///
/// Returns one finding per flagged larger point, with the smaller point that shows it
/// most plainly (the highest marginal rate), in the order of `points`. Points with a
/// zero size or a rate that is not finite and positive are ignored.
pub fn flat_scaling(points: &[SweepPoint]) -> Vec<FlatScaling> {
    let valid =
        |p: &&SweepPoint| p.size_bytes > 0 && p.ops_per_sec.is_finite() && p.ops_per_sec > 0.0;
    let mut findings = Vec::new();
    for large in points.iter().filter(valid) {
        let worst = points
            .iter()
            .filter(valid)
            .filter(|small| {
                large.size_bytes / small.size_bytes >= FLAT_SCALING_MIN_SIZE_RATIO
                    && large.size_bytes > small.size_bytes
                    && large.size_bytes >= FLAT_SCALING_MIN_LARGE_BYTES
            })
            .map(|small| {
                let extra_bytes = (large.size_bytes - small.size_bytes) as f64;
                let extra_seconds = 1.0 / large.ops_per_sec - 1.0 / small.ops_per_sec;
                let marginal = if extra_seconds > 0.0 {
                    extra_bytes / extra_seconds
                } else {
                    f64::INFINITY
                };
                FlatScaling {
                    small: *small,
                    large: *large,
                    ops_ratio: large.ops_per_sec / small.ops_per_sec,
                    marginal_bytes_per_sec: marginal,
                }
            })
            .filter(|f| {
                (1.0 / FLAT_SCALING_OPS_BAND..=FLAT_SCALING_OPS_BAND).contains(&f.ops_ratio)
                    && f.marginal_bytes_per_sec > FLAT_SCALING_CEILING_BYTES_PER_SEC
            })
            .max_by(|a, b| {
                a.marginal_bytes_per_sec
                    .total_cmp(&b.marginal_bytes_per_sec)
            });
        findings.extend(worst);
    }
    findings
}

#[cfg(test)]
mod tests_bounds;

#[cfg(test)]
mod tests;
