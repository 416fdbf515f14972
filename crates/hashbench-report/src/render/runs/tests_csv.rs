//! CSV: every column's value for a hand-built cell, baseline and streams row, and
//! RFC 4180 quoting of names.

use hashbench_host::CacheLevel;
use hashbench_model::StopReason;

use crate::render::csv::csv;
use hashbench_analysis::relative::apply;
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::RelativeTo;
use hashbench_model::{Cell, Run};
use hashbench_model::{Flag, FlagCode};

/// Splits one CSV record into its fields, undoing RFC 4180 quoting; panics on a quote
/// that is not closed or is followed by anything but a comma.
fn fields(line: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut chars = line.chars().peekable();
    loop {
        let mut f = String::new();
        if chars.peek() == Some(&'"') {
            chars.next();
            loop {
                match chars.next().expect("closed quote") {
                    '"' if chars.peek() == Some(&'"') => {
                        chars.next();
                        f.push('"');
                    }
                    '"' => break,
                    c => f.push(c),
                }
            }
            assert!(matches!(chars.peek(), None | Some(',')), "{line}");
        } else {
            while let Some(c) = chars.peek().copied().filter(|c| *c != ',') {
                assert_ne!(c, '"', "a bare quote in an unquoted field: {line}");
                f.push(c);
                chars.next();
            }
        }
        out.push(f);
        if chars.next().is_none() {
            return out;
        }
    }
}

/// The rows as maps from header name to value; every row must have every column.
fn table(text: &str) -> Vec<Vec<(String, String)>> {
    let mut lines = text.lines();
    let header = fields(lines.next().expect("a header"));
    lines
        .map(|l| {
            let row = fields(l);
            assert_eq!(row.len(), header.len(), "{l}");
            header.iter().cloned().zip(row).collect()
        })
        .collect()
}

fn get<'a>(row: &'a [(String, String)], column: &str) -> &'a str {
    &row.iter()
        .find(|(h, _)| h == column)
        .unwrap_or_else(|| panic!("no column {column}"))
        .1
}

/// A cell with every optional figure set, a name that needs quoting, two flags.
fn full_cell() -> Cell {
    let mut c = cell_times(
        "crc32c/\"fast\",v2",
        4096,
        Times {
            min: 900.0,
            median: 1000.0,
            mean: 1100.0,
            max: 2048.0,
            std_dev: 50.0,
            ci_percent: 25.0,
        },
    );
    c.pattern = hashbench_model::Pattern::Streaming(4096);
    c.threads = 2;
    c.cache_level = Some(CacheLevel::L2);
    c.tsc_cycles_per_call = Some(3000.0);
    c.tsc_cycles_per_byte = Some(3000.0 / 4096.0);
    c.fraction_of_read_ceiling = Some(0.5);
    c.stop_reason = StopReason::Budget;
    c.complete = false;
    c.allocations_per_call = Some(2.0);
    c.bytes_allocated_per_call = Some(592.5);
    c.flags = vec![
        Flag {
            code: FlagCode::HighSpread,
            reason: "r".into(),
        },
        Flag {
            code: FlagCode::AboveCeiling,
            reason: "r".into(),
        },
    ];
    c
}

fn full_run() -> Run {
    let mut run = run_with(vec![
        full_cell(),
        cell_times("crc32c/b,x", 4096, Times::at(2000.0)),
    ]);
    run.flags.push(Flag {
        code: FlagCode::Drift,
        reason: "r".into(),
    });
    run.baselines
        .push(cell_times("baseline/read", 4096, Times::at(500.0)));
    apply(
        &mut run,
        &[RelativeTo::Fastest, RelativeTo::Cell("crc32c/b,x".into())],
    );
    run
}

#[test]
fn a_cells_row_holds_its_figures_in_the_named_columns() {
    let text = csv(&full_run());
    let rows = table(&text);
    assert_eq!(rows.len(), 3, "{text}");
    let row = &rows[0];
    // Times as given; rates at the median: 4096 B / 1000 ns = 4.096 GB/s =
    // 4.096e9 / 2^20 = 3906.25 MiB/s, 1e9 / 1000 = 1e6 calls/s; the CI is ±25 % of
    // 1000 ns; 3000 cycles / 4096 B = 0.732421875 (exact in binary).
    let expected = [
        ("kind", "hash"),
        ("implementation", "crc32c/\"fast\",v2"),
        ("algorithm", "crc32c"),
        ("pattern", "streaming:4k"),
        ("threads", "2"),
        ("size_bytes", "4096"),
        ("cache_level", "L2"),
        ("median_ns", "1000"),
        ("ci_low_ns", "750"),
        ("ci_high_ns", "1250"),
        ("ci_percent", "25"),
        ("mean_ns", "1100"),
        ("std_dev_ns", "50"),
        ("min_ns", "900"),
        ("max_ns", "2048"),
        ("samples", "21"),
        ("iterations_per_sample", "1000"),
        ("gb_per_sec", "4.096"),
        ("mib_per_sec", "3906.25"),
        ("ops_per_sec", "1000000"),
        ("tsc_cycles_per_call", "3000"),
        ("tsc_cycles_per_byte", "0.732421875"),
        ("fraction_of_read_ceiling", "0.5"),
        ("stop_reason", "budget"),
        ("complete", "false"),
        ("allocations_per_call", "2"),
        ("bytes_allocated_per_call", "592.5"),
        ("flags", "high-spread;above-ceiling"),
        ("run_flags", "drift"),
        ("streams", ""),
        ("single_stream_gb_per_sec", ""),
        ("scaling_efficiency", ""),
        // Flagged above-ceiling, this cell cannot be the fastest others are measured
        // against: b (2000 ns) is, so both columns hold 1000 / 2000.
        ("x_slower_than_fastest", "0.5"),
        ("perf_vs_crc32c/b,x", "0.5"),
    ]
    .map(|(h, v)| (h.to_string(), v.to_string()));
    assert_eq!(row.as_slice(), expected.as_slice(), "{text}");
}

#[test]
fn names_with_commas_or_quotes_are_quoted_and_quotes_doubled() {
    let text = csv(&full_run());
    let mut lines = text.lines();
    assert!(
        lines
            .next()
            .unwrap()
            .ends_with(",x_slower_than_fastest,\"perf_vs_crc32c/b,x\""),
        "{text}"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("hash,\"crc32c/\"\"fast\"\",v2\",crc32c,streaming:4k,2,4096,L2,"),
        "{text}"
    );
    assert!(
        lines
            .next()
            .unwrap()
            .starts_with("hash,\"crc32c/b,x\",crc32c,oneshot,1,4096,,2000,"),
        "{text}"
    );
}

#[test]
fn baselines_and_unset_figures_leave_their_columns_empty() {
    let rows = table(&csv(&full_run()));
    let b = &rows[1];
    assert_eq!(get(b, "implementation"), "crc32c/b,x");
    assert_eq!(get(b, "cache_level"), "");
    assert_eq!(get(b, "tsc_cycles_per_call"), "");
    assert_eq!(get(b, "allocations_per_call"), "");
    assert_eq!(get(b, "flags"), "");
    assert_eq!(get(b, "run_flags"), "drift");
    assert_eq!(get(b, "complete"), "true");
    assert_eq!(get(b, "stop_reason"), "precision");
    // b is the fastest believable cell and its own reference.
    assert_eq!(get(b, "x_slower_than_fastest"), "1");
    assert_eq!(get(b, "perf_vs_crc32c/b,x"), "1");
    let read = &rows[2];
    assert_eq!(get(read, "kind"), "baseline");
    assert_eq!(get(read, "implementation"), "baseline/read");
    // The read baseline's 500 ns over b's 2000 ns in both columns.
    assert_eq!(get(read, "x_slower_than_fastest"), "0.25");
    assert_eq!(get(read, "perf_vs_crc32c/b,x"), "0.25");
    // 4096 B / 500 ns.
    assert_eq!(get(read, "gb_per_sec"), "8.192");
}

#[test]
fn a_streams_row_holds_the_aggregate_and_the_single_stream_rate() {
    let mut run = run_with(vec![]);
    // Two streams, each call 1e5 ns alone; together 2 calls per 8e4 ns of wall time:
    // 4e4 ns per call, 2^20 B / 4e4 ns = 26.2144 GB/s aggregate against 10.48576 alone,
    // efficiency 26.2144 / (2 x 10.48576) = 1.25.
    run.streams.push(hashbench_model::testutil::two_streams(
        StopReason::Cancelled,
    ));
    let rows = table(&csv(&run));
    let s = &rows[0];
    let expected = [
        ("kind", "streams"),
        ("implementation", "xxh3/x"),
        ("algorithm", "xxh3"),
        ("pattern", "oneshot"),
        ("threads", "1"),
        ("size_bytes", "1048576"),
        ("median_ns", "40000"),
        ("iterations_per_sample", "7"),
        ("gb_per_sec", "26.2144"),
        ("ops_per_sec", "25000"),
        ("tsc_cycles_per_call", ""),
        ("stop_reason", "cancelled"),
        ("complete", ""),
        ("flags", ""),
        ("run_flags", ""),
        ("streams", "2"),
        ("single_stream_gb_per_sec", "10.48576"),
        ("scaling_efficiency", "1.25"),
    ];
    for (column, value) in expected {
        assert_eq!(get(s, column), value, "{column}");
    }
}
