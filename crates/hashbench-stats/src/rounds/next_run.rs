//! How far the next run's figure may lie from this run's: the run replayed from its rounds.
//!
//! A cell's figure is the median of its fastest cluster of agreeing rounds
//! (`undisturbed` in the parent module). From one run to the next it moves by more than the spread
//! inside that cluster: each round draws an input placement and a stack depth, a cell's
//! round medians fall on discrete levels that depend on them (at 64 B a third of a cycle
//! apart on the development VM), and how many rounds a run happens to draw on each level
//! decides which window becomes the cluster and where its median falls. An interval over
//! the cluster's rounds alone cannot see that: a run whose rounds all drew one level gets
//! an interval of no width, and the next run, drawing another mix, reads 2-3 % away. The
//! same holds for a cell that met a slow phase in most of its rounds: whether the next run
//! finds three fast rounds to form its cluster is a draw too.
//!
//! So the run is replayed: its round medians are resampled with replacement, as many as
//! it had, and the whole estimator (the cluster's choice included) is applied to each
//! replay (Efron's bootstrap). The replays' figures stand for the figures other runs
//! would give; the interval reaches from this run's figure to their 2.5 % and 97.5 %
//! points, each distance times √2 ([`next_run`]): the replays spread around this run's
//! figure, which is one draw itself, and the next run's figure differs from it by the
//! spread of a difference of two draws (an interval from the replays' percentiles alone
//! holds the next run about 83 % of the time where a normal approximation holds). It is
//! then cut to the range of the round medians this run saw: a figure is one of its
//! rounds' medians (or the mean of two), and a figure beyond anything this run met would
//! be a state of the machine that no replay of it can speak for.
//!
//! What it cannot see: anything a run holds fixed for its whole life (the speed state the
//! machine was in throughout a short run, anything fixed per process that the placements
//! do not vary). docs/method.md, "Numbers that reproduce", measures how often the next
//! run's figure falls inside the interval.

use crate::rounds::cluster::{CLUSTER_WIDTH, MIN_CLUSTER_ROUNDS};

/// Replays the interval is drawn from: enough that its 2.5 % and 97.5 % points rest on
/// 20 replays each, cheap enough to recompute after every round of every cell (a few tens
/// of microseconds with 24 rounds).
pub const REPLAYS: usize = 800;

/// The share of next runs the interval is meant to hold.
pub const PREDICTION_LEVEL: f64 = 0.95;

/// The least the interval reaches on each side of the figure, as a fraction: what a new
/// process moves a figure by even when its rounds agree to the last digit (the clock's
/// frequency, where the heap and the libraries' own buffers landed). On the development
/// VM (docs/method.md, "The interval holds the next run"), a third of the next runs that
/// fell outside a replay interval missed it by under 0.1 %, and nine in ten of the rest
/// by under 0.5 %, while rankings and comparisons decide on 3 % and 5 %.
pub const FLOOR: f64 = 0.005;

/// The least the interval of a figure whose input fills more than half of the core's own
/// L2 reaches on each side, as a fraction. Past the caches a core has to itself, a call
/// also meets the shared L3 and memory, which the other cores and, on a VM, other tenants
/// use too; that use changes over seconds to minutes, so the rounds of one run (a second
/// or two) share it and the next process meets another. On the AMD EPYC development VM
/// (2026-11-29, `scripts/coverage`, 8 runs idle and 8 with the neighbour, 98 pairs of
/// cells per size) the next run's figure moved by 0.42 % (median), 1.20 % (90th
/// percentile) and 1.45 % (95th) at 1 MiB, against 0.07 %, 0.23 % and 0.43 % at 64 KiB;
/// with [`FLOOR`] alone 77-80 % of the next runs at 1 MiB fell inside the interval. Not
/// what `--precision` judges: more rounds of one run cannot narrow it.
pub const SHARED_CACHE_FLOOR: f64 = 0.015;

/// The interval `[low, high]` (ns) in which the next run's figure is expected to fall,
/// given this run's round medians and its figure: from `figure`, √2 times the distance to
/// the 2.5 % and 97.5 % points of the replays' figures on each side, within the range of
/// the medians, and at least [`FLOOR`] either way. `None` with fewer than two usable rounds (one round says nothing about
/// the next). Deterministic: the replays are drawn from a generator seeded by the medians
/// themselves, so the same rounds always give the same interval (a saved file's interval
/// can be recomputed from its rounds).
#[must_use]
pub fn next_run(medians: &[f64], figure: f64) -> Option<(f64, f64)> {
    let mut values: Vec<f64> = medians
        .iter()
        .copied()
        .filter(|m| m.is_finite() && *m >= 0.0)
        .collect();
    if values.len() < 2 || !figure.is_finite() {
        return None;
    }
    values.sort_by(f64::total_cmp);
    let mut rng = SplitMix(seed(&values));
    let mut counts = vec![0u32; values.len()];
    let mut figures: Vec<f64> = (0..REPLAYS)
        .map(|_| replay(&values, &mut counts, &mut rng))
        .collect();
    figures.sort_by(f64::total_cmp);
    let tail = ((1.0 - PREDICTION_LEVEL) / 2.0 * REPLAYS as f64).floor() as usize;
    let (below, above) = (figures[tail], figures[REPLAYS - 1 - tail]);
    let (least, most) = (values[0], values[values.len() - 1]);
    let low = figure - std::f64::consts::SQRT_2 * (figure - below).max(0.0);
    let high = figure + std::f64::consts::SQRT_2 * (above - figure).max(0.0);
    let (low, high) = (low.max(least).min(figure), high.min(most).max(figure));
    Some((
        low.min(figure * (1.0 - FLOOR)),
        high.max(figure * (1.0 + FLOOR)),
    ))
}

/// Rounds whose medians lie this close (as a fraction) sit on one level: what the
/// development VM's placement levels are apart from their own noise (a third of a cycle at
/// 64 B is 2.7 %; two rounds on one level agree to 0.1-0.3 %).
pub const LEVEL_TOLERANCE: f64 = 0.005;

/// The lowest and highest level of `near` (round medians, sorted: the caller's window
/// around the figure) that at least two rounds sat on; `None` when no two rounds agree.
///
/// Why: rounds draw their placement and the machine's state, and the states last seconds,
/// so the rounds of one run are not independent draws, and the replays, which treat them
/// as such, under-state how differently the next run mixes the levels. A cell at 1 MiB
/// with ten rounds at 30.9 us and two at 29.9 us replays to 30.9 us almost always, and the
/// next run, drawing seven at 29.9 us, reads 3.4 % away; `crc32c/crc-fast` at 64 B, with
/// six of sixteen rounds at 5.02 ns and ten at 5.35, reads 5.03, and the next run, drawing
/// two of twenty-four, reads 5.35 (`scripts/aa` called that "slower"). A level this run
/// confirmed twice is one the next run's figure may sit on; a single round is not
/// confirmed (it may be a one-off).
#[must_use]
pub fn levels(cluster: &[f64]) -> Option<(f64, f64)> {
    let agreed = |i: usize| {
        let v = cluster[i];
        let near = |j: usize| j != i && (cluster[j] - v).abs() <= LEVEL_TOLERANCE * v;
        (i > 0 && near(i - 1)) || (i + 1 < cluster.len() && near(i + 1))
    };
    let low = (0..cluster.len()).find(|&i| agreed(i))?;
    let high = (0..cluster.len()).rev().find(|&i| agreed(i))?;
    Some((cluster[low], cluster[high]))
}

/// One replay: `values.len()` draws with replacement from `values` (sorted), counted per
/// value, and the figure those draws give.
fn replay(values: &[f64], counts: &mut [u32], rng: &mut SplitMix) -> f64 {
    counts.fill(0);
    for _ in 0..values.len() {
        counts[rng.below(values.len())] += 1;
    }
    figure_of(values, counts)
}

/// The figure of a multiset of round medians (`values` sorted, `counts[i]` copies of
/// `values[i]`), as `undisturbed` computes it: the median of the first window
/// `[m, m · (1 + CLUSTER_WIDTH)]` from a present value `m` that holds
/// [`MIN_CLUSTER_ROUNDS`] rounds, else the median of all of them. Linear in the values:
/// the window's end only moves forward.
fn figure_of(values: &[f64], counts: &[u32]) -> f64 {
    let total: u32 = counts.iter().sum();
    let need = (MIN_CLUSTER_ROUNDS as u32).min(total).max(1);
    let (mut end, mut inside) = (0, 0u32);
    for start in 0..values.len() {
        let top = values[start] * (1.0 + CLUSTER_WIDTH);
        while end < values.len() && values[end] <= top {
            inside += counts[end];
            end += 1;
        }
        if counts[start] > 0 && inside >= need {
            return median_of(&values[start..end], &counts[start..end], inside);
        }
        inside -= counts[start];
    }
    median_of(values, counts, total)
}

/// The median of `total` values given as `counts[i]` copies of `values[i]` (sorted).
fn median_of(values: &[f64], counts: &[u32], total: u32) -> f64 {
    let at = |rank: u32| -> f64 {
        let mut seen = 0;
        for (v, &c) in values.iter().zip(counts) {
            seen += c;
            if seen > rank {
                return *v;
            }
        }
        values.last().copied().unwrap_or(f64::NAN)
    };
    if total == 0 {
        return f64::NAN;
    }
    // As `order::median_sorted` computes it, to the last bit.
    let (lo, hi) = (at((total - 1) / 2), at(total / 2));
    (lo + 0.5 * (hi - lo)).max(lo).min(hi)
}

/// The generator's seed: FNV-1a over the medians' bits.
fn seed(values: &[f64]) -> u64 {
    values.iter().fold(0xcbf2_9ce4_8422_2325, |h, v| {
        v.to_bits()
            .to_le_bytes()
            .iter()
            .fold(h, |h, &b| (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3))
    })
}

/// SplitMix64 (Steele, Lea & Flood, "Fast splittable pseudorandom number generators",
/// OOPSLA 2014): small, fast and good enough to draw indices.
struct SplitMix(u64);

impl SplitMix {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    /// A uniform index below `n` (Lemire's multiply-shift; its bias is below 2^-50 here).
    fn below(&mut self, n: usize) -> usize {
        ((u128::from(self.next()) * n as u128) >> 64) as usize
    }
}

#[cfg(test)]
mod tests;
