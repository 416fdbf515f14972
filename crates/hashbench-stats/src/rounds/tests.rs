use super::*;
use proptest::prelude::*;

/// Rounds with these medians, each with a ±0.5 % interval of its own.
fn rounds(medians: &[f64]) -> Vec<Round> {
    medians
        .iter()
        .map(|&m| Round {
            median: m,
            low: m * 0.995,
            high: m * 1.005,
        })
        .collect()
}

fn figure(medians: &[f64]) -> RoundFigure {
    undisturbed(&rounds(medians)).expect("rounds given")
}

#[test]
fn steady_rounds_give_their_median_and_a_95_percent_interval() {
    let f = figure(&[100.0, 100.4, 99.8, 100.1, 100.2, 99.9, 100.3, 100.0]);
    assert!(f.settled);
    assert_eq!(f.rounds.len(), 8, "every round agrees");
    assert!((f.median_ns - 100.05).abs() < 1e-9, "{}", f.median_ns);
    // n = 8: the CI's ranks are 1 and 8, [99.8, 100.4]; the next run's range, at least
    // 0.5 % either way, holds it.
    assert_eq!(
        (f.ci_low_ns, f.ci_high_ns),
        (100.05 * (1.0 - FLOOR), 100.05 * (1.0 + FLOOR))
    );
    assert!(f.coverage >= 0.95);
    assert_eq!(f.method(), CiMethod::OrderStatistic);
}

#[test]
fn bimodal_rounds_give_the_fast_cluster() {
    // sha2-512 at 64 KiB on the development VM: 106,05x ns undisturbed, 150-200 us with a
    // busy sibling hyperthread.
    let f = figure(&[
        173_092.0, 106_047.0, 106_057.0, 198_656.0, 194_003.0, 106_053.0, 163_182.0, 106_048.0,
    ]);
    assert!(f.settled);
    assert_eq!(f.rounds, vec![1, 2, 5, 7]);
    assert!((f.median_ns - 106_050.5).abs() < 1e-9);
    // The cluster's own interval is tight; but with four fast rounds in eight a next run
    // may find fewer than three, and read a slow phase's figure: the interval says so.
    assert!(f.ci_low_ns >= 106_047.0 * 0.995, "{}", f.ci_low_ns);
    assert!(f.ci_high_ns > 150_000.0, "{}", f.ci_high_ns);
    assert_eq!(f.interval, IntervalKind::NextRun);
}

#[test]
fn mostly_slow_rounds_still_give_the_fast_cluster() {
    // Three undisturbed rounds among nine.
    let f = figure(&[
        150.0, 160.0, 100.0, 170.0, 101.0, 155.0, 180.0, 100.5, 165.0,
    ]);
    assert!(f.settled);
    assert_eq!(f.rounds, vec![2, 4, 7]);
    assert_eq!(f.median_ns, 100.5);
}

#[test]
fn one_or_two_fast_outliers_have_no_support() {
    // A round that read 40 % fast once (a clock glitch) is not the machine.
    let f = figure(&[100.0, 60.0, 100.5, 99.8, 100.2]);
    assert!(f.settled);
    assert!(!f.rounds.contains(&1));
    assert_eq!(f.median_ns, 100.1);
    let f = figure(&[100.0, 60.0, 61.0, 100.5, 99.8, 100.2]);
    assert!(!f.rounds.contains(&1) && !f.rounds.contains(&2));
}

#[test]
fn unconfirmed_faster_rounds_are_counted() {
    // Six rounds in a slow phase, then two at the machine's own speed: the slow cluster
    // is the figure, and the two are reported, so that the run measures the cell again.
    let f = figure(&[1451.0, 1451.0, 1449.0, 1441.0, 1448.0, 1450.0, 794.0, 794.0]);
    assert!(f.settled);
    assert_eq!(f.faster_rounds, 2);
    assert!(
        !f.confirmed(),
        "settled, but a faster round is left unconfirmed"
    );
    // One more fast round confirms the fast cluster.
    let f = figure(&[
        1451.0, 1451.0, 1449.0, 1441.0, 1448.0, 1450.0, 794.0, 794.0, 795.0,
    ]);
    assert_eq!((f.median_ns, f.faster_rounds), (794.0, 0));
    assert!(f.confirmed());
    // A round only a little faster is not counted: it lies within twice the width.
    assert_eq!(figure(&[96.0, 100.0, 100.5, 101.0]).faster_rounds, 0);
    assert_eq!(figure(&[90.0, 100.0, 100.5, 101.0]).faster_rounds, 1);
}

#[test]
fn one_slow_outlier_round_is_left_out() {
    let f = figure(&[100.0, 100.2, 250.0, 99.9, 100.1]);
    assert!(f.settled);
    assert_eq!(f.rounds, vec![0, 1, 3, 4]);
}

#[test]
fn drifting_rounds_give_the_fast_end_within_the_cluster_width() {
    // A steady climb of 1 % per round: the cluster is the fastest 4 % of it.
    let medians: Vec<f64> = (0..12)
        .map(|i| 100.0 * (1.0 + 0.01 * f64::from(i)))
        .collect();
    let f = figure(&medians);
    assert!(f.settled);
    assert_eq!(f.rounds, vec![0, 1, 2, 3, 4]);
    assert_eq!(f.median_ns, 102.0);
}

#[test]
fn rounds_that_never_agree_are_unsettled() {
    // Every round 10 % from the next: no three within 4 %.
    let medians: Vec<f64> = (0..8).map(|i| 100.0 * 1.1_f64.powi(i)).collect();
    let f = figure(&medians);
    assert!(!f.settled);
    assert_eq!(f.rounds.len(), 8, "the figure falls back on every round");
    let all = {
        let mut v = medians.clone();
        v.sort_by(f64::total_cmp);
        median_sorted(&v).unwrap()
    };
    assert_eq!(f.median_ns, all);
}

#[test]
fn fewer_than_three_rounds_are_never_settled() {
    // docs/json-schema.md: settled when at least 3 rounds agree within 4 % (issue 32: a
    // one-round run said `settled: true`).
    assert!(!figure(&[100.0]).settled);
    assert!(!figure(&[100.0, 101.0]).settled);
    assert!(!figure(&[100.0, 150.0]).settled);
    assert!(figure(&[100.0, 101.0, 100.5]).settled);
    // One round: the round's own interval, not a zero-width one.
    let f = figure(&[100.0]);
    assert_eq!((f.ci_low_ns, f.ci_high_ns), (100.0 * 0.995, 100.0 * 1.005));
    assert_eq!(f.coverage, 0.0, "one round: no coverage can be claimed");
    assert!(undisturbed(&[]).is_none());
}

#[test]
fn few_rounds_use_the_envelope_of_their_own_intervals() {
    let f = figure(&[100.0, 101.0, 100.5]);
    assert_eq!(f.ci_low_ns, 99.5);
    assert!((f.ci_high_ns - 101.0 * 1.005).abs() < 1e-9);
    assert_eq!(f.coverage, 0.75);
    assert_eq!(f.method(), CiMethod::MinMaxTooFewSamples);
}

proptest! {
    /// Adding rounds slower than a settled cluster's window never moves the figure.
    #[test]
    fn slow_rounds_never_move_a_settled_figure(
        fast in prop::collection::vec(100.0f64..103.0, 3..12),
        slow in prop::collection::vec(1.05f64..3.0, 0..20),
        mixed in prop::collection::vec(any::<bool>(), 40),
    ) {
        let before = figure(&fast);
        prop_assume!(before.settled);
        let top = before.rounds.iter().map(|&i| fast[i]).fold(f64::MIN, f64::max);
        let min = fast.iter().copied().fold(f64::MAX, f64::min);
        // Each slow round lies above the window of the cluster's fastest round.
        let slow: Vec<f64> = slow.iter().map(|s| min * (1.0 + CLUSTER_WIDTH) * s).collect();
        prop_assume!(slow.iter().all(|&s| s > top));
        // Interleave them anywhere among the fast rounds.
        let mut all = Vec::new();
        let (mut f, mut s) = (fast.iter(), slow.iter());
        for &take_slow in &mixed {
            let next = if take_slow { s.next().or_else(|| f.next()) } else { f.next().or_else(|| s.next()) };
            if let Some(&x) = next { all.push(x); }
        }
        all.extend(f.copied());
        all.extend(s.copied());
        let after = figure(&all);
        prop_assert!(after.settled);
        prop_assert_eq!(after.median_ns, before.median_ns);
        prop_assert_eq!(after.rounds.len(), before.rounds.len());
    }

    /// The figure always lies within its interval and within the rounds' range.
    #[test]
    fn the_figure_lies_in_its_interval(medians in prop::collection::vec(1.0f64..1e6, 1..30)) {
        let f = figure(&medians);
        prop_assert!(f.ci_low_ns <= f.median_ns && f.median_ns <= f.ci_high_ns);
        let min = medians.iter().copied().fold(f64::MAX, f64::min);
        let max = medians.iter().copied().fold(f64::MIN, f64::max);
        prop_assert!(f.median_ns >= min && f.median_ns <= max);
        prop_assert!(f.rounds.iter().all(|&i| i < medians.len()));
    }
}

fn side<'a>(ids: &'a [u32], medians: &'a [f64], figure: &'a RoundFigure) -> Side<'a> {
    Side {
        ids,
        medians,
        figure,
    }
}

#[test]
fn paired_ratios_cancel_the_phase_both_cells_met() {
    // Two cells 2 % apart, both slowed 1.5x in rounds 2 and 5: their figures use the
    // same fast rounds, and the paired ratio is exactly 1.02.
    let a = [100.0, 100.1, 150.0, 99.9, 100.0, 151.0, 100.2];
    let b: Vec<f64> = a.iter().map(|x| x * 1.02).collect();
    let ids: Vec<u32> = (0..7).collect();
    let (fa, fb) = (figure(&a), figure(&b));
    let r = ratio(side(&ids, &a, &fa), side(&ids, &b, &fb)).unwrap();
    assert_eq!(r.paired_rounds, 5);
    assert!((r.ratio - 1.02).abs() < 1e-12);
    assert!((r.low - 1.02).abs() < 1e-12 && (r.high - 1.02).abs() < 1e-12);
    assert_eq!(decide(&r, 0.03), Relation::Equivalent);
    assert_eq!(decide(&r, 0.01), Relation::Slower);
}

#[test]
fn pairs_only_rounds_measured_side_by_side() {
    // b was measured in rounds 0, 2 and 4 only (ids), a in 0..5.
    let a = [100.0, 100.0, 100.0, 100.0, 100.0];
    let b = [110.0, 110.0, 110.0];
    let (ia, ib) = ([0, 1, 2, 3, 4], [0, 2, 4]);
    let (fa, fb) = (figure(&a), figure(&b));
    let r = ratio(side(&ia, &a, &fa), side(&ib, &b, &fb)).unwrap();
    assert_eq!(r.paired_rounds, 3);
    assert!((r.ratio - 1.1).abs() < 1e-12);
    assert_eq!(decide(&r, 0.03), Relation::Slower);
    // The other way round.
    let back = ratio(side(&ib, &b, &fb), side(&ia, &a, &fa)).unwrap();
    assert_eq!(decide(&back, 0.03), Relation::Faster);
}

#[test]
fn a_cell_with_too_few_calm_rounds_is_paired_over_the_others_cluster() {
    // b met the slow phase in most passes: its cluster is a slow one, but in a's calm
    // passes 0, 3 and 6 it ran at 1.05x a.
    let a = [100.0, 150.0, 150.0, 100.0, 150.0, 150.0, 100.0];
    let b = [105.0, 200.0, 201.0, 105.0, 202.0, 200.5, 105.0];
    let ids: Vec<u32> = (0..7).collect();
    let (fa, fb) = (figure(&a), figure(&b));
    assert_eq!(fa.rounds, vec![0, 3, 6]);
    assert_eq!(
        fb.rounds,
        vec![0, 3, 6],
        "b's three calm rounds are its cluster"
    );
    let r = ratio(side(&ids, &a, &fa), side(&ids, &b, &fb)).unwrap();
    assert_eq!(r.paired_rounds, 3);
    // Now b missed one calm pass (its round 3 slow): two calm rounds, no calm cluster.
    let b = [105.0, 200.0, 201.0, 199.0, 202.0, 200.5, 105.0];
    let fb = figure(&b);
    assert!(!fb.rounds.contains(&0));
    let r = ratio(side(&ids, &a, &fa), side(&ids, &b, &fb)).unwrap();
    assert_eq!(r.paired_rounds, 3, "paired over a's cluster");
    assert!((r.ratio - 1.05).abs() < 1e-12);
}

#[test]
fn too_few_paired_rounds_fall_back_on_the_figures() {
    let a = [100.0, 100.0, 100.0];
    let b = [105.0, 105.0, 105.0];
    let (ia, ib) = ([0, 1, 2], [5, 6, 7]);
    let (fa, fb) = (figure(&a), figure(&b));
    let r = ratio(side(&ia, &a, &fa), side(&ib, &b, &fb)).unwrap();
    assert_eq!(r.paired_rounds, 0);
    assert!((r.ratio - 1.05).abs() < 1e-12);
    // Opposite ends: 104.475 / 100.5 .. 105.525 / 99.5.
    assert!((r.low - 104.475 / 100.5).abs() < 1e-12);
    assert!((r.high - 105.525 / 99.5).abs() < 1e-12);
}

#[test]
fn the_equivalence_rule() {
    let r = |low, high| Ratio {
        ratio: (low + high) / 2.0,
        low,
        high,
        paired_rounds: 8,
    };
    // Inside ±3 %: equivalent, whichever side.
    assert_eq!(decide(&r(0.98, 1.025), 0.03), Relation::Equivalent);
    assert_eq!(decide(&r(1.0 / 1.03, 1.03), 0.03), Relation::Equivalent);
    // Beyond the margin as a whole: ordered.
    assert_eq!(decide(&r(1.031, 1.2), 0.03), Relation::Slower);
    assert_eq!(decide(&r(0.5, 0.96), 0.03), Relation::Faster);
    // Across an edge: undecided, even when the interval excludes 1.
    assert_eq!(decide(&r(1.01, 1.05), 0.03), Relation::Undecided);
    assert_eq!(decide(&r(0.9, 1.1), 0.03), Relation::Undecided);
    // No margin: ordered as soon as the interval excludes 1.
    assert_eq!(decide(&r(1.001, 1.002), 0.0), Relation::Slower);
}

#[test]
fn the_interval_around_the_runs_move_keeps_the_rounds_and_its_own_floor_only() {
    let rounds: Vec<Round> = [100.0, 100.4, 99.8, 100.2, 100.0, 99.9]
        .iter()
        .map(|&m| Round::exact(m))
        .collect();
    let plain = undisturbed(&rounds).expect("a figure");
    assert!(plain.around_machine.is_none());
    let f = plain
        .clone()
        .with_floor_around_machine(0.02)
        .with_floor(0.05);
    let around = f.around_machine.expect("set");
    let m = f.median_ns;
    // Around the run's move: the rounds' interval, reaching ±2 %; the figure's own
    // interval reaches ±5 %, as far as whole runs moved.
    assert!((around.low_ns - m * 0.98).abs() < 1e-9 && (around.high_ns - m * 1.02).abs() < 1e-9);
    assert!((f.ci_low_ns - m * 0.95).abs() < 1e-9 && (f.ci_high_ns - m * 1.05).abs() < 1e-9);
    // A rounds' interval wider than the floor is kept.
    let wide = plain.with_floor_around_machine(0.0);
    let around = wide.around_machine.expect("set");
    assert_eq!(
        (around.low_ns, around.high_ns),
        (wide.ci_low_ns, wide.ci_high_ns)
    );
}
