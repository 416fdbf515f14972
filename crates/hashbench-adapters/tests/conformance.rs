//! The adapter protocol as a contract: `adapters/check.py`, the conformance driver, runs
//! on every real adapter of `adapters/` (set up by `scripts/bootstrap`), expecting the
//! protocol version this crate speaks. It drives each the way hashbench does and checks
//! every reply: `hello` (version and shape), `digest` of every implementation and pattern
//! against the known answers (with splits), the `time` path that produces the adapter's
//! numbers (input fold, batches, the digest of the timed input; the nop too), bad
//! requests answered with `"ok": false`, and the exit when standard input closes.
//!
//! `--quick` (vectors up to 4097 bytes, one split each): every known answer through
//! every pattern is already verified through hashbench's own path by the `hashbench`
//! crate's `runtimes` test. Nothing here is timed against a clock: the batches' figures
//! need only be positive, so the test holds on a busy machine.

// A failure to start Python is a broken test machine, said by the panic.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Command;

fn adapters() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../adapters")
}

/// Runs `check.py` on `run` (an adapter's run script): its exit status and what it printed.
fn check(run: &Path) -> (Option<i32>, String) {
    let out = Command::new("python3")
        .arg(adapters().join("check.py"))
        .arg(run)
        .arg("--quick")
        .args(["--protocol", &hashbench_adapters::PROTOCOL.to_string()])
        .output()
        .unwrap_or_else(|e| panic!("cannot start python3 for adapters/check.py: {e}"));
    let text = format!(
        "{}\n{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    (out.status.code(), text)
}

fn conforms(runtime: &str) {
    let run = adapters().join(runtime).join("run");
    let (code, text) = check(&run);
    assert_eq!(
        code,
        Some(0),
        "adapters/{runtime} breaks the protocol (docs/adapters.md), or is not set up \
         (scripts/bootstrap, or adapters/{runtime}/setup):\n{text}"
    );
    // Every implementation it offers, and its nop, went through the driver.
    assert!(
        text.contains(&format!("PASS  nop/{runtime} (time, oneshot)")),
        "{text}"
    );
    assert!(text.contains("\nPASS: "), "{text}");
}

/// The example of a user's own adapter (`--adapter`, docs/adapters.md), in Perl with its
/// core modules only: what a user copies must keep the contract too.
#[test]
fn the_perl_example_adapter_keeps_the_protocol() {
    let run = adapters().join("../examples/adapters/perl/adapter.pl");
    let (code, text) = check(&run);
    assert_eq!(
        code,
        Some(0),
        "examples/adapters/perl breaks the protocol:\n{text}"
    );
    assert!(text.contains("PASS  nop/perl (time, oneshot)"), "{text}");
    assert!(text.contains("PASS  sha2-256/perl:digest-sha"), "{text}");
}

#[test]
fn the_node_adapter_keeps_the_protocol() {
    conforms("node");
}

#[test]
fn the_python_adapter_keeps_the_protocol() {
    conforms("python");
}

#[test]
fn the_go_adapter_keeps_the_protocol() {
    conforms("go");
}

#[test]
fn the_java_adapter_keeps_the_protocol() {
    conforms("java");
}

#[test]
fn the_crystal_adapter_keeps_the_protocol() {
    conforms("crystal");
}

/// An adapter folder whose `run` answers every request with `reply`.
fn answering(reply: &str) -> tempfile::TempDir {
    use std::os::unix::fs::PermissionsExt;
    let dir = tempfile::tempdir().unwrap();
    let run = dir.path().join("run");
    let script = format!("#!/bin/sh\nwhile IFS= read -r line; do printf '%s\\n' '{reply}'; done\n");
    std::fs::write(&run, script).unwrap();
    std::fs::set_permissions(&run, std::fs::Permissions::from_mode(0o755)).unwrap();
    dir
}

/// The driver itself fails an adapter that reports another version, or none: a
/// conformance test that cannot fail would prove nothing.
#[test]
fn the_driver_refuses_an_adapter_of_another_protocol_version() {
    let ours = hashbench_adapters::PROTOCOL;
    for version in [format!(r#""protocol":{}, "#, ours + 1), String::new()] {
        let dir = answering(&format!(
            r#"{{"ok":true, {version}"runtime":"python","version":"0","nop":"nop/python","implementations":[]}}"#
        ));
        let (code, text) = check(&dir.path().join("run"));
        assert_eq!(code, Some(1), "{text}");
        assert!(
            text.contains(&format!(
                "hello: 'protocol' must be the integer {ours} (the version hashbench speaks)"
            )),
            "{text}"
        );
    }
}
