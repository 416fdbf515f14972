//! What a cell's rounds give: the figure over them (`hashbench_stats::rounds`), whether it
//! has reached its precision, and which samples the pooled statistics take from each.

use hashbench_model::StopReason;
use hashbench_stats::{Measurement, Round, RoundFigure};
use serde::Serialize;

/// What one round of a cell measured.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct RoundRecord {
    /// Samples taken in this round.
    pub samples: usize,
    /// Median time per call over this round's samples, nanoseconds.
    pub median_ns: f64,
    /// The round median's 95 % CI (the samples' `[min, max]` below six samples), ns.
    pub ci_low_ns: f64,
    /// Upper end of that interval, ns.
    pub ci_high_ns: f64,
    /// Why this round stopped.
    pub stop_reason: StopReason,
}

/// The rounds as the figure's statistics take them.
pub(crate) fn round_stats(rounds: &[RoundRecord]) -> Vec<Round> {
    rounds
        .iter()
        .map(|r| Round {
            median: r.median_ns,
            low: r.ci_low_ns,
            high: r.ci_high_ns,
        })
        .collect()
}

/// Whether a figure has reached `target`: settled (at least three rounds agree), with no
/// faster rounds left unconfirmed, a real 95 % interval over its rounds (six or more),
/// and its whole interval (the next run's expected range included) within `target` of
/// the figure. docs/json-schema.md's `stop_reason: precision` says the same.
#[must_use]
pub fn figure_precise(figure: &RoundFigure, target: f64) -> bool {
    figure.confirmed() && figure.coverage >= 0.95 && figure.relative_half_width() <= target
}

/// Indices of the samples the cell's statistics are computed from: the same number from
/// every round (as many as the round with the fewest), chosen at evenly spaced quantiles
/// of each round's own times.
///
/// Why: a round that met a slow spell of the machine usually runs to its time budget and
/// collects many samples, while a quiet round stops early at its precision. Pooling every
/// sample would let the noisy round outvote the quiet ones; equal numbers per round give
/// every visit to the cell the same weight. With one round, every sample is used.
pub(crate) fn equal_weight_selection(
    rounds: &[RoundRecord],
    measurements: &[Measurement],
) -> Vec<usize> {
    let Some(k) = rounds.iter().map(|r| r.samples).min() else {
        return (0..measurements.len()).collect();
    };
    if rounds.len() <= 1 || k == 0 {
        return (0..measurements.len()).collect();
    }
    let mut chosen = Vec::with_capacity(k * rounds.len());
    let mut start = 0;
    for r in rounds {
        let end = (start + r.samples).min(measurements.len());
        let mut order: Vec<usize> = (start..end).collect();
        order.sort_by_key(|&i| measurements[i].elapsed);
        let n = order.len();
        // The (j + 1/2) / k quantiles of this round, j = 0..k.
        chosen.extend((0..k.min(n)).map(|j| order[(2 * j + 1) * n / (2 * k)]));
        start = end;
    }
    chosen
}
