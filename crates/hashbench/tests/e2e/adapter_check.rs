//! `hashbench adapter check`, the adapter protocol as a contract (docs/adapters.md): every
//! real adapter of `adapters/` (set up by `scripts/bootstrap`) and the Perl example pass
//! it, and it fails what breaks the contract, each fault named: a wrong digest, a batch
//! timed at 0 ns, another protocol version. A check that cannot fail proves nothing.
//!
//! `--quick` (known answers up to 4097 bytes): every known answer through every pattern
//! is verified through hashbench's own path by the `runtimes` tests. Nothing is timed
//! against a clock: the batches' figures need only be positive.

use std::path::{Path, PathBuf};

use crate::common::{hashbench, output, run_exit, run_ok, stdout};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../..")
}

fn conforms(runtime: &str) {
    let run = root().join("adapters").join(runtime).join("run");
    let out = output(
        hashbench()
            .args(["adapter", "check", "--quick"])
            .arg(run.to_str().expect("a UTF-8 path")),
    );
    let text = stdout(&out);
    assert_eq!(
        out.status.code(),
        Some(0),
        "adapters/{runtime} breaks the protocol (docs/adapters.md), or is not set up \
         (scripts/bootstrap, or adapters/{runtime}/setup):\n{text}{}",
        crate::common::stderr(&out)
    );
    // Its nop and every implementation it offers went through the check.
    assert!(
        text.contains(&format!("PASS  nop/{runtime} (time, oneshot)")),
        "{text}"
    );
    assert!(text.contains("\nPASS: "), "{text}");
    assert!(!text.contains("FAIL"), "{text}");
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

/// The example of a user's own adapter, in Perl with its core modules only: what a user
/// copies must keep the contract too, checked as the user would (a command, quoted).
#[test]
fn the_perl_example_adapter_keeps_the_protocol() {
    let out = run_ok(hashbench().current_dir(root()).args([
        "adapter",
        "check",
        "--quick",
        "perl examples/adapters/perl/adapter.pl",
    ]));
    let text = stdout(&out);
    assert!(text.contains("PASS  nop/perl (time, oneshot)"), "{text}");
    assert!(
        text.contains("PASS  sha2-256/perl:digest-sha (oneshot, new, hex)"),
        "{text}"
    );
    assert!(
        text.contains("PASS: 3 of 3 implementations passed, 0 of "),
        "{text}"
    );
}

fn fake() -> String {
    root()
        .join("fixtures/fake-adapter/run")
        .to_str()
        .expect("a UTF-8 path")
        .to_string()
}

/// The test adapter's wrong crc32 fails, named by its first vector, in the known answers
/// and in the timed path alike; its right one passes, and so does the rest.
#[test]
fn a_wrong_digest_fails_the_check_named_by_its_vector() {
    let out = run_exit(
        hashbench().args(["adapter", "check", "--quick", &fake()]),
        1,
    );
    let text = stdout(&out);
    assert!(text.contains("PASS  crc32/python:good (oneshot)"), "{text}");
    assert!(
        text.contains("FAIL  crc32/python:wrong (oneshot)"),
        "{text}"
    );
    assert!(
        text.contains(r#"vector crc32.json #0 (crc-catalogue: ascii "123456789"): expected cbf43926 got cbf43927"#),
        "{text}"
    );
    assert!(
        text.contains("PASS  the protocol (hello, bad requests, exit)"),
        "{text}"
    );
    assert!(
        text.contains("FAIL: 1 of 2 implementations passed"),
        "{text}"
    );
}

/// A batch timed at 0 ns, and a hello of another protocol version: each named.
#[test]
fn a_broken_timed_path_and_another_version_fail_the_check() {
    let out = run_exit(
        hashbench().env("FAKE_ADAPTER_MODE", "zero-ns").args([
            "adapter",
            "check",
            "--quick",
            &fake(),
        ]),
        1,
    );
    let text = stdout(&out);
    assert!(
        text.contains("time oneshot of 64 bytes: batches_ns must be positive, is [0, 0, 0]"),
        "{text}"
    );
    let out = run_exit(
        hashbench()
            .env("FAKE_ADAPTER_PROTOCOL", "2")
            .args(["adapter", "check", &fake()]),
        1,
    );
    let text = stdout(&out);
    assert!(
        text.contains("it speaks protocol version 2, this hashbench speaks version 1"),
        "{text}"
    );
    assert!(
        text.contains("FAIL: 0 of 0 implementations passed, 1 of 1 checks failed"),
        "{text}"
    );
}
