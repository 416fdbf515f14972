use super::{answer, closest};
use crate::MapCell;

fn cell(id: &str, set: &str, ns: f64, spread: f64) -> MapCell {
    MapCell {
        implementation: id.to_string(),
        key_set: set.to_string(),
        workload: "hit".to_string(),
        entries: 8192,
        ns,
        low_ns: ns - spread,
        high_ns: ns + spread,
        settled: true,
        rounds: 3,
        samples: 30,
        view: None,
    }
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
    let a = answer(&cells, &rejects, 0.03, &[]).expect("an answer");
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
fn a_shared_interval_counts_as_equivalent_beyond_the_margin() {
    let cells = [
        cell("a", "words", 10.0, 0.6),
        cell("b", "words", 10.8, 0.5),
        cell("c", "words", 12.0, 0.1),
    ];
    let a = answer(&cells, &admit_all, 0.03, &[]).expect("an answer");
    assert_eq!(a.answer.implementation, "a");
    let eq: Vec<&str> = a
        .equivalent
        .iter()
        .map(|p| p.implementation.as_str())
        .collect();
    assert_eq!(eq, ["b"], "b's interval [10.3, 11.3] meets a's [9.4, 10.6]");
    assert_eq!(a.others[0].implementation, "c");
}

#[test]
fn nothing_admitted_gives_no_answer() {
    let cells = [cell("a", "words", 10.0, 0.1)];
    let none = |_: &str| Some("left out".to_string());
    assert!(answer(&cells, &none, 0.03, &[]).is_none());
    assert!(answer(&[], &admit_all, 0.03, &[]).is_none());
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
    let a = answer(&cells, &admit_all, 0.03, &elsewhere).expect("an answer");
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
