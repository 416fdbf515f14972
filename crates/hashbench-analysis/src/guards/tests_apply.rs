//! The guards on hand-built runs: `apply` over a whole run, and each rule exactly at
//! its threshold (docs/method.md, "Guards against impossible numbers"), where a `<`
//! written as `<=` would change the answer.

use super::scaling::ops;
use super::*;
use hashbench_model::testutil::analysis::{
    cell_ci, cell_rounds, codes as codes_of, flagged, reference, scaling, with_rounds,
};
use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::{KeyKind, Pattern};

fn t() -> Thresholds {
    Thresholds::default()
}

/// `read` at 4 KiB takes 100..200 ns (CI), median 150: the ceiling is its lower bound,
/// 100 ns, the fastest reading the input could have been.
fn read_4k() -> Cell {
    cell_ci("baseline/read", 4096, 150.0, 100.0, 200.0)
}

#[test]
fn above_ceiling_in_apply_uses_the_reads_lower_bound() {
    let mut run = run_with(vec![
        // CI high 150 ns: above read's lower bound (100), below its upper (200): noise
        // could explain it, so not flagged. Judged against the upper bound it would be.
        cell_ci("x/between", 4096, 140.0, 130.0, 150.0),
        // CI high 90 ns < 100 ns: faster than reading the input.
        cell_ci("x/impossible", 4096, 85.0, 80.0, 90.0),
        // Two threads: 60 ns x 2 = 120 ns >= 100 ns, possible.
        {
            let mut c = cell_ci("x/two-threads", 4096, 55.0, 50.0, 60.0);
            c.threads = 2;
            c
        },
        // No read baseline at 8 KiB: nothing to compare with, however fast.
        cell_ci("x/elsewhere", 8192, 1.0, 0.9, 1.1),
    ]);
    run.baselines = vec![
        read_4k(),
        // memcpy is not the ceiling, although it is slower: were it taken, x/between
        // (150 < 300) would be flagged.
        cell_ci("baseline/memcpy", 4096, 350.0, 300.0, 400.0),
    ];
    apply(&mut run, &t());
    let flags: Vec<Vec<FlagCode>> = run.cells.iter().map(codes_of).collect();
    assert_eq!(
        flags,
        [vec![], vec![FlagCode::AboveCeiling], vec![], vec![]],
        "{run:#?}"
    );
    // The ceiling itself and the other baseline are never judged against it.
    assert!(run.baselines.iter().all(|b| b.flags.is_empty()));
    assert_eq!(
        run.cells[1].flags[0].reason,
        "at most 90.00 ns per call, but merely reading the input takes at least 100.0 ns: \
         the input cannot have been read"
    );
}

#[test]
fn above_ceiling_in_apply_allows_for_the_runs_speed_change() {
    // The reference went from 100 to 150 ns: a speed range of 1.5. A cell at most
    // 80 ns against a ceiling of at least 100 ns passes (80 x 1.5 = 120), one at most
    // 60 ns does not (60 x 1.5 = 90 < 100).
    let mut run = run_with(vec![
        cell_ci("x/slowed", 4096, 75.0, 70.0, 80.0),
        cell_ci("x/too-fast", 4096, 55.0, 50.0, 60.0),
    ]);
    run.baselines = vec![read_4k()];
    run.reference = Some(reference(&[100.0, 150.0]));
    apply(&mut run, &t());
    assert_eq!(codes_of(&run.cells[0]), []);
    assert_eq!(codes_of(&run.cells[1]), [FlagCode::AboveCeiling]);
    assert!(
        run.cells[1].flags[0].reason.ends_with(
            "(allowing for the run's 1.50x speed change): the input cannot have been read"
        ),
        "{}",
        run.cells[1].flags[0].reason
    );
    // Two timings 1.5x apart never settled at one speed: a drift, raised on the run.
    assert_eq!(run.flags.len(), 1);
    assert_eq!(run.flags[0].code, FlagCode::Drift);
    assert_eq!(
        run.flags[0].reason,
        "reference baseline/read at 4 KiB moved +50 % during the run and never settled at \
         one speed (100.0 ns at start, 150.0 ns after round 1): the machine changed speed \
         throughout, so even the cells' undisturbed figures may not be comparable"
    );
}

#[test]
fn apply_raises_the_cells_own_flags_on_cells_and_baselines() {
    let mut spread = cell_ci("x/spread", 64, 100.0, 99.0, 101.0);
    // Robust CV 11 % (> 10 %).
    spread.summary.mad_scaled = hashbench_stats::Nanos(11.0);
    let mut at_limit = cell_ci("x/at-limit", 64, 100.0, 99.0, 101.0);
    // Exactly 10 %: the rule is "above 10 %".
    at_limit.summary.mad_scaled = hashbench_stats::Nanos(10.0);
    let mut hoisted = cell_ci("x/hoisted", 64, 100.0, 99.0, 101.0);
    // 2x the calls in 1.249x the time: below 0.625 x 2 = 1.25.
    hoisted.iteration_scaling = Some(scaling(1000, 1249));
    let mut proportional = cell_ci("x/proportional", 64, 100.0, 99.0, 101.0);
    // Exactly 1.25x: not below the line, not flagged.
    proportional.iteration_scaling = Some(scaling(1000, 1250));
    let mut run = run_with(vec![spread, at_limit, hoisted, proportional]);
    // A baseline whose rounds are 1.3x apart (> 1.25x), and one exactly 1.25x apart.
    run.baselines = vec![
        with_rounds(
            cell_ci("baseline/memcpy", 64, 100.0, 99.0, 101.0),
            &[100.0, 130.0],
        ),
        with_rounds(
            cell_ci("baseline/nop", 64, 100.0, 99.0, 101.0),
            &[100.0, 125.0],
        ),
    ];
    // A stale flag from an earlier pass must go: apply replaces, it does not add.
    run.cells[1] = flagged(run.cells[1].clone(), FlagCode::Drift);
    apply(&mut run, &t());
    let cells: Vec<Vec<FlagCode>> = run.cells.iter().map(codes_of).collect();
    assert_eq!(
        cells,
        [
            vec![FlagCode::HighSpread],
            vec![],
            vec![FlagCode::NotScalingWithIterations],
            vec![],
        ]
    );
    let baselines: Vec<Vec<FlagCode>> = run.baselines.iter().map(codes_of).collect();
    assert_eq!(baselines, [vec![FlagCode::HighSpread], vec![]]);
    assert_eq!(
        run.cells[2].flags[0].reason,
        "2x the calls took 1.25x the time: the work is done once per batch, not per call \
         (optimised away or cached)"
    );
    // No reference: no run flag. Applying again gives the same flags.
    assert!(run.flags.is_empty());
    let again = {
        let mut r = run.clone();
        apply(&mut r, &t());
        r
    };
    assert_eq!(count(&again), count(&run));
    // high-spread on x/spread and on memcpy, not-scaling on x/hoisted.
    assert_eq!(count(&run), 3);
}

#[test]
fn apply_flags_the_large_end_of_a_flat_sweep_on_cells_and_baselines() {
    // 1 M op/s at 64 B and at 1 MiB: 1 MiB more in no more time. Only the 1 MiB cell is
    // flagged (it is the impossible one), in the cells and in the baselines alike; nop
    // is flat by design and exempt.
    let flat = |imp: &str, size: u64| cell_with(imp, 1, size, 1000.0);
    let mut run = run_with(vec![flat("x/flat", 64), flat("x/flat", 1 << 20)]);
    // Another pattern of the same implementation is another sweep: its single 4 KiB
    // cell at the same rate is not judged against the oneshot cells.
    let mut hex = flat("x/flat", 4096);
    hex.pattern = hashbench_model::Pattern::Hex;
    run.cells.push(hex);
    // The flagged memcpy cell comes first among the baselines, right after the last
    // cell: the flag must land on baselines[0], not on a cell.
    run.baselines = vec![
        flat("baseline/memcpy", 1 << 20),
        flat("baseline/memcpy", 64),
        flat("baseline/nop", 64),
        flat("baseline/nop", 1 << 20),
    ];
    apply(&mut run, &t());
    let cells: Vec<Vec<FlagCode>> = run.cells.iter().map(codes_of).collect();
    assert_eq!(cells, [vec![], vec![FlagCode::FlatScaling], vec![]]);
    let baselines: Vec<Vec<FlagCode>> = run.baselines.iter().map(codes_of).collect();
    assert_eq!(
        baselines,
        [vec![FlagCode::FlatScaling], vec![], vec![], vec![]]
    );
    // 1 M op/s both: "1.00 M op/s at 64 B but 1.00 M op/s at 1 MiB", 16384x the bytes
    // (1 MiB / 64 B) in 1.00x the time.
    assert_eq!(
        run.cells[1].flags[0].reason,
        "1.00 M op/s at 64 B but 1.00 M op/s at 1 MiB: 16384x the bytes in 1.00x the time"
    );
}

#[test]
fn flat_pair_reason_gives_the_size_and_time_ratios() {
    // 400 k op/s at 64 B, 320 k op/s at 4 MiB: 65536x the bytes (4 MiB / 64 B) in
    // 1.25x the time (400 / 320).
    let pair = FlatPair {
        small_size: 64,
        small_ops_per_sec: 400_000.0,
        large_size: 4 << 20,
        large_ops_per_sec: 320_000.0,
    };
    assert_eq!(
        pair.flag().reason,
        "400.00 k op/s at 64 B but 320.00 k op/s at 4 MiB: 65536x the bytes in 1.25x the time"
    );
}

#[test]
fn ops_switches_units_at_one_thousand_and_one_million() {
    assert_eq!(ops(1e6), "1.00 M");
    assert_eq!(ops(999_999.0), "1000.00 k");
    assert_eq!(ops(1e3), "1.00 k");
    assert_eq!(ops(999.0), "999.0");
}

#[test]
fn ceiling_reason_names_only_the_allowances_that_apply() {
    // One thread, no speed change: no "allowing for".
    let f = above_ceiling(90.0, 100.0, 1, 1.0).expect("90 < 100");
    assert_eq!(
        f.reason,
        "at most 90.00 ns per call, but merely reading the input takes at least 100.0 ns: \
         the input cannot have been read"
    );
    // 4 threads and a 1.25x speed change: 10 x 4 x 1.25 = 50 < 100.
    let f = above_ceiling(10.0, 100.0, 4, 1.25).expect("50 < 100");
    assert!(
        f.reason
            .contains("(allowing for 4 threads and the run's 1.25x speed change)"),
        "{}",
        f.reason
    );
    // A speed range below 1 (no such thing) and 0 threads count as 1.
    assert!(above_ceiling(99.0, 100.0, 0, 0.5).is_some());
    assert!(above_ceiling(101.0, 100.0, 0, 0.5).is_none());
}

#[test]
fn speed_range_ignores_unusable_timings() {
    // Zero, infinite and NaN timings are not timings: the range is 30 / 20 = 1.5.
    let r = reference(&[0.0, 20.0, f64::INFINITY, f64::NAN, 30.0]);
    assert_eq!(speed_range(&r), 1.5);
    // One usable timing among garbage: no range.
    assert_eq!(speed_range(&reference(&[0.0, 20.0, f64::NAN])), 1.0);
    assert_eq!(speed_range(&reference(&[])), 1.0);
}

#[test]
fn spread_is_raised_just_above_each_threshold() {
    // Robust CV exactly 10 % (10 / 100 is the double 0.1) is not above 10 %.
    assert!(high_spread(100.0, 10.0, None, &[], &t()).is_none());
    let f = high_spread(100.0, 10.5, Some(0.25), &[], &t()).expect("10.5 %");
    assert_eq!(f.reason, "robust CV 10.5 % (> 10 %, plain CV 25.0 %)");
    // Two rounds exactly 1.25x apart are not more than 1.25x apart; 1.3x is.
    assert!(high_spread(100.0, 1.0, None, &[100.0, 125.0], &t()).is_none());
    let f = high_spread(100.0, 1.0, None, &[130.0, 100.0], &t()).expect("1.3x");
    assert_eq!(
        f.reason,
        "round medians 130.0 ns / 100.0 ns differ 1.30x (> 1.25x)"
    );
    // Both at once: both reasons, robust CV first.
    let f = high_spread(100.0, 20.0, None, &[100.0, 200.0], &t()).expect("both");
    assert_eq!(
        f.reason,
        "robust CV 20.0 % (> 10 %); round medians 100.0 ns / 200.0 ns differ 2.00x (> 1.25x)"
    );
    // A median of 0 has no robust CV (not an infinite one); unusable round medians
    // are left out of the ratio (one usable round: no ratio).
    assert!(high_spread(0.0, 5.0, None, &[], &t()).is_none());
    assert!(high_spread(100.0, 1.0, None, &[0.0, 100.0, f64::INFINITY], &t()).is_none());
}

#[test]
fn drift_is_raised_when_the_reference_never_settles() {
    // Three of four timings within 4 %: settled, whatever the fourth did.
    let settled = [("a", 1.0), ("b", 1.04), ("c", 1.02), ("d", 2.0)];
    assert!(drift("read", &settled).is_none());
    assert!(drift("read", &[("a", 1.0), ("b", 1.05), ("c", 1.1), ("d", 2.0)]).is_some());
    // Unusable timings are ignored: 0 and infinity would make any run drift.
    let points = [("a", 0.0), ("b", 100.0), ("c", f64::INFINITY), ("d", 101.0)];
    assert!(drift("read", &points).is_none());
    let f = drift("read", &[("at start", 100.0), ("at end", 80.0)]).expect("25 %");
    // Slowest over fastest: 100 / 80 = 1.25, +25 %.
    assert_eq!(
        f.reason,
        "reference read moved +25 % during the run and never settled at one speed \
         (100.0 ns at start, 80.00 ns at end): the machine changed speed throughout, so \
         even the cells' undisturbed figures may not be comparable"
    );
}

#[test]
fn a_figure_that_never_settled_or_left_faster_rounds_is_flagged() {
    use hashbench_stats::{undisturbed, Round};
    let fig = |m: &[f64]| {
        let rounds: Vec<Round> = m.iter().copied().map(Round::exact).collect();
        undisturbed(&rounds).unwrap()
    };
    // Slow phases the figure recovered from: no flag.
    let m = [
        100.0, 180.0, 100.5, 170.0, 101.0, 150.0, 100.2, 100.8, 100.4, 160.0,
    ];
    assert!(unsettled_figure(&fig(&m), &m).is_none());
    // Three fast rounds in six: settled, but a next run of six rounds misses three fast
    // ones a third of the time, and its interval says so.
    let m = [100.0, 180.0, 100.5, 170.0, 101.0, 150.0];
    let f = unsettled_figure(&fig(&m), &m).expect("wide");
    assert!(
        f.reason.starts_with("a next run may read it anywhere"),
        "{}",
        f.reason
    );
    // Never three within 4 %.
    let m = [100.0, 110.0, 121.0, 133.0, 146.0];
    let f = unsettled_figure(&fig(&m), &m).expect("unsettled");
    assert_eq!(f.code, FlagCode::HighSpread);
    assert!(
        f.reason.starts_with("its 5 rounds never agreed"),
        "{}",
        f.reason
    );
    // A figure on 3 of 8 rounds, the others spread slower: thin.
    let m = [20.5, 26.0, 20.6, 31.0, 28.0, 20.4, 24.0, 29.5];
    let f = unsettled_figure(&fig(&m), &m).expect("thin");
    assert!(
        f.reason
            .starts_with("its figure rests on 3 of its 8 rounds"),
        "{}",
        f.reason
    );
    // 3 of 5 is most of them; 6 of 20 has a 95 % interval: neither is thin. (Both may be
    // flagged for what a next run may read: few fast rounds among slow ones.)
    let not_thin = |m: &[f64]| {
        unsettled_figure(&fig(m), m).is_none_or(|f| !f.reason.starts_with("its figure rests on"))
    };
    assert!(not_thin(&[100.0, 100.5, 101.0, 150.0, 160.0]));
    let mut m = vec![100.0, 100.5, 101.0, 100.2, 100.7, 100.9];
    m.extend((0..14).map(|i| 150.0 + f64::from(i)));
    assert!(not_thin(&m));
    // A slow cluster with two faster rounds it could not confirm.
    let m = [200.0, 201.0, 100.0, 200.5, 100.2];
    let f = unsettled_figure(&fig(&m), &m).expect("faster rounds");
    assert!(
        f.reason.starts_with(
            "2 of its 5 rounds ran up to 2.00x faster than its figure (100.0 ns against 200.5 ns)"
        ),
        "{}",
        f.reason
    );
}

#[test]
fn iteration_scaling_judges_the_engines_evidence() {
    assert!(iteration_scaling(&scaling(1000, 1249), &t()).is_some());
    assert!(iteration_scaling(&scaling(1000, 1250), &t()).is_none());
    // No usable trial (a short batch of 0 ns): no verdict.
    assert!(iteration_scaling(&scaling(0, 1249), &t()).is_none());
    // A stricter threshold, 0.9 x 2 = 1.8: 1.7x is now too little.
    let strict = Thresholds {
        iteration_min_fraction: 0.9,
        ..t()
    };
    assert!(not_scaling_with_iterations(2.0, 1.7, &strict).is_some());
    assert!(not_scaling_with_iterations(2.0, 1.7, &t()).is_none());
}

#[test]
fn defaults_are_the_documented_thresholds() {
    assert_eq!(
        t(),
        Thresholds {
            iteration_min_fraction: 0.625,
            spread_max_robust_cv: 0.10,
            rounds_max_ratio: 1.25,
        }
    );
}

#[test]
fn count_and_codes_cover_run_cells_and_baselines() {
    let mut run = run_with(vec![
        flagged(
            flagged(cell_with("a/a", 1, 64, 10.0), FlagCode::HighSpread),
            FlagCode::AboveCeiling,
        ),
        cell_with("b/b", 1, 64, 10.0),
    ]);
    run.baselines = vec![flagged(
        cell_with("baseline/read", 1, 64, 5.0),
        FlagCode::FlatScaling,
    )];
    run.flags = vec![Flag::new(FlagCode::Drift, "r".into())];
    // 1 on the run + 2 on a/a + 1 on the baseline.
    assert_eq!(count(&run), 4);
    assert_eq!(codes(&run.cells[0].flags), "high-spread, above-ceiling");
    assert_eq!(codes(&[]), "");
    let all = [
        FlagCode::AboveCeiling,
        FlagCode::FlatScaling,
        FlagCode::NotScalingWithIterations,
        FlagCode::HighSpread,
        FlagCode::Drift,
    ];
    let names: Vec<String> = all.iter().map(ToString::to_string).collect();
    assert_eq!(
        names,
        [
            "above-ceiling",
            "flat-scaling",
            "not-scaling-with-iterations",
            "high-spread",
            "drift"
        ]
    );
}

/// The Xeon's kernel run in shape: the reference slow (36 ns) until after pass 12, then
/// at 20.4 ns. `x/early` settled on ten tight rounds inside the slow spell; `x/on` went
/// on into the fast passes; `x/caught-up` was given three rounds there.
#[test]
fn a_figure_from_the_slow_passes_only_is_flagged_slow_phase() {
    let timings: Vec<f64> = (0..=24)
        .map(|k| if k <= 12 { 36.0 } else { 20.4 })
        .collect();
    let early: Vec<u32> = (0..10).collect();
    let on: Vec<u32> = (0..24).collect();
    let caught_up: Vec<u32> = (0..10).chain(13..16).collect();
    let tight = |n: usize| vec![46.9; n];
    let mut run = run_with(vec![
        cell_rounds("x/early", 64, &tight(10), Some(&early)),
        cell_rounds("x/on", 64, &tight(24), Some(&on)),
        cell_rounds("x/caught-up", 64, &tight(13), Some(&caught_up)),
    ]);
    run.reference = Some(reference(&timings));
    apply(&mut run, &t());
    let flags: Vec<Vec<FlagCode>> = run.cells.iter().map(codes_of).collect();
    assert_eq!(
        flags,
        [vec![FlagCode::SlowPhase], vec![], vec![]],
        "{run:#?}"
    );
    assert_eq!(
        run.cells[0].flags[0].reason,
        "0 of its 10 rounds ran in the 11 passes the drift references show at the \
         machine's speed (the others beside a reference timing over 15 % slower): its \
         figure may be a slow phase's; measure longer (--time) for 3 rounds at the \
         machine's speed"
    );
    // Without the reference's timings nothing tells the phases apart.
    run.reference = None;
    apply(&mut run, &t());
    assert!(run.cells.iter().all(|c| c.flags.is_empty()));
}

/// A run every pass of which was slow against the remembered speed: the flag names whose
/// memory judged it, this build's earlier runs or other builds' (borrowed, with a margin).
#[test]
fn the_slow_phase_flag_says_whose_memory_judged_the_run() {
    let ids: Vec<u32> = (0..5).collect();
    for borrowed in [false, true] {
        let mut run = run_with(vec![cell_rounds("x/a", 64, &[46.9; 5], Some(&ids))]);
        let mut r = reference(&[36.0; 6]);
        r.remembered = Some(hashbench_model::RememberedSpeed {
            median_ns: 20.0,
            runs: 3,
            borrowed,
        });
        run.reference = Some(r);
        apply(&mut run, &t());
        let reason = &run.cells[0].flags[0].reason;
        let whose = if borrowed {
            "other hashbench builds' runs, their slowest with a margin for code placement,"
        } else {
            "earlier runs"
        };
        assert!(
            reason.starts_with(&format!(
                "0 of its 5 rounds ran in the 0 passes the drift references show at this \
                 machine's speed as {whose} remember it (20.00 ns)"
            )),
            "{reason}"
        );
    }
}

/// `blake3+rayon` at 1 MiB with a busy loop on the second CPU (issue 32): two back-to-back
/// runs read 83,331 ns and 160,804 ns, the second settled on rounds in which its threads
/// waited for a CPU 45.8 % of the time. Three rounds with the CPUs free are enough.
#[test]
fn a_multi_thread_figure_from_rounds_that_shared_their_cpus_is_flagged() {
    let tight = vec![160_804.0; 8];
    let shared = |waits: &[f64], threads: usize| {
        let mut c = cell_rounds("blake3/blake3+rayon", 1 << 20, &tight, None);
        c.threads = threads;
        c.round_wait_percent = waits.to_vec();
        c
    };
    let busy = [45.8, 44.0, 46.1, 40.0, 43.2, 47.0, 0.3, 45.0];
    let mut run = run_with(vec![
        shared(&busy, 2),
        shared(&[45.8, 0.3, 0.2, 5.0, 44.0, 46.0, 41.0, 40.0], 2),
        // One thread: the waits of a time-shared CPU fall between its batches, and the
        // drift reference judges its phases.
        shared(&busy, 1),
        // Waits not known (another kernel): nothing to judge by.
        shared(&[], 2),
    ]);
    apply(&mut run, &t());
    let flags: Vec<Vec<FlagCode>> = run.cells.iter().map(codes_of).collect();
    assert_eq!(flags, [vec![FlagCode::HighSpread], vec![], vec![], vec![]]);
    assert_eq!(
        run.cells[0].flags[0].reason,
        "1 of its 8 rounds ran with its 2 threads' CPUs free of other tasks (in the others \
         they waited for a CPU over 5 % of the time, up to 47.0 %): another task shared its \
         CPUs, and its figure may be that task's share; measure when the machine is \
         quieter, or on fewer threads"
    );
}

/// issue 32: `run xxh3-64/xxhash-rust --sizes 16` read 2.234 ns for the read and 1.625 ns
/// for the hash, and was flagged; so was fxhash on 16-byte typed keys. Below 4 KiB the
/// bound is the bytes at the read's best rate, and typed keys have none.
#[test]
fn the_ceiling_compares_like_with_like_at_small_sizes_and_not_at_all_for_typed_keys() {
    let mut reads = BTreeMap::new();
    reads.insert(Size::Bytes(16), 2.234);
    reads.insert(Size::Bytes(4096), 12.18);
    reads.insert(Size::Bytes(1 << 20), 7_000.0);
    let at = |size: Size, pattern: Pattern| read_ceiling(&reads, size, pattern);
    assert_eq!(at(Size::Bytes(4096), Pattern::Oneshot), Some(12.18));
    assert_eq!(at(Size::Bytes(1 << 20), Pattern::Oneshot), Some(7_000.0));
    // The read's best rate: 12.18 / 4096 ns a byte at 4 KiB (1 MiB's, out of L1, is slower).
    let best = 12.18 / 4096.0;
    assert!((at(Size::Bytes(16), Pattern::Oneshot).unwrap() - 16.0 * best).abs() < 1e-12);
    assert_eq!(at(Size::Bytes(16), Pattern::Keys(KeyKind::U64)), None);
    assert_eq!(
        at(Size::Bytes(8192), Pattern::Oneshot),
        None,
        "no read at 8 KiB"
    );
    // Without a read of 4 KiB or more, nothing to bound a small cell by.
    let mut small = BTreeMap::new();
    small.insert(Size::Bytes(16), 2.234);
    assert_eq!(
        read_ceiling(&small, Size::Bytes(16), Pattern::Oneshot),
        None
    );

    let mut run = run_with(vec![
        cell_ci("xxh3-64/xxhash-rust", 16, 1.625, 1.62, 1.63),
        // Faster than 64 B at the read's best rate: impossible, still flagged.
        cell_ci("x/impossible", 64, 0.05, 0.04, 0.05),
    ]);
    run.baselines = vec![cell_ci("baseline/read", 16, 2.234, 2.234, 2.24), read_4k()];
    apply(&mut run, &t());
    assert!(
        codes_of(&run.cells[0]).is_empty(),
        "{:?}",
        run.cells[0].flags
    );
    assert_eq!(codes_of(&run.cells[1]), [FlagCode::AboveCeiling]);
}

/// A settled figure whose rounds, replayed, give figures more than 5 % apart is flagged:
/// the next run may read it that far away (issue 32: cells moved over 5 % unflagged).
#[test]
fn a_figure_whose_next_run_may_lie_far_away_is_flagged() {
    let steady = [100.0, 100.5, 100.2, 100.1, 99.9, 100.3, 100.4, 100.0];
    // Half the rounds on a level 7 % slower: a replay with fewer than three of the fast
    // ones (5 % of them) reads 107 ns.
    let two_levels = [
        100.0, 107.0, 100.1, 107.1, 100.2, 107.0, 100.0, 107.2, 100.1, 107.0,
    ];
    let mut run = run_with(vec![
        cell_rounds("x/steady", 64, &steady, None),
        cell_rounds("x/two-levels", 64, &two_levels, None),
    ]);
    apply(&mut run, &t());
    assert!(
        codes_of(&run.cells[0]).is_empty(),
        "{:?}",
        run.cells[0].flags
    );
    let flag = &run.cells[1].flags[0];
    assert_eq!(flag.code, FlagCode::WideInterval);
    assert_eq!(
        flag.reason,
        "a next run may read it anywhere from 99.60 ns to 107.2 ns (-0.5 % to +7.1 %): its \
         rounds, replayed, give figures that far apart; measure longer (--time) to narrow it"
    );
    // A file from before the next run's range: its interval promised only its rounds.
    let mut old = run.cells[1].figure.clone().expect("a figure");
    old.interval = hashbench_stats::rounds::IntervalKind::Rounds;
    assert!(wide_interval(&old, &two_levels).is_none());
}

/// issue 32: with `--time 0.02` a figure 1.5x off sat tied in a ranking with no flag. A
/// spread flag on a cell whose rounds ran out of time says the budget is why.
#[test]
fn a_figure_the_budget_left_unsettled_says_so() {
    let m = [100.0, 110.0, 121.0, 133.0, 146.0];
    let mut short = cell_rounds("x/short", 64, &m, None);
    short.stop_reason = hashbench_model::StopReason::Budget;
    let mut run = run_with(vec![short, cell_rounds("x/targets", 64, &m, None)]);
    run.cells[1].stop_reason = hashbench_model::StopReason::RoundTargets;
    apply(&mut run, &t());
    let reason = |i: usize| run.cells[i].flags[0].reason.clone();
    assert!(
        reason(0)
            .ends_with("; its rounds spent their share of --time before reaching their precision"),
        "{}",
        reason(0)
    );
    assert!(!reason(1).contains("--time before"), "{}", reason(1));
}
