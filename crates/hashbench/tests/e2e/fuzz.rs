//! `hashbench verify --fuzz`: a short fixed-seed sample agrees everywhere and counts what
//! it compared; a seed replays the same run; bad options are usage errors.
//!
//! That the fuzzer catches a wrong implementation is tested in hashbench-verify
//! (`fuzz/tests.rs`), where a deliberately broken one can be put beside a real one.

use serde_json::Value;

use crate::common::{hashbench, run_ok, run_ok_json, stdout, usage_error};

/// Algorithms of the sample: a CRC, xxh3 (its short-input paths), a SHA-2 and BLAKE3
/// (chunk trees, SIMD levels, rayon): different code shapes, cheap in a debug build.
const SAMPLE: [&str; 4] = ["crc32c", "xxh3-64", "sha2-256", "blake3"];

/// Implementations of `algorithm` available here, as `list` reports them.
fn available(algorithm: &str) -> u64 {
    let list = run_ok_json(hashbench().args(["list", algorithm, "--format", "json"]));
    list["algorithms"][0]["implementations"]
        .as_array()
        .expect("implementations")
        .iter()
        .filter(|i| i["available"] == Value::Bool(true))
        .count() as u64
}

fn fuzz_json(args: &[&str]) -> Value {
    run_ok_json(hashbench().args(["verify", "--format", "json"]).args(args))
}

#[test]
fn a_fixed_seed_sample_agrees_and_counts_every_digest() {
    let mut args = vec!["--fuzz", "300", "--seed", "7"];
    args.extend(SAMPLE);
    let report = fuzz_json(&args);
    assert_eq!(report["seed"], 7);
    assert_eq!(report["cases_requested"], 300);
    assert_eq!(report["cases"], 300);
    assert_eq!(report["disagreements"], 0, "{report:#}");
    assert_eq!(report["mismatches"], Value::Array(Vec::new()));
    assert_eq!(report["algorithms"], 4);
    let per_algorithm = report["per_algorithm"].as_array().expect("per_algorithm");
    let (mut implementations, mut compared) = (0, 0);
    for (entry, algorithm) in per_algorithm.iter().zip(SAMPLE) {
        assert_eq!(entry["algorithm"], algorithm);
        // 300 cases shared round-robin by 4 algorithms.
        assert_eq!(entry["cases"], 75, "{algorithm}");
        let n = available(algorithm);
        assert!(n >= 2, "{algorithm}: {n} implementations");
        assert_eq!(
            entry["implementations"].as_array().map(Vec::len),
            Some(n as usize)
        );
        // One-shot and streamed through each, compared with the first one-shot.
        assert_eq!(entry["digests_compared"], 75 * (2 * n - 1), "{algorithm}");
        implementations += n;
        compared += 75 * (2 * n - 1);
    }
    assert_eq!(per_algorithm.len(), 4);
    assert_eq!(report["implementations"], implementations);
    assert_eq!(report["digests_compared"], compared);
    assert_eq!(
        report["replay"],
        "hashbench verify --fuzz 300 --seed 7 crc32c xxh3-64 sha2-256 blake3"
    );
}

#[test]
fn the_table_tells_the_seed_first_and_the_summary_last() {
    let o = run_ok(hashbench().args(["verify", "--fuzz", "40", "--seed", "12", "crc32", "md5"]));
    let text = stdout(&o);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "fuzz: seed 12 (replay: hashbench verify --fuzz 40 --seed 12 crc32 md5)"
    );
    let n = available("crc32") + available("md5");
    let compared = 20 * (2 * available("crc32") - 1) + 20 * (2 * available("md5") - 1);
    let last = lines.last().expect("a summary");
    let expected_start = format!(
        "fuzz: 40 cases, seed 12, 2 algorithms, {n} implementations, {compared} digests compared in "
    );
    assert!(last.starts_with(&expected_start), "{text}");
    assert!(last.ends_with(" s: 0 disagreements"), "{text}");
}

/// The report without its one machine-dependent number.
fn without_time(mut report: Value) -> Value {
    report
        .as_object_mut()
        .expect("an object")
        .remove("elapsed_s")
        .expect("elapsed_s present");
    report
}

#[test]
fn a_seed_from_the_clock_is_reported_and_replays_the_same_run() {
    let first = fuzz_json(&["--fuzz", "200", "xxh64", "adler32"]);
    let seed = first["seed"].as_u64().expect("the seed is reported");
    let replay = first["replay"].as_str().expect("a replay command");
    assert_eq!(
        replay,
        format!("hashbench verify --fuzz 200 --seed {seed} xxh64 adler32")
    );
    let again = fuzz_json(&[
        "--fuzz",
        "200",
        "--seed",
        &seed.to_string(),
        "xxh64",
        "adler32",
    ]);
    assert_eq!(without_time(first), without_time(again));
}

#[test]
fn stop_after_is_accepted_and_replayed() {
    // Nothing disagrees, so every case runs; the option is in the replay command.
    let report = fuzz_json(&["--fuzz", "10", "--seed", "1", "--stop-after", "2", "crc32"]);
    assert_eq!(report["cases"], 10);
    assert_eq!(
        report["replay"],
        "hashbench verify --fuzz 10 --seed 1 --stop-after 2 crc32"
    );
}

#[test]
fn bad_fuzz_options_are_usage_errors() {
    usage_error(&["verify", "--fuzz", "0", "crc32"], "--fuzz");
    usage_error(&["verify", "--fuzz", "many", "crc32"], "--fuzz");
    usage_error(&["verify", "--seed", "3", "crc32"], "--fuzz");
    usage_error(
        &["verify", "--fuzz", "5", "--stop-after", "0", "crc32"],
        "--stop-after",
    );
    usage_error(
        &["verify", "--fuzz", "5", "--vectors", "vectors", "crc32"],
        "--vectors",
    );
    usage_error(
        &["verify", "--fuzz", "5", "sha-256"],
        "unknown name 'sha-256'",
    );
}
