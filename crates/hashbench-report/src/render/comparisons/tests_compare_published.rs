//! `compare --published`: a hand-written seed beside a hand-built run; every speedup is
//! published time (or cycles) per call over the run's fastest cell's.

use crate::render::compare_published::render;
use hashbench_analysis::counterparts::Counterpart;
use hashbench_analysis::published::{parse, Published, PUBLISHED_SCHEMA_VERSION};
use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::Run;

/// One figure of a data file: where (machine, label, algorithm as JSON, size) and what
/// (statistic, value, unit, text as printed).
fn figure(
    (machine, label, algorithm, size): (&str, &str, &str, u64),
    (stat, value, unit, text): (&str, f64, &str, &str),
) -> String {
    format!(
        r#"{{"section": "s", "machine": "{machine}", "label": "{label}", "algorithm": {algorithm},
            "implementation": "i", "variant": null, "size_bytes": {size}, "statistic": "{stat}",
            "value": {value}, "unit": "{unit}", "text": "{text}"}}"#
    )
}

fn seed_doc(figures: &[String]) -> String {
    format!(
        r#"{{"schema_version": 1, "seed": 9, "source": "github.com/o/nine, README.md", "title": "Nine",
            "harness": "h", "command": null, "notes": [],
            "machines": [
              {{"id": "m1", "heading": null, "cpu": "CPU X", "os": "Linux", "target": "x86_64",
                "timer_precision": null, "notes": []}},
              {{"id": "m2", "heading": null, "cpu": null, "os": null, "target": null,
                "timer_precision": null, "notes": []}}],
            "figures": [{}]}}"#,
        figures.join(",\n")
    )
}

fn published() -> Published {
    let sha = r#""sha2-256""#;
    let figures = [
        // 2 µs = 2000 ns per call against the run's fastest 1000 ns: 2.00x.
        figure(
            ("m1", "sha256 4k", sha, 4096),
            ("median", 2.0, "µs", "2 µs"),
        ),
        // 9000 cycles per call against 3000 TSC ticks: 3.00x.
        figure(
            ("m1", "c/i", sha, 4096),
            ("cycles-per-iteration", 9000.0, "c/i", "9000"),
        ),
        // Not a typical call (an extreme), no algorithm, or nothing measured: no row.
        figure(("m1", "fast", sha, 4096), ("fastest", 1.0, "µs", "1 µs")),
        figure(("m1", "n", "null", 4096), ("median", 1.0, "µs", "1 µs")),
        figure(
            ("m1", "md5", r#""md5""#, 4096),
            ("median", 1.0, "µs", "1 µs"),
        ),
        figure(("m1", "big", sha, 1 << 20), ("median", 1.0, "ms", "1 ms")),
        // A speedup needs both figures positive: 0 published cycles give no row, nor
        // does blake3's 100 cycles against a cell that counted 0 TSC ticks.
        figure(
            ("m1", "zero", sha, 4096),
            ("cycles-per-iteration", 0.0, "c/i", "0"),
        ),
        figure(
            ("m1", "b3", r#""blake3""#, 4096),
            ("cycles-per-iteration", 100.0, "c/i", "100"),
        ),
        // 250000 op/s = 4000 ns at both sizes: flat, so the 4 KiB point is flagged.
        // Against 100 ns at 64 B: 40.00x; against 1000 ns at 4 KiB: 4.00x.
        figure(
            ("m2", "r", sha, 64),
            ("result", 250000.0, "op/sec", "250,000"),
        ),
        figure(
            ("m2", "r", sha, 4096),
            ("result", 250000.0, "op/sec", "250,000"),
        ),
    ];
    Published {
        schema_version: PUBLISHED_SCHEMA_VERSION,
        seeds: vec![parse("x.json", &seed_doc(&figures)).expect("loads")],
    }
}

/// Seed 9's rows and the implementations like for like with them.
fn counterparts() -> Vec<Counterpart> {
    [
        ("sha2-256/fast", "sha256 4k"),
        ("sha2-256/fast", "c/i"),
        ("sha2-256/slow@reuse", "r"),
        ("sha2-256/fast", "r"),
        ("blake3/x", "b3"),
    ]
    .map(|(key, label)| Counterpart {
        suite: "s".into(),
        seeds: vec![9],
        key: key.into(),
        label: label.into(),
        stand_in: None,
    })
    .to_vec()
}

fn beside(
    run: &Run,
    p: &Published,
    only: Option<u32>,
) -> Vec<crate::render::compare_published::Row> {
    crate::render::compare_published::rows(run, p, only, &counterparts())
}

fn run() -> Run {
    let mut slow = cell_times("sha2-256/slow", 4096, Times::at(1500.0));
    slow.tsc_cycles_per_call = Some(4500.0);
    let mut fast = cell_times("sha2-256/fast", 4096, Times::at(1000.0));
    fast.tsc_cycles_per_call = Some(3000.0);
    let mut small = cell_times("sha2-256/slow", 64, Times::at(100.0));
    small.pattern = hashbench_model::Pattern::Reuse;
    let mut blake3 = cell_times("blake3/x", 4096, Times::at(500.0));
    blake3.tsc_cycles_per_call = Some(0.0);
    run_with(vec![slow, fast, small, blake3])
}

#[test]
fn each_typical_figure_is_beside_its_like_for_like_cell() {
    let p = published();
    let run = run();
    let rows = beside(&run, &p, None);
    let got: Vec<(&str, u64, f64, bool, &str, f64, f64)> = rows
        .iter()
        .map(|r| {
            (
                r.label.as_str(),
                r.size,
                r.published_per_call,
                r.cycles,
                r.implementation.as_str(),
                r.ours_per_call.unwrap_or(f64::NAN),
                r.speedup.unwrap_or(f64::NAN),
            )
        })
        .collect();
    assert_eq!(
        got,
        [
            (
                "sha256 4k",
                4096,
                2000.0,
                false,
                "sha2-256/fast",
                1000.0,
                2.0
            ),
            ("c/i", 4096, 9000.0, true, "sha2-256/fast", 3000.0, 3.0),
            ("r", 64, 4000.0, false, "sha2-256/slow", 100.0, 40.0),
            ("r", 4096, 4000.0, false, "sha2-256/fast", 1000.0, 4.0),
        ]
    );
    assert_eq!(rows[3].flags, ["flat-scaling"]);
    assert_eq!(rows[2].pattern, "reuse");
    assert_eq!(rows[0].machine, "m1");
    assert_eq!(rows[0].published_text, "2 µs");
    assert_eq!(rows[0].algorithm, "sha2-256");
    assert_eq!(rows.len(), beside(&run, &p, Some(9)).len());
    assert!(beside(&run, &p, Some(1)).is_empty());
}

#[test]
fn cycle_figures_need_the_runs_tsc() {
    let p = published();
    let mut run = run();
    for c in &mut run.cells {
        c.tsc_cycles_per_call = None;
    }
    let labels: Vec<String> = beside(&run, &p, None)
        .into_iter()
        .map(|r| r.label)
        .collect();
    assert_eq!(labels, ["sha256 4k", "r", "r"]);
}

#[test]
fn the_table_groups_rows_by_seed_and_machine() {
    let p = published();
    let run = run();
    let text = render(&run, &p, &beside(&run, &p, None));
    let expected = [
        "This machine: test (2 logical cores), test; run of 1970-01-01T00:00:00Z",
        "speedup = published time per call / this machine's (above 1: this machine is faster);",
        "this machine's figure is the implementation a suite maps the seed's row to (like for",
        "like: same library or kernel, SIMD level and pattern); none when the run has none.",
        "",
        "Seed 9 (Nine; github.com/o/nine, README.md), machine m1: CPU X, Linux, x86_64",
        "published   size  figure     per call  this machine                per call  speedup  flags",
        "sha256 4k  4 KiB    2 µs     2.000 µs  sha2-256/fast (oneshot)     1.000 µs    2.00x",
        "c/i        4 KiB    9000  9000 cycles  sha2-256/fast (oneshot)  3000 cycles    3.00x",
        "",
        "Seed 9 (Nine; github.com/o/nine, README.md), machine m2: ",
        "published   size   figure  per call  this machine             per call  speedup  flags",
        "r           64 B  250,000  4.000 µs  sha2-256/slow (reuse)    100.0 ns   40.00x",
        "r          4 KiB  250,000  4.000 µs  sha2-256/fast (oneshot)  1.000 µs    4.00x  IMPLAUSIBLE: flat-scaling",
        "",
        "Cycle figures: the seed's cycles per call beside this machine's TSC ticks per call \
         (reference cycles; neither is core cycles under turbo).",
    ]
    .map(|l| format!("{l}\n"))
    .concat();
    assert_eq!(text, expected);
}

/// btrfs' published table and its runs name one kernel two ways (`BLAKE3  (AVX2)`,
/// `BLAKE3-AVX2`); its CRC32C is the SSE4.2 instruction.
fn btrfs_like() -> Published {
    let cycles = |label: &str, algorithm: &str, variant: &str, value: f64| {
        format!(
            r#"{{"section": "s", "machine": "m1", "label": "{label}", "algorithm": "{algorithm}",
                "implementation": "i", "variant": {variant}, "size_bytes": 4096,
                "statistic": "cycles-per-iteration", "value": {value}, "unit": "c/i",
                "text": "{value}"}}"#
        )
    };
    let figures = [
        cycles("BLAKE3  (AVX2)", "blake3", r#""AVX2""#, 11126.0),
        cycles("BLAKE3-AVX2", "blake3", r#""AVX2""#, 10521.0),
        cycles("BLAKE3-SSE41", "blake3", r#""SSE41""#, 10510.0),
        cycles("CRC32C", "crc32c", "null", 1855.0),
    ];
    Published {
        schema_version: PUBLISHED_SCHEMA_VERSION,
        seeds: vec![parse("x.json", &seed_doc(&figures)).expect("loads")],
    }
}

#[test]
fn a_plain_run_pairs_each_seed_row_with_its_simd_level_only() {
    let p = btrfs_like();
    let mut cells = Vec::new();
    for (id, ticks) in [
        ("blake3/blake3+avx512", 2000.0),
        ("blake3/blake3+avx2", 4000.0),
        ("crc32c/crc-fast", 100.0),
    ] {
        let mut c = cell_times(id, 4096, Times::at(ticks / 4.0));
        c.tsc_cycles_per_call = Some(ticks);
        cells.push(c);
    }
    // A plain run (no suite), and the suites' labels as the only mapping.
    let run = run_with(cells);
    assert!(run.suite.is_none());
    let label = |key: &str, label: &str, stand_in: Option<&str>| Counterpart {
        suite: "btrfs".into(),
        seeds: vec![9],
        key: key.into(),
        label: label.into(),
        stand_in: stand_in.map(String::from),
    };
    let counterparts = [
        label("blake3/blake3+avx2", "BLAKE3-AVX2", None),
        label("blake3/blake3+avx512", "BLAKE3-AVX512", None),
        label("crc32c/crc-fast", "CRC32C", Some("another kernel")),
    ];
    let rows = crate::render::compare_published::rows(&run, &p, None, &counterparts);
    let got: Vec<(&str, &str, Option<f64>)> = rows
        .iter()
        .map(|r| (r.label.as_str(), r.implementation.as_str(), r.ours_per_call))
        .collect();
    assert_eq!(
        got,
        [
            // The published table's AVX2 row sits beside AVX2, not the faster AVX-512.
            ("BLAKE3  (AVX2)", "blake3/blake3+avx2", Some(4000.0)),
            ("BLAKE3-AVX2", "blake3/blake3+avx2", Some(4000.0)),
            // No SSE4.1 cell, no CRC32C on the SSE4.2 instruction: nothing beside them.
            ("BLAKE3-SSE41", "", None),
            ("CRC32C", "", None),
        ]
    );
    assert!(rows[..2].iter().all(|r| r.like_for_like));
    assert_eq!(rows[2].unlike, None);
    assert_eq!(
        rows[3].unlike.as_deref(),
        Some("crc32c/crc-fast: another kernel")
    );
    let text = render(&run, &p, &rows);
    assert!(text.contains("no like-for-like call here"), "{text}");
    assert!(
        text.contains("  CRC32C: not beside crc32c/crc-fast: another kernel\n"),
        "{text}"
    );
    assert!(!text.contains("avx512"), "{text}");
}

/// `--format html` is a page: the same groups and rows as the table, one HTML table per
/// machine, every string escaped, nothing loaded.
#[test]
fn the_html_page_holds_the_same_tables() {
    let p = published();
    let mut run = run();
    run.host.cpu_model = "<script>alert(1)</script>".to_string();
    let html = crate::render::compare_published::html(&run, &p, &beside(&run, &p, None));
    assert!(html.starts_with("<!DOCTYPE html>"), "{html}");
    assert_eq!(html.matches("<table>").count(), 2, "{html}");
    assert!(html.contains(
        "<h2>Seed 9 (Nine; github.com&#x2F;o&#x2F;nine, README.md), machine m1: CPU X, Linux, x86_64</h2>"
    ), "{html}");
    assert!(html.contains("<td>sha2-256&#x2F;fast (oneshot)</td><td class=\"num\">1.000 µs</td><td class=\"num\">2.00x</td>"), "{html}");
    assert!(html.contains("IMPLAUSIBLE: flat-scaling"), "{html}");
    assert!(
        !html.contains("<script>") && html.contains("&lt;script&gt;"),
        "{html}"
    );
    assert!(
        !html.contains("http://") && !html.contains("https://"),
        "{html}"
    );
}
