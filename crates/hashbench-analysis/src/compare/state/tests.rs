//! The steady-state rule on hand-built runs, and what it changes in `compare`: figures
//! from the development VM's steady 2x state (short reference 5.51-5.56 ns, first
//! 23.3-23.9 ns), where a slowed copy read 1.100.

use super::*;
use crate::compare::{compare, Verdict};
use hashbench_model::testutil::analysis::{flagged, quiet, reference};
use hashbench_model::testutil::run_with;
use hashbench_model::{Cell, FlagCode};

/// A run of `cells` whose references were timed at `first` and `short`.
fn run(cells: Vec<Cell>, first: &[f64], short: &[f64]) -> Run {
    let mut r = run_with(cells);
    let mut reference = reference(first);
    let mut s = hashbench_model::testutil::analysis::reference(short);
    s.size = 64;
    reference.short = Some(Box::new(s));
    r.reference = Some(reference);
    r
}

const FIRST: [f64; 4] = [23.3, 23.6, 23.9, 23.5];
const SHORT: [f64; 4] = [5.51, 5.54, 5.56, 5.53];

#[test]
fn two_runs_in_one_steady_state_are_one_footing() {
    let a = run(vec![], &FIRST, &SHORT);
    assert!(same_steady_state(&a, &a.clone()));
    // The other run in the machine's fast state: not the same state.
    let fast = run(vec![], &[19.1, 19.3, 19.7], &[2.77, 2.77, 2.78]);
    assert!(!same_steady_state(&a, &fast));
    // A run that met a change of state: its short reference spread past 2 %.
    let mixed = run(vec![], &FIRST, &[5.51, 5.54, 4.70, 5.53]);
    assert!(!same_steady_state(&a, &mixed) && !same_steady_state(&mixed, &mixed));
    // Both steady, but 1.5 % apart: not the same state.
    let other: Vec<f64> = SHORT.iter().map(|s| s * 1.015).collect();
    assert!(!same_steady_state(&a, &run(vec![], &FIRST, &other)));
    // The first references 3 % apart.
    let first: Vec<f64> = FIRST.iter().map(|s| s * 1.03).collect();
    assert!(!same_steady_state(&a, &run(vec![], &first, &SHORT)));
    // Older files without a short reference, and too few timings, never qualify.
    let mut old = a.clone();
    if let Some(r) = old.reference.as_mut() {
        r.short = None;
    }
    assert!(!same_steady_state(&old, &old));
    let few = run(vec![], &FIRST[..2], &SHORT[..2]);
    assert!(!same_steady_state(&few, &few));
}

#[test]
fn a_slowdown_between_runs_in_one_steady_slow_state_is_found() {
    let slow = |ns: f64| flagged(quiet("crc32c/crc-fast", 64, ns), FlagCode::SlowPhase);
    let a = run(vec![slow(8.67)], &FIRST, &SHORT);
    let b = run(vec![slow(9.54)], &FIRST, &SHORT);
    let c = compare(&a, &b, 0.05);
    assert_eq!(c.changes[0].verdict, Verdict::Slower, "{c:?}");
    // The same cells with one run in a state that came and went: unreliable, as before.
    let mixed = run(vec![slow(9.54)], &FIRST, &[5.51, 4.7, 5.56, 5.53]);
    let c = compare(&a, &mixed, 0.05);
    assert_eq!(c.changes[0].verdict, Verdict::Unreliable, "{c:?}");
    assert_eq!(c.changes[0].unreliable, Some("flagged"));
    // Any other flag still makes the change unreliable in a steady state.
    let spread = |ns: f64| flagged(slow(ns), FlagCode::HighSpread);
    let c = compare(
        &run(vec![spread(8.67)], &FIRST, &SHORT),
        &run(vec![spread(9.54)], &FIRST, &SHORT),
        0.05,
    );
    assert_eq!(c.changes[0].verdict, Verdict::Unreliable, "{c:?}");
}
