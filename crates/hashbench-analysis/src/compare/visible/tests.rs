//! The bound `visible_slowdown` gives is where `compare`'s own verdict turns for a
//! candidate at the worst place the base run's promise allows (its interval's low end,
//! moved by the slowdown): a slowdown just beyond it reads `slower` there, one just inside
//! it does not, for every kind of interval, with and without a machine estimate; and
//! `blind_to` lists what a CI check could not have failed.

use crate::compare::{compare, interval, Change, Verdict};
use hashbench_model::testutil::analysis::{figure_cell, flagged, quiet, run_of_cell as run_of};
use hashbench_model::testutil::run_with;
use hashbench_model::{Cell, FlagCode, Run};
use hashbench_stats::rounds::IntervalKind;

/// A cell of figure `median` whose interval reaches ±`half`, of kind `kind`.
fn fig(id: &str, median: f64, half: f64, kind: IntervalKind) -> Cell {
    figure_cell(id, 64, median, half, kind)
}

/// `cell` with its figure, summary and rounds `k` times as long: the same relative
/// interval at another level.
fn scaled(mut cell: Cell, k: f64) -> Cell {
    if let Some(f) = cell.figure.as_mut() {
        f.median_ns *= k;
        f.ci_low_ns *= k;
        f.ci_high_ns *= k;
    }
    let s = &mut cell.summary;
    s.median.0 *= k;
    s.median_ci.low.0 *= k;
    s.median_ci.high.0 *= k;
    s.min.0 *= k;
    s.max.0 *= k;
    for r in &mut cell.round_medians_ns {
        *r *= k;
    }
    cell
}

fn change(base: &Run, candidate: &Run) -> Change {
    let c = compare(base, candidate, 0.05);
    assert_eq!(c.changes.len(), 1, "{c:?}");
    c.changes[0].clone()
}

/// Moves the candidate to a slowdown of `r` at the worst place the base's promise allows:
/// `r` times the low end of the base's interval (adjusted by the machine); the verdict.
fn verdict_at(base: &Run, candidate: &Run, r: f64) -> Verdict {
    let now = change(base, candidate);
    let machine = now.ratio / now.adjusted_ratio;
    let base_low = interval(&base.cells[0]).0;
    let k = r * machine * base_low / now.candidate_median_ns;
    let mut moved = candidate.clone();
    moved.cells = moved.cells.into_iter().map(|c| scaled(c, k)).collect();
    change(base, &moved).verdict
}

#[test]
fn the_bound_is_where_the_verdict_turns_slower() {
    let next = |median, half| fig("a/a", median, half, IntervalKind::NextRun);
    let pairs: Vec<(&str, Run, Run)> = vec![
        // Narrow intervals: the noise threshold sets the bound (1.05, from 0.995).
        (
            "quiet",
            run_of(quiet("a/a", 64, 100.0), None),
            run_of(quiet("a/a", 64, 101.0), None),
        ),
        // Next-run intervals of ±6 % and ±4 %: the base's sets it.
        (
            "next-run",
            run_of(next(3.40, 0.06), None),
            run_of(next(3.45, 0.04), None),
        ),
        // Intervals over the rounds, added whole.
        (
            "rounds",
            run_of(fig("a/a", 100.0, 0.04, IntervalKind::Rounds), None),
            run_of(fig("a/a", 99.0, 0.03, IntervalKind::Rounds), None),
        ),
        // A machine 2 % slower in the candidate, its estimate the drift reference's.
        (
            "machine",
            run_of(next(3.40, 0.03), Some(12.0)),
            run_of(next(3.50, 0.03), Some(12.24)),
        ),
        // A machine 7 % slower: a change it could explain is `unreliable`, so its own
        // move is the bound.
        (
            "machine moved",
            run_of(next(3.40, 0.01), Some(12.0)),
            run_of(next(3.60, 0.01), Some(12.84)),
        ),
    ];
    for (what, base, candidate) in &pairs {
        let c = change(base, candidate);
        let bound = c.visible_slowdown.expect("a bound");
        assert!(bound >= 1.05, "{what}: {bound}");
        assert_eq!(
            verdict_at(base, candidate, bound * 1.0001),
            Verdict::Slower,
            "{what}: {c:?}"
        );
        assert_ne!(
            verdict_at(base, candidate, bound * 0.9999),
            Verdict::Slower,
            "{what}: {c:?}"
        );
    }
    // The quiet pair: the threshold, read from the low end of the base's ±0.5 %.
    let quiet_pair = change(&pairs[0].1, &pairs[0].2);
    assert!((quiet_pair.visible_slowdown.expect("a bound") - 1.05 / 0.995).abs() < 1e-12);
    // The next-run pair: beyond the threshold, the base's ±6 % (1.06 over its figure),
    // read from 0.94 of it.
    let wide = change(&pairs[1].1, &pairs[1].2);
    assert!(
        (wide.visible_slowdown.expect("a bound") - 1.06 / 0.94).abs() < 1e-9,
        "{wide:?}"
    );
    // The machine that moved 7 %: at least that.
    let moved = change(&pairs[4].1, &pairs[4].2);
    assert!(
        moved.visible_slowdown.expect("a bound") >= 1.07,
        "{moved:?}"
    );
}

#[test]
fn a_flagged_cell_shows_no_slowdown_and_a_ci_check_is_blind_to_it() {
    let base = run_of(fig("a/a", 3.40, 0.02, IntervalKind::NextRun), None);
    let candidate = run_of(
        flagged(
            fig("a/a", 3.42, 0.02, IntervalKind::NextRun),
            FlagCode::HighSpread,
        ),
        None,
    );
    let c = compare(&base, &candidate, 0.05);
    assert_eq!(c.changes[0].visible_slowdown, None, "{c:?}");
    assert_eq!(c.blind_to(50.0).len(), 1);
}

#[test]
fn blind_to_names_the_cells_a_slowdown_of_that_size_could_not_fail() {
    // Two cells: one whose ±8 % interval hides a 10 % slowdown (sure only beyond
    // 1.087 / 0.92), one at ±1 % (sure beyond 1.03 / 0.99).
    let cells = |wide: f64, narrow: f64| {
        let mut r = run_with(vec![
            fig("wide/a", wide, 0.08, IntervalKind::NextRun),
            fig("narrow/a", narrow, 0.01, IntervalKind::NextRun),
        ]);
        r.cells[1].size = hashbench_model::Size::Bytes(4096);
        r
    };
    let c = compare(&cells(3.40, 60.0), &cells(3.41, 60.1), 0.03);
    let blind: Vec<&str> = c
        .blind_to(10.0)
        .iter()
        .map(|ch| ch.key.series.implementation.id())
        .collect();
    assert_eq!(blind, ["wide/a"], "{c:?}");
    assert!(c.blind_to(20.0).is_empty(), "{c:?}");
    // A cell already slower is no blind spot: the narrow cell 10 % slower, the wide one
    // 30 % (beyond its bound of 18 %).
    let c = compare(&cells(3.40, 60.0), &cells(4.42, 66.0), 0.03);
    assert!(
        c.changes.iter().all(|ch| ch.verdict == Verdict::Slower),
        "{c:?}"
    );
    assert!(c.blind_to(10.0).is_empty(), "{c:?}");
}
