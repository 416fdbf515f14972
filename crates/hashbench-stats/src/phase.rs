//! Which passes of a run fell in a slow phase of the machine, from the drift reference.
//!
//! A cell's figure is its fastest cluster of agreeing rounds ([`crate::rounds`]). That
//! holds only if some of its rounds ran while the machine was at its undisturbed speed:
//! a cell whose rounds all fell in a slow spell (this VM's last seconds and come back)
//! also has a tight cluster, of slow rounds, and looks settled. Its figure is then a
//! slow phase's, while a neighbour measured on into the fast phase takes its figure from
//! there, and the two figures are no longer comparable (seen on a 16-core Xeon: two
//! CRCs 2.3x apart in their figures, 1.27x in their paired rounds).
//!
//! The drift reference is timed between passes, so each pass is bracketed by two of its
//! timings. A pass is *fast* when neither timing around it ran more than
//! [`SLOW_PHASE`] slower than the reference's own figure (its fastest agreeing
//! timings), *slow* when one did; a cell has phase support when at least
//! [`crate::rounds::MIN_CLUSTER_ROUNDS`] of its rounds ran in fast passes.

use crate::rounds::MIN_CLUSTER_ROUNDS;
use crate::{undisturbed, Round};

/// How much slower than its figure a reference timing may run and still count as the
/// undisturbed speed: well above the timing's own noise (a 10 ms timing of an L1 read
/// repeats within a few per cent) and well below the slow phases this VM shows (a
/// sibling hyperthread's load makes them 1.6-2x).
pub const SLOW_PHASE: f64 = 0.15;

/// The machine's phase during one pass, as the reference timings around it show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Both timings around the pass (or the one there is) at the undisturbed speed.
    Fast,
    /// A timing around the pass more than [`SLOW_PHASE`] slower.
    Slow,
    /// No timing around the pass.
    Unknown,
}

/// The phase of each of `passes` passes, from the reference timings at the pass
/// boundaries: `boundaries[k]` is the timing before pass `k` (`k = 0`: at the start;
/// `k = p + 1`: after pass `p`), `None` where there is none. `None` when the timings do
/// not settle on an undisturbed speed, or when faster timings than that are still
/// unconfirmed (the machine may just have sped up): the phases cannot be told apart
/// then.
#[must_use]
pub fn pass_phases(boundaries: &[Option<f64>], passes: usize) -> Option<Vec<Phase>> {
    let timings: Vec<Round> = boundaries
        .iter()
        .flatten()
        .filter(|m| m.is_finite() && **m > 0.0)
        .map(|&m| Round::exact(m))
        .collect();
    let figure = undisturbed(&timings).filter(|f| f.settled && f.faster_rounds == 0)?;
    let limit = figure.median_ns * (1.0 + SLOW_PHASE);
    let slow = |k: usize| -> Option<bool> {
        boundaries
            .get(k)
            .copied()
            .flatten()
            .filter(|m| m.is_finite() && *m > 0.0)
            .map(|m| m > limit)
    };
    Some(
        (0..passes)
            .map(|p| match (slow(p), slow(p + 1)) {
                (Some(true), _) | (_, Some(true)) => Phase::Slow,
                (None, None) => Phase::Unknown,
                _ => Phase::Fast,
            })
            .collect(),
    )
}

/// How many of a cell's rounds (`pass_ids`: the pass each ran in) ran in fast passes.
#[must_use]
pub fn fast_rounds(pass_ids: &[u32], phases: &[Phase]) -> usize {
    pass_ids
        .iter()
        .filter(|&&p| phases.get(p as usize) == Some(&Phase::Fast))
        .count()
}

/// Whether the phases can judge a cell at all: at least [`MIN_CLUSTER_ROUNDS`] fast
/// passes so far (before that, no cell could have the support asked of it).
#[must_use]
pub fn judges(phases: &[Phase]) -> bool {
    phases.iter().filter(|&&p| p == Phase::Fast).count() >= MIN_CLUSTER_ROUNDS
}

/// Whether a cell measured in `pass_ids` has phase support: enough rounds in fast passes
/// for its fastest cluster to be the undisturbed speed's, or phases that cannot judge.
#[must_use]
pub fn supported(pass_ids: &[u32], phases: &[Phase]) -> bool {
    !judges(phases) || fast_rounds(pass_ids, phases) >= MIN_CLUSTER_ROUNDS
}

#[cfg(test)]
mod tests;
