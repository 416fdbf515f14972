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

/// The screening rounds of these races; a cell measured past them has had the warm-up
/// floor (as the runner gives it to what races on).
const SCREENING: usize = 3;

fn entries(sims: &[Sim]) -> Vec<Entry<'_>> {
    sims.iter()
        .map(|s| Entry {
            group: (Size::Bytes(4096), Mode::Throughput),
            races: true,
            answerable: true,
            warm: s.ids.len() > SCREENING,
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
    // Two within 1 % (equivalent), one 2 % off the margin's edge, the rest far behind
    // (beyond COLD_DROP, so their screening after one warm-up slice decides them).
    let (passes, sims) = race(&[100.0, 101.0, 110.0, 200.0, 300.0], 3, 40);
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
    fn warm(mut e: Vec<Entry<'_>>) -> Vec<Entry<'_>> {
        e.iter_mut().for_each(|x| x.warm = true);
        e
    }
    let mut e = warm(entries(&sims));
    e[1].races = false;
    assert_eq!(contenders(&e, 0.03), vec![false, false]);
    let mut e = warm(entries(&sims));
    e[1].group = (Size::Bytes(64), Mode::Throughput);
    assert_eq!(
        contenders(&e, 0.03),
        vec![false, false],
        "each alone in its group"
    );
}

#[test]
fn a_close_cell_screened_cold_races_on_warm_and_a_far_one_drops() {
    // 1.2x: shown slower in the screening, but after one warm-up slice only a cell
    // COLD_DROP times slower is decided; this one gets a warm round first. 2x drops.
    let (_, sims) = race(&[100.0, 120.0, 200.0], 3, 30);
    assert!(sims[1].ids.len() > SCREENING, "raced on warm");
    assert_eq!(sims[2].ids.len(), SCREENING, "far slower: decided cold");
    // The leader races until it is warm: its figure is the answer's.
    assert!(sims[0].ids.len() > SCREENING);
}

#[test]
fn only_answerable_cells_race_and_the_leader_is_the_fastest_of_them() {
    let sims = [
        Sim {
            time: 50.0,
            ids: vec![0, 1, 2, 3],
            medians: vec![50.0, 50.1, 50.0, 50.2],
        },
        Sim {
            time: 100.0,
            ids: vec![0, 1, 2, 3],
            medians: vec![100.0, 100.2, 100.1, 100.0],
        },
        Sim {
            time: 103.0,
            ids: vec![0, 1, 2, 3],
            medians: vec![103.0, 103.3, 103.1, 103.2],
        },
    ];
    // Against the fastest, both are decided: far slower.
    assert_eq!(contenders(&entries(&sims), 0.03), vec![false, false, false]);
    let mut e = entries(&sims);
    // The fastest cannot be the answer (MD5 for --need crypto): measured in the
    // screening only; the other two, 3 % apart (the margin's edge), race on.
    e[0].answerable = false;
    assert_eq!(contenders(&e, 0.03), vec![false, true, true]);
}

#[test]
fn a_decided_cell_twice_as_slow_side_by_side_is_distant_and_a_closer_one_is_not() {
    let sim = |t: f64| Sim {
        time: t,
        ids: vec![0, 1, 2, 3],
        medians: vec![t, t * 1.001, t * 0.999, t],
    };
    let sims = [sim(100.0), sim(150.0), sim(210.0), sim(101.0)];
    let mut e = entries(&sims);
    e.iter_mut().for_each(|x| x.warm = true);
    assert_eq!(
        standings(&e, 0.03),
        // 1.5x behind: decided, but its rounds still want the machine's speed; 2.1x:
        // distant; 1 % behind: equivalent within the margin, decided.
        vec![
            Standing::Decided,
            Standing::Decided,
            Standing::Distant,
            Standing::Decided,
        ]
    );
    // Not side by side (no pass in common): decided by the figures alone, never distant.
    let apart = Sim {
        time: 300.0,
        ids: vec![10, 11, 12, 13],
        medians: vec![300.0; 4],
    };
    let sims = [sim(100.0), apart];
    let mut e = entries(&sims);
    e.iter_mut().for_each(|x| x.warm = true);
    assert_eq!(
        standings(&e, 0.03),
        vec![Standing::Decided, Standing::Decided]
    );
}
