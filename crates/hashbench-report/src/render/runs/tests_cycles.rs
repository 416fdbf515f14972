//! The cycle view (btrfs hash-speedtest's layout): cycles per call and per byte, and
//! "perf vs" ratios, from hand-set TSC figures.

use hashbench_analysis::completion::completed;

/// The cycle view's terminal table of `run`, completed first as every renderer gets it.
fn cycles_terminal(run: &Run) -> String {
    crate::render::cycles::terminal(&completed(
        run,
        &hashbench_analysis::relative::default_relative_to(run),
    ))
}

/// The cycle view's Markdown of `run`, completed first as every renderer gets it.
fn cycles_markdown(run: &Run) -> String {
    crate::render::cycles::markdown(&completed(
        run,
        &hashbench_analysis::relative::default_relative_to(run),
    ))
}
use hashbench_analysis::relative::apply;
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::RelativeTo;
use hashbench_model::{Cell, Run};
use hashbench_model::{Flag, FlagCode};

/// A cell of `median` ns per call and `cycles` TSC ticks per call at 4 KiB.
fn at_4k(implementation: &str, median: f64, cycles: f64) -> Cell {
    let mut c = cell_times(implementation, 4096, Times::at(median));
    c.tsc_cycles_per_call = Some(cycles);
    c.tsc_cycles_per_byte = Some(cycles / 4096.0);
    c
}

fn speedtest_run() -> Run {
    let mut run = run_with(vec![
        at_4k("sha2-256/y", 4000.0, 12000.0),
        at_4k("blake3/x", 1000.0, 3000.0),
    ]);
    run.tsc_hz = Some(3e9);
    // Out of hash-speedtest's order on purpose: the view puts NOP before MEMCPY.
    run.baselines = vec![
        at_4k("baseline/memcpy", 50.0, 100.0),
        at_4k("baseline/nop", 10.0, 30.0),
    ];
    run
}

#[test]
fn cycles_per_call_per_byte_and_perf_vs_the_first_blake3() {
    let text = cycles_terminal(&speedtest_run());
    // Cycles/call: 100 and more without decimals, less with one (30.0); cycles/byte =
    // cycles / 4096 to three decimals (30 / 4096 = 0.007, 100 / 4096 = 0.024, 3000 /
    // 4096 = 0.732, 12000 / 4096 = 2.930). Perf vs blake3/x = median / 1000 ns:
    // 10 -> 0.010 (-99%), 50 -> 0.050 (-95%), 4000 -> 4.000 (+300%); 1.0 for itself.
    // Iterations: 21 samples of 1000 calls. TSC 3e9 Hz = 3.000 GHz.
    let expected = [
        "hashbench 0 on test (2 logical cores), TSC 3.000 GHz",
        "build: release profile, rustc, target-cpu default",
        "",
        "Cycles are TSC reference cycles at 3.000 GHz (the time-stamp counter's constant \
         rate), not core clock cycles; per call = median over the samples of TSC ticks per \
         call. \"Perf vs\" is the ratio of median times per call (the TSC ticks at a \
         constant rate, so it is the ratio of cycles too).",
        "",
        "Block size: 4 KiB",
        "       Hash  Iterations  Cycles/call  Cycles/byte  Perf vs blake3/x  flags",
        "   NULL-NOP       21000         30.0        0.007  0.010 (-99%)",
        "NULL-MEMCPY       21000          100        0.024  0.050 (-95%)",
        " sha2-256/y       21000        12000        2.930  4.000 (+300%)",
        "   blake3/x       21000         3000        0.732  1.0",
        "",
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert_eq!(text, expected);
}

#[test]
fn the_cycle_view_in_markdown_aligns_figures_right_and_ratios_left() {
    let text = cycles_markdown(&speedtest_run());
    let table = [
        "## Block size: 4 KiB",
        "",
        "| Hash | Iterations | Cycles/call | Cycles/byte | Perf vs blake3/x | flags |",
        "| ---: | ---: | ---: | ---: | :--- | :--- |",
        "| NULL-NOP | 21000 | 30.0 | 0.007 | 0.010 (-99%) |  |",
        "| NULL-MEMCPY | 21000 | 100 | 0.024 | 0.050 (-95%) |  |",
        "| sha2-256/y | 21000 | 12000 | 2.930 | 4.000 (+300%) |  |",
        "| blake3/x | 21000 | 3000 | 0.732 | 1.0 |  |",
        "",
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert!(text.contains(&table), "{text}");
    // Markdown line breaks in the header lines.
    assert!(
        text.starts_with("hashbench 0 on test (2 logical cores), TSC 3.000 GHz  \n"),
        "{text}"
    );
}

#[test]
fn cycles_just_below_one_hundred_keep_a_decimal() {
    let mut run = run_with(vec![
        at_4k("a/x", 10.0, 99.5),
        at_4k("b/x", 10.0, 100.0),
        at_4k("c/x", 10.0, 2.25),
    ]);
    run.tsc_hz = Some(2.5e9);
    let text = cycles_terminal(&run);
    assert!(text.contains("\n a/x       21000         99.5"), "{text}");
    assert!(text.contains("\n b/x       21000          100"), "{text}");
    // 2.25 cycles keeps one decimal (2.2 or 2.3 by float rounding: 2.25 is exact, so
    // Rust rounds half to even: 2.2); per byte 2.25 / 4096 = 0.00055 -> 0.001.
    assert!(
        text.contains("\n c/x       21000          2.2        0.001"),
        "{text}"
    );
    assert!(text.contains("at 2.500 GHz"), "{text}");
}

#[test]
fn without_a_tsc_the_view_says_so_and_shows_dashes() {
    let mut run = run_with(vec![cell_times("sha1/x", 64, Times::at(100.0))]);
    run.tsc_hz = None;
    let text = cycles_terminal(&run);
    assert!(
        text.contains("No time-stamp counter on this machine: no cycles to show. \"Perf vs\""),
        "{text}"
    );
    // No blake3 in the run: the column is "× slower than fastest" (capitalised: no
    // change for "×").
    assert!(
        text.contains(
            "  Hash  Iterations  Cycles/call  Cycles/byte  × slower than fastest  flags\n\
             sha1/x       21000            -            -  fastest\n"
        ),
        "{text}"
    );
}

#[test]
fn the_runs_own_relative_columns_replace_the_default_and_flags_are_listed() {
    let mut run = speedtest_run();
    run.cells[0].flags.push(Flag {
        code: FlagCode::HighSpread,
        reason: "spread".into(),
    });
    apply(&mut run, &[RelativeTo::Slowest]);
    let text = cycles_terminal(&run);
    // "+% vs slowest", capitalised; blake3/x makes 4000 / 1000 - 1 = +300 % more calls
    // than sha2-256/y, the slowest; the baselines are faster than the slowest hash too
    // (4000 / 10 - 1 = +39900 %).
    assert!(
        text.contains("Cycles/byte  +% vs slowest  flags\n"),
        "{text}"
    );
    assert!(text.contains("0.007  +39900.00 %\n"), "{text}");
    assert!(
        text.contains("2.930  slowest        high-spread\n"),
        "{text}"
    );
    assert!(text.contains("0.732  +300.00 %\n"), "{text}");
    assert!(
        text.ends_with("Flags\n- sha2-256/y at 4 KiB (oneshot): high-spread: spread\n\n"),
        "{text}"
    );
}

#[test]
fn a_size_with_only_an_unlisted_baseline_has_no_table() {
    // Only nop, memcpy and read are floors of the view; another baseline at a size
    // where nothing else ran must not make an empty table.
    let mut run = run_with(vec![at_4k("blake3/x", 1000.0, 3000.0)]);
    run.tsc_hz = Some(3e9);
    run.baselines
        .push(cell_times("baseline/other", 64, Times::at(1.0)));
    let text = cycles_terminal(&run);
    assert!(!text.contains("Block size: 64 B"), "{text}");
    assert!(text.contains("Block size: 4 KiB"), "{text}");
}
