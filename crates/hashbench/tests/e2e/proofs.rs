//! The proof memory end to end (docs/method.md, "Verified once per build"): a run records
//! in the data directory what it verified, the next run of the same binary skips it and
//! says so, and a memory switched off or damaged verifies everything again.

use std::path::Path;

use serde_json::Value;

use crate::common::{hashbench, read_json, run_ok};

/// Two algorithms, one cell each: verification, not speed, is under test.
const RUN: &[&str] = &[
    "run",
    "crc32c",
    "adler32/adler2",
    "--sizes",
    "64",
    "--time",
    "0.01",
    "--rounds",
    "3",
    "--max-rounds",
    "3",
    "-q",
    "--format",
    "json",
];

/// `hashbench run ...` with its proof memory in `data` (`memory` on or off); the run's
/// `config.verification`.
fn verification(data: &Path, memory: &str) -> Value {
    let result = data.join("run.json");
    let mut cmd = hashbench();
    cmd.env("HASHBENCH_PROOF_MEMORY", memory)
        .env("HASHBENCH_DATA_DIR", data)
        .args(RUN)
        .arg("-o")
        .arg(&result);
    run_ok(&mut cmd);
    read_json(&result)["config"]["verification"].clone()
}

fn count(v: &Value, field: &str) -> usize {
    match &v[field] {
        Value::Array(a) => a.len(),
        n => usize::try_from(n.as_u64().unwrap_or(0)).unwrap_or(0),
    }
}

#[cfg(target_os = "linux")]
#[test]
fn what_a_run_verified_is_not_verified_again_by_the_same_binary() {
    let dir = tempfile::tempdir().expect("temp dir");
    let first = verification(dir.path(), "on");
    let selected = count(&first, "verified");
    assert!(selected >= 2, "{first}");
    assert_eq!(count(&first, "remembered"), 0, "{first}");
    assert!(dir.path().join("verified.json").exists());

    let second = verification(dir.path(), "on");
    assert_eq!(count(&second, "verified"), 0, "{second}");
    assert_eq!(count(&second, "remembered"), selected, "{second}");
    assert_eq!(second["code"], first["code"]);

    // Switched off: everything verified again, nothing read.
    let off = verification(dir.path(), "off");
    assert_eq!(count(&off, "verified"), selected, "{off}");
    assert_eq!(count(&off, "remembered"), 0, "{off}");

    // Damaged: an empty memory, everything verified again, and the file written anew.
    std::fs::write(
        dir.path().join("verified.json"),
        b"{\"version\": 1, \"builds\": [",
    )
    .unwrap();
    let damaged = verification(dir.path(), "on");
    assert_eq!(count(&damaged, "verified"), selected, "{damaged}");
    let again = verification(dir.path(), "on");
    assert_eq!(count(&again, "remembered"), selected, "{again}");
}

#[cfg(target_os = "linux")]
#[test]
fn the_table_says_what_an_earlier_run_proved() {
    let dir = tempfile::tempdir().expect("temp dir");
    let table = |dir: &Path| {
        let mut cmd = hashbench();
        cmd.env("HASHBENCH_PROOF_MEMORY", "on")
            .env("HASHBENCH_DATA_DIR", dir)
            .args([
                "run",
                "crc32c/crc32c",
                "--sizes",
                "64",
                "--time",
                "0.01",
                "-q",
            ]);
        String::from_utf8_lossy(&run_ok(&mut cmd).stdout).into_owned()
    };
    let first = table(dir.path());
    assert!(
        first.contains("verified: 1 implementation, in this run"),
        "{first}"
    );
    let second = table(dir.path());
    assert!(
        second.contains("verified: 1 implementation, 1 by an earlier run of the same binary"),
        "{second}"
    );
}
