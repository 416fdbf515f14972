//! The race `recommend` runs: after a short screening (every candidate measured in the
//! plan's rounds), only the contenders get more rounds: the cells whose paired ratio to
//! their size's leader still reaches the leader (the run cannot say they are slower
//! beyond the equivalence margin, nor that they are equivalent), and the leader with
//! them, side by side, until each is decided or its rounds or budget run out. A cell
//! shown slower beyond the margin drops out; one shown equivalent needs no more rounds.
//! The decision is the pure function [`contenders`], over what the rounds so far gave.

use hashbench_model::{Mode, Size};
use hashbench_stats::rounds::{decide, ratio, Relation, RoundFigure, Side};

/// The least ratio to the leader (the low end of its interval) at which a cell screened
/// after a single warm-up slice drops out of the race; a closer one races on with the
/// warm-up floor. The floor is there for first calls that run slow (lazy
/// initialisation, a cold instruction cache); each round's own 200 us warm-up has
/// already paid those, so a cold cell reads a few per cent slow, not half as fast.
pub(crate) const COLD_DROP: f64 = 1.5;

/// How far behind its leader, side by side (the low end of the paired ratio's
/// interval), a decided cell may be and still get rounds for the machine's phases: a
/// cell further behind is out of the answer whatever state of the machine its rounds
/// met (the slow states of the development VM slow kernels by 1.5-2x, unevenly, so
/// they move a ratio by at most about 1.3x), and its figure is only there to say why it
/// is left out. Without this a run spent in a slow spell measured every one of
/// `--need checksum`'s ~120 candidates up to its budget: 5.5-6.4 s instead of about 2.3.
pub(crate) const DISTANT: f64 = 2.0;

/// A cell's standing in the race after the rounds so far.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Standing {
    /// Needs more rounds to be decided against its group's leader (or is a leader that
    /// races with such cells, or is not settled yet).
    Racing,
    /// Decided: it races no more, but its rounds still need the machine's speed.
    Decided,
    /// Decided slower than the leader by at least [`DISTANT`], side by side: its figure
    /// says only why it is left out.
    Distant,
}

/// What the race knows of one cell after the rounds so far.
pub(crate) struct Entry<'a> {
    /// The group it races in: cells of one size and mode.
    pub group: (Size, Mode),
    /// Whether it races at all (baselines and failed cells do not).
    pub races: bool,
    /// Whether its algorithm can be the answer at its size: only those race past the
    /// screening, and the leader is the fastest of them.
    pub answerable: bool,
    /// Whether its implementation has had the warm-up floor (the screening gives one
    /// slice).
    pub warm: bool,
    /// The pass id of each of its rounds.
    pub ids: &'a [u32],
    /// Its round medians, ns.
    pub medians: &'a [f64],
    /// Its figure so far (`None` before its first round).
    pub figure: Option<RoundFigure>,
}

/// Which cells are still contenders: `true` for a cell that needs more rounds to be
/// decided against its group's leader, and for a leader that has any such cell (the
/// pairs need both in each pass) or whose own figure is not settled yet.
#[cfg(test)]
pub(crate) fn contenders(entries: &[Entry<'_>], margin: f64) -> Vec<bool> {
    standings(entries, margin)
        .into_iter()
        .map(|s| s == Standing::Racing)
        .collect()
}

/// Each cell's [`Standing`]: [`contenders`], with the decided cells that are
/// [`DISTANT`] told apart.
pub(crate) fn standings(entries: &[Entry<'_>], margin: f64) -> Vec<Standing> {
    let mut out = vec![Standing::Decided; entries.len()];
    let mut groups: Vec<(Size, Mode)> = entries
        .iter()
        .filter(|e| e.races)
        .map(|e| e.group)
        .collect();
    groups.sort_by_key(|g| (g.0, g.1 == Mode::Latency));
    groups.dedup();
    for group in groups {
        // The others are measured in the screening only, to say why they are left out
        // when faster.
        let members: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].races && entries[i].answerable && entries[i].group == group)
            .collect();
        let Some(leader) = members
            .iter()
            .copied()
            .filter(|&i| entries[i].figure.is_some())
            .min_by(|&a, &b| figure_ns(&entries[a]).total_cmp(&figure_ns(&entries[b])))
        else {
            continue;
        };
        let lead = &entries[leader];
        let lf = lead.figure.as_ref().expect("the leader has a figure");
        let mut any = false;
        for &i in members.iter().filter(|&&i| i != leader) {
            let e = &entries[i];
            let Some(f) = &e.figure else {
                out[i] = Standing::Racing;
                any = true;
                continue;
            };
            let r = ratio(
                Side {
                    ids: lead.ids,
                    medians: lead.medians,
                    figure: lf,
                },
                Side {
                    ids: e.ids,
                    medians: e.medians,
                    figure: f,
                },
            );
            let decided = r.is_some_and(|r| match decide(&r, margin) {
                // Shown slower side by side, or so far behind that even its intervals
                // say so while its own figure is settled; after only a warm-up slice,
                // only when far slower (a cold start reads slow, never that slow).
                Relation::Slower => {
                    (r.paired_rounds > 0 || f.confirmed()) && (e.warm || r.low >= COLD_DROP)
                }
                Relation::Equivalent => r.paired_rounds > 0 && e.warm,
                Relation::Faster | Relation::Undecided => false,
            });
            if !decided {
                out[i] = Standing::Racing;
                any = true;
            } else if r.is_some_and(|r| r.paired_rounds > 0 && r.low >= DISTANT) {
                out[i] = Standing::Distant;
            }
        }
        // The leader races on until it is warm: its figure is the answer's.
        if any || !lf.confirmed() || !lead.warm {
            out[leader] = Standing::Racing;
        }
    }
    out
}

fn figure_ns(e: &Entry<'_>) -> f64 {
    e.figure.as_ref().map_or(f64::INFINITY, |f| f.median_ns)
}

#[cfg(test)]
mod tests;
