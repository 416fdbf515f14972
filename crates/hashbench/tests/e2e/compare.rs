//! `hashbench compare` and saved baselines, end to end. The runs are real but tiny; the
//! slowdowns are made by editing a result file, so no test depends on the machine's speed.

use std::path::Path;

use assert_cmd::Command;
use serde_json::Value;

use crate::common::edit::{quiet, scaled, with_spread, write};
use crate::common::{
    assert_exit, assert_success, hashbench, output, quick_run, read_json, run_exit, run_ok,
    run_ok_json, stdout, stdout_json, ONE_CELL,
};

/// hashbench with its saved baselines kept in `data`.
fn with_data_dir(data: &Path) -> Command {
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_DATA_DIR", data);
    cmd
}

#[test]
fn a_change_below_the_noise_threshold_is_no_change_whatever_the_sample_noise() {
    // Two copies of one run whose medians differ by 3 % and whose samples spread
    // differently (the candidate's intervals five times as wide as the base's): below the
    // default 5 % noise threshold, every cell reads "within noise". The same edit beyond
    // the threshold must not, or the first check would pass for a compare that never
    // finds anything.
    let dir = tempfile::tempdir().unwrap();
    let real = read_json(&quick_run(dir.path(), "real.json"));
    let base = dir.path().join("base.json");
    write(&base, &with_spread(real.clone(), 0.002));
    let compare_with = |name: &str, factor: f64| {
        let path = dir.path().join(name);
        write(&path, &scaled(with_spread(real.clone(), 0.01), factor));
        stdout(&run_ok(hashbench().arg("compare").arg(&base).arg(&path)))
    };

    let text = compare_with("three.json", 1.03);
    assert!(
        text.contains("10 cells joined: 0 slower, 0 faster, 10 within noise, 0 unreliable"),
        "{text}"
    );
    let text = compare_with("eight.json", 1.08);
    assert!(
        text.contains("10 cells joined: 4 slower, 0 faster, 6 within noise, 0 unreliable"),
        "{text}"
    );
    assert!(text.contains("SLOWER by 8.0 %"), "{text}");
}

#[test]
fn a_ten_percent_slowdown_is_detected_and_fails_the_check() {
    let dir = tempfile::tempdir().unwrap();
    let real = read_json(&quick_run(dir.path(), "real.json"));
    let base = dir.path().join("base.json");
    let worse = dir.path().join("worse.json");
    let slightly = dir.path().join("slightly.json");
    write(&base, &quiet(real.clone()));
    write(&worse, &scaled(quiet(real.clone()), 1.10));
    write(&slightly, &scaled(quiet(real), 1.02));
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
        ("absurd.json", absurd.to_string(), "not a time per call"),
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
                "--pattern",
                "prealloc",
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
    }
    // A plain run is paired like for like through the suites' labels: libsodium with a
    // preallocated output is "sodium-native generichash (prealloc)"; ring's SHA-256 is no
    // row's call (the seed's is Node's OpenSSL), so its rows have nothing beside them.
    let like: Vec<&Value> = at(64)
        .into_iter()
        .filter(|r| r["like_for_like"] == true)
        .collect();
    assert!(
        like.iter()
            .any(|r| r["label"] == "sodium-native generichash (prealloc)"
                && r["implementation"] == "blake2b-512/libsodium"
                && r["speedup"].as_f64().unwrap() > 0.0),
        "{like:?}"
    );
    assert!(rows.iter().all(|r| r["implementation"] != "sha2-256/ring"));
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
