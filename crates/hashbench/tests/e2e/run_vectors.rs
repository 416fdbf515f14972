//! `hashbench run` with an implementation that fails verification: `--vectors DIR` with
//! one expected digest edited makes the failure certain. docs/usage.md: such an
//! implementation is not measured, is listed under skipped as `failed-verification`,
//! and the exit code is 1, the output still written.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{hashbench, output, read_json, run_exit, show, stdout_json, usage_error};

/// The CRC catalogue's check value: crc32 of "123456789", in vectors/crc32.json.
const CHECK: &str = "cbf43926";
const WRONG: &str = "cbf43927";

/// A copy of the repository's vectors in a temporary directory.
fn copy_of_vectors() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("a temporary directory");
    let from = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors");
    for entry in std::fs::read_dir(from).expect("vectors/ readable") {
        let path = entry.expect("a directory entry").path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, dir.path().join(name)).expect("vector file copied");
        }
    }
    dir
}

/// Replaces the expected crc32 of "123456789" in the copy with a wrong one.
fn corrupt_crc32(dir: &Path) {
    let file = dir.join("crc32.json");
    let text = std::fs::read_to_string(&file).expect("crc32.json readable");
    assert_eq!(
        text.matches(CHECK).count(),
        1,
        "one check value in crc32.json"
    );
    std::fs::write(&file, text.replace(CHECK, WRONG)).expect("crc32.json writable");
}

fn args(vectors: &Path) -> Vec<String> {
    [
        "run",
        "crc32/crc32fast",
        "adler32/adler2",
        "--sizes",
        "64",
        "--time",
        "0.02",
        "-q",
        "--format",
        "json",
        "--vectors",
    ]
    .iter()
    .map(|s| s.to_string())
    .chain(std::iter::once(vectors.display().to_string()))
    .collect()
}

fn measured(run: &Value) -> Vec<&str> {
    run["cells"]
        .as_array()
        .expect("cells is a list")
        .iter()
        .map(|c| c["implementation"].as_str().expect("an id"))
        .collect()
}

fn assert_crc32fast_failed_and_unmeasured(run: &Value) {
    let skipped = run["skipped"].as_array().expect("skipped is a list");
    assert_eq!(skipped.len(), 1, "{skipped:?}");
    let s = &skipped[0];
    assert_eq!(s["implementation"], "crc32/crc32fast");
    assert_eq!(s["reason"], "failed-verification");
    let details = s["details"].as_array().expect("details is a list");
    assert!(
        details.iter().any(|d| {
            let d = d.as_str().expect("a detail line");
            d.contains(&format!("expected {WRONG} got {CHECK}"))
        }),
        "{details:?}"
    );
    // Nothing of it was timed; the implementation that passed was, and so were the
    // baselines.
    assert_eq!(measured(run), ["adler32/adler2"], "{}", run["cells"]);
    assert_eq!(run["baselines"].as_array().expect("a list").len(), 3);
}

#[test]
fn a_failed_verification_skips_the_implementation_and_exits_1() {
    let vectors = copy_of_vectors();
    let args = args(vectors.path());

    // The untouched copy passes: the failure below is the edit's.
    let out = run_exit(hashbench().args(&args), 0);
    let mut ids = measured(&stdout_json(&out))
        .into_iter()
        .map(str::to_string)
        .collect::<Vec<_>>();
    ids.sort();
    assert_eq!(ids, ["adler32/adler2", "crc32/crc32fast"]);

    corrupt_crc32(vectors.path());
    // Result on standard output.
    let out = run_exit(hashbench().args(&args), 1);
    assert_crc32fast_failed_and_unmeasured(&stdout_json(&out));

    // Result in a file (-o): written all the same, exit 1.
    let file: PathBuf = vectors.path().join("result.json");
    let out = output(hashbench().args(&args).arg("-o").arg(&file));
    assert_eq!(out.status.code(), Some(1), "{}", show(&out));
    assert!(out.stdout.is_empty(), "{}", show(&out));
    assert_crc32fast_failed_and_unmeasured(&read_json(&file));
}

#[test]
fn unreadable_vectors_are_a_usage_error() {
    let vectors = copy_of_vectors();
    let missing = vectors.path().join("nowhere");
    let missing_args = args(&missing);
    let missing_args: Vec<&str> = missing_args.iter().map(String::as_str).collect();
    usage_error(&missing_args, "nowhere");

    std::fs::write(vectors.path().join("crc32.json"), "{ not json").expect("writable");
    let broken_args = args(vectors.path());
    let broken_args: Vec<&str> = broken_args.iter().map(String::as_str).collect();
    usage_error(&broken_args, "crc32.json");
}
