use super::*;
use crate::rounds::{undisturbed, Round};
use proptest::prelude::*;

fn figure_of_rounds(medians: &[f64]) -> f64 {
    let mut sorted = medians.to_vec();
    sorted.sort_by(f64::total_cmp);
    figure_of(&sorted, &vec![1; sorted.len()])
}

#[test]
fn a_run_that_drew_one_level_still_admits_the_level_below() {
    // crc32c/crc-fast at 64 B on the development VM (issue 32): round medians on levels a
    // third of a cycle apart, 4.873, 5.010 and 5.144 ns. One run drew the top level in 8
    // of its 9 rounds and read 5.144 [5.143, 5.144]; the next read 5.010.
    let mut medians = vec![5.144; 8];
    medians.push(4.873);
    let figure = figure_of_rounds(&medians);
    assert_eq!(figure, 5.144);
    let (low, high) = next_run(&medians, figure).expect("two rounds or more");
    assert!(low <= 4.873 + 1e-9, "{low}");
    assert!(low <= 5.010 && 5.010 <= high, "[{low}, {high}]");
}

#[test]
fn rounds_that_all_agree_exactly_give_the_floor() {
    let (low, high) = next_run(&[6.017; 12], 6.017).expect("rounds given");
    assert_eq!((low, high), (6.017 * (1.0 - FLOOR), 6.017 * (1.0 + FLOOR)));
}

#[test]
fn one_round_says_nothing_about_the_next_run() {
    assert_eq!(next_run(&[5.0], 5.0), None);
    assert_eq!(next_run(&[], 5.0), None);
    assert_eq!(next_run(&[f64::NAN, 5.0], 5.0), None);
}

#[test]
fn few_fast_rounds_among_slow_ones_widen_the_interval_upwards() {
    // Four fast rounds among twelve: a next run may well find fewer than three of them.
    let medians = [
        100.0, 101.0, 100.5, 100.2, 160.0, 170.0, 165.0, 180.0, 175.0, 168.0, 172.0, 166.0,
    ];
    let figure = figure_of_rounds(&medians);
    assert!((figure - 100.35).abs() < 1e-9, "{figure}");
    let (low, high) = next_run(&medians, figure).expect("rounds given");
    assert!(low <= figure && high > 150.0, "[{low}, {high}]");
}

#[test]
fn the_same_rounds_in_any_order_give_the_same_interval() {
    let a = [5.0, 5.2, 5.1, 5.0, 7.0, 5.3, 5.05];
    let mut b = a;
    b.reverse();
    assert_eq!(next_run(&a, 5.1), next_run(&b, 5.1));
}

#[test]
fn the_median_of_counted_values() {
    assert_eq!(median_of(&[1.0, 2.0, 3.0], &[1, 1, 1], 3), 2.0);
    assert_eq!(median_of(&[1.0, 2.0], &[3, 1], 4), 1.0);
    assert_eq!(median_of(&[1.0, 2.0], &[1, 1], 2), 1.5);
    assert!(median_of(&[], &[], 0).is_nan());
}

proptest! {
    /// A replay counts rounds rather than sorting copies of them; with one copy of each
    /// round it must give exactly the figure the estimator gives.
    #[test]
    fn a_replay_of_every_round_once_is_the_figure(
        medians in prop::collection::vec(1.0f64..1000.0, 1..30),
    ) {
        let rounds: Vec<Round> = medians.iter().map(|&m| Round::exact(m)).collect();
        let expected = undisturbed(&rounds).expect("rounds given").median_ns;
        prop_assert_eq!(figure_of_rounds(&medians), expected);
    }

    #[test]
    fn the_interval_holds_the_figure(
        medians in prop::collection::vec(1.0f64..1000.0, 2..30),
    ) {
        let rounds: Vec<Round> = medians.iter().map(|&m| Round::exact(m)).collect();
        let f = undisturbed(&rounds).expect("rounds given");
        prop_assert!(f.ci_low_ns <= f.median_ns && f.median_ns <= f.ci_high_ns);
        prop_assert!(f.ci_low_ns >= 0.0 && f.ci_high_ns.is_finite());
    }
}

#[test]
fn a_level_two_rounds_sat_on_is_a_level_the_next_run_may_read() {
    // adler32/simd-adler32 at 1 MiB (issue 32's coverage runs): ten rounds at 30.9 us and
    // two at 29.86 us. The replays almost always read 30.9; the next run drew seven at
    // 29.86 and read that.
    let mut medians = vec![30_900.0, 30_910.0, 30_905.0, 30_920.0, 30_898.0];
    medians.extend([30_902.0, 30_915.0, 30_899.0, 30_907.0, 30_911.0]);
    medians.extend([29_860.0, 29_870.0]);
    let f = undisturbed(&medians.iter().map(|&m| Round::exact(m)).collect::<Vec<_>>())
        .expect("rounds given");
    assert!(f.median_ns > 30_890.0, "{f:?}");
    assert!(f.ci_low_ns <= 29_860.0, "{f:?}");
    // One round alone on a level is not confirmed: it does not widen the interval.
    let mut one_off = medians[..10].to_vec();
    one_off.push(29_860.0);
    let g = undisturbed(&one_off.iter().map(|&m| Round::exact(m)).collect::<Vec<_>>())
        .expect("rounds given");
    assert!(g.ci_low_ns > 29_860.0, "{g:?}");
}

#[test]
fn levels_are_the_outermost_values_another_round_agrees_with() {
    assert_eq!(levels(&[1.0, 1.1, 1.2]), None);
    assert_eq!(levels(&[100.0]), None);
    // 100.0 stands alone; 101.0/101.4 agree (0.4 %), 103.0/103.2 agree.
    assert_eq!(
        levels(&[100.0, 101.0, 101.4, 102.2, 103.0, 103.2]),
        Some((101.0, 103.2))
    );
    // Exactly at the tolerance still agrees.
    assert_eq!(levels(&[200.0, 201.0]), Some((200.0, 201.0)));
}

#[test]
fn a_cluster_in_the_minority_admits_the_level_above_it() {
    let figure_of = |medians: &[f64]| {
        undisturbed(&medians.iter().map(|&m| Round::exact(m)).collect::<Vec<_>>())
            .expect("rounds given")
    };
    // crc32c/crc-fast at 64 B in one build: six of sixteen rounds at 5.02 ns, ten at 5.35
    // (6.6 % above, beyond the cluster's 4 %). A next run drawing fewer than three at 5.02
    // reads 5.35: the interval reaches it. Here seven of seventeen, so that the replays
    // alone (fewer than three of seven in 0.9 % of them) would not reach it.
    let mut minority = vec![5.02, 5.021, 5.019, 5.022, 5.02, 5.018, 5.02];
    minority.extend([5.35; 10]);
    let f = figure_of(&minority);
    assert!(f.median_ns < 5.03, "{f:?}");
    assert!(f.ci_high_ns >= 5.35, "{f:?}");
    // Twelve of fifteen at 100 and three on a state 7 % above: the cluster holds the
    // majority, and the level above stays out of the interval.
    let mut majority = vec![100.0, 100.1, 99.9, 100.05, 100.0, 99.95];
    majority.extend([100.0, 100.1, 99.9, 100.05, 100.0, 99.95]);
    majority.extend([107.0, 107.1, 107.05]);
    let g = figure_of(&majority);
    assert!(g.ci_high_ns < 101.0, "{g:?}");
}
