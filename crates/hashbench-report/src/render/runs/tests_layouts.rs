//! The seed layouts (divan, crystal, node, openssl-speed): whole renderings of small
//! runs, every figure derived by hand in the comments.

use std::collections::BTreeMap;

use crate::render::layouts::label;
use hashbench_analysis::completion::completed;

/// A seed layout of `run`, completed first as every renderer gets it.
fn render(run: &Run, layout: Layout) -> Option<String> {
    let own: Vec<RelativeTo> = crate::render::layouts::own_column(layout)
        .into_iter()
        .collect();
    crate::render::layouts::render(&completed(run, &own), layout)
}
use hashbench_analysis::relative::apply;
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::Layout;
use hashbench_model::RelativeTo;
use hashbench_model::{Run, SuiteInfo};

fn lines(parts: &[&str]) -> String {
    parts.iter().map(|l| format!("{l}\n")).collect()
}

fn times(min: f64, median: f64, mean: f64, max: f64) -> Times {
    Times {
        min,
        median,
        mean,
        max,
        ..Times::at(median)
    }
}

/// Two implementations: `a` at 64 B and 4 KiB, `b` at 4 KiB only.
fn two_implementations() -> Run {
    run_with(vec![
        cell_times("crc32c/a", 64, times(16.0, 20.0, 25.0, 64.0)),
        cell_times("crc32c/a", 4096, times(900.0, 1000.0, 1100.0, 2048.0)),
        cell_times("crc32c/b", 4096, times(2000.0, 2048.0, 2100.0, 4096.0)),
    ])
}

#[test]
fn divan_shows_the_four_statistics_as_times_and_decimal_rates() {
    let text = render(&two_implementations(), Layout::Divan).unwrap();
    // Summary: the median rate at each function's largest size, fastest first:
    // 4096 B / 1000 ns = 4.096 GB/s and 4096 B / 2048 ns = 2.000 GB/s.
    // Tree: per size a time row (fastest = min, slowest = max, median, mean; 21 samples
    // of 1000 calls) and a rate row, size / time in decimal GB/s: 64 B / 16 ns = 4 GB/s,
    // 64 / 64 = 1, 64 / 20 = 3.2, 64 / 25 = 2.56; 4096 / 900 = 4.551, 4096 / 2048 = 2,
    // 4096 / 1000 = 4.096, 4096 / 1100 = 3.724; 4096 / 2000 = 2.048, 4096 / 4096 = 1,
    // 4096 / 2048 = 2, 4096 / 2100 = 1.950.
    let expected = lines(&[
        "Median throughput at 4 KiB:",
        "crc32c/a - 4.096 GB/s",
        "crc32c/b - 2.000 GB/s",
        "",
        "name         fastest     slowest     median      mean        samples  iters",
        "├─ crc32c/a",
        "│  ├─ 64     16.00 ns    64.00 ns    20.00 ns    25.00 ns         21  21000",
        "│  │         4.000 GB/s  1.000 GB/s  3.200 GB/s  2.560 GB/s",
        "│  ╰─ 4096   900.0 ns    2.048 µs    1.000 µs    1.100 µs         21  21000",
        "│            4.551 GB/s  2.000 GB/s  4.096 GB/s  3.724 GB/s",
        "╰─ crc32c/b",
        "   ╰─ 4096   2.000 µs    4.096 µs    2.048 µs    2.100 µs         21  21000",
        "             2.048 GB/s  1.000 GB/s  2.000 GB/s  1.950 GB/s",
    ]);
    assert_eq!(text, expected);
}

#[test]
fn divan_summary_ranks_by_the_largest_size_of_each_function() {
    // `slow` is faster at 64 B (64 B / 10 ns = 6.4 GB/s) but slower at 4 KiB
    // (4096 / 4096 = 1 GB/s) than `fast` (4096 / 1024 = 4 GB/s): the summary is at the
    // largest size, ranked by it, and names that size.
    let run = run_with(vec![
        cell_times("x/slow", 64, Times::at(10.0)),
        cell_times("x/slow", 4096, Times::at(4096.0)),
        cell_times("x/fast", 4096, Times::at(1024.0)),
    ]);
    let text = render(&run, Layout::Divan).unwrap();
    assert!(
        text.starts_with(&lines(&[
            "Median throughput at 4 KiB:",
            "x/fast - 4.000 GB/s",
            "x/slow - 1.000 GB/s",
            "",
        ])),
        "{text}"
    );
}

#[test]
fn divan_relative_columns_follow_iters_on_time_rows_only() {
    let mut run = two_implementations();
    apply(&mut run, &[RelativeTo::Fastest]);
    let text = render(&run, Layout::Divan).unwrap();
    // b's 2048 ns over a's 1000 ns at 4 KiB: 2.05x slower; a is the fastest at both
    // sizes. The column is right-aligned; the rate rows stop at the mean.
    let table = lines(&[
        "name         fastest     slowest     median      mean        samples  iters  × slower than fastest",
        "├─ crc32c/a",
        "│  ├─ 64     16.00 ns    64.00 ns    20.00 ns    25.00 ns         21  21000                fastest",
        "│  │         4.000 GB/s  1.000 GB/s  3.200 GB/s  2.560 GB/s",
        "│  ╰─ 4096   900.0 ns    2.048 µs    1.000 µs    1.100 µs         21  21000                fastest",
        "│            4.551 GB/s  2.000 GB/s  4.096 GB/s  3.724 GB/s",
        "╰─ crc32c/b",
        "   ╰─ 4096   2.000 µs    4.096 µs    2.048 µs    2.100 µs         21  21000           2.05× slower",
        "             2.048 GB/s  1.000 GB/s  2.000 GB/s  1.950 GB/s",
    ]);
    assert!(text.contains(&table), "{text}");
    assert!(
        text.ends_with(
            "\n\nThe last column compares each row with the same size's (× slower than \
             fastest; --relative-to chooses).\n"
        ),
        "{text}"
    );
}

#[test]
fn openssl_speed_prints_thousands_of_decimal_bytes_per_second() {
    // openssl speed: "The 'numbers' are in 1000s of bytes per second processed", so
    // 64 B / 20 ns = 3.2e9 B/s = 3200000.00k, 4096 B / 1000 ns = 4.096e9 B/s =
    // 4096000.00k (4000000.00k if "k" were KiB), 4096 B / 2048 ns = 2000000.00k; b has
    // no 64 B cell.
    let text = render(&two_implementations(), Layout::OpensslSpeed).unwrap();
    let expected = lines(&[
        "The 'numbers' are in 1000s of bytes per second processed (at the median).",
        "type         64 bytes   4096 bytes",
        "crc32c/a  3200000.00k  4096000.00k",
        "crc32c/b            -  2000000.00k",
    ]);
    assert_eq!(text, expected);
}

#[test]
fn openssl_speed_adds_one_grid_per_relative_column() {
    let mut run = two_implementations();
    apply(&mut run, &[RelativeTo::Slowest]);
    let text = render(&run, Layout::OpensslSpeed).unwrap();
    // +% vs slowest: b makes 1000 / 2048 of a's calls per second, so a makes
    // (2048 / 1000 - 1) x 100 = +104.80 % more than b, the slowest at 4 KiB; at 64 B a
    // is alone and so the slowest.
    let grid = lines(&[
        "",
        "+% vs slowest  64 bytes  4096 bytes",
        "crc32c/a        slowest   +104.80 %",
        "crc32c/b              -     slowest",
    ]);
    assert!(text.ends_with(&grid), "{text}");
}

#[test]
fn crystal_prints_median_op_s_time_spread_bytes_and_ratio() {
    let mut a16 = cell_times(
        "blake3/a",
        16,
        Times {
            mean: 1100.0,
            std_dev: 22.0,
            ..Times::at(1000.0)
        },
    );
    a16.bytes_allocated_per_call = Some(0.0);
    let mut b16 = cell_times(
        "blake3/b",
        16,
        Times {
            std_dev: 250.0,
            ..Times::at(2500.0)
        },
    );
    b16.bytes_allocated_per_call = Some(592.0);
    let a4k = cell_times("blake3/a", 4096, Times::at(2e6));
    let run = run_with(vec![a4k, a16, b16]);
    let text = render(&run, Layout::Crystal).unwrap();
    // Per size (ascending), in run order: op/s = 1e9 / median (1000 ns: 1.00M; 2500 ns:
    // 400.00k; 2 ms: 500.00), the median time, ± = std dev / mean (22 / 1100 = 2 %,
    // 250 / 2500 = 10 %, 0), bytes allocated per call (unknown: n/a), and the ratio of
    // medians to the fastest of the size (2500 / 1000 = 2.50).
    let table = lines(&[
        "  blake3/a 16    1.00M  (1.000 µs)  (± 2.00%)  0.0B/op       fastest",
        "  blake3/b 16  400.00k  (2.500 µs)  (±10.00%)  592B/op  2.50× slower",
        "blake3/a 4096   500.00  (2.000 ms)  (± 0.00%)      n/a       fastest",
    ]);
    assert!(text.starts_with(&table), "{text}");
    assert!(
        text.ends_with(
            "own mallocs are not seen); the last column compares each row with the same \
             size's (× slower than fastest; --relative-to chooses).\n"
        ),
        "{text}"
    );
}

#[test]
fn crystal_op_s_switch_units_at_one_thousand_and_one_million() {
    // 1e9 / 1000 ns = exactly 1e6 op/s: 1.00M; 1e9 / 1e6 ns = exactly 1000 op/s: 1.00k;
    // 1e9 / 1000.5 ns = 999500.2 op/s: 999.50k; 1e9 / 1.0005e6 ns = 999.50 op/s.
    let run = run_with(vec![
        cell_times("a/x", 1, Times::at(1000.0)),
        cell_times("a/x", 2, Times::at(1000.5)),
        cell_times("a/x", 3, Times::at(1e6)),
        cell_times("a/x", 4, Times::at(1.0005e6)),
    ]);
    let text = render(&run, Layout::Crystal).unwrap();
    let rates: Vec<&str> = text
        .lines()
        .take(4)
        .map(|l| l.split_whitespace().nth(2).unwrap())
        .collect();
    assert_eq!(rates, ["1.00M", "999.50k", "1.00k", "999.50"], "{text}");
}

#[test]
fn crystal_bytes_per_op_switch_to_kb_and_mb_at_one_thousand_and_one_million() {
    // Decimal kB and MB as Crystal prints them: 999 B stays in B (whole: no decimal),
    // 1000 B is 1.00kB, 999000 B is 999.00kB (still below 1e6), 1e6 B is 1.00MB,
    // 2.5e6 B is 2.50MB; 1 B is whole, 0.5 B is not.
    let bytes = [999.0, 1000.0, 999_000.0, 1e6, 2.5e6, 1.0, 0.5];
    let cells = bytes
        .iter()
        .enumerate()
        .map(|(i, b)| {
            let mut c = cell_times("a/x", i as u64 + 1, Times::at(1000.0));
            c.bytes_allocated_per_call = Some(*b);
            c
        })
        .collect();
    let text = render(&run_with(cells), Layout::Crystal).unwrap();
    let shown: Vec<&str> = text
        .lines()
        .take(bytes.len())
        .map(|l| l.split_whitespace().nth(7).unwrap())
        .collect();
    assert_eq!(
        shown,
        [
            "999B/op",
            "1.00kB/op",
            "999.00kB/op",
            "1.00MB/op",
            "2.50MB/op",
            "1B/op",
            "0.5B/op"
        ],
        "{text}"
    );
}

#[test]
fn divan_rate_rows_keep_all_four_rates_beside_three_relative_columns() {
    let mut run = two_implementations();
    apply(
        &mut run,
        &[
            RelativeTo::Fastest,
            RelativeTo::Slowest,
            RelativeTo::Cell("crc32c/b".into()),
        ],
    );
    let text = render(&run, Layout::Divan).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    // b's time row at 4 KiB: 2048 / 1000 = 2.05x the fastest, the slowest itself, and
    // perf vs itself 1.0; its rate row still ends with the mean's 1.950 GB/s.
    assert!(
        rows[11].ends_with("21  21000           2.05× slower        slowest               1.0"),
        "{text}"
    );
    assert!(
        rows[12].ends_with("2.048 GB/s  1.000 GB/s  2.000 GB/s  1.950 GB/s"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "\nThe last 3 columns compare each row with the same size's (× slower than \
             fastest, +% vs slowest, perf vs crc32c/b; --relative-to chooses).\n"
        ),
        "{text}"
    );
}

#[test]
fn node_sorts_by_op_s_and_puts_the_fastest_last() {
    let ci = |median: f64, ci_percent: f64| Times {
        ci_percent,
        ..Times::at(median)
    };
    let mut run = run_with(vec![
        cell_times("x/fast", 4096, ci(1000.0, 1.0)),
        cell_times("x/mid", 4096, ci(2000.0, 12.5)),
        cell_times("x/slow", 4096, ci(4000.0, 0.25)),
    ]);
    // A size with only a baseline gets no section.
    run.baselines
        .push(cell_times("baseline/read", 64, Times::at(5.0)));
    let text = render(&run, Layout::Node).unwrap();
    // op/s = 1e9 / median: 250000, 500000, 1000000; Tolerance is the median's CI
    // half-width; Difference with slowest = (op/s / slowest's op/s - 1) x 100: mid
    // 500000 / 250000 -> + 100.00 %, fast -> + 300.00 %, blank for the slowest itself.
    let expected = lines(&[
        "### 4 KiB",
        "",
        "Test          Samples             Result  Tolerance  Difference with slowest",
        "x/slow             21   250000.00 op/sec  ±  0.25 %",
        "x/mid              21   500000.00 op/sec  ± 12.50 %  + 100.00 %",
        "",
        "Fastest test",
        "x/fast             21  1000000.00 op/sec  ±  1.00 %  + 300.00 %",
        "",
        "Result is op/s at the median; Tolerance is the 95 % CI of the median (the Node \
         seed's tolerance is its benchmark library's margin of error); the last column \
         compares each row with the same size's (+% vs slowest; --relative-to chooses).",
    ]);
    assert_eq!(text, expected);
}

#[test]
fn node_shows_other_relative_columns_as_every_table_does() {
    let mut run = run_with(vec![
        cell_times("x/a", 64, Times::at(10.0)),
        cell_times("x/b", 64, Times::at(40.0)),
    ]);
    apply(&mut run, &[RelativeTo::Fastest, RelativeTo::Slowest]);
    let text = render(&run, Layout::Node).unwrap();
    let rows: Vec<&str> = text.lines().collect();
    // b takes 40 / 10 = 4x a's time; a makes (4 - 1) x 100 = 300 % more calls.
    assert!(
        rows[2].ends_with("Tolerance  × slower than fastest  Difference with slowest"),
        "{text}"
    );
    assert!(rows[3].ends_with("4.00× slower"), "{text}");
    assert!(
        rows[6].ends_with("fastest                + 300.00 %"),
        "{text}"
    );
    assert!(
        text.ends_with(
            "the last 2 columns compare each row with the same size's (× slower than \
             fastest, +% vs slowest; --relative-to chooses).\n"
        ),
        "{text}"
    );
}

fn suite(labels: &[(&str, &str)], notes: &[&str]) -> SuiteInfo {
    SuiteInfo {
        name: "s".into(),
        layout: Layout::Divan,
        labels: labels
            .iter()
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect::<BTreeMap<_, _>>(),
        notes: notes.iter().map(|n| n.to_string()).collect(),
    }
}

#[test]
fn labels_prefer_implementation_at_pattern_then_implementation_then_the_id() {
    let mut reuse = cell_times("blake2/b", 64, Times::at(10.0));
    reuse.pattern = hashbench_model::Pattern::Reuse;
    let mut new = cell_times("blake2/b", 64, Times::at(10.0));
    new.pattern = hashbench_model::Pattern::New;
    let oneshot = cell_times("blake2/b", 64, Times::at(10.0));
    let mut run = run_with(vec![]);
    assert_eq!(label(&run, &oneshot), "blake2/b");
    assert_eq!(label(&run, &reuse), "blake2/b (reuse)");
    run.suite = Some(suite(
        &[("blake2/b@reuse", "blake2b.reuse"), ("blake2/b", "blake2b")],
        &[],
    ));
    assert_eq!(label(&run, &reuse), "blake2b.reuse");
    assert_eq!(label(&run, &new), "blake2b");
    assert_eq!(label(&run, &oneshot), "blake2b");
}

#[test]
fn a_suites_notes_follow_its_layout_and_the_default_layout_is_not_rendered_here() {
    let mut run = run_with(vec![cell_times("a/x", 64, Times::at(32.0))]);
    assert_eq!(render(&run, Layout::Default), None);
    run.suite = Some(suite(&[("a/x", "A")], &["one", "two"]));
    let text = render(&run, Layout::OpensslSpeed).unwrap();
    // 64 B / 32 ns = 2 GB/s = 2000000.00k, under the suite's label.
    assert_eq!(
        text,
        lines(&[
            "The 'numbers' are in 1000s of bytes per second processed (at the median).",
            "type     64 bytes",
            "A     2000000.00k",
            "",
            "How this differs from the seed:",
            "- one",
            "- two",
        ])
    );
    run.suite = Some(suite(&[], &[]));
    assert!(!render(&run, Layout::OpensslSpeed)
        .unwrap()
        .contains("How this differs"));
}

#[test]
fn layout_names_parse_to_their_layouts() {
    let parsed: Vec<Option<Layout>> = Layout::NAMES.iter().map(|n| Layout::parse(n)).collect();
    assert_eq!(
        parsed,
        [
            Some(Layout::Default),
            Some(Layout::Divan),
            Some(Layout::Crystal),
            Some(Layout::Node),
            Some(Layout::OpensslSpeed),
        ]
    );
    assert_eq!(Layout::parse("openssl"), None);
}
