//! The race `recommend` runs: after a short screening (every candidate measured in the
//! plan's rounds), only the contenders get more rounds: the cells whose paired ratio to
//! their size's leader still reaches the leader (the run cannot say they are slower
//! beyond the equivalence margin, nor that they are equivalent), and the leader with
//! them, side by side, until each is decided or its rounds or budget run out. A cell
//! shown slower beyond the margin drops out; one shown equivalent needs no more rounds.
//! The decision is the pure function [`contenders`], over what the rounds so far gave.

use hashbench_model::{Mode, Size};
use hashbench_stats::rounds::{decide, ratio, Relation, RoundFigure, Side};

/// What the race knows of one cell after the rounds so far.
pub(crate) struct Entry<'a> {
    /// The group it races in: cells of one size and mode.
    pub group: (Size, Mode),
    /// Whether it races at all (baselines and failed cells do not).
    pub races: bool,
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
pub(crate) fn contenders(entries: &[Entry<'_>], margin: f64) -> Vec<bool> {
    let mut out = vec![false; entries.len()];
    let mut groups: Vec<(Size, Mode)> = entries
        .iter()
        .filter(|e| e.races)
        .map(|e| e.group)
        .collect();
    groups.sort_by_key(|g| (g.0, g.1 == Mode::Latency));
    groups.dedup();
    for group in groups {
        let members: Vec<usize> = (0..entries.len())
            .filter(|&i| entries[i].races && entries[i].group == group)
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
                out[i] = true;
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
                // say so while its own figure is settled.
                Relation::Slower => r.paired_rounds > 0 || (f.settled && f.faster_rounds == 0),
                Relation::Equivalent => r.paired_rounds > 0,
                Relation::Faster | Relation::Undecided => false,
            });
            if !decided {
                out[i] = true;
                any = true;
            }
        }
        out[leader] = any || !lf.settled || lf.faster_rounds > 0;
    }
    out
}

fn figure_ns(e: &Entry<'_>) -> f64 {
    e.figure.as_ref().map_or(f64::INFINITY, |f| f.median_ns)
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbench_stats::{undisturbed, Round};

    /// A simulated cell: its true time, and the rounds measured so far.
    struct Sim {
        time: f64,
        ids: Vec<u32>,
        medians: Vec<f64>,
    }

    fn figure(m: &[f64]) -> Option<RoundFigure> {
        let rounds: Vec<Round> = m
            .iter()
            .map(|&x| Round {
                median: x,
                low: x * 0.998,
                high: x * 1.002,
            })
            .collect();
        undisturbed(&rounds)
    }

    fn entries(sims: &[Sim]) -> Vec<Entry<'_>> {
        sims.iter()
            .map(|s| Entry {
                group: (Size::Bytes(4096), Mode::Throughput),
                races: true,
                ids: &s.ids,
                medians: &s.medians,
                figure: figure(&s.medians),
            })
            .collect()
    }

    /// Races `times` with a deterministic machine: passes 3k+1 are slowed 1.7x (a
    /// neighbour), and each round is off its true time by up to ±0.6 %, in a fixed
    /// pattern of its own per cell.
    /// Returns the passes run and which cells were still racing at the end.
    fn race(times: &[f64], screening: u32, max_passes: u32) -> (u32, Vec<Sim>) {
        let mut sims: Vec<Sim> = times
            .iter()
            .map(|&time| Sim {
                time,
                ids: Vec::new(),
                medians: Vec::new(),
            })
            .collect();
        for pass in 0..max_passes {
            let racing: Vec<bool> = if pass < screening {
                vec![true; sims.len()]
            } else {
                contenders(&entries(&sims), 0.03)
            };
            if !racing.contains(&true) {
                return (pass, sims);
            }
            for (k, s) in sims.iter_mut().enumerate() {
                if racing[k] {
                    let phase = if pass % 3 == 1 { 1.7 } else { 1.0 };
                    let jitter = 1.0 + 0.006 * (f64::from(pass) * 7.0 + k as f64 * 13.0).sin();
                    s.ids.push(pass);
                    s.medians.push(s.time * phase * jitter);
                }
            }
        }
        (max_passes, sims)
    }

    #[test]
    fn the_race_ends_when_every_contender_is_decided() {
        // Two within 1 % (equivalent), one 2 % off the margin's edge, the rest far behind.
        let (passes, sims) = race(&[100.0, 101.0, 110.0, 150.0, 300.0], 3, 40);
        assert!(passes < 40, "the race ended ({passes} passes)");
        // The slow ones stopped after screening.
        assert_eq!(sims[3].ids.len(), 3);
        assert_eq!(sims[4].ids.len(), 3);
        let last = contenders(&entries(&sims), 0.03);
        assert!(!last.contains(&true));
    }

    #[test]
    fn a_difference_at_the_margin_races_to_its_budget_then_stops() {
        // 3 % apart: the interval of the ratio always reaches across the margin's edge.
        let (passes, sims) = race(&[100.0, 103.0], 3, 30);
        assert_eq!(passes, 30, "undecided all along: the budget ends it");
        assert_eq!(sims[1].ids.len(), 30);
    }

    #[test]
    fn a_slow_screening_round_does_not_drop_the_winner() {
        // The fastest cell met the slow phase in two of its three screening rounds.
        let mut sims = vec![
            Sim {
                time: 100.0,
                ids: vec![0, 1, 2],
                medians: vec![170.0, 100.0, 170.0],
            },
            Sim {
                time: 105.0,
                ids: vec![0, 1, 2],
                medians: vec![105.0, 178.0, 105.2],
            },
        ];
        let c = contenders(&entries(&sims), 0.03);
        assert_eq!(c, vec![true, true], "neither is decided yet");
        sims[0].ids.extend([3, 4]);
        sims[0].medians.extend([100.2, 100.1]);
        sims[1].ids.extend([3, 4]);
        sims[1].medians.extend([105.1, 105.3]);
        let c = contenders(&entries(&sims), 0.03);
        assert_eq!(c, vec![false, false], "5 % slower side by side: decided");
    }

    #[test]
    fn baselines_and_other_groups_do_not_race() {
        let sims = [
            Sim {
                time: 1.0,
                ids: vec![0, 1, 2],
                medians: vec![10.0, 10.0, 10.0],
            },
            Sim {
                time: 1.0,
                ids: vec![0, 1, 2],
                medians: vec![10.1, 10.2, 10.0],
            },
        ];
        let mut e = entries(&sims);
        e[1].races = false;
        assert_eq!(contenders(&e, 0.03), vec![false, false]);
        let mut e = entries(&sims);
        e[1].group = (Size::Bytes(64), Mode::Throughput);
        assert_eq!(
            contenders(&e, 0.03),
            vec![false, false],
            "each alone in its group"
        );
    }
}
