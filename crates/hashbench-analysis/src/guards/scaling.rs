//! The guards on how time grows: with the bytes of a sweep (flat scaling) and with the
//! calls of a batch (not scaling with iterations).

use hashbench_model::format::size as size_text;
use hashbench_model::{Flag, FlagCode, IterationScaling};

use super::thresholds::Thresholds;

/// Two sizes of one sweep between which the operations per second hardly fell.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct FlatPair {
    pub small_size: u64,
    pub small_ops_per_sec: f64,
    pub large_size: u64,
    pub large_ops_per_sec: f64,
}

impl FlatPair {
    pub(super) fn flag(&self) -> Flag {
        Flag::new(
            FlagCode::FlatScaling,
            format!(
                "{} op/s at {} but {} op/s at {}: {:.0}x the bytes in {:.2}x the time",
                ops(self.small_ops_per_sec),
                size_text(self.small_size),
                ops(self.large_ops_per_sec),
                size_text(self.large_size),
                self.large_size as f64 / self.small_size as f64,
                self.small_ops_per_sec / self.large_ops_per_sec,
            ),
        )
    }
}

pub(super) fn ops(v: f64) -> String {
    if v >= 1e6 {
        format!("{:.2} M", v / 1e6)
    } else if v >= 1e3 {
        format!("{:.2} k", v / 1e3)
    } else {
        format!("{v:.1}")
    }
}

/// Flat scaling over one sweep, given as (size in bytes, operations per second) from
/// any source: for every size, a smaller size at least 16x smaller whose op/s is within
/// 1.25x of it, when the extra bytes would have had to be read faster than 1 TB/s (the
/// marginal rate: extra bytes / extra time per call). A function that reads its input
/// cannot take (almost) the same time for 16x the bytes; the Node seed's table (op/s
/// nearly equal from 64 B to 4 MB) is the case this catches. The marginal rate, not the
/// ratio of times, is the test, because at small sizes a fixed cost per call rightly
/// dominates (a checksum at 16 B and 256 B can differ by only a few nanoseconds).
///
/// This is the same check the published data gets
/// ([`crate::plausibility::flat_scaling`], which holds the thresholds), so a
/// run and a seed are judged alike. Pairs with a non-positive or non-finite rate are
/// ignored.
#[must_use]
pub fn flat_scaling(sweep: &[(u64, f64)]) -> Vec<FlatPair> {
    let points: Vec<crate::plausibility::SweepPoint> = sweep
        .iter()
        .map(
            |&(size_bytes, ops_per_sec)| crate::plausibility::SweepPoint {
                size_bytes,
                ops_per_sec,
            },
        )
        .collect();
    crate::plausibility::flat_scaling(&points)
        .into_iter()
        .map(|f| FlatPair {
            small_size: f.small.size_bytes,
            small_ops_per_sec: f.small.ops_per_sec,
            large_size: f.large.size_bytes,
            large_ops_per_sec: f.large.ops_per_sec,
        })
        .collect()
}

/// Not scaling with iterations: a batch with `expected_ratio` times the calls took only
/// `observed_ratio` times as long, less than `iteration_min_fraction` of proportional.
#[must_use]
pub fn not_scaling_with_iterations(
    expected_ratio: f64,
    observed_ratio: f64,
    thresholds: &Thresholds,
) -> Option<Flag> {
    (observed_ratio < thresholds.iteration_min_fraction * expected_ratio).then(|| {
        Flag::new(
            FlagCode::NotScalingWithIterations,
            format!(
                "{expected_ratio:.0}x the calls took {observed_ratio:.2}x the time: the work \
                 is done once per batch, not per call (optimised away or cached)"
            ),
        )
    })
}

/// [`not_scaling_with_iterations`] over the engine's evidence.
#[must_use]
pub fn iteration_scaling(scaling: &IterationScaling, thresholds: &Thresholds) -> Option<Flag> {
    let observed = scaling.time_ratio()?;
    not_scaling_with_iterations(scaling.expected_ratio(), observed, thresholds)
}
