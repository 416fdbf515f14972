//! The HTML report of hand-built runs: charts with data, escaping, nothing fetched.

use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::{Baseline, Cell, Run, Subject};

use super::Html;
use crate::render::Render;

const SIZES: [u64; 4] = [64, 1024, 16384, 262_144];

/// Two checksums and a hash over four sizes, with the read and memcpy baselines and
/// the cost model.
fn sample() -> Run {
    let mut cells: Vec<Cell> = Vec::new();
    for (imp, fixed, per_byte) in [
        ("crc32/crc32fast", 20.0, 0.05),
        ("adler32/adler2", 5.0, 0.1),
        ("sha2-256/sha2", 100.0, 2.0),
    ] {
        for s in SIZES {
            let mut c = cell_with(imp, 1, s, fixed + per_byte * s as f64);
            c.algorithm = Some(imp.split('/').next().unwrap().to_string());
            cells.push(c);
        }
    }
    let mut run = run_with(cells);
    for (b, per_byte) in [(Baseline::Read, 0.01), (Baseline::Memcpy, 0.02)] {
        for s in SIZES {
            let mut c = cell_with(b.id(), 1, s, 2.0 + per_byte * s as f64);
            c.implementation = Subject::Baseline(b);
            c.algorithm = None;
            run.baselines.push(c);
        }
    }
    run.cost_model = hashbench_analysis::costmodel::cost_model(&run);
    run
}

fn classes() -> std::collections::BTreeMap<String, String> {
    [
        ("crc32", "checksum"),
        ("adler32", "checksum"),
        ("sha2-256", "cryptographic hash"),
    ]
    .into_iter()
    .map(|(a, c)| (a.to_string(), c.to_string()))
    .collect()
}

#[test]
fn a_run_has_its_charts_with_data() {
    let html = Html::default()
        .with_classes(classes())
        .render(&sample())
        .unwrap();
    // Throughput and cost model per class (2 each), one ranking per size.
    assert_eq!(html.matches("<svg").count(), 2 + 2 + SIZES.len(), "{html}");
    assert!(
        html.contains("Throughput: checksum") && html.contains("Cost model: cryptographic hash")
    );
    // Lines, bands, bars and markers are drawn: paths, polygons, rects, circles.
    for element in ["<polyline", "<polygon", "<rect", "<circle"] {
        assert!(html.contains(element), "no {element}");
    }
    assert!(html.contains("crc32/crc32fast") && html.contains("read (ceiling)"));
    assert!(html.contains("<table>") && html.contains("Detail"));
}

#[test]
fn without_classes_each_algorithm_has_its_chart_and_the_page_says_why() {
    let html = Html::default().render(&sample()).unwrap();
    assert!(html.contains("Throughput: crc32") && html.contains("Throughput: sha2-256"));
    assert!(html.contains("does not record algorithm classes"), "{html}");
}

#[test]
fn every_string_from_the_run_is_escaped() {
    let evil = "<script>alert(\"x\")</script>'&\u{1b}[31m";
    let mut run = sample();
    for c in &mut run.cells {
        c.backend = evil.to_string();
        if c.implementation.id() == "crc32/crc32fast" {
            c.implementation = Subject::Implementation(format!("crc32/{evil}"));
        }
    }
    run.host.cpu_model = evil.to_string();
    run.build.rustflags = evil.to_string();
    run.command_line = vec![evil.to_string()];
    run.cost_model = hashbench_analysis::costmodel::cost_model(&run);
    let html = Html::default().render(&run).unwrap();
    assert!(!html.contains("<script"), "raw <script from the data");
    assert!(!html.contains('\u{1b}'), "an ESC byte in the output");
    assert!(html.contains("&lt;script&gt;"), "the names are still shown");
    no_remote_urls(&html);
}

/// No `src`, `href` or `url(` points at the network.
pub(super) fn no_remote_urls(html: &str) {
    for attr in ["src=", "href=", "url("] {
        for (i, _) in html.match_indices(attr) {
            let after = &html[i..(i + 40).min(html.len())];
            assert!(
                !after.contains("http://") && !after.contains("https://"),
                "{after}"
            );
        }
    }
}

#[test]
fn the_page_loads_nothing() {
    let html = Html::default().render(&sample()).unwrap();
    no_remote_urls(&html);
    assert!(!html.contains("<script") && !html.contains("<link"));
    assert!(html.contains("default-src 'none'"));
}

#[test]
fn a_comparison_has_its_change_bars_and_thresholds() {
    let base = sample();
    let mut candidate = sample();
    for c in &mut candidate.cells {
        c.summary.median = hashbench_stats::Nanos(c.summary.median.get() * 1.5);
    }
    let comparison = hashbench_analysis::compare::compare(&base, &candidate, 0.05);
    let html = super::compare_page(
        "a.json",
        &base,
        &[super::Candidate {
            name: "<b>.json",
            run: &candidate,
            comparison: &comparison,
        }],
        Some(10.0),
    )
    .unwrap();
    assert_eq!(html.matches("<svg").count(), 1);
    assert!(html.contains("regression threshold 10 %") && html.contains("noise +5 %"));
    assert!(html.contains("&lt;b&gt;.json") && !html.contains("<b>"));
    assert!(html.contains("<table>"));
}

/// The ranking bars carry the terminal's rank marks: `=1` for a cell tied with #1.
#[test]
fn the_ranking_bars_mark_ties_as_the_terminal_does() {
    use hashbench_model::testutil::analysis::{cell_ci, quiet};
    let run = run_with(vec![
        cell_ci("crc32c/a", 4096, 100.0, 99.0, 101.0),
        cell_ci("crc32c/b", 4096, 100.5, 99.5, 101.5),
        quiet("crc32c/c", 4096, 200.0),
    ]);
    // As every renderer gets it: with its rankings ([`completion::completed`]).
    let run = hashbench_analysis::completion::completed(&run, &[]);
    let html = Html::default().render(&run).unwrap();
    for label in ["1 crc32c/a", "=1 crc32c/b", "3 crc32c/c"] {
        assert!(html.lines().any(|l| l.trim() == label), "{label}: {html}");
    }
}

#[test]
fn the_page_opens_with_the_summary_and_folds_the_setup_at_the_end() {
    let html = Html::default()
        .with_classes(classes())
        .render(&sample())
        .unwrap();
    let summary = html.find("<h2>Summary</h2>").expect("a summary");
    let chart = html.find("<svg").expect("a chart");
    let setup = html.find("<details>").expect("the setup, folded");
    assert!(
        summary < chart && chart < setup,
        "summary, charts, then setup"
    );
    for h in ["<h2>Run</h2>", "<h2>Host</h2>", "<h2>Build</h2>"] {
        assert!(
            html[setup..].contains(h) && !html[..setup].contains(h),
            "{h}"
        );
    }
    // The leaders come from the run's rankings (filled in for a hand-built run): at
    // 64 B adler32 (5 + 6.4 ns) leads crc32 (20 + 3.2 ns).
    let opening = &html[summary..chart];
    assert!(
        opening.contains("3 implementations of 3 algorithms at 64 B, 1 KiB, 16 KiB, 256 KiB"),
        "{opening}"
    );
    assert!(
        opening.contains("<td>64 B</td><td>throughput</td><td>adler32&#x2F;adler2</td>"),
        "{opening}"
    );
}
