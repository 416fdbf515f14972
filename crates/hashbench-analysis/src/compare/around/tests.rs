//! A pair is judged by the cells' intervals around their runs' moves only where both
//! have one and the machine's move is divided out; there, a slowdown that the figures'
//! own intervals (wide with whole-run moves) hide is found, and the bound
//! `visible_slowdown` gives is read from the same intervals.

use crate::compare::{compare, Change, Verdict};
use hashbench_model::testutil::analysis::{figure_cell, run_of_cell as run_of};
use hashbench_model::{Cell, Run};
use hashbench_stats::rounds::{IntervalKind, Span};

/// A cell of figure `median` whose interval reaches ±`half` and, where given, whose
/// interval around its run's move reaches ±`around`.
fn fig(median: f64, half: f64, around: Option<f64>) -> Cell {
    let mut c = figure_cell("a/a", 64, median, half, IntervalKind::NextRun);
    let f = c.figure.as_mut().expect("a figure");
    f.around_machine = around.map(|a| Span {
        low_ns: median * (1.0 - a),
        high_ns: median * (1.0 + a),
    });
    c
}

fn change(base: &Run, candidate: &Run) -> Change {
    let c = compare(base, candidate, 0.05);
    assert_eq!(c.changes.len(), 1, "{c:?}");
    c.changes[0].clone()
}

/// The upper end of the machine estimate's interval between `base` and `candidate`.
fn machine_high(base: &Run, candidate: &Run) -> f64 {
    compare(base, candidate, 0.05)
        .machine
        .expect("an estimate")
        .high
}

#[test]
fn a_slowdown_hidden_by_whole_run_moves_is_found_around_them() {
    // The machine ran the candidate 4 % slower (the reference, 1.04) and the code 10 %
    // slower on top: 100 -> 114.4 ns. Figures' intervals of ±10 %, which whole-run moves
    // of that size need, give min(114.4 / 110, 102.96 / 100) over the machine's upper
    // end (1.04 and the reference's own ±1 %): 0.98, blind.
    let base = |around| run_of(fig(100.0, 0.10, around), Some(1000.0));
    let cand = |around| run_of(fig(114.4, 0.10, around), Some(1040.0));
    let high = machine_high(&base(None), &cand(None));
    assert!(high > 1.04 && high < 1.06, "{high}");
    let c = change(&base(None), &cand(None));
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!((c.ratio_low - 102.96 / 100.0 / high).abs() < 1e-9, "{c:?}");
    // Around their runs' moves they reach ±1 %: min(114.4 / 101, 113.256 / 100) / high
    // = 1.078, and 1.10 beyond the 5 % threshold.
    let c = change(&base(Some(0.01)), &cand(Some(0.01)));
    assert_eq!(c.verdict, Verdict::Slower, "{c:?}");
    assert!(c.judged_around_machine);
    assert!((c.ratio_low - 113.256 / 100.0 / high).abs() < 1e-9, "{c:?}");
    // Read from the base's low end around its run's move, 99, not its figure's, 90.
    let v = c.visible_slowdown.expect("a bound");
    let blind = change(&base(None), &cand(None))
        .visible_slowdown
        .expect("a bound");
    assert!(v < 1.07 && blind > 1.15, "around {v}, figures' {blind}");
}

#[test]
fn one_cell_without_it_or_no_machine_estimate_keeps_the_figures_intervals() {
    let hidden = |base: Run, cand: Run| change(&base, &cand);
    // Only one of the two cells says how it moves around its run's move.
    let c = hidden(
        run_of(fig(100.0, 0.10, Some(0.01)), Some(1000.0)),
        run_of(fig(114.4, 0.10, None), Some(1040.0)),
    );
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!(!c.judged_around_machine);
    // Both do, but no drift reference: nothing divides the machine's move out, and the
    // figures' intervals must cover it (the cell moved 4 % with no change of the code):
    // min(104 / 105, 98.8 / 100).
    let c = hidden(
        run_of(fig(100.0, 0.05, Some(0.01)), None),
        run_of(fig(104.0, 0.05, Some(0.01)), None),
    );
    assert!((c.ratio_low - 0.988).abs() < 1e-9, "{c:?}");
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
}

#[test]
fn the_bound_around_the_runs_moves_is_where_the_verdict_turns() {
    // The base at 100 ns, ±2 % around its run's move (±9 % its figure's own), the machine
    // 3 % slower in the candidate.
    let base = run_of(fig(100.0, 0.09, Some(0.02)), Some(1000.0));
    let v = change(&base, &run_of(fig(103.0, 0.09, Some(0.02)), Some(1030.0)))
        .visible_slowdown
        .expect("a bound");
    // A slowdown `r` of a candidate that fell at the low end of the base's interval
    // around its run's move: 98 ns, times the machine's 1.03, times r.
    let at = |r: f64| {
        let ns = 98.0 * 1.03 * r;
        change(&base, &run_of(fig(ns, 0.09, Some(0.02)), Some(1030.0))).verdict
    };
    assert_eq!(at(v * 1.0001), Verdict::Slower, "{v}");
    assert_ne!(at(v * 0.9999), Verdict::Slower, "{v}");
    // Read from 98, the ratio must pass the 5 % threshold, 1.05 / 0.98 = 1.071, and the
    // intervals' bound, min(0.98 · 98 / 100, 98 / 102) · r / (high / 1.03) > 1, with the
    // estimate's upper end `high` ±1 % around 1.03. Judged by the figures' own (±9 %), it
    // would need more than 1.15.
    let high = machine_high(&base, &run_of(fig(103.0, 0.09, Some(0.02)), Some(1030.0)));
    let intervals = high / 1.03 / (0.98 * 0.98_f64).min(0.98 / 1.02);
    assert!(
        (v - (1.05 / 0.98_f64).max(intervals)).abs() < 1e-9,
        "{v} {intervals}"
    );
    assert!(v < 1.1, "{v}");
    let own = change(
        &run_of(fig(100.0, 0.09, None), Some(1000.0)),
        &run_of(fig(103.0, 0.09, None), Some(1030.0)),
    )
    .visible_slowdown
    .expect("a bound");
    assert!(own > 1.15, "{own}");
}
