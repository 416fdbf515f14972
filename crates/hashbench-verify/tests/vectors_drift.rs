//! The vector files must be exactly what their generator writes, and every published
//! vector must agree with the independent implementations: runs
//! `vectors/generate.py --check` with the pinned environment that `scripts/test` sets up.
//! Then `vectors/test_refs.py` shows those checkers can fail: the pure-Python BLAKE3
//! reproduces the published BLAKE3 vectors (and broken variants of it do not), and a
//! corrupted copy of the vector files makes `generate.py --check` exit non-zero.

use std::path::PathBuf;
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..")
}

/// Runs a script of `vectors/` with the Python that has vectors/requirements.txt installed.
fn run_vector_python(script: &str, args: &[&str]) -> Output {
    let python = std::env::var_os("HASHBENCH_VECTOR_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root().join(".venv/bin/python"));
    assert!(
        python.exists(),
        "{} not found: run scripts/test (it creates .venv with vectors/requirements.txt) \
         or set HASHBENCH_VECTOR_PYTHON to a Python that has those packages",
        python.display()
    );
    Command::new(&python)
        .arg(root().join("vectors").join(script))
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("run vectors/{script}: {e}"))
}

#[test]
fn vector_files_match_their_independent_generator() {
    let output = run_vector_python("generate.py", &["--check"]);
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "vectors/generate.py --check failed:\n{}{}",
        stdout,
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(
        stdout.starts_with("generate.py --check: OK (50 files,"),
        "unexpected output: {stdout}"
    );
}

#[test]
fn independent_checkers_pass_their_self_tests_and_catch_a_corrupted_vector() {
    let output = run_vector_python("test_refs.py", &[]);
    // unittest reports on stderr: one line per test, then "Ran N tests" and "OK".
    let report = String::from_utf8_lossy(&output.stderr);
    assert!(
        output.status.success(),
        "vectors/test_refs.py failed:\n{}{report}",
        String::from_utf8_lossy(&output.stdout)
    );
    for test in [
        "test_matches_every_published_vector",
        "test_without_root_flag_every_vector_fails",
        "test_check_names_the_corrupted_published_vector",
        "test_write_refuses_and_leaves_the_file_alone",
    ] {
        assert!(
            report
                .lines()
                .any(|l| l.starts_with(test) && l.ends_with("... ok")),
            "{test} did not run and pass:\n{report}"
        );
    }
    assert!(
        report.trim_end().ends_with("OK"),
        "no OK at the end:\n{report}"
    );
}
