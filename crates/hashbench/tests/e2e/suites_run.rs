//! `hashbench suite NAME` and `suite --file my.toml` render their seed's layout, with
//! run options (`--sizes`, `--time`, `--rounds`) overriding the suite's. Each suite runs
//! once with `--save-baseline`, so the table on standard output and the run's JSON (the
//! saved baseline) come from the same measurement, and the table's figures can be
//! checked against the JSON's.

use std::path::Path;

use serde_json::Value;

use crate::common::{hashbench, read_json, run_ok, stdout};

/// Runs `hashbench ARGS --save-baseline suite` with its data directory in `data`:
/// (what it printed, the run's JSON).
fn run_and_keep(data: &Path, args: &[&str]) -> (String, Value) {
    let out = run_ok(
        hashbench()
            .env("HASHBENCH_DATA_DIR", data)
            .args(args)
            .args(["--save-baseline", "suite"]),
    );
    (stdout(&out), read_json(&data.join("baselines/suite.json")))
}

#[test]
fn a_built_in_suite_renders_its_seeds_layout_with_its_labels() {
    let data = tempfile::tempdir().unwrap();
    // sodium-crystal-inprocess is the cheapest built-in suite at one small size: two
    // implementations in three patterns.
    let (text, run) = run_and_keep(
        data.path(),
        &[
            "suite",
            "sodium-crystal-inprocess",
            "--sizes",
            "64",
            "--time",
            "0.02",
            "--rounds",
            "2",
            "-q",
        ],
    );
    assert_eq!(run["suite"]["name"], "sodium-crystal-inprocess");
    assert_eq!(run["suite"]["layout"], "crystal");
    assert_eq!(run["config"]["sizes"], serde_json::json!([64]));
    assert_eq!(run["config"]["rounds"], 2);
    assert_eq!(
        run["config"]["patterns"],
        serde_json::json!(["new", "alloc", "reuse"])
    );

    // Crystal's layout: `label size  op/s  (time)  (±sd %)  B/op  N× slower`, one row per
    // cell, the seed's names as the suite labels them.
    let cells = run["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 6);
    let fastest = cells
        .iter()
        .map(|c| c["figure"]["median_ns"].as_f64().unwrap())
        .fold(f64::INFINITY, f64::min);
    let label = |c: &Value| -> String {
        let (id, pattern) = (
            c["implementation"].as_str().unwrap(),
            c["pattern"].as_str().unwrap(),
        );
        match (id, pattern) {
            ("blake2b-512/libsodium", "new") => "blake2b.new",
            ("blake2b-512/libsodium", "alloc") => "blake2b.reset",
            ("blake2b-512/libsodium", "reuse") => "blake2b.finish",
            ("md5/openssl", "new") => "md5.new",
            ("md5/openssl", "alloc") => "md5.reset",
            ("md5/openssl", "reuse") => "md5/openssl (reuse)",
            other => panic!("unexpected cell {other:?}"),
        }
        .to_string()
    };
    let mut fastest_rows = 0;
    for c in cells {
        let row_start = format!("{} 64 ", label(c));
        let row = text
            .lines()
            .map(str::trim_start)
            .find(|l| l.starts_with(&row_start))
            .unwrap_or_else(|| panic!("no row {row_start:?}:\n{text}"));
        let median = c["figure"]["median_ns"].as_f64().unwrap();
        // op/s at the median, as Crystal writes it.
        let ops = 1e9 / median;
        let shown = if ops >= 1e6 {
            format!("{:.2}M", ops / 1e6)
        } else {
            format!("{:.2}k", ops / 1e3)
        };
        assert!(row.contains(&format!(" {shown} ")), "{shown}: {row}");
        // The relative column: the suite's `relative_to = ["fastest"]`.
        if row.ends_with("fastest") {
            fastest_rows += 1;
            assert_eq!(median, fastest, "{row}");
        } else {
            let ratio: f64 = row
                .rsplit_once("× slower")
                .and_then(|(before, _)| before.rsplit(' ').next())
                .and_then(|n| n.parse().ok())
                .unwrap_or_else(|| panic!("no N× slower in {row}"));
            assert!((ratio - median / fastest).abs() < 0.0051, "{row}");
        }
    }
    assert_eq!(fastest_rows, 1, "{text}");
    // Only the size given on the command line, not the suite's six.
    assert!(!text
        .lines()
        .any(|l| l.contains(" 16 ") || l.contains(" 16384 ")));
    // The notes on how the suite differs from its seed follow the table.
    assert!(text.contains("How this differs from the seed:"), "{text}");
    assert!(text.contains("- Crystal's .new makes a new digest object per call"));
}

#[test]
fn a_suite_file_renders_the_layout_it_names() {
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("mine.toml");
    std::fs::write(
        &file,
        r#"name = "mine"
description = "two checksums in openssl speed's grid"
implementations = ["crc32/crc32fast", "adler32"]
sizes = "64,4k"
layout = "openssl-speed"
notes = ["written by hand for a test"]

[labels]
"crc32/crc32fast" = "my-crc"
"adler32/adler2" = "my-adler"
"#,
    )
    .unwrap();
    let (text, run) = run_and_keep(
        dir.path(),
        &[
            "suite",
            "--file",
            file.to_str().unwrap(),
            "--time",
            "0.02",
            "-q",
        ],
    );
    assert_eq!(run["suite"]["name"], "mine");
    assert_eq!(run["suite"]["layout"], "openssl-speed");
    assert_eq!(run["config"]["sizes"], serde_json::json!([64, 4096]));

    // openssl speed's grid: a row per label, thousands of bytes per second per size.
    let mut lines = text.lines();
    assert_eq!(
        lines.next(),
        Some("The 'numbers' are in 1000s of bytes per second processed (at the median).")
    );
    let header: Vec<&str> = lines.next().unwrap().split_whitespace().collect();
    assert_eq!(header, ["type", "64", "bytes", "4096", "bytes"]);
    let grid: Vec<Vec<&str>> = lines
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().collect())
        .collect();
    // `adler32` selects every adler32 implementation; those without a label are shown
    // by id. Each cell of the grid is its cell's throughput.
    let cells = run["cells"].as_array().unwrap();
    let mut labels: Vec<&str> = grid.iter().map(|r| r[0]).collect();
    labels.sort();
    let mut expected: Vec<String> = cells
        .iter()
        .map(|c| match c["implementation"].as_str().unwrap() {
            "crc32/crc32fast" => "my-crc".to_string(),
            "adler32/adler2" => "my-adler".to_string(),
            other => other.to_string(),
        })
        .collect();
    expected.sort();
    expected.dedup();
    assert_eq!(labels, expected, "{text}");
    for c in cells {
        let id = c["implementation"].as_str().unwrap();
        let name = match id {
            "crc32/crc32fast" => "my-crc",
            "adler32/adler2" => "my-adler",
            other => other,
        };
        let row = grid.iter().find(|r| r[0] == name).expect("a row");
        let column = if c["size"] == 64 { 1 } else { 2 };
        let gbps = c["throughput"]["estimate"]["gb_per_sec"].as_f64().unwrap();
        assert_eq!(row[column], format!("{:.2}k", gbps * 1e6), "{id}");
    }
    assert!(text.contains("How this differs from the seed:\n- written by hand for a test"));
}

#[test]
fn a_saved_cycles_run_renders_again_in_its_cycle_view() {
    let data = tempfile::tempdir().unwrap();
    let (shown, run) = run_and_keep(
        data.path(),
        &[
            "suite",
            "btrfs-hash-speedtest",
            "--sizes",
            "4k",
            "--time",
            "0.02",
            "--rounds",
            "1",
            "-q",
        ],
    );
    assert_eq!(run["config"]["metric"], "cycles");
    let saved = data.path().join("baselines/suite.json");
    let again = stdout(&run_ok(hashbench().arg("report").arg(&saved)));
    assert!(again.contains("TSC reference cycles"), "{again}");
    assert!(shown.contains("TSC reference cycles"), "{shown}");
    // Asked for, the time view still renders.
    let time = stdout(&run_ok(
        hashbench()
            .arg("report")
            .arg(&saved)
            .args(["--metric", "time"]),
    ));
    assert!(!time.contains("TSC reference cycles"), "{time}");
}
