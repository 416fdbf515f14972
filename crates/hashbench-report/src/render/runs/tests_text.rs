//! The default terminal and Markdown renderings: rankings, detail, baselines, cost
//! model, streams, flags and skipped implementations, with hand-derived figures.

use hashbench_host::CacheLevel;
use hashbench_stats::SlopeCiMethod;

use crate::render::flags::flags_text;
use crate::render::json::json;
use hashbench_analysis::completion::completed;

/// The renderers get a run completed ([`completed`]); these hand-built ones are too.
fn terminal(run: &Run) -> String {
    crate::render::text::terminal(&completed(run, &[]))
}

fn markdown(run: &Run) -> String {
    crate::render::text::markdown(&completed(run, &[]))
}
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::{CostFit, Interval};
use hashbench_model::{Flag, FlagCode};
use hashbench_model::{Run, Skipped};

fn lines(parts: &[&str]) -> String {
    parts.iter().map(|l| format!("{l}\n")).collect()
}

fn flag(code: FlagCode, reason: &str) -> Flag {
    Flag {
        code,
        reason: reason.into(),
    }
}

/// Two hashes and two baselines at 4 KiB.
fn small_run() -> Run {
    let mut a = cell_times("crc32c/a", 4096, Times::at(1000.0));
    a.cache_level = Some(CacheLevel::L1);
    a.fraction_of_read_ceiling = Some(0.25);
    a.tsc_cycles_per_byte = Some(0.7325);
    a.allocations_per_call = Some(0.0);
    a.bytes_allocated_per_call = Some(64.5);
    let mut b = cell_times(
        "blake3/b",
        4096,
        Times {
            ci_percent: 12.5,
            ..Times::at(500.0)
        },
    );
    b.cache_level = Some(CacheLevel::L1);
    b.threads = 2;
    b.pattern = hashbench_model::Pattern::Reuse;
    b.flags.push(flag(FlagCode::HighSpread, "spread"));
    let mut nop = cell_times("baseline/nop", 4096, Times::at(0.5));
    nop.tsc_cycles_per_call = Some(1.5);
    let read = cell_times("baseline/read", 4096, Times::at(250.0));
    let mut run = run_with(vec![a, b]);
    run.baselines = vec![nop, read];
    run
}

#[test]
fn the_terminal_table_ranks_details_and_lists_baselines_with_their_figures() {
    let text = terminal(&small_run());
    // Ranking by GB/s, descending: b 4096 B / 500 ns = 8.192 GB/s (±12.5 % CI, no read
    // ceiling known), a 4096 / 1000 = 4.096 GB/s at a quarter of the read ceiling. The
    // heading names the fastest cell's cache level. Detail, in run order: median time,
    // rate, CI, TSC cycles per byte to 2 decimals (0.7325 -> 0.73), 21 samples,
    // allocations per call (whole: 0) and bytes (64.50). Baselines: nop has no rate;
    // read: 4096 / 250 = 16.38 GB/s; nop's 1.5 TSC cycles per call.
    let expected = lines(&[
        "hashbench 0 on test (2 logical cores), no TSC",
        "build: release profile, rustc, target-cpu default",
        "",
        "Ranking at 4 KiB (input in L1)",
        // The interval is the throughput's (from the median's CI), in the estimate's unit.
        "#  implementation                throughput      95 % CI  of read  backend  flags",
        "1  blake3/b [reuse] (2 threads)  8.192 GB/s  7.282–9.362        -  test     high-spread",
        "2  crc32c/a                      4.096 GB/s  4.055–4.137     25 %  test",
        "",
        "Detail",
        "algorithm  implementation        pattern   size  in    median  throughput  95 % CI  TSC cycles/B  samples  allocs/call  B alloc/call  backend  flags",
        "crc32c     crc32c/a              oneshot  4 KiB  L1  1.000 µs  4.096 GB/s   ±1.0 %          0.73       21            0         64.50  test",
        "blake3     blake3/b (2 threads)  reuse    4 KiB  L1  500.0 ns  8.192 GB/s  ±12.5 %             -       21            -             -  test     high-spread",
        "",
        "Baselines",
        "baseline   size    median  throughput  95 % CI  TSC cycles/call  flags",
        "nop       4 KiB  0.500 ns           -   ±1.0 %              1.5",
        "read      4 KiB  250.0 ns  16.38 GB/s   ±1.0 %                -",
        "",
        "Flags",
        "- blake3/b at 4 KiB (reuse): high-spread: spread",
        "",
    ]);
    assert_eq!(text, expected);
}

#[test]
fn markdown_has_the_same_figures_in_tables_with_alignment_rules() {
    let md = markdown(&small_run());
    let ranking = lines(&[
        "## Ranking at 4 KiB (input in L1)",
        "",
        "| # | implementation | throughput | 95 % CI | vs read | flags |",
        "| ---: | :--- | ---: | ---: | :--- | :--- |",
        "| 1 | blake3/b [reuse] (2 threads) | 8.192 GB/s | ±12.5 % | - | high-spread |",
        "| 2 | crc32c/a | 4.096 GB/s | ±1.0 % | 25 % of read ceiling |  |",
        "",
    ]);
    assert!(md.contains(&ranking), "{md}");
    assert!(
        md.starts_with(
            "hashbench 0 on test (2 logical cores), no TSC  \nbuild: release profile, rustc, \
             target-cpu default  \n\n"
        ),
        "{md}"
    );
    assert!(
        md.contains("\n## Flags\n\n- blake3/b at 4 KiB (reuse): high-spread: spread\n"),
        "{md}"
    );
}

#[test]
fn rankings_are_per_size_and_relative_columns_sit_before_vs_read() {
    let mut run = run_with(vec![
        cell_times("a/x", 64, Times::at(32.0)),
        cell_times("a/x", 1 << 20, Times::at(262_144.0)),
        cell_times("b/x", 1 << 20, Times::at(131_072.0)),
    ]);
    run.tsc_hz = Some(2.9e9);
    hashbench_analysis::relative::apply(&mut run, &[hashbench_model::RelativeTo::Fastest]);
    let text = terminal(&run);
    // 64 B / 32 ns = 2 GB/s; 2^20 B / 262144 ns = 4 GB/s, / 131072 ns = 8 GB/s, and
    // a takes 262144 / 131072 = 2x b's time.
    assert!(
        text.starts_with("hashbench 0 on test (2 logical cores), TSC 2.900 GHz\n"),
        "{text}"
    );
    let expected = lines(&[
        "Ranking at 64 B",
        "#  implementation  throughput      95 % CI  × slower than fastest  of read  backend  flags",
        "1  a/x             2.000 GB/s  1.980–2.020                fastest        -  test",
        "",
        "Ranking at 1 MiB",
        "#  implementation  throughput      95 % CI  × slower than fastest  of read  backend  flags",
        "1  b/x             8.000 GB/s  7.921–8.081                fastest        -  test",
        "2  a/x             4.000 GB/s  3.960–4.040           2.00× slower        -  test",
        "",
    ]);
    assert!(text.contains(&expected), "{text}");
}

#[test]
fn incomplete_runs_run_flags_and_skipped_implementations_are_said() {
    let mut run = small_run();
    run.complete = false;
    run.flags.push(flag(FlagCode::Drift, "the machine slowed"));
    run.skipped = vec![
        Skipped {
            implementation: "md5/x".into(),
            pattern: None,
            reason: hashbench_model::SkipReason::FailedVerification,
            details: vec!["first".into(), "second".into()],
        },
        Skipped {
            implementation: "sha1/y".into(),
            pattern: Some(hashbench_model::Pattern::Hex),
            reason: hashbench_model::SkipReason::PatternNotApplicable,
            details: vec![],
        },
    ];
    let text = terminal(&run);
    assert!(
        text.starts_with(&lines(&[
            "hashbench 0 on test (2 logical cores), no TSC",
            "build: release profile, rustc, target-cpu default",
            "INCOMPLETE: the run was interrupted; planned cells are missing",
            "FLAG drift: the machine slowed",
            "",
        ])),
        "{text}"
    );
    // Only the first detail of a skipped implementation is shown.
    assert!(
        text.ends_with(&lines(&[
            "Skipped",
            "- md5/x: failed-verification (first)",
            "- sha1/y [hex]: pattern-not-applicable",
            "",
        ])),
        "{text}"
    );
}

#[test]
fn an_empty_run_has_only_its_header() {
    let text = terminal(&run_with(vec![]));
    assert_eq!(
        text,
        "hashbench 0 on test (2 logical cores), no TSC\nbuild: release profile, rustc, \
         target-cpu default\n\n"
    );
}

#[test]
fn cost_model_and_streams_sections_print_their_intervals_and_rates() {
    let mut run = run_with(vec![]);
    let interval = |estimate, low, high| Interval {
        estimate,
        low,
        high,
    };
    run.cost_model = vec![
        CostFit {
            implementation: "blake3/x".into(),
            pattern: hashbench_model::Pattern::New,
            threads: 4,
            mode: hashbench_model::Mode::Throughput,
            sizes: vec![64, 1024, 4096, 65536],
            fixed_ns: interval(41.6, 39.4, 44.5),
            ns_per_byte: interval(0.25, 0.24, 0.26),
            gb_per_sec: Some(interval(4.0, 3.846, 4.167)),
            tsc_cycles_per_byte: Some(interval(0.75, 0.7205, 0.78)),
            interval_method: SlopeCiMethod::MinMaxTooFewPoints,
        },
        CostFit {
            implementation: "sha1/y".into(),
            pattern: hashbench_model::Pattern::Oneshot,
            threads: 1,
            mode: hashbench_model::Mode::Throughput,
            sizes: vec![1, 2, 3, 4, 5, 6, 7],
            fixed_ns: interval(-3.0, -5.0, 2.0),
            ns_per_byte: interval(1.0, 0.5, 1.5),
            gb_per_sec: None,
            tsc_cycles_per_byte: None,
            interval_method: SlopeCiMethod::Sen,
        },
    ];
    run.streams.push(hashbench_model::testutil::two_streams(
        hashbench_model::StopReason::Precision,
    ));
    let text = terminal(&run);
    // Fixed cost to whole ns (41.6 -> 42, 39.4 -> 39, 44.5 -> 44 by round-half-even on
    // 44.5's binary value), cycles per byte to 3 decimals, GB/s to 2 (3.846 -> 3.85);
    // streams: 2^20 B / 1e5 ns = 10.49 GB/s alone, / 4e4 ns = 26.21 GB/s aggregate,
    // efficiency 125 %.
    let expected = lines(&[
        "Cost model: time(n) = fixed + n / steady rate (Theil-Sen over the sizes)",
        "implementation              sizes  fixed cost ns          TSC cycles/B        steady GB/s  interval",
        "blake3/x [new] (4 threads)      4    42 [39, 44]  0.750 [0.721, 0.780]  4.00 [3.85, 4.17]  min-max (< 6 sizes)",
        "sha1/y                          7   not resolved                     -                  -  Sen 95 %",
        "",
        // A negative fixed cost and a rate with no upper bound are not shown as figures.
        "Not shown, as the fit cannot stand behind them:",
        "- sha1/y: fixed cost not resolved: -3 ns is negative (interval [-5, 2] ns)",
        "- sha1/y: steady rate not resolved: its interval has no upper bound (the slope's interval reaches zero)",
        "",
        // What each bracket is: only Sen's is a confidence interval (issue 13).
        "[low, high] of the rate and cycles: Sen's 95 % confidence interval of the slope from 6 \
         sizes on (\"Sen 95 %\"); with fewer, the smallest and largest slope between two sizes \
         (\"min-max\"), which has no stated coverage. [low, high] of the fixed cost: where the \
         lines with those two slopes cross 0 bytes, not a confidence interval.",
        "",
        "Streams: independent hashes on parallel threads (aggregate throughput)",
        "implementation   size  streams    1 stream   aggregate  scaling efficiency",
        "xxh3/x          1 MiB        2  10.49 GB/s  26.21 GB/s               125 %",
        "",
    ]);
    assert!(text.contains(&expected), "{text}");
}

#[test]
fn streams_measured_on_a_busy_machine_say_their_scaling_is_unreliable() {
    let with_wait = |wait: f64, steal: Option<f64>| {
        let mut run = run_with(vec![]);
        let mut s = hashbench_model::testutil::two_streams(hashbench_model::StopReason::Precision);
        s.load = Some(hashbench_model::CellLoad {
            cpu_wait_percent: wait,
            steal_percent: steal,
        });
        run.streams.push(s);
        terminal(&run)
    };
    // 25 % is the line (BUSY_MAX_PERCENT_THREADS); steal counts as waiting too.
    assert!(with_wait(25.0, None).contains("  125 %\n"));
    assert!(with_wait(20.0, Some(10.0)).contains("125 % (unreliable: busy machine, 30 % wait)\n"));
    assert!(with_wait(40.0, None).contains("125 % (unreliable: busy machine, 40 % wait)\n"));
}

#[test]
fn flags_text_lists_run_flags_then_flagged_cells() {
    let mut run = small_run();
    assert_eq!(
        flags_text(&run),
        "Flags\n- blake3/b at 4 KiB (reuse): high-spread: spread\n\n"
    );
    run.flags.push(flag(FlagCode::Drift, "slowed"));
    run.baselines[1]
        .flags
        .push(flag(FlagCode::AboveCeiling, "too fast"));
    // Cells first, then baselines; a blank line between the run's flags and the cells'.
    assert_eq!(
        flags_text(&run),
        "FLAG drift: slowed\n\nFlags\n- blake3/b at 4 KiB (reuse): high-spread: spread\n\
         - baseline/read at 4 KiB (oneshot): above-ceiling: too fast\n\n"
    );
    run.cells[1].flags.clear();
    run.baselines[1].flags.clear();
    assert_eq!(flags_text(&run), "FLAG drift: slowed\n");
    assert_eq!(flags_text(&small_run_without_flags()), "");
}

fn small_run_without_flags() -> Run {
    let mut run = small_run();
    run.cells[1].flags.clear();
    run
}

#[test]
fn json_is_pretty_with_a_trailing_newline_and_reads_back() {
    let run = small_run();
    let text = json(&run).unwrap();
    assert!(text.starts_with("{\n  \"schema_version\": 2,\n"), "{text}");
    assert!(text.ends_with("}\n") && !text.ends_with("}\n\n"), "{text}");
    let back: Run = serde_json::from_str(&text).unwrap();
    assert_eq!(back.cells[1].label(), "blake3/b [reuse] (2 threads)");
    assert_eq!(back.cells[0].gb_per_sec(), 4.096);
}

#[test]
fn strings_in_markdown_cannot_forge_rows_or_open_html() {
    use crate::render::table::md_escape;
    assert_eq!(md_escape("a|b"), "a\\|b");
    assert_eq!(
        md_escape("<script>alert(1)</script>"),
        "&lt;script&gt;alert(1)&lt;/script&gt;"
    );
    assert_eq!(md_escape("one\nline\r"), "one line ");
    assert_eq!(md_escape("plain 4.00 GB/s"), "plain 4.00 GB/s");
    // Through a whole report: a CPU model from a file with a forged row and HTML.
    let mut run = hashbench_model::testutil::run_with(vec![hashbench_model::testutil::cell_with(
        "crc32/x", 1, 64, 16.0,
    )]);
    run.host.cpu_model = "Evil | forged | row |\n<img src=x>".into();
    let md = crate::render::text::markdown(&run);
    assert!(!md.contains("<img"), "{md}");
    assert!(
        md.contains("Evil \\| forged \\| row \\| &lt;img src=x&gt;"),
        "{md}"
    );
}

/// A Markdown ranking marks ties as the terminal does (`=1`), with the legend, so that a
/// pasted table claims no order the run cannot support.
#[test]
fn markdown_ranks_mark_ties_as_the_terminal_does() {
    use hashbench_model::testutil::analysis::{cell_ci, quiet};
    let run = hashbench_model::testutil::run_with(vec![
        cell_ci("crc32c/a", 4096, 100.0, 99.0, 101.0),
        cell_ci("crc32c/b", 4096, 100.5, 99.5, 101.5),
        quiet("crc32c/c", 4096, 200.0),
    ]);
    let md = markdown(&run);
    let rows: Vec<&str> = md.lines().filter(|l| l.starts_with("| ")).collect();
    assert!(rows[2].starts_with("| 1 | crc32c/a |"), "{md}");
    assert!(rows[3].starts_with("| =1 | crc32c/b |"), "{md}");
    assert!(rows[4].starts_with("| 3 | crc32c/c |"), "{md}");
    assert!(
        md.contains(
            "\n=N: tied with #N (their medians' 95 % CIs overlap: this run cannot order them)\n"
        ),
        "{md}"
    );
    // The terminal table of the same run agrees.
    let text = terminal(&run);
    assert!(
        text.lines()
            .any(|l| l.trim_start().starts_with("=1  crc32c/b")),
        "{text}"
    );
}
