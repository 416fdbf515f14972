use super::{answer, closest};
use crate::testutil::map_cell;
use crate::MapCell;

fn cell(id: &str, set: &str, ns: f64, spread: f64) -> MapCell {
    map_cell(id, set, ns, ns - spread, ns + spread)
}

fn admit_all(_: &str) -> Option<String> {
    None
}

#[test]
fn the_fastest_admitted_hasher_is_the_answer_and_faster_excluded_ones_say_why() {
    let cells = [
        cell("sip", "random-u64", 9.0, 0.1),
        cell("fx", "random-u64", 2.0, 0.01),
        cell("fold", "random-u64", 2.5, 0.01),
        cell("rapid", "random-u64", 2.55, 0.01),
        cell("city", "random-u64", 4.0, 0.01),
    ];
    let rejects = |id: &str| (id == "fx").then(|| "not flood-resistant".to_string());
    let a = answer(&cells, &rejects, 0.03).expect("an answer");
    assert_eq!(a.answer.implementation, "fold");
    assert_eq!(a.candidates, 4);
    // 2.55 / 2.5 = 1.02: within 3 %.
    assert_eq!(a.equivalent.len(), 1);
    assert_eq!(a.equivalent[0].implementation, "rapid");
    let others: Vec<&str> = a.others.iter().map(|p| p.implementation.as_str()).collect();
    assert_eq!(others, ["city", "sip"]);
    assert!((a.others[0].ratio - 1.6).abs() < 1e-9);
    assert_eq!(a.excluded_faster.len(), 1);
    assert_eq!(a.excluded_faster[0].pick.implementation, "fx");
    assert_eq!(a.excluded_faster[0].why, "not flood-resistant");
    assert_eq!(closest(&a, 2), ["fold", "rapid", "city"]);
}

#[test]
fn an_interval_across_the_margin_is_a_tie_not_an_equivalence() {
    let cells = [
        cell("a", "words", 10.0, 0.6),
        cell("b", "words", 10.8, 0.5),
        cell("c", "words", 12.0, 0.1),
    ];
    let a = answer(&cells, &admit_all, 0.03).expect("an answer");
    assert_eq!(a.answer.implementation, "a");
    assert!(a.equivalent.is_empty());
    let ties: Vec<&str> = a.ties.iter().map(|p| p.implementation.as_str()).collect();
    // b / a from the figures: [10.3 / 10.6, 11.3 / 9.4] = [0.97, 1.20].
    assert_eq!(ties, ["b"]);
    assert!((a.ties[0].ratio_low - 10.3 / 10.6).abs() < 1e-9);
    assert_eq!(a.ties[0].paired_rounds, 0);
    assert_eq!(a.others[0].implementation, "c");
}

#[test]
fn rounds_measured_side_by_side_are_compared_pair_by_pair() {
    use crate::PairedRounds;
    use hashbench_stats::{undisturbed, Round};
    // Both hashers met a slow sweep (2) and a fast one (0, 1, 3): each round of b is
    // 1.5 % slower than a's in the same sweep, which the figures' wide intervals hide.
    let sweeps = |scale: f64| -> Vec<f64> {
        [10.0, 10.1, 17.0, 10.05]
            .iter()
            .map(|m| m * scale)
            .collect()
    };
    let paired = |medians: Vec<f64>| {
        let rounds: Vec<Round> = medians.iter().map(|&m| Round::exact(m)).collect();
        PairedRounds {
            round_ids: vec![0, 1, 2, 3],
            round_medians_ns: medians,
            figure: undisturbed(&rounds).expect("a figure"),
        }
    };
    let mut a = cell("a", "serial", 10.05, 3.0);
    a.paired = Some(paired(sweeps(1.0)));
    let mut b = cell("b", "serial", 10.2, 3.0);
    b.paired = Some(paired(sweeps(1.015)));
    let answer = answer(&[a, b], &admit_all, 0.03).expect("an answer");
    let p = &answer.equivalent[0];
    assert_eq!(p.implementation, "b");
    assert!(p.paired_rounds >= 3, "{p:?}");
    assert!((p.ratio - 1.015).abs() < 1e-9, "{p:?}");
}

#[test]
fn nothing_admitted_gives_no_answer() {
    let cells = [cell("a", "words", 10.0, 0.1)];
    let none = |_: &str| Some("left out".to_string());
    assert!(answer(&cells, &none, 0.03).is_none());
    assert!(answer(&[], &admit_all, 0.03).is_none());
}

#[test]
fn another_key_set_changes_the_answer_only_when_its_leader_is_clearly_ahead() {
    let cells = [
        cell("fx", "random-u64", 2.0, 0.01),
        cell("fold", "random-u64", 2.4, 0.01),
    ];
    let elsewhere = [
        // High bits: fx slows down 30x, fold leads; the answer (fx) loses it.
        cell("fx", "high-bits", 60.0, 1.0),
        cell("fold", "high-bits", 2.4, 0.01),
        // Serial: fold is ahead by 1 %, within the margin: the answer holds.
        cell("fx", "serial", 2.02, 0.01),
        cell("fold", "serial", 2.0, 0.01),
        // Its interval meets the answer's: the answer holds.
        cell("fx", "high-random", 2.2, 0.3),
        cell("fold", "high-random", 2.0, 0.3),
    ];
    let mut a = answer(&cells, &admit_all, 0.03).expect("an answer");
    assert!(
        a.elsewhere.is_empty(),
        "filled only when the other sets are given"
    );
    a.compare_elsewhere(&elsewhere);
    assert_eq!(a.answer.implementation, "fx");
    let seen: Vec<(&str, &str, bool)> = a
        .elsewhere
        .iter()
        .map(|e| (e.key_set.as_str(), e.leader.as_str(), e.changes))
        .collect();
    assert_eq!(
        seen,
        [
            ("high-bits", "fold", true),
            ("serial", "fold", false),
            ("high-random", "fold", false)
        ]
    );
    assert_eq!(a.elsewhere[0].answer_ns, Some(60.0));
}

#[test]
fn a_hasher_faster_in_the_sweeps_both_ran_is_the_answer_whatever_its_figure() {
    use crate::PairedRounds;
    use hashbench_stats::{undisturbed, Round};
    let paired = |ids: Vec<u32>, medians: Vec<f64>| {
        let rounds: Vec<Round> = medians.iter().map(|&m| Round::exact(m)).collect();
        PairedRounds {
            round_ids: ids,
            round_medians_ns: medians,
            figure: undisturbed(&rounds).expect("a figure"),
        }
    };
    // a met three fast sweeps and three slow ones; b only the slow ones, where it ran at
    // three quarters of a's time.
    let mut a = cell("a", "serial", 2.5, 0.01);
    a.paired = Some(paired(
        vec![0, 1, 2, 3, 4, 5],
        vec![2.5, 2.5, 2.5, 4.0, 4.0, 4.0],
    ));
    let mut b = cell("b", "serial", 3.0, 0.01);
    b.paired = Some(paired(vec![3, 4, 5], vec![3.0, 3.0, 3.0]));
    let rejects_b = |id: &str| (id == "b").then(|| "not keyed".to_string());
    let answer_ab = answer(&[a.clone(), b.clone()], &admit_all, 0.03).expect("an answer");
    assert_eq!(answer_ab.answer.implementation, "b");
    let p = &answer_ab.others[0];
    assert_eq!(p.implementation, "a");
    assert!((p.ratio - 4.0 / 3.0).abs() < 1e-9, "{p:?}");
    // Left out, it is named as faster than the answer it leaves.
    let without = answer(&[a, b], &rejects_b, 0.03).expect("an answer");
    assert_eq!(without.answer.implementation, "a");
    assert_eq!(without.excluded_faster[0].pick.implementation, "b");
}

#[test]
fn a_group_is_ranked_once_for_its_readers() {
    let mut cells = [
        cell("slow", "serial", 4.0, 0.01),
        cell("fast", "serial", 2.0, 0.01),
        cell("near", "serial", 2.02, 0.01),
        cell("maybe", "serial", 2.1, 0.2),
    ];
    super::rank_group(&mut cells, 0.03);
    let seen: Vec<(&str, &str)> = cells
        .iter()
        .map(|c| {
            let s = c.standing.as_ref().expect("a standing");
            (c.implementation.as_str(), s.relation)
        })
        .collect();
    assert_eq!(
        seen,
        [
            ("slow", "slower"),
            ("fast", "fastest"),
            ("near", "equivalent"),
            ("maybe", "undecided")
        ]
    );
    let slow = cells[0].standing.as_ref().expect("a standing");
    assert!((slow.ratio.ratio - 2.0).abs() < 1e-9);
}
