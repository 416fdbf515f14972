//! `--threads`, `--streams`, `--sizes cache`, the cost model and `hashbench crossover`, end
//! to end. Budgets are tiny: these tests check behaviour and bookkeeping, never speed.

use crate::common::{hashbench, output, read_json, run_ok, run_ok_json, stdout, usage_error};

/// One implementation hashing two streams at once, at 4 KiB.
const TWO_STREAMS: &[&str] = &["run", "crc32/crc32fast", "--streams", "2", "--sizes", "4k"];

#[test]
fn bad_threads_streams_and_crossover_ids_are_usage_errors() {
    usage_error(
        &["run", "blake3/blake3+rayon", "--threads", "0"],
        "--threads",
    );
    usage_error(
        &["run", "blake3/blake3+rayon", "--threads", "2,x"],
        "--threads",
    );
    usage_error(&["run", "crc32/crc32fast", "--streams", "0"], "--streams");
    usage_error(&["crossover", "blake3", "blake3/blake3"], "give one id");
    usage_error(
        &["crossover", "blake9/blake9", "blake3/blake3"],
        "unknown name",
    );
    usage_error(&["crossover", "crc32/crc", "crc32/crc"], "two different");
    usage_error(
        &[
            "crossover",
            "crc32/crc",
            "crc32/crc32fast",
            "--threads",
            "1,2",
        ],
        "one --threads",
    );
    usage_error(
        &[
            "crossover",
            "crc32/crc",
            "crc32/crc32fast",
            "--from",
            "/no/such.json",
        ],
        "/no/such.json",
    );
    // A file that is not a run is refused as compare refuses it.
    let dir = tempfile::tempdir().unwrap();
    let junk = dir.path().join("junk.json");
    std::fs::write(&junk, "[1, 2, 3]").unwrap();
    let junk = junk.to_str().unwrap();
    usage_error(
        &["crossover", "crc32/crc", "crc32/crc32fast", "--from", junk],
        "not a hashbench run result",
    );
}

#[test]
fn threads_give_parallel_implementations_a_pool_and_others_not_applicable() {
    let run = run_ok_json(hashbench().args([
        "run",
        "blake3/blake3+rayon",
        "crc32/crc32fast",
        "--threads",
        "1,2",
        "--sizes",
        "64k",
        "--time",
        "0.02",
        "-q",
        "--format",
        "json",
        "--seed",
        "3",
    ]));
    let cells = run["cells"].as_array().unwrap();
    let mut seen: Vec<(String, u64, String)> = cells
        .iter()
        .map(|c| {
            (
                c["implementation"].as_str().unwrap().to_string(),
                c["threads"].as_u64().unwrap(),
                c["backend"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    seen.sort();
    assert_eq!(seen.len(), 3, "{seen:?}");
    assert_eq!((seen[0].0.as_str(), seen[0].1), ("blake3/blake3+rayon", 1));
    assert!(seen[0].2.ends_with("x 1 rayon threads"), "{}", seen[0].2);
    assert_eq!((seen[1].0.as_str(), seen[1].1), ("blake3/blake3+rayon", 2));
    assert!(seen[1].2.ends_with("x 2 rayon threads"), "{}", seen[1].2);
    assert_eq!((seen[2].0.as_str(), seen[2].1), ("crc32/crc32fast", 1));
    let skipped = run["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1);
    assert_eq!(skipped[0]["implementation"], "crc32/crc32fast");
    assert_eq!(skipped[0]["reason"], "threads-not-applicable");
    assert_eq!(run["config"]["threads"], serde_json::json!([1, 2]));
}

/// A cell on 2 threads is set against a read on 2 threads, measured beside it, not
/// against one thread's read.
#[test]
fn a_cell_on_two_threads_is_set_against_a_read_on_two_threads() {
    let args = [
        "run",
        "blake3/blake3+rayon",
        "--threads",
        "2",
        "--sizes",
        "64k",
        "--time",
        "0.02",
        "-q",
        "--seed",
        "3",
    ];
    let run = run_ok_json(hashbench().args(args).args(["--format", "json"]));
    let rate = |c: &serde_json::Value| {
        c["throughput"]["estimate"]["gb_per_sec"]
            .as_f64()
            .unwrap_or_else(|| panic!("a rate: {c}"))
    };
    let reads: Vec<&serde_json::Value> = run["baselines"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|b| b["implementation"] == "baseline/read")
        .collect();
    let threads: Vec<u64> = reads
        .iter()
        .map(|b| b["threads"].as_u64().unwrap())
        .collect();
    assert_eq!(threads, vec![1, 2], "one read per thread count");
    let cell = &run["cells"][0];
    assert_eq!(cell["threads"], 2);
    let fraction = cell["fraction_of_read_ceiling"]
        .as_f64()
        .expect("a fraction");
    let expected = rate(cell) / rate(reads[1]);
    assert!(
        (fraction - expected).abs() <= 1e-9 * expected,
        "{fraction} vs {expected}"
    );
    assert!(cell.get("no_read_ceiling").is_none(), "{cell}");

    // The ceiling among the baselines, and the cell's fraction of it.
    let text = stdout(&output(hashbench().args(args).arg("--detail")));
    assert!(text.contains("read (2 threads)"), "{text}");
    let markdown = stdout(&output(
        hashbench().args(args).args(["--format", "markdown"]),
    ));
    assert!(markdown.contains("read (2 threads)"), "{markdown}");
    assert!(markdown.contains("% of read ceiling"), "{markdown}");
}

#[test]
fn streams_report_aggregate_and_efficiency() {
    let run = run_ok_json(
        hashbench()
            .args(TWO_STREAMS)
            .args(["--time", "0.04", "-q", "--format", "json"]),
    );
    let streams = run["streams"].as_array().unwrap();
    assert_eq!(streams.len(), 1);
    let s = &streams[0];
    assert_eq!(s["streams"], 2);
    assert_eq!(s["size"], 4096);
    let e = s["scaling_efficiency"].as_f64().unwrap();
    let single = s["single_throughput"]["estimate"]["gb_per_sec"]
        .as_f64()
        .unwrap();
    let aggregate = s["aggregate_throughput"]["estimate"]["gb_per_sec"]
        .as_f64()
        .unwrap();
    assert!(
        (e - aggregate / (2.0 * single)).abs() < 1e-9 * e.max(1.0),
        "{e}"
    );
    assert_eq!(run["config"]["streams"], 2);
    let text = stdout(&output(
        hashbench().args(TWO_STREAMS).args(["--time", "0.02", "-q"]),
    ));
    assert!(
        text.contains("Streams") && text.contains("scaling efficiency"),
        "{text}"
    );
}

#[test]
fn cache_sizes_and_levels() {
    let host = hashbench_host::Host::detect();
    let Some(expected) = host.sizes_around_caches() else {
        // No cache information on this machine: the option must say so.
        usage_error(&["run", "crc32/crc32fast", "--sizes", "cache"], "cache");
        return;
    };
    let run = run_ok_json(hashbench().args([
        "run",
        "crc32/crc32fast",
        "--sizes",
        "cache",
        "--time",
        "0.01",
        "--rounds",
        "1",
        "-q",
        "--format",
        "json",
    ]));
    let sizes: Vec<u64> = run["config"]["sizes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s.as_u64().unwrap())
        .collect();
    assert_eq!(sizes, expected);
    for c in run["cells"].as_array().unwrap() {
        let size = c["size"].as_u64().unwrap();
        let level = host.cache_level(size).to_string();
        assert_eq!(c["cache_level"].as_str(), Some(level.as_str()), "{size}");
    }
    // Half of L1d is in L1; twice the largest cache is in memory.
    assert_eq!(run["cells"][0]["cache_level"], "L1");
    assert_eq!(
        run["cells"].as_array().unwrap().last().unwrap()["cache_level"],
        "memory"
    );
}

#[test]
fn a_sweep_gets_a_cost_model_and_crossover_reads_a_saved_run() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("sweep.json");
    let path = path.to_str().unwrap();
    run_ok(hashbench().args([
        "run",
        "crc32/crc",
        "crc32/crc32fast",
        "--sizes",
        "64,256,1k,4k",
        "--time",
        "0.02",
        "-q",
        "--format",
        "json",
        "-o",
        path,
    ]));
    let run = read_json(std::path::Path::new(path));
    let model = run["cost_model"].as_array().unwrap();
    assert_eq!(model.len(), 2);
    for f in model {
        assert_eq!(f["sizes"], serde_json::json!([64, 256, 1024, 4096]));
        assert_eq!(f["interval_method"], "min_max_too_few_points");
        let b = &f["ns_per_byte"];
        assert!(b["low"].as_f64().unwrap() <= b["estimate"].as_f64().unwrap());
        assert!(b["estimate"].as_f64().unwrap() <= b["high"].as_f64().unwrap());
    }
    let out =
        run_ok(hashbench().args(["crossover", "crc32/crc32fast", "crc32/crc", "--from", path]));
    let text = stdout(&out);
    assert!(
        text.contains("A = crc32/crc32fast, B = crc32/crc"),
        "{text}"
    );
    assert!(
        text.contains("Measured: ") && text.contains("Fit A: "),
        "{text}"
    );
    // Four sizes, one row each.
    let rows = text
        .lines()
        .filter(|l| l.ends_with(" A") || l.ends_with(" B") || l.ends_with(" tie"))
        .count();
    assert_eq!(rows, 4, "{text}");
    // The same as data: a duel per size, medians from the run's cells, both fits.
    let json = run_ok_json(hashbench().args([
        "crossover",
        "crc32/crc32fast",
        "crc32/crc",
        "--from",
        path,
        "--format",
        "json",
    ]));
    let duels = json["duels"].as_array().unwrap();
    let sizes: Vec<u64> = duels.iter().map(|d| d["size"].as_u64().unwrap()).collect();
    assert_eq!(sizes, [64, 256, 1024, 4096], "{json}");
    let fast_4k = run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .find(|c| c["implementation"] == "crc32/crc32fast" && c["size"] == 4096)
        .unwrap();
    assert_eq!(duels[3]["a_ns"], fast_4k["figure"]["median_ns"], "{json}");
    assert!(json["verdict"]["verdict"].is_string(), "{json}");
    assert_eq!(
        json["fit_a"]["sizes"],
        serde_json::json!([64, 256, 1024, 4096])
    );
    assert!(
        json["fit_b"]["ns_per_byte"]["estimate"].is_number(),
        "{json}"
    );
}
