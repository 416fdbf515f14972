//! `compare` on hand-built runs: every verdict, its boundaries, the exit decision of
//! `--fail-on-regression`, and the summary figures, with values derived by hand.
//!
//! A `quiet` cell has a CI of exactly ±0.5 % around its median and no round medians, so
//! its interval is [0.995 m, 1.005 m] and the ratio interval of candidate median c over
//! base median b is [0.995 c / 1.005 b, 1.005 c / 0.995 b].

use super::*;
use hashbench_model::testutil::analysis::{cell_ci, flagged, quiet, with_rounds};
use hashbench_model::testutil::run_with;
use hashbench_model::FlagCode;

fn one(base: Cell, candidate: Cell, noise: f64) -> Change {
    let c = compare(&run_with(vec![base]), &run_with(vec![candidate]), noise);
    assert_eq!(c.changes.len(), 1, "{c:?}");
    c.changes[0].clone()
}

fn close(a: f64, b: f64) -> bool {
    (a - b).abs() <= 1e-12 * b.abs()
}

#[test]
fn ten_percent_slower_is_slower_and_ten_percent_faster_is_faster() {
    // 100 -> 110 ns: ratio 1.1, interval [0.995·110/(1.005·100), 1.005·110/(0.995·100)]
    // = [1.08905, 1.11106]: excludes 1, and 10 % > 3 % noise.
    let s = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 110.0), 0.03);
    assert_eq!(s.verdict, Verdict::Slower);
    assert_eq!((s.base_median_ns, s.candidate_median_ns), (100.0, 110.0));
    assert!(close(s.ratio, 1.1));
    assert!(close(s.ratio_low, 0.995 * 110.0 / 100.5), "{s:?}");
    assert!(close(s.ratio_high, 1.005 * 110.0 / 99.5), "{s:?}");
    // 100 -> 90 ns: ratio 0.9, interval [0.89104, 0.90905] below 1.
    let f = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 90.0), 0.03);
    assert_eq!(f.verdict, Verdict::Faster);
    assert!(close(f.ratio, 0.9));
    assert!(close(f.ratio_low, 0.995 * 90.0 / 100.5));
    assert!(close(f.ratio_high, 1.005 * 90.0 / 99.5));
}

#[test]
fn an_interval_that_straddles_one_is_within_noise_whichever_end_points_away() {
    // Candidate median 90 ns, but one round ran at 105: its interval is [85, 105] (the
    // round medians widen the CI), the ratio interval [85/100.5, 105/99.5] =
    // [0.846, 1.055] includes 1. Only its low end is below 1: not faster.
    let rounds = with_rounds(quiet("a/a", 64, 90.0), &[85.0, 90.0, 105.0]);
    let c = one(quiet("a/a", 64, 100.0), rounds, 0.03);
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!(close(c.ratio_low, 85.0 / 100.5) && close(c.ratio_high, 105.0 / 99.5));
    // Mirror image: median 110 with rounds 95..115, interval [95, 115], ratio interval
    // [95/100.5, 115/99.5] = [0.945, 1.156]: only the high end is above 1, not slower.
    let rounds = with_rounds(quiet("a/a", 64, 110.0), &[95.0, 110.0, 115.0]);
    let c = one(quiet("a/a", 64, 100.0), rounds, 0.03);
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!(close(c.ratio_low, 95.0 / 100.5) && close(c.ratio_high, 115.0 / 99.5));
    // The base's rounds widen its side the same way: base rounds 90..112 against a
    // candidate at 110 give [0.995·110/112, 1.005·110/90] = [0.977, 1.228].
    let base = with_rounds(quiet("a/a", 64, 100.0), &[90.0, 100.0, 112.0]);
    let c = one(base, quiet("a/a", 64, 110.0), 0.03);
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!(close(c.ratio_low, 0.995 * 110.0 / 112.0));
    assert!(close(c.ratio_high, 1.005 * 110.0 / 90.0));
}

#[test]
fn an_interval_ending_exactly_at_one_does_not_exclude_it() {
    // Base CI [90, 110]; candidate median 150, CI [110, 160]: ratio_low = 110/110 = 1.
    let base = || cell_ci("a/a", 64, 100.0, 90.0, 110.0);
    let c = one(base(), cell_ci("a/a", 64, 150.0, 110.0, 160.0), 0.03);
    assert_eq!(c.ratio_low, 1.0);
    assert_eq!(c.verdict, Verdict::WithinNoise);
    // Candidate median 50, CI [40, 90]: ratio_high = 90/90 = 1.
    let c = one(base(), cell_ci("a/a", 64, 50.0, 40.0, 90.0), 0.03);
    assert_eq!(c.ratio_high, 1.0);
    assert_eq!(c.verdict, Verdict::WithinNoise);
    // A base CI reaching 0 ns bounds nothing: the ratio has no upper end.
    let c = one(
        cell_ci("a/a", 64, 100.0, 0.0, 110.0),
        quiet("a/a", 64, 50.0),
        0.03,
    );
    assert_eq!(c.ratio_high, f64::INFINITY);
    assert_eq!(c.verdict, Verdict::WithinNoise);
}

#[test]
fn a_change_must_exceed_the_noise_threshold() {
    // 100 -> 102 ns: the interval [1.00985, 1.03020] excludes 1, but 2 % < 3 %.
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 102.0), 0.03);
    assert_eq!(c.verdict, Verdict::WithinNoise);
    // With a 1 % threshold the same change counts.
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 102.0), 0.01);
    assert_eq!(c.verdict, Verdict::Slower);
    // Exactly at the threshold is not beyond it. With noise 0.25 (exact in binary):
    // 125/100 = 1.25 = 1 + 0.25, and 80/100 = 0.8 = 1/1.25 (both the same double).
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 125.0), 0.25);
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 80.0), 0.25);
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    // Just beyond it on either side.
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 126.0), 0.25);
    assert_eq!(c.verdict, Verdict::Slower);
    let c = one(quiet("a/a", 64, 100.0), quiet("a/a", 64, 79.0), 0.25);
    assert_eq!(c.verdict, Verdict::Faster);
}

#[test]
fn any_flag_makes_a_significant_change_unreliable_but_leaves_noise_alone() {
    let slower = || (quiet("a/a", 64, 100.0), quiet("a/a", 64, 150.0));
    let verdict = |base: Run, candidate: Run| compare(&base, &candidate, 0.03).changes[0].verdict;
    // The base cell, the candidate cell, the base run, the candidate run: each alone.
    let (b, c) = slower();
    let flagged_base = flagged(b, FlagCode::HighSpread);
    assert_eq!(
        verdict(run_with(vec![flagged_base]), run_with(vec![c])),
        Verdict::Unreliable
    );
    let (b, c) = slower();
    let flagged_candidate = flagged(c, FlagCode::HighSpread);
    assert_eq!(
        verdict(run_with(vec![b]), run_with(vec![flagged_candidate])),
        Verdict::Unreliable
    );
    for drift_in_base in [true, false] {
        let (b, c) = slower();
        let (mut base, mut candidate) = (run_with(vec![b]), run_with(vec![c]));
        let drifted = if drift_in_base {
            &mut base
        } else {
            &mut candidate
        };
        drifted.flags.push(hashbench_model::Flag {
            code: FlagCode::Drift,
            reason: "test".into(),
        });
        assert_eq!(verdict(base, candidate), Verdict::Unreliable);
    }
    // A flagged cell that did not change stays within noise, not "unreliable".
    let same = flagged(quiet("a/a", 64, 100.0), FlagCode::HighSpread);
    assert_eq!(
        verdict(
            run_with(vec![quiet("a/a", 64, 100.0)]),
            run_with(vec![same])
        ),
        Verdict::WithinNoise
    );
    // A faster flagged cell is unreliable too.
    let faster = flagged(quiet("a/a", 64, 50.0), FlagCode::AboveCeiling);
    assert_eq!(
        verdict(
            run_with(vec![quiet("a/a", 64, 100.0)]),
            run_with(vec![faster])
        ),
        Verdict::Unreliable
    ); // A wide interval is allowed for by the interval itself: a change it excludes stands.
    let (b, c) = slower();
    let wide = flagged(c, FlagCode::WideInterval);
    assert_eq!(
        verdict(run_with(vec![b]), run_with(vec![wide])),
        Verdict::Slower
    );
}

/// A base run and a candidate of several cells: a/a slower by 30 %, b/b faster (ratio
/// 0.5), c/c unchanged, d/d slower but flagged, memcpy 2x slower, nop 1.5x and 2x at two
/// sizes; x/gone only in the base, y/new only in the candidate.
fn several() -> (Run, Run) {
    let mut base = run_with(vec![
        quiet("a/a", 64, 100.0),
        quiet("b/b", 64, 100.0),
        quiet("c/c", 64, 100.0),
        quiet("d/d", 64, 100.0),
        quiet("x/gone", 64, 100.0),
    ]);
    base.baselines = vec![
        quiet("baseline/memcpy", 64, 10.0),
        quiet("baseline/nop", 64, 2.0),
        quiet("baseline/nop", 4096, 2.0),
    ];
    let mut candidate = run_with(vec![
        quiet("a/a", 64, 130.0),
        quiet("b/b", 64, 50.0),
        quiet("c/c", 64, 100.0),
        flagged(quiet("d/d", 64, 200.0), FlagCode::HighSpread),
        quiet("y/new", 64, 100.0),
    ]);
    candidate.baselines = vec![
        quiet("baseline/memcpy", 64, 20.0),
        quiet("baseline/nop", 64, 3.0),
        quiet("baseline/nop", 4096, 4.0),
    ];
    (base, candidate)
}

#[test]
fn several_cells_are_joined_and_summarised() {
    let (base, candidate) = several();
    let c = compare(&base, &candidate, 0.03);
    let verdicts: Vec<(&str, u64, Verdict)> = c
        .changes
        .iter()
        .map(|ch| {
            (
                ch.key.series.implementation.id(),
                ch.key.size.max_bytes(),
                ch.verdict,
            )
        })
        .collect();
    use Verdict::{Faster, Slower, Unreliable, WithinNoise};
    assert_eq!(
        verdicts,
        [
            ("a/a", 64, Slower),
            ("b/b", 64, Faster),
            ("baseline/memcpy", 64, Slower),
            ("baseline/nop", 64, Slower),
            ("baseline/nop", 4096, Slower),
            ("c/c", 64, WithinNoise),
            ("d/d", 64, Unreliable),
        ]
    );
    let key = |imp: &str| CellKey {
        series: SeriesKey {
            implementation: Subject::parse(imp),
            pattern: Pattern::Oneshot,
            threads: 1,
            mode: hashbench_model::Mode::Throughput,
        },
        size: 64.into(),
    };
    assert_eq!(c.only_in_base, [key("x/gone")]);
    assert_eq!(c.only_in_candidate, [key("y/new")]);
    // Implementations only: (1.3 · 0.5 · 1 · 2)^(1/4) = 1.3^(1/4).
    let g = c.geometric_mean_ratio.expect("joined cells");
    assert!(close(g, 1.3_f64.powf(0.25)), "{g}");
    // nop only: (1.5 · 2)^(1/2) = sqrt(3).
    let m = c.machine_speed_ratio.expect("nop in both");
    assert!(close(m, 3.0_f64.sqrt()), "{m}");
    assert_eq!(c.noise_threshold, 0.03);
}

#[test]
fn nothing_joined_gives_no_means() {
    let c = compare(
        &run_with(vec![quiet("a/a", 64, 100.0)]),
        &run_with(vec![quiet("a/a", 128, 100.0)]),
        0.03,
    );
    assert!(c.changes.is_empty());
    assert_eq!(c.geometric_mean_ratio, None);
    assert_eq!(c.machine_speed_ratio, None);
}

#[test]
fn regressions_are_significant_slowdowns_of_implementations_beyond_the_limit() {
    let (base, candidate) = several();
    let c = compare(&base, &candidate, 0.03);
    let names = |limit: f64| -> Vec<String> {
        c.regressions_over(limit)
            .iter()
            .map(|ch| ch.key.series.implementation.to_string())
            .collect()
    };
    // a/a is 30 % slower: over 10 % and 29 %; the baselines (memcpy 2x) never count,
    // nor the faster b/b, nor d/d (flagged: unreliable).
    assert_eq!(names(10.0), ["a/a"]);
    assert_eq!(names(29.0), ["a/a"]);
    assert!(names(31.0).is_empty());
    // Exactly at the limit is not over it: 125/100 = 1.25 = 1 + 25/100.
    let c = compare(
        &run_with(vec![quiet("a/a", 64, 100.0)]),
        &run_with(vec![quiet("a/a", 64, 125.0)]),
        0.03,
    );
    assert_eq!(c.changes[0].verdict, Verdict::Slower);
    assert!(c.regressions_over(25.0).is_empty());
    assert_eq!(c.regressions_over(24.0).len(), 1);
}

#[test]
fn the_comparison_is_directional() {
    // The candidate faster than the base is no regression; swapped, it is one.
    let fast = run_with(vec![quiet("a/a", 64, 50.0)]);
    let slow = run_with(vec![quiet("a/a", 64, 100.0)]);
    let improved = compare(&slow, &fast, 0.03);
    assert_eq!(improved.changes[0].verdict, Verdict::Faster);
    assert_eq!(improved.changes[0].ratio, 0.5);
    assert!(improved.regressions_over(0.0).is_empty());
    let regressed = compare(&fast, &slow, 0.03);
    assert_eq!(regressed.changes[0].verdict, Verdict::Slower);
    assert_eq!(regressed.changes[0].ratio, 2.0);
    assert_eq!(regressed.regressions_over(0.0).len(), 1);
}

#[test]
fn several_candidates_are_each_judged_against_the_base() {
    // `hashbench compare BASE NEW1 NEW2` compares each candidate with the base: NEW1
    // 30 % slower (a regression over 10 %), NEW2 20 % faster (none). The base is the
    // reference both times, so NEW2 is faster although it is NEW1 that changed more.
    let base = run_with(vec![quiet("a/a", 64, 100.0)]);
    let new1 = run_with(vec![quiet("a/a", 64, 130.0)]);
    let new2 = run_with(vec![quiet("a/a", 64, 80.0)]);
    let verdicts: Vec<(Verdict, usize)> = [&new1, &new2]
        .iter()
        .map(|candidate| {
            let c = compare(&base, candidate, 0.03);
            (c.changes[0].verdict, c.regressions_over(10.0).len())
        })
        .collect();
    assert_eq!(verdicts, [(Verdict::Slower, 1), (Verdict::Faster, 0)]);
    // NEW2 against NEW1 would be 80/130: the base, not the previous candidate, counts.
    let c = compare(&base, &new2, 0.03);
    assert_eq!(c.changes[0].ratio, 0.8);
}

/// issue 32: a 10 % slowdown read `1.100` raw and `1.086 adj.`, then unreliable, because
/// `read` at 64 B (rounds on placement levels, a wide interval) said the machine had slowed
/// 3.4 % while the drift reference and the 4 KiB baselines said 0. A noisy estimator whose
/// own interval holds the estimate neither moves nor widens it.
#[test]
fn a_noisy_estimator_does_not_move_the_machine_estimate() {
    use hashbench_model::testutil::analysis::reference;
    let runs = |read64: (f64, f64, f64)| {
        let mut r = run_with(Vec::new());
        r.reference = Some(reference(&[12.17, 12.18, 12.17, 12.18, 12.17]));
        r.baselines = vec![
            cell_ci("baseline/read", 4096, 12.17, 12.11, 12.23),
            cell_ci("baseline/read", 64, read64.0, read64.1, read64.2),
        ];
        r
    };
    let (base, candidate) = (runs((4.010, 3.85, 4.17)), runs((4.148, 3.98, 4.31)));
    let m = machine_speed(&base, &candidate).expect("references in both");
    assert!((m.ratio - 1.0).abs() < 0.002, "{m:?}");
    assert!(m.high < 1.015 && m.low > 0.985, "{m:?}");
    // Estimators that disagree beyond their own intervals still widen it.
    let (base, candidate) = (runs((4.010, 4.00, 4.02)), runs((4.410, 4.40, 4.42)));
    let m = machine_speed(&base, &candidate).expect("references in both");
    assert!(m.high > 1.05, "{m:?}");
}

/// issue 32, on an AMD EPYC guest: an A/A pair read `baseline/memcpy` at 64 B "faster" at
/// an adjusted 0.873, its rounds in one run all in a state of the machine the drift
/// reference does not see. A baseline the machine estimate is made of is the machine:
/// moved beyond the estimate, it is `unreliable`, never a change of its own.
#[test]
fn a_baseline_the_machine_estimate_uses_never_reads_faster_or_slower() {
    use hashbench_model::testutil::analysis::reference;
    // Figures whose intervals (±half) hold the next run, as today's runs write them.
    let fig = |id: &str, size: u64, median: f64, half: f64| {
        hashbench_model::testutil::analysis::figure_cell(
            id,
            size,
            median,
            half,
            hashbench_stats::rounds::IntervalKind::NextRun,
        )
    };
    let runs = |memcpy64: f64, nop64: f64| {
        let mut r = run_with(vec![fig("a/a", 4096, 100.0, 0.005)]);
        r.reference = Some(reference(&[12.17, 12.18, 12.17, 12.18, 12.17]));
        r.baselines = vec![
            fig("baseline/read", 4096, 12.17, 0.005),
            fig("baseline/memcpy", 64, memcpy64, 0.01),
            fig("baseline/nop", 64, nop64, 0.005),
        ];
        r
    };
    let c = compare(&runs(3.40, 0.22), &runs(2.97, 0.22), 0.05);
    let verdict = |id: &str| {
        let ch = c
            .changes
            .iter()
            .find(|ch| ch.key.series.implementation.id() == id)
            .expect("joined");
        (ch.verdict, ch.unreliable)
    };
    assert_eq!(
        verdict("baseline/memcpy"),
        (Verdict::Unreliable, Some("estimator"))
    );
    assert_eq!(verdict("a/a"), (Verdict::WithinNoise, None));
    // `nop` is no estimator: its own move is still judged.
    let c = compare(&runs(3.40, 0.22), &runs(3.40, 0.14), 0.05);
    let nop = c
        .changes
        .iter()
        .find(|ch| ch.key.series.implementation.id() == "baseline/nop")
        .expect("joined");
    assert_eq!(nop.verdict, Verdict::Faster, "{nop:?}");
}

/// A cell of figure `median` whose interval reaches ±`half` (a fraction) and holds, as
/// its JSON says, the next run (or only its rounds, for files from before that).
fn with_interval(median: f64, half: f64, kind: hashbench_stats::rounds::IntervalKind) -> Cell {
    hashbench_model::testutil::analysis::figure_cell("a/a", 4096, median, half, kind)
}

#[test]
fn two_next_run_intervals_are_not_each_counted_whole() {
    use hashbench_stats::rounds::IntervalKind;
    // 100 -> 110 ns, each figure ±6 % (rounds on placement levels). Added whole, the ratio's
    // interval starts at 103.4 / 106 = 0.975: "within noise". Each next-run interval is a
    // promise about the other run's figure: 110 lies above the base's 106 (1.038), and
    // 100 below the candidate's 103.4 (1.034): the interval starts at 1.034, slower.
    let c = one(
        with_interval(100.0, 0.06, IntervalKind::NextRun),
        with_interval(110.0, 0.06, IntervalKind::NextRun),
        0.05,
    );
    assert_eq!(c.verdict, Verdict::Slower, "{c:?}");
    assert!(close(c.ratio_low, 103.4 / 100.0), "{c:?}");
    assert!(close(c.ratio_high, 110.0 / 94.0), "{c:?}");
    // Intervals over the rounds alone say nothing of a next run: added whole, as before.
    let old = one(
        with_interval(100.0, 0.06, IntervalKind::Rounds),
        with_interval(110.0, 0.06, IntervalKind::NextRun),
        0.05,
    );
    assert_eq!(old.verdict, Verdict::WithinNoise, "{old:?}");
    assert!(close(old.ratio_low, 103.4 / 106.0), "{old:?}");
}

#[test]
fn a_figure_inside_the_other_runs_promise_is_no_change() {
    use hashbench_stats::rounds::IntervalKind;
    // crc32c/crc-fast at 64 B in one build: rounds on 5.02 and 5.35 ns. One run read 5.03
    // with an interval up to 5.35 (its rounds sat there too); the next read 5.35 [5.32,
    // 5.38]. 6.4 % apart, beyond the 5 % threshold, but the second figure is inside the
    // first run's promise: no change.
    let mut base = with_interval(5.03, 0.0, IntervalKind::NextRun);
    let f = base.figure.as_mut().expect("a figure");
    (f.ci_low_ns, f.ci_high_ns) = (5.01, 5.35);
    let mut candidate = with_interval(5.35, 0.0, IntervalKind::NextRun);
    let f = candidate.figure.as_mut().expect("a figure");
    (f.ci_low_ns, f.ci_high_ns) = (5.32, 5.38);
    let c = one(base, candidate, 0.05);
    assert!(c.ratio > 1.05, "{c:?}");
    assert_eq!(c.verdict, Verdict::WithinNoise, "{c:?}");
    assert!(close(c.ratio_low, 1.0), "{c:?}");
}

/// A cell flagged `slow-phase` in either run, or in both, is no comparison: the machine's
/// slow states are several and slow kernels unevenly, so two figures from slow states
/// differ by what the states did (an A/A pair read 117 and 102.6 ns, both `slow-phase`).
#[test]
fn a_cell_measured_in_a_slow_state_is_no_comparison_even_in_both_runs() {
    use hashbench_model::{Flag, FlagCode};
    let fig = |median: f64, slow: bool| {
        let mut c =
            hashbench_model::testutil::analysis::cell_rounds("a/a", 4096, &[median; 8], None);
        let f = c.figure.as_mut().expect("a figure");
        f.ci_low_ns = median * 0.995;
        f.ci_high_ns = median * 1.005;
        f.interval = hashbench_stats::rounds::IntervalKind::NextRun;
        if slow {
            c.flags
                .push(Flag::new(FlagCode::SlowPhase, "set by the test".into()));
        }
        c
    };
    let verdict = |base: Cell, candidate: Cell| {
        let c = compare(&run_with(vec![base]), &run_with(vec![candidate]), 0.05);
        (c.changes[0].verdict, c.changes[0].unreliable)
    };
    assert_eq!(
        verdict(fig(117.0, true), fig(102.6, true)),
        (Verdict::Unreliable, Some("flagged"))
    );
    assert_eq!(
        verdict(fig(100.0, false), fig(110.0, true)),
        (Verdict::Unreliable, Some("flagged"))
    );
    assert_eq!(
        verdict(fig(100.0, false), fig(110.0, false)),
        (Verdict::Slower, None)
    );
}
