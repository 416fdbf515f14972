//! `hashbench run` end to end: every output format, bad input, Ctrl-C and atomic output.
//! Budgets are tiny: these tests check behaviour, never speed.

use serde_json::Value;

use crate::common::{
    hashbench, output, read_json, run_exit, run_ok, run_ok_json, stderr, stdout, stdout_json,
    usage_error, QUICK,
};

#[test]
fn json_output_is_the_documented_contract() {
    let run = run_ok_json(hashbench().args(QUICK).args(["--format", "json", "--raw"]));
    assert_eq!(run["schema_version"], 2);
    assert_eq!(run["config"]["rounds"], 8);
    assert_eq!(run["config"]["max_rounds"], 24);
    assert_eq!(run["config"]["equivalence"], 0.03);
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
        // The cell's throughput over the read baseline's at its size (both from their
        // figures, so the ratio of the times the other way round).
        let read = run["baselines"]
            .as_array()
            .unwrap()
            .iter()
            .find(|b| b["implementation"] == "baseline/read" && b["size"] == c["size"])
            .expect("a read baseline at every size");
        let figure = |c: &Value| c["figure"]["median_ns"].as_f64().unwrap();
        let want = figure(read) / figure(c);
        // The figure rests on rounds the cell has, and lies in its interval.
        let f = &c["figure"];
        assert!(f["ci_low_ns"].as_f64() <= f["median_ns"].as_f64());
        assert!(f["median_ns"].as_f64() <= f["ci_high_ns"].as_f64());
        let rounds = c["round_medians_ns"].as_array().unwrap().len();
        assert!(f["rounds"]
            .as_array()
            .unwrap()
            .iter()
            .all(|i| (i.as_u64().unwrap() as usize) < rounds));
        assert_eq!(c["round_ids"].as_array().unwrap().len(), rounds);
        let got = c["fraction_of_read_ceiling"].as_f64().unwrap();
        assert!((got - want).abs() <= 1e-9 * want, "{got} vs {want}");
        let raw = c["raw"].as_array().expect("--raw keeps samples");
        // Every sample is kept; the statistics use as many from each round as the
        // smallest round has.
        assert!(raw.len() as u64 >= c["summary"]["count"].as_u64().unwrap());
        assert_eq!(c["summary"]["count"].as_u64().unwrap() % rounds as u64, 0);
        let total_ns: u64 = raw.iter().map(|s| s["elapsed_ns"].as_u64().unwrap()).sum();
        assert!(total_ns > 0);
        if cfg!(target_arch = "x86_64") {
            assert!(raw.iter().all(|s| s["tsc_ticks"].as_u64().is_some()));
            assert!(c["tsc_cycles_per_call"].as_f64().unwrap() > 0.0);
        }
        assert!((8..=24).contains(&rounds), "{rounds} rounds");
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
    // The default table is compact: rankings with the share of the read ceiling, and
    // a pointer to the rest; `--detail` (or `--format table-full`) has the baselines.
    let text = stdout(&run_ok(hashbench().args(QUICK)));
    assert!(
        text.contains("Ranking at 4 KiB") && text.contains("of read"),
        "{text}"
    );
    assert!(
        !text.contains("Baselines") && text.contains("More: --detail"),
        "{text}"
    );
    let full = stdout(&run_ok(hashbench().args(QUICK).arg("--detail")));
    assert!(
        full.contains("Baselines") && full.contains("crc32/crc32fast"),
        "{full}"
    );
    assert!(full.contains("\nDetail\n"), "{full}");
    let same = stdout(&run_ok(
        hashbench().args(QUICK).args(["--format", "table-full"]),
    ));
    assert!(
        same.contains("Baselines") && same.contains("\nDetail\n"),
        "{same}"
    );

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
    for sizes in [
        "9..=1",
        "4x",
        "1.5k",
        "",
        "99999999g",
        "every:0..=99999999",
        "1..=99999",
    ] {
        usage_error(&["run", "crc32", "--sizes", sizes], "--sizes");
    }
    let out = run_exit(hashbench().args(["run", "sha-256", "--sizes", "64"]), 2);
    assert!(stderr(&out).contains("sha2-256"));
    run_exit(hashbench().args(["run", "crc32", "--time", "-1"]), 2);
}

#[test]
fn a_missing_output_directory_fails_before_measuring_and_writes_nothing() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("missing").join("run.json");
    let out = run_exit(
        hashbench()
            .args(QUICK)
            .args(["--format", "json", "--force-progress", "-o"])
            .arg(&target),
        2,
    );
    let err = stderr(&out);
    assert!(err.contains("does not exist"), "{err}");
    // Refused up front: the progress line, forced on, never showed a cell.
    assert!(!err.contains("[1/"), "measured before refusing:\n{err}");
    assert!(!target.exists());
    assert_eq!(
        std::fs::read_dir(dir.path()).unwrap().count(),
        0,
        "no stray files"
    );
}

#[test]
fn the_progress_line_counts_every_cell_of_every_round() {
    // 1 implementation x 2 sizes, plus 3 baselines per size: 8 cells, at least 3 rounds
    // each (a cell whose figure has not settled gets extra rounds, counted past 24).
    let out = run_ok(hashbench().args([
        "run",
        "crc32/crc32fast",
        "--sizes",
        "64,4k",
        "--rounds",
        "3",
        "--time",
        "0.02",
        "--force-progress",
        "--format",
        "json",
    ]));
    let err = stderr(&out);
    // Each line is drawn over the last: `\r`, erase (`ESC [K`), the line; the first one
    // has nothing to erase and follows the plan line.
    let lines: Vec<&str> = err
        .split(['\r', '\n'])
        .map(|l| l.strip_prefix("\x1b[K").unwrap_or(l))
        .filter(|l| l.starts_with('['))
        .collect();
    for n in 1..=24 {
        assert!(
            lines.iter().any(|l| l.starts_with(&format!("[{n}/24] "))),
            "no progress line for cell {n}:\n{err:?}"
        );
    }
    // An extra round is counted past the plan, never as if it were planned.
    for l in lines.iter().filter(|l| l.contains("extra round")) {
        assert!(l.contains("/24+] "), "{l:?}");
    }
    assert!(
        err.contains("crc32/crc32fast [oneshot] @ 4 KiB, round 3/3"),
        "{err:?}"
    );
    assert!(err.contains("baseline/read @ 64 B, round 1/3"), "{err:?}");
    // The first line cannot know how long the rest will take; later ones estimate.
    assert!(lines[0].ends_with("ETA ?"), "{:?}", lines[0]);
    assert!(lines.iter().any(|l| l.ends_with(" s")), "{err:?}");
    // The line is erased at the end, so the output that follows starts clean.
    assert!(err.ends_with("\r\x1b[K"), "{err:?}");
    // The result itself is untouched by the progress line.
    assert_eq!(stdout_json(&out)["complete"], true);
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
    // 8 sizes x (1 implementation + 3 baselines) = 32 cells in each of 3 rounds. The
    // run interrupts itself with a real SIGINT once 40 cells are measured (the hidden
    // --cancel-after-cells): all of round 1, 8 cells of round 2, none of round 3,
    // whatever the speed of the machine.
    let out = run_exit(
        hashbench()
            .args([
                "run",
                "crc32/crc32fast",
                "--sizes",
                "1k,2k,4k,8k,16k,32k,64k,128k",
                "--time",
                "0.03",
                "--format",
                "json",
                "-q",
                "--cancel-after-cells",
                "40",
                "-o",
            ])
            .arg(&target),
        130,
    );
    assert!(out.stdout.is_empty(), "the result goes to the file");
    let run = read_json(&target);
    assert_eq!(run["complete"], false);
    // Every cell has round 1 and is reported; the 8 that round 2 reached have two
    // rounds, the other 24 one; none is complete, and each says it was cancelled.
    let cells: Vec<&Value> = run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .chain(run["baselines"].as_array().unwrap())
        .collect();
    assert_eq!(cells.len(), 32);
    let rounds = |c: &Value| c["round_medians_ns"].as_array().unwrap().len();
    let with = |n: usize| cells.iter().filter(|c| rounds(c) == n).count();
    assert_eq!((with(1), with(2), with(3)), (24, 8, 0));
    assert!(cells
        .iter()
        .all(|c| c["complete"] == false && c["stop_reason"] == "cancelled"));
}

#[test]
fn a_run_interrupted_after_its_last_cell_is_still_marked_incomplete() {
    // 1 implementation + 3 baselines at one size, 1 round: the interrupt lands after the
    // last cell, before the result is assembled. The cells are whole, the run is not
    // (the drift reference and the allocation counts after it were cut), and the exit
    // code says so.
    let run = stdout_json(&run_exit(
        hashbench().args([
            "run",
            "crc32/crc32fast",
            "--sizes",
            "64",
            "--time",
            "0.02",
            "--rounds",
            "1",
            "--format",
            "json",
            "-q",
            "--cancel-after-cells",
            "4",
        ]),
        130,
    ));
    assert_eq!(run["complete"], false);
    assert_eq!(run["cells"].as_array().unwrap().len(), 1);
    assert_eq!(run["baselines"].as_array().unwrap().len(), 3);
}

#[test]
fn latency_mode_and_length_ranges_are_measured_recorded_and_shown() {
    let args = [
        "run",
        "crc32/crc32fast",
        "--sizes",
        "8,1..=16",
        "--mode",
        "both",
        "--time",
        "0.02",
        "--seed",
        "3",
    ];
    let run = run_ok_json(hashbench().args(args).args(["--format", "json"]));
    assert_eq!(run["config"]["sizes"], serde_json::json!([8, "1..=16"]));
    assert_eq!(
        run["config"]["modes"],
        serde_json::json!(["throughput", "latency"])
    );
    let cells = run["cells"].as_array().unwrap();
    // 2 sizes x 2 modes; throughput is the default, so only latency is written.
    let shape: Vec<(String, String)> = cells
        .iter()
        .map(|c| {
            (
                c["size"].to_string(),
                c["mode"].as_str().unwrap_or("throughput").to_string(),
            )
        })
        .collect();
    for want in [
        ("8", "throughput"),
        ("8", "latency"),
        ("\"1..=16\"", "throughput"),
        ("\"1..=16\"", "latency"),
    ] {
        assert!(
            shape.contains(&(want.0.to_string(), want.1.to_string())),
            "{want:?} in {shape:?}"
        );
    }
    for c in cells {
        // A range's calls hash its mean length, exactly: (1 + 16) / 2.
        let bytes = c["throughput"]["bytes_per_iteration"].as_f64().unwrap();
        let want = if c["size"] == "1..=16" { 8.5 } else { 8.0 };
        assert_eq!(bytes, want, "{c}");
        // A batch is a whole number of periods of the 16 lengths.
        if c["size"] == "1..=16" {
            assert_eq!(c["iterations_per_sample"].as_u64().unwrap() % 16, 0);
        }
    }
    // Baselines run in throughput mode only, at every size, the range included.
    let baselines = run["baselines"].as_array().unwrap();
    assert_eq!(baselines.len(), 6);
    assert!(baselines.iter().all(|b| b.get("mode").is_none()));
    // The table shows the range as its mean and the two modes side by side.
    let text = stdout(&run_ok(hashbench().args(args)));
    assert!(text.contains("Ranking at avg 8.5 B (1..=16)"), "{text}");
    assert!(text.contains("latency mode"), "{text}");
    assert!(text.contains("Latency vs throughput"), "{text}");
    // And the file reads back as it was written.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("r.json");
    run_ok(
        hashbench()
            .args(args)
            .arg("-o")
            .arg(&path)
            .args(["--format", "json"]),
    );
    let report = stdout(&run_ok(hashbench().arg("report").arg(&path)));
    assert!(report.contains("Latency vs throughput"), "{report}");
    assert_eq!(read_json(&path)["config"]["sizes"][1], "1..=16");
}
