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
use crate::{undisturbed, Round, RoundFigure};

/// How much slower than its figure a reference timing may run and still count as the
/// undisturbed speed: well above the timing's own noise (a 10 ms timing of an L1 read
/// repeats within a few per cent) and well below the slow phases this VM shows (a
/// sibling hyperthread's load makes them 1.6-2x).
pub const SLOW_PHASE: f64 = 0.15;

/// The share of a round's time a multi-thread cell's threads may wait for a CPU (run
/// queue delay, percent of the time they wanted to run) and still count as having had
/// their CPUs to themselves. A call on N threads waits for its slowest thread, so any
/// task that takes one of its CPUs for a while slows the whole call: on the development
/// VM a busy loop on the second CPU made `blake3+rayon` at 1 MiB read 1.93x and its
/// threads wait 45.8 % of the time; undisturbed rounds wait under 1 %.
pub const CONTENDED_WAIT_PERCENT: f64 = 5.0;

/// How many rounds (their threads' wait, percent) ran with their CPUs free of other
/// tasks ([`CONTENDED_WAIT_PERCENT`]).
#[must_use]
pub fn free_rounds(waits: &[f64]) -> usize {
    waits
        .iter()
        .filter(|&&w| w.is_finite() && w <= CONTENDED_WAIT_PERCENT)
        .count()
}

/// Whether a multi-thread cell's rounds include enough with their CPUs free of other
/// tasks ([`MIN_CLUSTER_ROUNDS`]) for its fastest cluster to be the code's speed and not
/// the other tasks'; true where the waits are not known (nothing to judge by).
#[must_use]
pub fn free_enough(waits: &[f64]) -> bool {
    waits.is_empty() || free_rounds(waits) >= MIN_CLUSTER_ROUNDS
}

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

/// The machine's phase in every pass of a run so far, and what judged them.
#[derive(Clone, Debug, PartialEq)]
pub struct PassPhases {
    /// One per pass.
    pub phases: Vec<Phase>,
    /// The reference's undisturbed time the passes were judged against, ns.
    pub level_ns: f64,
    /// Whether that level is the one remembered from earlier runs on this machine
    /// (faster than anything this run's own timings settled on, or the only one there
    /// is): the whole run may then have been a slow spell.
    pub remembered: bool,
    /// Whether `level_ns` and `remembered` are a second reference's, judged together with
    /// the first ([`PassPhases::and`]): the one whose remembered level judged the run.
    pub second: bool,
}

impl PassPhases {
    /// How many passes ran at the machine's speed.
    #[must_use]
    pub fn fast_passes(&self) -> usize {
        self.phases.iter().filter(|&&p| p == Phase::Fast).count()
    }

    /// How many of a cell's rounds (`pass_ids`: the pass each ran in) ran in fast passes.
    #[must_use]
    pub fn fast_rounds(&self, pass_ids: &[u32]) -> usize {
        pass_ids
            .iter()
            .filter(|&&p| self.phases.get(p as usize) == Some(&Phase::Fast))
            .count()
    }

    /// Whether the phases can judge a cell at all: at least [`MIN_CLUSTER_ROUNDS`] fast
    /// passes so far (before that, no cell could have the support asked of it), or a
    /// level remembered from earlier runs, which tells a run that never met the machine's
    /// speed that it did not.
    #[must_use]
    pub fn judges(&self) -> bool {
        self.remembered || self.fast_passes() >= MIN_CLUSTER_ROUNDS
    }

    /// Whether a cell measured in `pass_ids` has phase support: enough rounds in fast
    /// passes for its fastest cluster to be the undisturbed speed's, or phases that cannot
    /// judge.
    #[must_use]
    pub fn supported(&self, pass_ids: &[u32]) -> bool {
        !self.judges() || self.fast_rounds(pass_ids) >= MIN_CLUSTER_ROUNDS
    }

    /// The phases of two references timed at the same boundaries, judged together: a
    /// pass is slow where either saw it slow, fast where one saw it fast and the other
    /// did not see it slow. Each reference is slowed by what it uses: on the development
    /// VM a state of the machine made short calls (and `read` at 64 B) 1.7x slower for
    /// whole runs while `read` at 4 KiB moved 6 %, and a slow spell made `read` at 4 KiB
    /// 1.45x slower while `read` at 64 B moved 7 %. The level kept is the first's, unless
    /// only the second was judged against a remembered one. `None` when neither can
    /// judge.
    #[must_use]
    pub fn and(first: Option<Self>, second: Option<Self>) -> Option<Self> {
        let (first, second) = match (first, second) {
            (Some(a), Some(b)) => (a, b),
            (Some(a), None) => return Some(a),
            (None, Some(b)) => return Some(Self { second: true, ..b }),
            (None, None) => return None,
        };
        let phases = first
            .phases
            .iter()
            .enumerate()
            .map(|(p, &a)| match (a, second.phases.get(p).copied()) {
                (Phase::Slow, _) | (_, Some(Phase::Slow)) => Phase::Slow,
                (Phase::Fast, _) | (_, Some(Phase::Fast)) => Phase::Fast,
                _ => Phase::Unknown,
            })
            .collect();
        let by_second = second.remembered && !first.remembered;
        let level = if by_second { &second } else { &first };
        Some(Self {
            phases,
            level_ns: level.level_ns,
            remembered: first.remembered || second.remembered,
            second: by_second,
        })
    }
}

/// The phase of each of `passes` passes, from the reference timings at the pass
/// boundaries: `boundaries[k]` is the timing before pass `k` (`k = 0`: at the start;
/// `k = p + 1`: after pass `p`), `None` where there is none. The level they are judged
/// against is the reference's own figure where its timings settle with no faster
/// timings unconfirmed, or `remembered` (the machine's undisturbed reference time from
/// earlier runs) where that is faster or the only one. `None` when neither exists: the
/// phases cannot be told apart then (the machine may just have sped up).
#[must_use]
pub fn pass_phases(
    boundaries: &[Option<f64>],
    passes: usize,
    remembered: Option<f64>,
) -> Option<PassPhases> {
    let timings: Vec<Round> = boundaries
        .iter()
        .flatten()
        .filter(|m| m.is_finite() && **m > 0.0)
        .map(|&m| Round::exact(m))
        .collect();
    let own = undisturbed(&timings)
        .filter(RoundFigure::confirmed)
        .map(|f| f.median_ns);
    let remembered = remembered.filter(|r| r.is_finite() && *r > 0.0);
    let (level, from_memory) = match (own, remembered) {
        (Some(o), Some(r)) if r * (1.0 + SLOW_PHASE) < o => (r, true),
        (Some(o), _) => (o, false),
        (None, Some(r)) => (r, true),
        (None, None) => return None,
    };
    let limit = level * (1.0 + SLOW_PHASE);
    let slow = |k: usize| -> Option<bool> {
        boundaries
            .get(k)
            .copied()
            .flatten()
            .filter(|m| m.is_finite() && *m > 0.0)
            .map(|m| m > limit)
    };
    let phases = (0..passes)
        .map(|p| match (slow(p), slow(p + 1)) {
            (Some(true), _) | (_, Some(true)) => Phase::Slow,
            (None, None) => Phase::Unknown,
            _ => Phase::Fast,
        })
        .collect();
    Some(PassPhases {
        phases,
        level_ns: level,
        remembered: from_memory,
        second: false,
    })
}

#[cfg(test)]
mod tests;
