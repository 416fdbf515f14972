//! The vector files must be exactly what their generator writes, and every published
//! vector must agree with the independent Python implementations: runs
//! `vectors/generate.py --check` with the pinned environment that `scripts/test` sets up.

use std::path::PathBuf;
use std::process::Command;

#[test]
fn vector_files_match_their_independent_generator() {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../..");
    let python = std::env::var_os("HASHBENCH_VECTOR_PYTHON")
        .map(PathBuf::from)
        .unwrap_or_else(|| root.join(".venv/bin/python"));
    assert!(
        python.exists(),
        "{} not found: run scripts/test (it creates .venv with vectors/requirements.txt) \
         or set HASHBENCH_VECTOR_PYTHON to a Python that has those packages",
        python.display()
    );
    let output = Command::new(&python)
        .arg(root.join("vectors/generate.py"))
        .arg("--check")
        .output()
        .expect("run vectors/generate.py");
    assert!(
        output.status.success(),
        "vectors/generate.py --check failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
