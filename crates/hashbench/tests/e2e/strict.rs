//! `run --strict`: exit 1 when any guard raised a flag, 0 when none did, the output
//! written either way (docs/usage.md).
//!
//! No command-line input makes a guard fire for certain (the guards judge timings, and
//! `report` has no `--strict` to apply to an edited file), and none makes a run
//! unflagged for certain on a shared machine. So each run here is checked against its
//! own result: the exit code and the message must follow the flags its JSON holds.
//! The opt-in CPU-hog demonstration in tests/e2e/guards.rs (`scripts/test --slow`) makes a
//! flag near-certain; hashbench-report tests each guard on hand-built runs.

use serde_json::Value;

use crate::common::{hashbench, output, read_json, show, stderr, ONE_CELL, QUICK};

/// Every flag in a run's JSON, as `guards::count` counts them: the run's own, then each
/// cell's and baseline's.
fn flags(run: &Value) -> usize {
    let n = |v: &Value| v.as_array().expect("flags are a list").len();
    n(&run["flags"])
        + ["cells", "baselines"]
            .iter()
            .flat_map(|list| run[*list].as_array().expect("a list"))
            .map(|c| n(&c["flags"]))
            .sum::<usize>()
}

/// 5 ms per cell over 5 rounds: the run shape most likely to be flagged.
const NOISY: &[&str] = &[
    "run",
    "crc32/crc32fast",
    "--sizes",
    "64",
    "--time",
    "0.005",
    "--rounds",
    "5",
    "-q",
];

#[test]
fn strict_exits_1_exactly_when_the_written_run_holds_a_flag() {
    let dir = tempfile::tempdir().unwrap();
    // A few runs of different shapes, so that on most machines both outcomes are seen;
    // each is judged by its own flags.
    for (i, args) in [ONE_CELL, QUICK, NOISY].iter().enumerate() {
        let file = dir.path().join(format!("run{i}.json"));
        let out = output(
            hashbench()
                .args(*args)
                .args(["--strict", "--format", "json", "-o"])
                .arg(&file),
        );
        // The result is written before the exit code is decided.
        let run = read_json(&file);
        let n = flags(&run);
        // Which outcome each shape had, for `--nocapture`.
        eprintln!("run {i}: {n} flag(s), exit {:?}", out.status.code());
        let message = format!("hashbench: --strict: {n} flag(s) raised; see the output");
        if n > 0 {
            assert_eq!(out.status.code(), Some(1), "{n} flags: {}", show(&out));
            assert!(stderr(&out).contains(&message), "{}", show(&out));
        } else {
            assert_eq!(out.status.code(), Some(0), "no flags: {}", show(&out));
            assert!(!stderr(&out).contains("--strict"), "{}", show(&out));
        }
    }
}

#[test]
fn without_strict_a_flagged_run_still_succeeds() {
    // The noise-prone shape without --strict: exit 0 whatever the guards said.
    let out = output(hashbench().args(NOISY).args(["--format", "json"]));
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert!(!stderr(&out).contains("--strict"), "{}", show(&out));
    let run: Value = serde_json::from_slice(&out.stdout).expect("JSON on stdout");
    assert_eq!(run["cells"][0]["implementation"], "crc32/crc32fast");
}
