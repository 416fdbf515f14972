//! `hashbench maps`: hashers timed inside std's `HashMap`, the four workloads with their
//! intervals and what the map saw, as tables and JSON; a hasher with no `BuildHasher` set
//! aside with the reason; bad sets, sizes and workloads are usage errors (exit 2); `-o`
//! checked before anything is measured, `-q` quiet; intervals reach as far as the figure
//! memory says (or as assumed), and a run's settled figures join it.

use crate::common::{hashbench, run_exit, run_ok, stderr, stdout, stdout_json};

#[test]
fn every_workload_is_timed_and_shown_beside_what_the_map_saw() {
    let o = run_ok(hashbench().args([
        "maps",
        "fxhash",
        "foldhash-fast",
        "--set",
        "serial",
        "--entries",
        "1k",
        "--workload",
        "build,hit,miss,churn",
        "--time",
        "0.02",
    ]));
    let text = stdout(&o);
    for header in [
        "serial, 1024 keys, build: time per insert, the map's growth included",
        "serial, 1024 keys, hit: time per lookup of a key in the map",
        "serial, 1024 keys, miss: time per lookup of a key not in the map",
        "serial, 1024 keys, churn: time per remove and insert",
    ] {
        assert!(text.contains(header), "{header}\n{text}");
    }
    assert!(text.contains("groups ["), "{text}");
    assert!(stderr(&o).contains("maps: 2 hashers x 1 key sets x 1 sizes x 4 workloads"));

    let o = run_ok(hashbench().args([
        "maps",
        "fxhash",
        "crc32c",
        "--set",
        "high-random,words",
        "--entries",
        "256",
        "--time",
        "0.01",
        "--format",
        "json",
    ]));
    let doc = stdout_json(&o);
    let cells = doc["cells"].as_array().expect("cells");
    assert_eq!(cells.len(), 2, "{doc}");
    for c in cells {
        assert_eq!(c["implementation"], "fxhash/rustc-hash");
        assert_eq!(c["workload"], "hit");
        let (ns, low, high) = (
            c["ns"].as_f64().expect("ns"),
            c["low_ns"].as_f64().expect("low"),
            c["high_ns"].as_f64().expect("high"),
        );
        assert!(low <= ns && ns <= high && ns > 0.0, "{c}");
        // Nothing learned (the memory off): every interval reaches as far as a map cell
        // is assumed to move.
        let reach = hashbench_model::ASSUMED_MAP_REACH;
        assert!(high >= ns * (1.0 + reach) - 1e-9, "{c}");
        assert!(low <= ns * (1.0 - reach) + 1e-9, "{c}");
        assert_eq!(c["view"]["len"], 256);
    }
    let classes = doc["config"]["run_to_run"]["classes"].as_array().cloned();
    // A maps run's own classes, apart from hash calls', each assumed.
    assert!(
        classes.as_ref().is_some_and(|c| c.len() == 2
            && c.iter().all(|c| c["moves"] == 0)
            && c[0]["class"] == "map-core"
            && c[1]["class"] == "map-shared"),
        "{classes:?}"
    );
    let skipped = doc["skipped"][0]["implementation"]
        .as_str()
        .expect("a skip");
    assert!(skipped.starts_with("crc32c/"), "{skipped}");
    assert_eq!(doc["config"]["entries_from"], "given");
    // How the binary was built, as a run records it: some hashers' code depends on it.
    assert!(doc["measured"]["build"]["rustflags"].is_string(), "{doc}");
    assert!(doc["measured"]["timestamp"].is_string(), "{doc}");
    assert_eq!(doc["key_sets"][1]["count"], 512);
}

#[test]
fn bad_sets_sizes_and_workloads_are_usage_errors() {
    for (args, says) in [
        (vec!["--set", "primes"], "unknown key set 'primes'"),
        (vec!["--entries", "0"], "give a count of keys"),
        (
            vec!["--workload", "lookup"],
            "workloads are: build, hit, miss, churn",
        ),
        (vec!["--time", "0"], "give seconds per cell"),
    ] {
        let o = run_exit(hashbench().arg("maps").arg("fxhash").args(&args), 2);
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
}

/// `maps` of FxHash on `sets` in a map of 256 keys: the small run the file tests ask for.
fn small_maps(sets: &str) -> assert_cmd::Command {
    let mut cmd = hashbench();
    cmd.args(["maps", "fxhash", "--set", sets, "--entries", "256"]);
    cmd
}

#[test]
fn the_result_goes_to_a_file_checked_before_anything_is_measured() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    // A file that cannot be written is found before the minutes of measuring: exit 2,
    // nothing measured (no note of what would be timed).
    let missing = dir.path().join("no-such-dir/maps.json");
    let o = run_exit(small_maps("serial").arg("-o").arg(&missing), 2);
    assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
    assert!(!stderr(&o).contains("maps: "), "{}", stderr(&o));

    // JSON into a file, quietly: nothing on either stream, the whole document in the file.
    let file = dir.path().join("maps.json");
    let o = run_ok(
        small_maps("serial")
            .args(["--time", "0.01", "--format", "json", "-q", "-o"])
            .arg(&file),
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let doc: serde_json::Value =
        serde_json::from_slice(&std::fs::read(&file).expect("written")).expect("JSON");
    assert_eq!(doc["cells"][0]["implementation"], "fxhash/rustc-hash");

    // A table into a file holds every group's table and the footer, and says where it went.
    let file = dir.path().join("maps.txt");
    let o = run_ok(
        small_maps("serial,words")
            .args(["--time", "0.01", "-o"])
            .arg(&file),
    );
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(stderr(&o).contains("wrote "), "{}", stderr(&o));
    let text = std::fs::read_to_string(&file).expect("written");
    assert!(text.contains("serial, 256 keys, hit"), "{text}");
    assert!(text.contains("words, 256 keys, hit"), "{text}");
    assert!(text.contains("rounds a cell"), "{text}");
}

#[test]
fn a_maps_run_leaves_its_settled_figures_in_the_figure_memory() {
    let dir = tempfile::tempdir().expect("a scratch directory");
    let o = run_ok(
        small_maps("serial")
            .env("HASHBENCH_MACHINE_MEMORY", "on")
            .env("HASHBENCH_DATA_DIR", dir.path())
            .args(["--time", "0.01", "--format", "json", "-q"]),
    );
    let doc = stdout_json(&o);
    let memory = std::fs::read_to_string(dir.path().join("figure-moves.json")).unwrap_or_default();
    let cell = &doc["cells"][0];
    let key = format!(
        "map | {} | serial | hit | 256 entries",
        cell["implementation"].as_str().expect("an id")
    );
    // A settled figure is remembered under the map cell's own key; a doubted one is not.
    assert_eq!(
        memory.contains(&key),
        cell["settled"] == true,
        "{cell}\n{memory}"
    );
}

#[cfg(target_os = "linux")]
#[test]
fn pin_puts_the_measuring_thread_on_one_cpu_and_a_cpu_not_allowed_is_refused_first() {
    // A CPU this process may not use: exit 2 before anything is verified or measured.
    let o = run_exit(small_maps("serial").args(["--pin", "100000"]), 2);
    assert!(
        stderr(&o).contains("--pin 100000: this process may run only on CPUs"),
        "{}",
        stderr(&o)
    );
    assert!(!stderr(&o).contains("maps: "), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());

    // An allowed CPU: measured, and the document says where; unpinned, it says nothing.
    let cpu = crate::common::allowed_cpus()[0];
    let quick = ["--time", "0.01", "--format", "json", "-q"];
    let pinned = stdout_json(&run_ok(
        small_maps("serial")
            .args(["--pin", &cpu.to_string()])
            .args(quick),
    ));
    assert_eq!(pinned["config"]["pin_cpu"], cpu, "{}", pinned["config"]);
    assert!(pinned["cells"][0]["ns"].as_f64().is_some());
    let unpinned = stdout_json(&run_ok(small_maps("serial").args(quick)));
    assert!(
        unpinned["config"].get("pin_cpu").is_none(),
        "{}",
        unpinned["config"]
    );
}
