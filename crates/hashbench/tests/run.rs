//! `hashbench run` end to end: every output format, bad input, Ctrl-C and atomic output.
//! Budgets are tiny: these tests check behaviour, never speed.

mod common;

use std::process::Command as StdCommand;
use std::time::{Duration, Instant};

use serde_json::Value;

use common::{
    assert_exit, hashbench, output, read_json, run_exit, run_ok, run_ok_json, spawn_writing,
    stderr, stdout, usage_error, QUICK,
};

#[test]
fn json_output_is_the_documented_contract() {
    let run = run_ok_json(hashbench().args(QUICK).args(["--format", "json", "--raw"]));
    assert_eq!(run["schema_version"], 2);
    assert_eq!(run["config"]["rounds"], 3);
    assert_eq!(run["complete"], true);
    assert_eq!(run["config"]["seed"], 5);
    assert_eq!(run["config"]["sizes"], serde_json::json!([64, 4096]));
    assert!(run["host"]["cpu_model"]
        .as_str()
        .is_some_and(|s| !s.is_empty()));
    assert!(run["build"]["rustc"]
        .as_str()
        .is_some_and(|s| s.starts_with("rustc ")));
    let cells = run["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 4, "2 implementations x 2 sizes");
    for c in cells {
        assert!(c["summary"]["median"].as_f64().unwrap() > 0.0);
        assert!(c["summary"]["count"].as_u64().unwrap() >= 10);
        assert!(c["fraction_of_read_ceiling"].as_f64().is_some());
        let raw = c["raw"].as_array().expect("--raw keeps samples");
        // Every sample is kept; the statistics use as many from each round as the
        // smallest round has.
        assert!(raw.len() as u64 >= c["summary"]["count"].as_u64().unwrap());
        assert_eq!(c["summary"]["count"].as_u64().unwrap() % 3, 0);
        let total_ns: u64 = raw.iter().map(|s| s["elapsed_ns"].as_u64().unwrap()).sum();
        assert!(total_ns > 0);
        if cfg!(target_arch = "x86_64") {
            assert!(raw.iter().all(|s| s["tsc_ticks"].as_u64().is_some()));
            assert!(c["tsc_cycles_per_call"].as_f64().unwrap() > 0.0);
        }
        assert_eq!(c["round_medians_ns"].as_array().unwrap().len(), 3);
    }
    let baselines: Vec<&str> = run["baselines"]
        .as_array()
        .unwrap()
        .iter()
        .map(|b| b["implementation"].as_str().unwrap())
        .collect();
    // Reported in plan order (size, then nop, memcpy, read), whatever order the
    // shuffled rounds measured them in.
    assert_eq!(
        baselines,
        ["baseline/nop", "baseline/memcpy", "baseline/read"].repeat(2)
    );
}

#[test]
fn table_markdown_and_csv_render() {
    let text = stdout(&run_ok(hashbench().args(QUICK)));
    assert!(
        text.contains("Ranking at 4 KiB") && text.contains("of read ceiling"),
        "{text}"
    );
    assert!(text.contains("Baselines") && text.contains("crc32/crc32fast"));

    let md = stdout(&output(
        hashbench().args(QUICK).args(["--format", "markdown"]),
    ));
    assert!(md.contains("## Ranking at 64 B"), "{md}");
    assert!(md.contains("| ---: |"), "{md}");

    let csv = stdout(&output(hashbench().args(QUICK).args(["--format", "csv"])));
    let lines: Vec<&str> = csv.lines().collect();
    assert!(lines[0].starts_with("kind,implementation,algorithm"));
    assert_eq!(
        lines.len(),
        1 + 4 + 6,
        "header, 4 cells, 6 baselines:\n{csv}"
    );
    let columns = lines[0].split(',').count();
    assert!(lines.iter().all(|l| l.split(',').count() == columns));
}

#[test]
fn bad_sizes_and_names_are_usage_errors() {
    for sizes in ["0", "4x", "1.5k", "", "99999999g"] {
        usage_error(&["run", "crc32", "--sizes", sizes], "--sizes");
    }
    let out = run_exit(hashbench().args(["run", "sha256", "--sizes", "64"]), 2);
    assert!(stderr(&out).contains("sha2-256"));
    run_exit(hashbench().args(["run", "crc32", "--time", "-1"]), 2);
}

#[test]
fn a_missing_output_directory_fails_before_measuring_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing").join("run.json");
    let started = Instant::now();
    let out = run_exit(
        hashbench()
            .args(QUICK)
            .args(["--format", "json", "-o"])
            .arg(&target),
        2,
    );
    assert!(stderr(&out).contains("does not exist"));
    assert!(!target.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no stray files"
    );
    // Refused up front: no verification or measurement ran (those take seconds).
    assert!(started.elapsed() < Duration::from_secs(20));
}

#[test]
fn output_file_is_written_whole_and_alone() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("run.json");
    let out = run_ok(
        hashbench()
            .args(QUICK)
            .args(["--format", "json", "-o"])
            .arg(&target),
    );
    assert!(out.stdout.is_empty(), "the result goes to the file");
    let run = read_json(&target);
    assert_eq!(run["complete"], true);
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(
        names,
        [std::ffi::OsString::from("run.json")],
        "no temporary file left"
    );
}

#[test]
fn ctrl_c_writes_partial_results_and_exits_130() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("partial.json");
    let child = spawn_writing(
        &[
            "run",
            "crc32/crc32fast",
            "--sizes",
            "1k,2k,4k,8k,16k,32k,64k,128k",
            "--time",
            "1",
            "--precision",
            "0.0001",
            "--format",
            "json",
            "-q",
        ],
        &target,
    );
    // Verification takes about a second; at a precision this tight cells take thousands
    // of samples, and the whole run takes over 20 s (23.6 s measured on a quiet machine).
    std::thread::sleep(Duration::from_secs(4));
    let status = StdCommand::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .unwrap();
    assert!(status.success());
    let out = child.wait_with_output().unwrap();
    assert_exit(&out, 130);
    let run = read_json(&target);
    assert_eq!(run["complete"], false);
    // Cells are measured in 3 rounds; after the interrupt, every cell with at least one
    // round is reported, and the ones that missed rounds say so.
    let cells: Vec<&Value> = run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .chain(run["baselines"].as_array().unwrap())
        .collect();
    assert!(!cells.is_empty() && cells.len() <= 8 * 4);
    let rounds = |c: &Value| c["round_medians_ns"].as_array().unwrap().len();
    assert!(cells.iter().all(|c| rounds(c) >= 1));
    let cut_short: Vec<&&Value> = cells.iter().filter(|c| rounds(c) < 3).collect();
    assert!(
        !cut_short.is_empty(),
        "stopped early: some cells missed rounds"
    );
    assert!(cut_short
        .iter()
        .all(|c| c["complete"] == false && c["stop_reason"] == "cancelled"));
}
