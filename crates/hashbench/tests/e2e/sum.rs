//! `hashbench sum` against the coreutils digest tools, byte for byte: docs/usage.md
//! promises `sha224sum`, `sha384sum` and the others print exactly what `sum` prints.
//! (tests/e2e/cli.rs compares sha256sum, md5sum, sha1sum, sha512sum and b2sum on its own
//! files; this file adds the SHA-224 and SHA-384 tools, every available implementation
//! of those two algorithms, and standard input.)

use std::io::Write;
use std::path::Path;
use std::process::Stdio;

use serde_json::Value;

use crate::common::{hashbench, run_ok, run_ok_json, show};

/// The files of the comparison: the edge cases of a streaming digest (nothing, one
/// byte), a file crossing the 256 KiB read buffer several times, and a name with spaces
/// (printed as is, unlike a backslash, which both escape).
fn files(dir: &Path) -> Vec<&'static str> {
    // 1 MiB of a pattern that is not periodic in the read size, so a piece read twice
    // or skipped changes the digest.
    let patterned: Vec<u8> = (0..1u32 << 20)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    let files: [(&str, &[u8]); 4] = [
        ("empty", b""),
        ("one byte", b"x"),
        ("patterned.bin", &patterned),
        ("a name with spaces.txt", b"hello, sum\n"),
    ];
    for (name, bytes) in files {
        std::fs::write(dir.join(name), bytes).expect("write a test file");
    }
    files.iter().map(|(n, _)| *n).collect()
}

/// What the coreutils `tool` prints for `names` in `dir`; the tool must exist (coreutils
/// is on every machine these tests run on, and a skipped comparison would prove nothing).
fn coreutils(dir: &Path, tool: &str, args: &[&str], names: &[&str]) -> Vec<u8> {
    let o = std::process::Command::new(tool)
        .current_dir(dir)
        .args(args)
        .args(names)
        .output()
        .unwrap_or_else(|e| panic!("cannot run {tool} (coreutils): {e}"));
    assert!(o.status.success(), "{tool}: {}", show(&o));
    o.stdout
}

fn sum(dir: &Path, imp: &str, names: &[&str]) -> Vec<u8> {
    let o = run_ok(
        hashbench()
            .current_dir(dir)
            .args(["sum", "-i", imp])
            .args(names),
    );
    crate::cli::assert_sum_says_its_choice(imp, &o);
    o.stdout
}

/// The ids of `algorithm`'s implementations that run on this machine.
fn available_implementations(algorithm: &str) -> Vec<String> {
    let list = run_ok_json(hashbench().args(["list", algorithm, "--format", "json"]));
    let ids: Vec<String> = list["algorithms"]
        .as_array()
        .expect("algorithms is a list")
        .iter()
        .flat_map(|a| a["implementations"].as_array().expect("a list").iter())
        .filter(|i| i["available"] == Value::Bool(true))
        .map(|i| i["id"].as_str().expect("an id").to_string())
        .collect();
    assert!(
        !ids.is_empty(),
        "no implementation of {algorithm} runs here"
    );
    ids
}

#[test]
fn sha224_and_sha384_match_coreutils_for_every_implementation() {
    let dir = tempfile::tempdir().unwrap();
    let names = files(dir.path());
    for (algorithm, tool) in [("sha2-224", "sha224sum"), ("sha2-384", "sha384sum")] {
        let theirs = coreutils(dir.path(), tool, &[], &names);
        assert_eq!(
            String::from_utf8_lossy(&theirs).lines().count(),
            names.len()
        );
        // The algorithm id (its first available implementation) and every
        // implementation by id: each must print what coreutils prints.
        let mut ids = vec![algorithm.to_string()];
        ids.extend(available_implementations(algorithm));
        for id in &ids {
            let ours = sum(dir.path(), id, &names);
            assert_eq!(
                String::from_utf8_lossy(&ours),
                String::from_utf8_lossy(&theirs),
                "hashbench sum -i {id} differs from {tool}"
            );
            assert_eq!(ours, theirs, "{id} vs {tool}: bytes differ");
        }
    }
}

#[test]
fn the_other_documented_formats_match_coreutils() {
    let dir = tempfile::tempdir().unwrap();
    let names = files(dir.path());
    let cases: [(&str, &str, &[&str]); 6] = [
        ("sha2-256", "sha256sum", &[]),
        ("sha1", "sha1sum", &[]),
        ("sha2-512", "sha512sum", &[]),
        ("md5", "md5sum", &[]),
        ("blake2b-512", "b2sum", &[]),
        ("blake2b-256", "b2sum", &["-l", "256"]),
    ];
    for (imp, tool, args) in cases {
        let theirs = coreutils(dir.path(), tool, args, &names);
        let ours = sum(dir.path(), imp, &names);
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs),
            "hashbench sum -i {imp} differs from {tool} {args:?}"
        );
    }
}

#[test]
fn standard_input_is_named_dash_as_coreutils_names_it() {
    let dir = tempfile::tempdir().unwrap();
    let names = files(dir.path());
    let bytes = std::fs::read(dir.path().join(names[2])).unwrap();
    let feed = |program: &str, args: &[&str]| -> Vec<u8> {
        let mut child = std::process::Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap_or_else(|e| panic!("cannot run {program}: {e}"));
        // Written from a thread: 1 MiB is more than a pipe holds, and the child's
        // output is read only after the input is written.
        let mut stdin = child.stdin.take().unwrap();
        let input = bytes.clone();
        let writer = std::thread::spawn(move || stdin.write_all(&input));
        let o = child.wait_with_output().unwrap();
        writer.join().unwrap().unwrap();
        assert!(o.status.success(), "{program}: {}", show(&o));
        o.stdout
    };
    let bin = assert_cmd::cargo::cargo_bin("hashbench");
    let bin = bin.to_str().unwrap();
    for (algorithm, tool) in [("sha2-224", "sha224sum"), ("sha2-384", "sha384sum")] {
        let theirs = feed(tool, &["-"]);
        assert!(
            theirs.ends_with(b"  -\n"),
            "{}",
            String::from_utf8_lossy(&theirs)
        );
        assert_eq!(feed(bin, &["sum", "-i", algorithm, "-"]), theirs);
        // No file at all reads standard input too, and names it the same way.
        assert_eq!(feed(bin, &["sum", "-i", algorithm]), theirs);
    }
}
