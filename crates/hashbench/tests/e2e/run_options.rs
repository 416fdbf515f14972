//! The bounds of `run`'s numeric options (docs/usage.md): `--misalign` (0 to 63,
//! recorded, the digests still checked), `--threads` (1 to 1024), `--rounds` (1 to 100),
//! `--max-rounds` (1 to 300, at least `--rounds`), `--streams` (at least 1). Values outside are refused before anything runs, exit 2,
//! with the flag named; the boundary values run.

use serde_json::Value;

use crate::common::{hashbench, run_ok_json, usage_error, ONE_CELL, QUICK};

/// ONE_CELL with `extra`, as JSON on standard output.
fn one_cell(extra: &[&str]) -> Value {
    run_ok_json(
        hashbench()
            .args(ONE_CELL)
            .args(["--format", "json"])
            .args(extra),
    )
}

/// Asserts that `BASE FLAG=VALUE` is a usage error naming FLAG (`=`, so that clap takes
/// a value like `-1` as the flag's, not as an option of its own).
fn refused(base: &[&str], flag: &str, value: &str) {
    let arg = format!("{flag}={value}");
    let args: Vec<&str> = base.iter().copied().chain([arg.as_str()]).collect();
    usage_error(&args, flag);
}

#[test]
fn a_misaligned_input_is_recorded_and_every_digest_still_checks() {
    for k in ["1", "63"] {
        let run = run_ok_json(
            hashbench()
                .args(QUICK)
                .args(["--misalign", k, "--format", "json"]),
        );
        assert_eq!(run["config"]["misalign"], k.parse::<u64>().unwrap());
        // Each sample's digest is compared with the reference implementation's digest
        // of the same (misaligned) bytes; a mismatch would skip the cell as a wrong
        // digest and exit 1. Every cell is here, nothing skipped.
        assert_eq!(run["skipped"], serde_json::json!([]), "--misalign {k}");
        let mut cells: Vec<(String, u64)> = run["cells"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| {
                (
                    c["implementation"].as_str().unwrap().to_string(),
                    c["size"].as_u64().unwrap(),
                )
            })
            .collect();
        cells.sort();
        let expected: Vec<(String, u64)> = ["adler32/adler2", "crc32/crc32fast"]
            .iter()
            .flat_map(|i| [(i.to_string(), 64), (i.to_string(), 4096)])
            .collect();
        assert_eq!(cells, expected, "--misalign {k}");
    }
    let plain = one_cell(&[]);
    assert_eq!(plain["config"]["misalign"], 0);
}

#[test]
fn a_bad_misalignment_is_refused() {
    // 64 and more: the offset is "past a 64-byte boundary"; a huge one used to abort
    // the process trying to allocate it.
    for bad in ["64", "1000000000000", "18446744073709551615", "-1", "seven"] {
        refused(ONE_CELL, "--misalign", bad);
    }
}

#[test]
fn thread_counts_and_rounds_outside_their_bounds_are_refused_naming_the_flag() {
    for bad in ["0", "1025", "1,0", "2,1025", "many", ""] {
        refused(ONE_CELL, "--threads", bad);
    }
    for bad in ["0", "101", "-1", "three"] {
        refused(ONE_CELL, "--rounds", bad);
    }
    for bad in ["0", "301", "-1", "many"] {
        refused(ONE_CELL, "--max-rounds", bad);
    }
    // Fewer than the rounds every cell gets (8 by default).
    usage_error(&[ONE_CELL, &["--max-rounds", "7"]].concat(), "--max-rounds");
    refused(ONE_CELL, "--streams", "0");
    // crossover takes the same thread counts.
    let crossover = [
        "crossover",
        "crc32/crc32fast",
        "adler32/adler2",
        "--sizes",
        "64",
    ];
    for bad in ["0", "1025"] {
        refused(&crossover, "--threads", bad);
    }
}

#[test]
fn the_boundary_thread_counts_are_accepted() {
    let run = one_cell(&["--threads", "1"]);
    assert_eq!(run["config"]["threads"], serde_json::json!([1]));
    assert_eq!(run["skipped"], serde_json::json!([]));
    assert_eq!(run["cells"][0]["threads"], 1);

    // 1024 is allowed. crc32fast does not split a message, so it is measured with one
    // thread and listed as not applicable for more; no pool of 1024 threads is made.
    let run = one_cell(&["--threads", "1024", "--allow-oversubscribe"]);
    assert_eq!(run["config"]["threads"], serde_json::json!([1024]));
    let cells = run["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 1);
    assert_eq!(cells[0]["threads"], 1);
    let skipped = run["skipped"].as_array().unwrap();
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    assert_eq!(skipped[0]["implementation"], "crc32/crc32fast");
    assert_eq!(skipped[0]["reason"], "threads-not-applicable");
    assert!(
        skipped[0]["details"][0]
            .as_str()
            .unwrap()
            .contains("--threads 1024"),
        "{skipped:?}"
    );
}

#[test]
fn the_boundary_round_counts_are_accepted_and_each_round_is_recorded() {
    for rounds in [1usize, 100] {
        // 20 ms per cell over 100 rounds is 0.2 ms a round: each round still takes its
        // minimum of samples, so every round has a median.
        let run = one_cell(&["--rounds", &rounds.to_string()]);
        assert_eq!(run["config"]["rounds"], rounds);
        assert_eq!(run["config"]["max_rounds"], 3 * rounds);
        // Every cell has at least its rounds, and a cell whose figure had not settled
        // up to three times as many (within its budget).
        let mut passes = 0;
        for c in run["cells"]
            .as_array()
            .unwrap()
            .iter()
            .chain(run["baselines"].as_array().unwrap())
        {
            let medians = c["round_medians_ns"].as_array().unwrap();
            assert!(
                (rounds..=3 * rounds).contains(&medians.len()),
                "{}: {} rounds",
                c["implementation"],
                medians.len()
            );
            assert!(medians.iter().all(|m| m.as_f64().unwrap() > 0.0));
            passes = passes.max(medians.len());
        }
        // The drift reference is timed at the start and after every pass.
        let points = run["reference"]["points"].as_array().unwrap();
        assert_eq!(points.len(), passes + 1);
    }
}

#[test]
fn max_rounds_caps_the_extra_rounds_and_is_recorded() {
    // No figure reaches a precision of 0.01 %, so every cell asks for extra rounds (up
    // to 6 by default) and gets no more than --max-rounds; on a busy machine a cell's
    // --time may run out first, after its 2.
    let run = one_cell(&[
        "--rounds",
        "2",
        "--max-rounds",
        "3",
        "--precision",
        "0.0001",
    ]);
    assert_eq!(run["config"]["rounds"], 2);
    assert_eq!(run["config"]["max_rounds"], 3);
    for c in run["cells"]
        .as_array()
        .unwrap()
        .iter()
        .chain(run["baselines"].as_array().unwrap())
    {
        let rounds = c["round_medians_ns"].as_array().unwrap().len();
        assert!(
            (2..=3).contains(&rounds),
            "{}: {rounds}",
            c["implementation"]
        );
    }
}
