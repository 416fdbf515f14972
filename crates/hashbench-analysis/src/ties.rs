//! Tie and equivalence groups in a ranking: a ranking must not pretend #1 beats #2 when
//! the run cannot tell them apart, nor rank two implementations whose difference is too
//! small to matter or to reproduce.
//!
//! Cells measured in rounds (every run since figures) are compared pair by pair on the
//! ratio of their rounds measured side by side (`hashbench_stats::rounds::ratio`), with a
//! practical-equivalence margin ([`DEFAULT_EQUIVALENCE`], or the run's `--equivalence`):
//! a cell is *equivalent* to its group's leader when the whole interval of their ratio
//! lies within the margin, *slower* when it lies wholly beyond it, and *tied* (the run
//! cannot say) otherwise. Cells from older files, without rounds to pair, tie when their
//! medians' confidence intervals overlap, as before.
//!
//! The rule is the leader's: walking the cells from the fastest, a group begins at the
//! first cell not yet placed (its leader) and takes every following cell that is not
//! shown slower than the leader, until the first that is. Comparing with the leader, not
//! with the neighbour, keeps a chain of small differences (A ~ B ~ C with A clearly
//! faster than C) from making one group out of a whole ranking. Groups are contiguous, so
//! a ranking can print them as `=1` or `~1` beside each member.

use hashbench_model::Cell;
use hashbench_stats::rounds::{decide, ratio as paired, Ratio, Relation, Side};

/// The practical-equivalence margin unless the run says otherwise (`--equivalence`):
/// implementations whose paired time ratio lies within ±3 % are reported as equivalent.
/// docs/method.md, "Numbers that reproduce", gives the between-process variation that
/// chose it.
pub const DEFAULT_EQUIVALENCE: f64 = 0.03;

/// The margin `run` was measured with ([`DEFAULT_EQUIVALENCE`] in older files).
#[must_use]
pub fn margin_of(run: &hashbench_model::Run) -> f64 {
    run.config
        .equivalence
        .filter(|m| m.is_finite() && *m >= 0.0)
        .unwrap_or(DEFAULT_EQUIVALENCE)
}

/// Where a cell stands in its ranking.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Place {
    /// Index (in the ranking) of its group's leader; its own index for a leader.
    pub leader: usize,
    /// How it stands to the leader: `None` for a leader, `Equivalent` or `Undecided`
    /// (a tie) for a member.
    pub relation: Option<Relation>,
    /// Its time over the leader's, where one was computed.
    pub ratio: Option<Ratio>,
}

/// The time interval of `cell`'s median, ns (older files' rule).
fn interval(cell: &Cell) -> (f64, f64) {
    cell.time_ci()
}

/// Whether two intervals share a point (touching counts: neither is shown to be faster).
fn overlap(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

/// `b`'s time over `a`'s, paired over their rounds measured side by side; `None` when
/// either cell has no figure (a file from before figures) or a figure of 0 ns.
#[must_use]
pub fn ratio(a: &Cell, b: &Cell) -> Option<Ratio> {
    let (fa, fb) = (a.figure.as_ref()?, b.figure.as_ref()?);
    let (ia, ib) = (a.round_id_list(), b.round_id_list());
    paired(
        Side {
            ids: &ia,
            medians: &a.round_medians_ns,
            figure: fa,
        },
        Side {
            ids: &ib,
            medians: &b.round_medians_ns,
            figure: fb,
        },
    )
}

/// How `b` stands to `a` with margin `margin`, and the ratio it rests on. Without figures
/// (older files): `Undecided` when their intervals overlap, else by their medians.
#[must_use]
pub fn relation(a: &Cell, b: &Cell, margin: f64) -> (Relation, Option<Ratio>) {
    match ratio(a, b) {
        Some(r) => (decide(&r, margin), Some(r)),
        None if overlap(interval(a), interval(b)) => (Relation::Undecided, None),
        None if b.time_ns() > a.time_ns() => (Relation::Slower, None),
        None => (Relation::Faster, None),
    }
}

/// For cells ranked fastest first (by time per call), where each stands: its group's
/// leader and its relation to it. Cells out of order are taken as given: the caller's
/// order is the ranking.
#[must_use]
pub fn groups(ranked: &[&Cell], margin: f64) -> Vec<Place> {
    let mut places = Vec::with_capacity(ranked.len());
    let mut leader = 0;
    for (i, cell) in ranked.iter().enumerate() {
        if i == 0 {
            places.push(Place {
                leader: 0,
                relation: None,
                ratio: None,
            });
            continue;
        }
        let (rel, ratio) = relation(ranked[leader], cell, margin);
        if rel == Relation::Slower {
            leader = i;
            places.push(Place {
                leader: i,
                relation: None,
                ratio: None,
            });
        } else {
            // Faster than its leader beyond the margin, while ranked after it by figure:
            // the two measures disagree, which is no order either.
            let rel = if rel == Relation::Faster {
                Relation::Undecided
            } else {
                rel
            };
            places.push(Place {
                leader,
                relation: Some(rel),
                ratio,
            });
        }
    }
    places
}

/// For cells ranked fastest first, the 0-based index of each cell's group leader:
/// `groups[i] == i` for a leader, else the leader it ties with or is equivalent to.
#[must_use]
pub fn tie_groups(ranked: &[&Cell], margin: f64) -> Vec<usize> {
    groups(ranked, margin).iter().map(|p| p.leader).collect()
}

/// Every ranking of `run`: per size and mode, its cells fastest first with their groups.
#[must_use]
pub fn rankings(run: &hashbench_model::Run) -> Vec<hashbench_model::Ranking> {
    let margin = margin_of(run);
    let mut out = Vec::new();
    for size in run.sizes() {
        for mode in [
            hashbench_model::Mode::Throughput,
            hashbench_model::Mode::Latency,
        ] {
            let mut cells: Vec<&Cell> = run
                .cells
                .iter()
                .filter(|c| c.size == size && c.mode == mode)
                .collect();
            if cells.is_empty() {
                continue;
            }
            cells.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
            let places = groups(&cells, margin);
            out.push(hashbench_model::Ranking {
                size,
                mode,
                order: cells
                    .iter()
                    .zip(&places)
                    .map(|(c, p)| hashbench_model::Ranked {
                        implementation: c.label(),
                        group: p.leader + 1,
                        relation: p.relation,
                        ratio: p.ratio.map(|r| r.ratio),
                    })
                    .collect(),
            });
        }
    }
    out
}

/// The places of `ranked` (the cells of one size and mode, fastest first) as the run
/// stored them (`run.rankings`, which the runner fills and [`complete`] fills for a file
/// written before runs stored them). A renderer reads and never computes: cells the run
/// holds no ranking of (a run assembled by hand and not [`completed`]) each stand alone,
/// claiming no tie.
#[must_use]
pub fn stored_places(run: &hashbench_model::Run, ranked: &[&Cell]) -> Vec<Place> {
    let Some(first) = ranked.first() else {
        return Vec::new();
    };
    let stored = run
        .rankings
        .iter()
        .find(|r| r.size == first.size && r.mode == first.mode)
        .filter(|r| {
            r.order.len() == ranked.len()
                && r.order
                    .iter()
                    .zip(ranked)
                    .all(|(o, c)| o.implementation == c.label())
        });
    match stored {
        Some(r) => r
            .order
            .iter()
            .map(|o| Place {
                leader: o.group.saturating_sub(1),
                relation: o.relation,
                ratio: None,
            })
            .collect(),
        None => (0..ranked.len())
            .map(|leader| Place {
                leader,
                relation: None,
                ratio: None,
            })
            .collect(),
    }
}

#[cfg(test)]
mod tests;
