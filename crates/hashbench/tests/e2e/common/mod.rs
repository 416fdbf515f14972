//! What the end-to-end tests of the `hashbench` binary share: building the command,
//! running it with a checked exit status, and reading what it printed or wrote.
//!
//! The modules of the `e2e` test executable (`tests/e2e/main.rs`) use it as
//! `crate::common`.

pub mod edit;

use std::path::Path;
use std::process::{Child, Output, Stdio};

use assert_cmd::Command;
use serde_json::Value;

/// A fast run for tests of behaviour, not speed: two cheap implementations, two sizes,
/// 20 ms per cell, a fixed seed. `run` renders it; `compare` compares copies of it.
pub const QUICK: &[&str] = &[
    "run",
    "crc32/crc32fast",
    "adler32/adler2",
    "--sizes",
    "64,4k",
    "--time",
    "0.02",
    "-q",
    "--seed",
    "5",
];

/// The smallest real run, for tests of bookkeeping around a run (saved baselines, the
/// flag columns): one cheap implementation at one size, 20 ms per cell.
pub const ONE_CELL: &[&str] = &[
    "run",
    "crc32/crc32fast",
    "--sizes",
    "64",
    "--time",
    "0.02",
    "-q",
];

/// A real [`QUICK`] run saved as JSON in `dir/name`: the file the tests of `report`,
/// `compare` and saved runs start from.
pub fn quick_run(dir: &Path, name: &str) -> std::path::PathBuf {
    let path = dir.join(name);
    run_ok(
        hashbench()
            .args(QUICK)
            .args(["--format", "json", "-o"])
            .arg(&path),
    );
    path
}

/// The binary under test, as Cargo built it for the integration tests, with its machine
/// and proof memories off: what earlier runs remember of the machine's speed, or proved,
/// would make a test's run depend on the runs before it (docs/method.md). Each memory's
/// own test turns it on.
pub fn hashbench() -> Command {
    let mut cmd = Command::cargo_bin("hashbench").expect("the hashbench binary is built for tests");
    cmd.env("HASHBENCH_MACHINE_MEMORY", "off")
        .env("HASHBENCH_PROOF_MEMORY", "off");
    cmd
}

/// Starts `hashbench ARGS -o RESULT` and returns at once, with standard output discarded
/// and standard error captured: for the tests that act on a run while it measures
/// (interrupt it, load its CPU), which `assert_cmd` cannot do as it waits for the end.
pub fn spawn_writing(args: &[&str], result: &Path) -> Child {
    std::process::Command::new(assert_cmd::cargo::cargo_bin("hashbench"))
        .env("HASHBENCH_MACHINE_MEMORY", "off")
        .env("HASHBENCH_PROOF_MEMORY", "off")
        .args(args)
        .arg("-o")
        .arg(result)
        .stdout(Stdio::null())
        .stderr(Stdio::piped())
        .spawn()
        .expect("start hashbench")
}

/// Everything a failed assertion about a run needs to explain itself: exit status,
/// standard output and standard error.
pub fn show(o: &Output) -> String {
    format!(
        "exit {:?}\n--- stdout ---\n{}\n--- stderr ---\n{}",
        o.status.code(),
        String::from_utf8_lossy(&o.stdout),
        String::from_utf8_lossy(&o.stderr)
    )
}

/// Asserts the exit code, showing the output when it is not the expected one: a bare
/// `assert_eq!` on the code would hide the error message that says why.
pub fn assert_exit(o: &Output, code: i32) {
    assert_eq!(o.status.code(), Some(code), "{}", show(o));
}

/// Asserts exit code 0, showing the output otherwise.
pub fn assert_success(o: &Output) {
    assert_exit(o, 0);
}

/// Runs `cmd` to completion and leaves the exit status to the caller: for the checks
/// that look only at what was printed, or at the status with a message of their own.
pub fn output(cmd: &mut Command) -> Output {
    cmd.output().expect("run hashbench")
}

/// Runs `cmd` and asserts that it exits with `code`, showing its output if not: the
/// run-then-check-the-status pair nearly every test starts with.
pub fn run_exit(cmd: &mut Command, code: i32) -> Output {
    let o = output(cmd);
    assert_exit(&o, code);
    o
}

/// Runs `cmd` and asserts that it succeeds: a test can only read a result once the run
/// has produced one, and if it has not, the failure shows why.
pub fn run_ok(cmd: &mut Command) -> Output {
    run_exit(cmd, 0)
}

/// Runs `cmd`, asserts that it succeeds and parses its standard output as JSON: the
/// shape of every test of a `--format json` answer.
pub fn run_ok_json(cmd: &mut Command) -> Value {
    stdout_json(&run_ok(cmd))
}

/// Standard output as text; output that is not UTF-8 fails the test.
pub fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).expect("stdout is UTF-8")
}

/// Standard error as text, invalid UTF-8 replaced: it is only searched for messages.
pub fn stderr(o: &Output) -> String {
    String::from_utf8_lossy(&o.stderr).into_owned()
}

/// Standard output parsed as JSON; anything else fails the test, showing the output.
pub fn stdout_json(o: &Output) -> Value {
    serde_json::from_slice(&o.stdout)
        .unwrap_or_else(|e| panic!("stdout is not JSON ({e}):\n{}", show(o)))
}

/// A JSON file the binary wrote (`-o`), parsed.
pub fn read_json(path: &Path) -> Value {
    let text = std::fs::read_to_string(path).expect("result file readable");
    serde_json::from_str(&text).expect("result file is JSON")
}

/// Asserts that `hashbench ARGS` is refused as a usage error (exit 2) before printing
/// any result, with a message that mentions `says`.
pub fn usage_error(args: &[&str], says: &str) {
    let o = output(hashbench().args(args));
    assert_eq!(o.status.code(), Some(2), "{args:?}: {}", show(&o));
    let err = stderr(&o);
    assert!(err.contains(says), "{args:?}: {err}");
    assert!(o.stdout.is_empty(), "{args:?}: {}", show(&o));
}

/// One cell, a few rounds, as JSON: for tests of what a run keeps in the data directory,
/// where the memory's effect, not the cell's speed, is under test.
pub const MEMORY_CELL: &[&str] = &[
    "run",
    "crc32/crc32fast",
    "--sizes",
    "64",
    "--time",
    "0.05",
    "--rounds",
    "3",
    "--max-rounds",
    "5",
    "-q",
    "--format",
    "json",
];

/// The CPUs this process may run on.
#[cfg(target_os = "linux")]
pub fn allowed_cpus() -> Vec<usize> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set, filled by sched_getaffinity.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    let rc =
        unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    assert_eq!(rc, 0, "sched_getaffinity");
    (0..libc::CPU_SETSIZE as usize)
        .filter(|&c| unsafe { libc::CPU_ISSET(c, &set) })
        .collect()
}
