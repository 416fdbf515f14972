//! `hashbench compare` and saved baselines, end to end. The runs are real but tiny; the
//! slowdowns are made by editing a result file, so no test depends on the machine's speed.

mod common;

use std::path::{Path, PathBuf};

use assert_cmd::Command;
use serde_json::Value;

use common::{
    assert_exit, assert_success, hashbench, output, read_json, run_exit, run_ok, run_ok_json,
    stdout, stdout_json, ONE_CELL, QUICK,
};

/// A real run of two cheap implementations at two sizes, written to `dir/name`.
fn quick_run(dir: &Path, name: &str) -> PathBuf {
    let path = dir.join(name);
    run_ok(
        hashbench()
            .args(QUICK)
            .args(["--format", "json", "-o"])
            .arg(&path),
    );
    path
}

/// hashbench with its saved baselines kept in `data`.
fn with_data_dir(data: &Path) -> Command {
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_DATA_DIR", data);
    cmd
}

fn write(path: &Path, v: &Value) {
    std::fs::write(path, v.to_string()).expect("temporary file writable");
}

/// Every cell as a quiet machine would have measured it: CI and round medians within
/// +-0.5 % of the median, and no guard flags.
fn quiet(mut run: Value) -> Value {
    run["flags"] = serde_json::json!([]);
    for list in ["cells", "baselines"] {
        for c in run[list].as_array_mut().expect("cells are a list") {
            let m = c["summary"]["median"].as_f64().expect("median is a number");
            c["summary"]["median_ci"]["low"] = (m * 0.995).into();
            c["summary"]["median_ci"]["high"] = (m * 1.005).into();
            c["summary"]["min"] = (m * 0.99).into();
            c["summary"]["max"] = (m * 1.01).into();
            c["round_medians_ns"] = serde_json::json!([m * 0.996, m, m * 1.004]);
            c["flags"] = serde_json::json!([]);
        }
    }
    run
}

/// Every time statistic of every implementation cell multiplied by `factor`.
fn slower(mut run: Value, factor: f64) -> Value {
    for c in run["cells"].as_array_mut().expect("cells are a list") {
        let s = &mut c["summary"];
        for k in ["min", "max", "mean", "median", "q1", "q3"] {
            s[k] = (s[k].as_f64().expect("a number") * factor).into();
        }
        for k in ["low", "high"] {
            s["median_ci"][k] = (s["median_ci"][k].as_f64().expect("a number") * factor).into();
        }
        let rounds: Vec<f64> = c["round_medians_ns"]
            .as_array()
            .expect("round medians are a list")
            .iter()
            .map(|r| r.as_f64().expect("a number") * factor)
            .collect();
        c["round_medians_ns"] = rounds.into();
    }
    run
}

#[test]
fn a_run_compared_with_itself_has_no_significant_change() {
    let dir = tempfile::tempdir().unwrap();
    let a = quick_run(dir.path(), "a.json");
    let out = run_ok(hashbench().arg("compare").arg(&a).arg(&a));
    let text = stdout(&out);
    assert!(
        text.contains("10 cells joined: 0 slower, 0 faster, 10 within noise, 0 unreliable"),
        "{text}"
    );
}

#[test]
fn a_ten_percent_slowdown_is_detected_and_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let real = read_json(&quick_run(dir.path(), "real.json"));
    let base = dir.path().join("base.json");
    let worse = dir.path().join("worse.json");
    let slightly = dir.path().join("slightly.json");
    write(&base, &quiet(real.clone()));
    write(&worse, &slower(quiet(real.clone()), 1.10));
    write(&slightly, &slower(quiet(real), 1.02));
    let check = |new: &Path| {
        output(
            hashbench()
                .arg("compare")
                .arg(&base)
                .arg(new)
                .args(["--fail-on-regression", "5"]),
        )
    };

    let out = check(&worse);
    assert_exit(&out, 1);
    let text = stdout(&out);
    assert!(text.contains("4 slower"), "{text}");
    assert!(text.contains("SLOWER by 10.0 %"), "{text}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert!(err.contains("regression: crc32/crc32fast"), "{err}");

    // 2 % is below the 5 % noise threshold: reported, not significant, exit 0.
    let out = check(&slightly);
    assert_success(&out);
    assert!(stdout(&out).contains("0 slower"));

    // The same slowdown in a run the drift guard flagged (the machine changed speed) is
    // reported as unreliable and does not fail the check.
    let mut drifted = read_json(&worse);
    drifted["flags"] = serde_json::json!([{"code": "drift", "reason": "test"}]);
    let drifted_path = dir.path().join("drifted.json");
    write(&drifted_path, &drifted);
    let out = check(&drifted_path);
    assert_success(&out);
    let text = stdout(&out);
    assert!(
        text.contains("0 slower") && text.contains("4 unreliable"),
        "{text}"
    );

    // JSON carries the same verdicts.
    let v = stdout_json(&output(
        hashbench()
            .arg("compare")
            .args([&base, &worse])
            .args(["--format", "json"]),
    ));
    let changes = v["comparisons"][0]["comparison"]["changes"]
        .as_array()
        .unwrap();
    let slower: Vec<&Value> = changes
        .iter()
        .filter(|c| c["verdict"] == "slower")
        .collect();
    assert_eq!(slower.len(), 4);
    assert!(slower
        .iter()
        .all(|c| (c["ratio"].as_f64().unwrap() - 1.1).abs() < 1e-9));
}

#[test]
fn bad_result_files_are_usage_errors_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let good = quick_run(dir.path(), "good.json");
    let text = std::fs::read_to_string(&good).unwrap();
    let mut newer = read_json(&good);
    newer["schema_version"] = 99.into();
    let mut absurd = read_json(&good);
    absurd["cells"][0]["summary"]["median"] = (-5.0).into();
    let cases: Vec<(&str, String, &str)> = vec![
        (
            "truncated.json",
            text[..text.len() / 2].to_string(),
            "truncated",
        ),
        (
            "other.json",
            "{\"benchmarks\": []}".to_string(),
            "not a hashbench run result",
        ),
        ("newer.json", newer.to_string(), "newer than this hashbench"),
        ("absurd.json", absurd.to_string(), "not a positive time"),
        ("empty.json", String::new(), "not a complete JSON document"),
    ];
    for (name, contents, why) in cases {
        let path = dir.path().join(name);
        std::fs::write(&path, contents).unwrap();
        let out = output(hashbench().arg("compare").arg(&good).arg(&path));
        assert_eq!(out.status.code(), Some(2), "{name}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(err.contains(name) && err.contains(why), "{name}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
    // One file is not a comparison.
    run_exit(hashbench().arg("compare").arg(&good), 2);
    run_exit(
        hashbench()
            .arg("compare")
            .arg(&good)
            .arg(dir.path().join("missing.json")),
        2,
    );
}

#[test]
fn saved_baselines_round_trip() {
    let dir = tempfile::tempdir().unwrap();
    let data = dir.path().join("data");
    let run = |extra: &[&str]| {
        output(
            with_data_dir(&data)
                .args(ONE_CELL)
                .args(["--format", "json"])
                .args(extra),
        )
    };
    let saved = run(&["--save-baseline", "main-1"]);
    assert_success(&saved);
    assert!(data.join("baselines/main-1.json").is_file());

    let again = run(&["--baseline", "main-1"]);
    assert_success(&again);
    let err = String::from_utf8(again.stderr).unwrap();
    assert!(
        err.contains("baseline main-1") && err.contains("cells joined"),
        "{err}"
    );

    let missing = run(&["--baseline", "nope"]);
    assert_exit(&missing, 2);
    assert!(String::from_utf8(missing.stderr)
        .unwrap()
        .contains("no saved baseline 'nope'"));
    let bad = run(&["--save-baseline", "../escape"]);
    assert_exit(&bad, 2);
    assert!(!dir.path().join("escape.json").exists());

    let file = quick_run(dir.path(), "x.json");
    let out = run_ok(
        with_data_dir(&data)
            .args(["compare", "--baseline", "main-1"])
            .arg(&file),
    );
    assert!(stdout(&out).contains("crc32/crc32fast"));
}

#[test]
fn suites_list_run_and_refuse_bad_input() {
    let list = run_ok(hashbench().args(["suite", "--list"]));
    let text = stdout(&list);
    assert!(
        text.contains("checksum-benchmarks") && text.contains("openssl-speed"),
        "{text}"
    );

    let unknown = run_exit(hashbench().args(["suite", "no-such-suite"]), 2);
    assert!(String::from_utf8(unknown.stderr)
        .unwrap()
        .contains("checksum-benchmarks"));

    let dir = tempfile::tempdir().unwrap();
    let mine = dir.path().join("mine.toml");
    std::fs::write(
        &mine,
        "name = \"mine\"\ndescription = \"two checksums\"\n\
         implementations = [\"crc32/crc32fast\", \"adler32/adler2\"]\n\
         sizes = \"64,4k\"\nlayout = \"node\"\n[labels]\n\"crc32/crc32fast\" = \"my crc\"\n",
    )
    .unwrap();
    let out = run_ok(
        hashbench()
            .args(["suite", "--file"])
            .arg(&mine)
            .args(["--time", "0.02", "-q"]),
    );
    let text = stdout(&out);
    assert!(
        text.contains("Fastest test") && text.contains("my crc"),
        "{text}"
    );

    let v = stdout_json(&output(
        hashbench()
            .args(["suite", "--file"])
            .arg(&mine)
            .args(["--time", "0.02", "-q", "--format", "json"]),
    ));
    assert_eq!(v["suite"]["name"], "mine");
    assert_eq!(v["suite"]["layout"], "node");

    std::fs::write(&mine, "name = \"mine\"\n").unwrap();
    let bad = run_exit(hashbench().args(["suite", "--file"]).arg(&mine), 2);
    assert!(String::from_utf8(bad.stderr).unwrap().contains("mine.toml"));
}

#[test]
fn beside_published_flags_the_node_seeds_4_mib_rows() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("mine.json");
    run_ok(
        hashbench()
            .args([
                "run",
                "sha2-256/ring",
                "blake2b-512/libsodium",
                "--sizes",
                "64,4m",
            ])
            .args(["--time", "0.02", "-q", "--format", "json", "-o"])
            .arg(&path),
    );
    let rows = run_ok_json(
        hashbench()
            .args(["compare", "--published", "--seed", "4", "--format", "json"])
            .arg(&path),
    );
    let rows = rows.as_array().unwrap();
    let at = |size: u64| -> Vec<&Value> { rows.iter().filter(|r| r["size"] == size).collect() };
    assert!(!at(4 << 20).is_empty() && !at(64).is_empty());
    for r in at(4 << 20) {
        assert_eq!(r["flags"], serde_json::json!(["flat-scaling"]), "{r}");
    }
    for r in at(64) {
        assert_eq!(r["flags"], serde_json::json!([]), "{r}");
        assert!(r["speedup"].as_f64().unwrap() > 0.0);
    }
    let text = stdout(&output(
        hashbench()
            .args(["compare", "--published", "--seed", "4"])
            .arg(&path),
    ));
    assert!(
        text.contains("IMPLAUSIBLE: flat-scaling") && text.contains("i7-6700"),
        "{text}"
    );

    run_exit(
        hashbench()
            .args(["compare", "--published", "--seed", "9"])
            .arg(&path),
        2,
    );
}
