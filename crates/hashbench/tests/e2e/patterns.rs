//! `hashbench run --pattern`: cells per (implementation, pattern), patterns a library
//! cannot express listed as skipped, allocations per call in every format, bad patterns
//! refused. Budgets are tiny: behaviour only, never speed.

use serde_json::Value;

use crate::common::{hashbench, output, run_ok, run_ok_json, stderr, stdout, usage_error};

const RUN: &[&str] = &[
    "run",
    "blake2b-512/blake2",
    "blake2b-512/blake2b_simd",
    "blake2b-512/openssl",
    "--pattern",
    "reuse,alloc",
    "--pattern",
    "by-name,streaming:1k,alloc",
    "--sizes",
    "64",
    "--time",
    "0.02",
    "--rounds",
    "1",
    "-q",
    "--seed",
    "3",
];

fn cell<'a>(cells: &'a [Value], imp: &str, pattern: &str) -> Option<&'a Value> {
    cells
        .iter()
        .find(|c| c["implementation"] == imp && c["pattern"] == pattern)
}

#[test]
fn each_pattern_is_a_cell_and_inexpressible_ones_are_skipped() {
    let run = run_ok_json(hashbench().args(RUN).args(["--format", "json"]));
    assert_eq!(
        run["config"]["patterns"],
        serde_json::json!(["reuse", "alloc", "by-name", "streaming:1k"]),
        "parsed, deduplicated, in the order given"
    );
    let cells = run["cells"].as_array().unwrap();
    let expressible = [
        ("blake2b-512/blake2", "reuse"),
        ("blake2b-512/blake2", "alloc"),
        ("blake2b-512/blake2", "streaming:1k"),
        ("blake2b-512/blake2b_simd", "alloc"),
        ("blake2b-512/blake2b_simd", "streaming:1k"),
        ("blake2b-512/openssl", "reuse"),
        ("blake2b-512/openssl", "alloc"),
        ("blake2b-512/openssl", "by-name"),
        ("blake2b-512/openssl", "streaming:1k"),
    ];
    assert_eq!(cells.len(), expressible.len(), "{cells:#?}");
    for (imp, pattern) in expressible {
        let c = cell(cells, imp, pattern).unwrap_or_else(|| panic!("{imp} [{pattern}]"));
        assert!(c["summary"]["median"].as_f64().unwrap() > 0.0);
        let allocs = c["allocations_per_call"].as_f64().expect("counted");
        let bytes = c["bytes_allocated_per_call"].as_f64().expect("counted");
        if pattern == "alloc" {
            assert!(
                allocs >= 1.0 && bytes >= 64.0,
                "{imp} [{pattern}]: {allocs} {bytes}"
            );
        }
    }
    let reuse = cell(cells, "blake2b-512/blake2", "reuse").unwrap();
    assert_eq!(reuse["allocations_per_call"], 0.0);
    assert_eq!(reuse["bytes_allocated_per_call"], 0.0);

    let mut skipped: Vec<(String, String, String)> = run["skipped"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| {
            assert!(!s["details"][0].as_str().unwrap().is_empty(), "says why");
            (
                s["implementation"].as_str().unwrap().to_string(),
                s["pattern"].as_str().unwrap().to_string(),
                s["reason"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    skipped.sort();
    let na = "pattern-not-applicable".to_string();
    assert_eq!(
        skipped,
        [
            ("blake2b-512/blake2".into(), "by-name".into(), na.clone()),
            (
                "blake2b-512/blake2b_simd".into(),
                "by-name".into(),
                na.clone()
            ),
            ("blake2b-512/blake2b_simd".into(), "reuse".into(), na),
        ]
    );
    // Baselines are counted too; the nop kernel allocates nothing.
    let nop = &run["baselines"][0];
    assert_eq!(nop["implementation"], "baseline/nop");
    assert_eq!(nop["allocations_per_call"], 0.0);
}

#[test]
fn table_and_csv_show_the_pattern_and_allocations() {
    // Allocations are in the detail table (`--detail`).
    let text = stdout(&run_ok(hashbench().args(RUN).arg("--detail")));
    assert!(text.contains("blake2b-512/openssl [by-name]"), "{text}");
    assert!(text.contains("allocs/call"), "{text}");
    assert!(
        text.contains("blake2b-512/blake2b_simd [reuse]: pattern-not-applicable"),
        "{text}"
    );

    let csv = stdout(&output(hashbench().args(RUN).args(["--format", "csv"])));
    let mut lines = csv.lines();
    let header: Vec<&str> = lines.next().unwrap().split(',').collect();
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    let (pattern, allocs) = (col("pattern"), col("allocations_per_call"));
    let rows: Vec<Vec<&str>> = lines.map(|l| l.split(',').collect()).collect();
    assert_eq!(rows.len(), 9 + 3, "9 cells, 3 baselines");
    let alloc_row = rows
        .iter()
        .find(|r| r[1] == "blake2b-512/blake2" && r[pattern] == "alloc")
        .unwrap();
    assert!(alloc_row[allocs].parse::<f64>().unwrap() >= 1.0);
}

#[test]
fn bad_patterns_are_usage_errors() {
    for bad in ["fast", "streaming:0", "streaming:4x", "oneshot,", "by_name"] {
        usage_error(
            &["run", "crc32", "--sizes", "64", "--pattern", bad],
            "pattern",
        );
    }
    let err = stderr(&output(hashbench().args([
        "run",
        "crc32",
        "--pattern",
        "fast",
    ])));
    assert!(
        err.contains("oneshot, new, reuse, prealloc, alloc, hex, streaming:CHUNK"),
        "lists what is accepted: {err}"
    );
}

#[test]
fn a_key_pattern_is_timed_as_a_hash_map_calls_it_in_both_modes() {
    let run = run_ok_json(hashbench().args([
        "run",
        "siphash-1-3/std",
        "crc32/crc32fast",
        "--pattern",
        "keys:str",
        "--sizes",
        "16,1..=32",
        "--mode",
        "both",
        "--time",
        "0.02",
        "--rounds",
        "1",
        "-q",
        "--format",
        "json",
    ]));
    assert_eq!(run["config"]["patterns"], serde_json::json!(["keys:str"]));
    let cells = run["cells"].as_array().unwrap();
    let keys: Vec<&Value> = cells
        .iter()
        .filter(|c| c["implementation"] == "siphash-1-3/std" && c["pattern"] == "keys:str")
        .collect();
    assert_eq!(keys.len(), 4, "2 sizes x 2 modes: {cells:#?}");
    for c in keys {
        assert!(c["summary"]["median"].as_f64().unwrap() > 0.0);
        assert_eq!(c["allocations_per_call"].as_f64(), Some(0.0));
    }
    let skipped = run["skipped"].as_array().unwrap();
    assert!(
        skipped
            .iter()
            .any(|s| s["implementation"] == "crc32/crc32fast"
                && s["pattern"] == "keys:str"
                && s["details"][0].as_str().unwrap().contains("BuildHasher")),
        "{skipped:#?}"
    );
}

#[test]
fn a_key_pattern_at_a_size_its_key_cannot_have_is_refused_before_anything_runs() {
    usage_error(
        &[
            "run",
            "siphash-1-3/std",
            "--pattern",
            "keys:u64",
            "--sizes",
            "8,16",
        ],
        "keys:u64 hashes a key of 8 bytes: its cells are 8 B only (give --sizes 8); asked at 16 B",
    );
    usage_error(
        &[
            "run",
            "siphash-1-3/std",
            "--pattern",
            "keys:str",
            "--sizes",
            "300",
        ],
        "sizes from 1 to 256 B",
    );
}
