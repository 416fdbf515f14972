//! Relative columns (`--relative-to fastest | slowest | ID`) as a user meets them: stored
//! in the JSON, and shown in every format and layout, from `run` and from `report` of a
//! saved run.

use crate::common::{
    hashbench, output, read_json, run_exit, run_ok, stderr, stdout, usage_error, QUICK,
};
use serde_json::Value;

const COLUMNS: &[&str] = &[
    "--relative-to",
    "fastest",
    "--relative-to",
    "slowest",
    "--relative-to",
    "crc32/crc32fast",
];

/// The quick run with the three kinds of relative column, saved as JSON in `dir`.
fn saved_run(dir: &std::path::Path) -> std::path::PathBuf {
    let file = dir.join("run.json");
    let mut args: Vec<&str> = QUICK.to_vec();
    args.extend(COLUMNS);
    args.extend(["--format", "json"]);
    run_ok(hashbench().args(&args).arg("-o").arg(&file));
    file
}

/// The cell's figure (what every relative column divides).
fn median(cell: &Value) -> f64 {
    cell["figure"]["median_ns"].as_f64().expect("a figure")
}

/// Whether the relative columns leave `cell` out as a reference (docs/json-schema.md).
fn excluded(cell: &Value) -> bool {
    cell["flags"]
        .as_array()
        .expect("every cell has a flags array")
        .iter()
        .any(|f| f["code"] == "above-ceiling" || f["code"] == "flat-scaling")
}

fn report(file: &std::path::Path, args: &[&str]) -> String {
    stdout(&run_ok(hashbench().arg("report").arg(file).args(args)))
}

#[test]
fn the_json_holds_every_cells_figures_and_they_follow_from_the_medians() {
    let dir = tempfile::tempdir().unwrap();
    let run = read_json(&saved_run(dir.path()));
    assert_eq!(
        run["relative_to"],
        serde_json::json!(["fastest", "slowest", "crc32/crc32fast"])
    );
    let cells = run["cells"].as_array().unwrap();
    for size in [64, 4096] {
        let at: Vec<&Value> = cells.iter().filter(|c| c["size"] == size).collect();
        assert_eq!(at.len(), 2, "two implementations at {size}");
        // A cell that did not hash its input (flagged above the read ceiling or flat
        // across sizes) is never the reference: on a busy machine a cell can be so
        // flagged, and the figures must still follow the documented rule.
        let eligible: Vec<f64> = at
            .iter()
            .filter(|c| !excluded(c))
            .map(|c| median(c))
            .collect();
        if eligible.is_empty() {
            continue;
        }
        let fastest = eligible.iter().copied().fold(f64::INFINITY, f64::min);
        let slowest = eligible.iter().copied().fold(0.0, f64::max);
        let crc = at
            .iter()
            .find(|c| c["implementation"] == "crc32/crc32fast")
            .map(|c| median(c))
            .unwrap();
        for c in &at {
            let r = c["relative"].as_array().unwrap();
            assert_eq!(r.len(), 3, "{c}");
            let value = |i: usize| r[i]["value"].as_f64().unwrap();
            let close = |a: f64, b: f64| (a - b).abs() <= 1e-9 * b.abs().max(1.0);
            assert!(close(value(0), median(c) / fastest), "{c}");
            assert!(close(value(1), (slowest / median(c) - 1.0) * 100.0), "{c}");
            assert!(close(value(2), median(c) / crc), "{c}");
            assert_eq!(r[0]["is_reference"], median(c) == fastest, "{c}");
            assert_eq!(
                r[2]["is_reference"],
                c["implementation"] == "crc32/crc32fast",
                "{c}"
            );
            assert_eq!(r[2]["reference"]["implementation"], "crc32/crc32fast");
        }
    }
    // The baselines get their figures too ("perf vs" a hash for the memcpy floor).
    let memcpy = run["baselines"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["implementation"] == "baseline/memcpy")
        .unwrap();
    assert_eq!(memcpy["relative"].as_array().map(Vec::len), Some(3));
}

#[test]
fn every_format_and_layout_shows_the_columns() {
    let dir = tempfile::tempdir().unwrap();
    let file = saved_run(dir.path());
    let headings = [
        "× slower than fastest",
        "+% vs slowest",
        "perf vs crc32/crc32fast",
    ];
    for (args, want) in [
        (&["--format", "table"][..], &headings[..]),
        (&["--format", "markdown"], &headings),
        (&["--layout", "divan"], &headings),
        (&["--layout", "openssl-speed"], &headings),
        // The seed layouts print their own column in their own words.
        (
            &["--layout", "node"],
            &["Difference with slowest", "perf vs crc32/crc32fast"],
        ),
        (&["--layout", "crystal"], &["× slower", "1.0"]),
        (
            &["--metric", "cycles"],
            &["× slower than fastest", "Perf vs crc32/crc32fast"],
        ),
    ] {
        let text = report(&file, args);
        for w in want {
            assert!(text.contains(w), "{args:?} lacks {w}:\n{text}");
        }
    }
    let csv = report(&file, &["--format", "csv"]);
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let tail = &header[header.len() - 3..];
    assert_eq!(
        tail,
        [
            "x_slower_than_fastest",
            "pct_vs_slowest",
            "perf_vs_crc32/crc32fast"
        ]
    );
    // The crc32 rows read 1 in their own "perf vs" column.
    for row in csv
        .lines()
        .filter(|l| l.starts_with("hash,crc32/crc32fast,"))
    {
        let last: f64 = row.rsplit(',').next().unwrap().parse().unwrap();
        assert_eq!(last, 1.0, "{row}");
    }
    // JSON out of `report` is the saved run with the same figures.
    let again: Value = serde_json::from_str(&report(&file, &["--format", "json"])).unwrap();
    assert_eq!(again["cells"], read_json(&file)["cells"]);
}

#[test]
fn report_chooses_other_columns_and_refuses_bad_input() {
    let dir = tempfile::tempdir().unwrap();
    let file = saved_run(dir.path());
    let text = report(&file, &["--relative-to", "adler32/adler2"]);
    assert!(text.contains("perf vs adler32/adler2"), "{text}");
    assert!(
        !text.contains("+% vs slowest"),
        "replaced, not added:\n{text}"
    );
    // An id the file does not hold, or a pattern it did not measure: exit 2.
    let bad = run_exit(
        hashbench()
            .arg("report")
            .arg(&file)
            .args(["--relative-to", "sha2-256/ring"]),
        2,
    );
    assert!(
        stderr(&bad).contains("--relative-to sha2-256/ring"),
        "{}",
        stderr(&bad)
    );
    let bad = run_exit(
        hashbench()
            .arg("report")
            .arg(&file)
            .args(["--relative-to", "adler32/adler2@hex"]),
        2,
    );
    assert!(stderr(&bad).contains("pattern 'hex'"), "{}", stderr(&bad));
    // A file that is not a result, or is missing, names the file.
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "{\"cells\": [").unwrap();
    let bad = run_exit(hashbench().arg("report").arg(&junk), 2);
    assert!(stderr(&bad).contains("junk.json"), "{}", stderr(&bad));
    let missing = dir.path().join("missing.json");
    let bad = output(hashbench().arg("report").arg(&missing));
    assert_eq!(bad.status.code(), Some(2));
    assert!(stderr(&bad).contains("missing.json"));
}

#[test]
fn run_prints_the_columns_itself_and_checks_them_first() {
    let mut args: Vec<&str> = QUICK.to_vec();
    args.extend(["--relative-to", "fastest", "--format", "csv"]);
    let csv = stdout(&run_ok(hashbench().args(&args)));
    assert!(csv
        .lines()
        .next()
        .unwrap()
        .ends_with(",x_slower_than_fastest"));
    // Exactly one cell per size is the fastest (reads 1); none is faster. Cells flagged
    // as not hashing their input are no reference, and may read below 1.
    let header: Vec<&str> = csv.lines().next().unwrap().split(',').collect();
    let flags = header.iter().position(|h| *h == "flags").unwrap();
    for size in ["64", "4096"] {
        let rows: Vec<(f64, bool)> = csv
            .lines()
            .filter(|l| l.starts_with("hash,") && l.split(',').nth(5) == Some(size))
            .map(|l| {
                let f = l.split(',').nth(flags).unwrap();
                let ratio = l.rsplit(',').next().unwrap().parse().unwrap();
                (
                    ratio,
                    f.contains("above-ceiling") || f.contains("flat-scaling"),
                )
            })
            .collect();
        assert_eq!(rows.len(), 2, "{csv}");
        let eligible: Vec<f64> = rows.iter().filter(|r| !r.1).map(|r| r.0).collect();
        if !eligible.is_empty() {
            assert_eq!(eligible.iter().filter(|&&r| r == 1.0).count(), 1, "{csv}");
            assert!(eligible.iter().all(|&r| r >= 1.0), "{csv}");
        }
    }
    usage_error(
        &["run", "crc32/crc32fast", "--relative-to", "md5/openssl"],
        "--relative-to md5/openssl",
    );
}
