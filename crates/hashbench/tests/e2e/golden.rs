//! Golden renderings of saved runs: every saved run file below, rendered by
//! `hashbench report FILE ARGS` in every format, metric and layout that means something
//! for it, must print byte for byte the expected file checked in beside it. This is the
//! proof that a run saved by an older hashbench still loads and renders as it did.
//!
//! # The run files: produced once, never regenerated
//!
//! The three files in `fixtures/golden/` were measured by the release binary of commit
//! e66aef068fe28ec12b65dd67106510d3db862aef, from the workspace root, with exactly these
//! commands (each file also records its own `command_line` and `tool.git_commit`):
//!
//! ```text
//! # time.json: time metric, 4 implementations, 3 sizes (the cost model is filled),
//! # 3 patterns (prefetched is skipped for all but OpenSSL), blake3+rayon at 1 and 2
//! # threads (the others skipped for 2), 2 independent streams, baselines, two relative
//! # columns
//! target/release/hashbench run crc32/crc32fast sha2-256/sha2 sha2-256/openssl blake3/blake3+rayon --sizes 64,4k,64k --time 0.02 --rounds 2 --pattern oneshot,hex,prefetched --threads 1,2 --streams 2 --relative-to fastest --relative-to slowest --seed 7 -q --format json -o crates/hashbench/tests/data/golden/time.json
//! # btrfs.json: the btrfs hash-speedtest suite (metric cycles, labels, notes, two
//! # relative columns by id)
//! target/release/hashbench suite btrfs-hash-speedtest --time 0.02 --rounds 2 --seed 7 -q --format json -o crates/hashbench/tests/data/golden/btrfs.json
//! # crystal.json: the sodium-crystal suite (crystal layout, labels by id@pattern, the
//! # new/alloc/reuse patterns, allocation counts), with every raw sample (--raw)
//! target/release/hashbench suite sodium-crystal --sizes 16,1k,16k --time 0.02 --rounds 2 --raw --seed 7 -q --format json -o crates/hashbench/tests/data/golden/crystal.json
//! ```
//!
//! (They were written to `crates/hashbench/tests/data/golden/` then; the files moved to
//! `fixtures/golden/` unchanged.)
//!
//! The fourth run file is `fixtures/run-v2.json`, an older
//! debug-build run with flags (drift, high spread) that its own command line describes.
//!
//! NEVER regenerate a run file with a newer binary: the point is that they are old. A new
//! binary that cannot read them, or reads them differently, is what this test exists to
//! catch. [`run_files_are_the_ones_measured_by_their_commit`] checks that each is still
//! the file its commit wrote.
//!
//! # The renderings: blessed only when a change of rendering is intended
//!
//! The expected outputs are in `fixtures/golden/expected/`: standard output for a case
//! that exits 0 (whose standard error must be empty), standard error for one that does
//! not. When a change of rendering is intended, and only then, rewrite them with
//! `HASHBENCH_BLESS=1 cargo test -p hashbench --test e2e golden::` and review the diff; a
//! restructuring that should not change what is printed must pass without blessing.
//! Blessing never touches the run files, and an exit code that changed is not blessed:
//! it is in [`CASES`].
//!
//! Every case runs with a fixed environment (no terminal, `COLUMNS=80`, `TERM=dumb`,
//! `LC_ALL=C`, `TZ=UTC`, no colour variables, current directory this crate): rendering
//! a saved run reads no clock, host or terminal today, and
//! [`renderings_do_not_depend_on_terminal_locale_or_time_zone`] checks that it stays so.
//!
//! Loading is not exact today: the binary's serde_json parses floats without
//! `float_roundtrip` (only hashbench-stats' tests enable it), so `report --format json`
//! writes some figures one unit in the last place away from the saved file (181 of 2289
//! floats in time.json; the `*.json.json` renderings pin that).
//! [`json_rerendering_keeps_every_field_of_the_saved_run`] allows that and nothing more.

// The cases are data of one test each: a failed setup step fails the test.
#![allow(clippy::unwrap_used)]

use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{hashbench, show};
use serde_json::Value;

/// One rendering: `hashbench report RUN ARGS` exits with `exit` and prints `expected`
/// (standard output when `exit` is 0, else standard error).
struct Case {
    /// The run file, relative to this crate (`crates/hashbench`).
    run: &'static str,
    args: &'static [&'static str],
    /// The expected output, relative to `fixtures/golden/expected/`.
    expected: &'static str,
    exit: i32,
}

const TIME: &str = "../../fixtures/golden/time.json";
const BTRFS: &str = "../../fixtures/golden/btrfs.json";
const CRYSTAL: &str = "../../fixtures/golden/crystal.json";
const RUN_V2: &str = "../../fixtures/run-v2.json";

/// Each run file, the commit that wrote it and when (its `tool.git_commit` and
/// `timestamp`): the files must stay the ones those commits measured.
const RUN_FILES: &[(&str, &str, &str)] = &[
    (
        TIME,
        "e66aef068fe28ec12b65dd67106510d3db862aef",
        "2026-11-23T04:14:39Z",
    ),
    (
        BTRFS,
        "e66aef068fe28ec12b65dd67106510d3db862aef",
        "2026-11-23T04:14:49Z",
    ),
    (
        CRYSTAL,
        "e66aef068fe28ec12b65dd67106510d3db862aef",
        "2026-11-23T04:14:49Z",
    ),
    (
        RUN_V2,
        "aba7b7073e245a200229483cc03748ca62788e66-dirty",
        "2026-11-23T02:30:37Z",
    ),
];

const fn case(
    run: &'static str,
    args: &'static [&'static str],
    expected: &'static str,
    exit: i32,
) -> Case {
    Case {
        run,
        args,
        expected,
        exit,
    }
}

/// Every (run file, arguments, expected output, exit code).
#[rustfmt::skip]
const CASES: &[Case] = &[
    // time.json: a time-metric run of every kind of cell.
    case(TIME, &["--detail"], "time.table.txt", 0),
    case(TIME, &[], "time.compact.table.txt", 0),
    case(TIME, &["--format", "markdown"], "time.markdown.md", 0),
    case(TIME, &["--format", "csv"], "time.csv", 0),
    case(TIME, &["--format", "json"], "time.json.json", 0),
    case(TIME, &["--metric", "cycles"], "time.cycles.table.txt", 0),
    case(TIME, &["--metric", "cycles", "--format", "markdown"], "time.cycles.markdown.md", 0),
    case(TIME, &["--layout", "default"], "time.layout-default.table.txt", 0),
    case(TIME, &["--layout", "default", "--format", "markdown"], "time.layout-default.markdown.md", 0),
    case(TIME, &["--layout", "divan"], "time.layout-divan.table.txt", 0),
    case(TIME, &["--layout", "divan", "--format", "markdown"], "time.layout-divan.markdown.md", 0),
    case(TIME, &["--layout", "crystal"], "time.layout-crystal.table.txt", 0),
    case(TIME, &["--layout", "crystal", "--format", "markdown"], "time.layout-crystal.markdown.md", 0),
    case(TIME, &["--layout", "node"], "time.layout-node.table.txt", 0),
    case(TIME, &["--layout", "node", "--format", "markdown"], "time.layout-node.markdown.md", 0),
    case(TIME, &["--layout", "openssl-speed"], "time.layout-openssl-speed.table.txt", 0),
    case(TIME, &["--layout", "openssl-speed", "--format", "markdown"], "time.layout-openssl-speed.markdown.md", 0),
    case(TIME, &["--relative-to", "sha2-256/sha2"], "time.relative-sha2.table.txt", 0),
    case(TIME, &["--relative-to", "sha2-256/sha2@hex", "--format", "markdown"], "time.relative-sha2-hex.markdown.md", 0),
    case(TIME, &["--relative-to", "baseline/memcpy", "--format", "csv"], "time.relative-memcpy.csv", 0),
    case(TIME, &["--layout", "divan", "--relative-to", "slowest"], "time.layout-divan.relative-slowest.table.txt", 0),
    case(TIME, &["--layout", "openssl-speed", "--relative-to", "fastest", "--relative-to", "sha2-256/openssl"], "time.layout-openssl-speed.relative-fastest-openssl.table.txt", 0),
    // btrfs.json: the hash-speedtest suite, whose own metric is cycles (report shows
    // time unless asked).
    case(BTRFS, &["--detail"], "btrfs.table.txt", 0),
    case(BTRFS, &[], "btrfs.compact.table.txt", 0),
    case(BTRFS, &["--format", "markdown"], "btrfs.markdown.md", 0),
    case(BTRFS, &["--format", "csv"], "btrfs.csv", 0),
    case(BTRFS, &["--format", "json"], "btrfs.json.json", 0),
    case(BTRFS, &["--metric", "cycles"], "btrfs.cycles.table.txt", 0),
    case(BTRFS, &["--metric", "cycles", "--format", "markdown"], "btrfs.cycles.markdown.md", 0),
    case(BTRFS, &["--layout", "default"], "btrfs.layout-default.table.txt", 0),
    case(BTRFS, &["--layout", "default", "--format", "markdown"], "btrfs.layout-default.markdown.md", 0),
    case(BTRFS, &["--layout", "divan"], "btrfs.layout-divan.table.txt", 0),
    case(BTRFS, &["--layout", "divan", "--format", "markdown"], "btrfs.layout-divan.markdown.md", 0),
    case(BTRFS, &["--layout", "crystal"], "btrfs.layout-crystal.table.txt", 0),
    case(BTRFS, &["--layout", "crystal", "--format", "markdown"], "btrfs.layout-crystal.markdown.md", 0),
    case(BTRFS, &["--layout", "node"], "btrfs.layout-node.table.txt", 0),
    case(BTRFS, &["--layout", "node", "--format", "markdown"], "btrfs.layout-node.markdown.md", 0),
    case(BTRFS, &["--layout", "openssl-speed"], "btrfs.layout-openssl-speed.table.txt", 0),
    case(BTRFS, &["--layout", "openssl-speed", "--format", "markdown"], "btrfs.layout-openssl-speed.markdown.md", 0),
    case(BTRFS, &["--relative-to", "blake3/blake3+sse41"], "btrfs.relative-sse41.table.txt", 0),
    case(BTRFS, &["--metric", "cycles", "--relative-to", "blake3/blake3+sse41"], "btrfs.cycles.relative-sse41.table.txt", 0),
    // crystal.json: the sodium-crystal suite, saved in the crystal layout. The cycles
    // metric has its own layout, so it is refused (exit 2) unless the layout is default.
    case(CRYSTAL, &["--detail"], "crystal.table.txt", 0),
    case(CRYSTAL, &[], "crystal.compact.table.txt", 0),
    case(CRYSTAL, &["--format", "markdown"], "crystal.markdown.md", 0),
    case(CRYSTAL, &["--format", "csv"], "crystal.csv", 0),
    case(CRYSTAL, &["--format", "json"], "crystal.json.json", 0),
    case(CRYSTAL, &["--metric", "cycles"], "crystal.cycles.table.stderr.txt", 2),
    case(CRYSTAL, &["--metric", "cycles", "--format", "markdown"], "crystal.cycles.markdown.stderr.txt", 2),
    case(CRYSTAL, &["--metric", "cycles", "--layout", "default"], "crystal.cycles.table.txt", 0),
    case(CRYSTAL, &["--metric", "cycles", "--layout", "default", "--format", "markdown"], "crystal.cycles.markdown.md", 0),
    case(CRYSTAL, &["--layout", "default"], "crystal.layout-default.table.txt", 0),
    case(CRYSTAL, &["--layout", "default", "--format", "markdown"], "crystal.layout-default.markdown.md", 0),
    case(CRYSTAL, &["--layout", "divan"], "crystal.layout-divan.table.txt", 0),
    case(CRYSTAL, &["--layout", "divan", "--format", "markdown"], "crystal.layout-divan.markdown.md", 0),
    case(CRYSTAL, &["--layout", "crystal"], "crystal.layout-crystal.table.txt", 0),
    case(CRYSTAL, &["--layout", "crystal", "--format", "markdown"], "crystal.layout-crystal.markdown.md", 0),
    case(CRYSTAL, &["--layout", "node"], "crystal.layout-node.table.txt", 0),
    case(CRYSTAL, &["--layout", "node", "--format", "markdown"], "crystal.layout-node.markdown.md", 0),
    case(CRYSTAL, &["--layout", "openssl-speed"], "crystal.layout-openssl-speed.table.txt", 0),
    case(CRYSTAL, &["--layout", "openssl-speed", "--format", "markdown"], "crystal.layout-openssl-speed.markdown.md", 0),
    case(CRYSTAL, &["--relative-to", "blake2b-512/libsodium@new"], "crystal.relative-libsodium-new.table.txt", 0),
    // run-v2.json: an older run, with a run flag (drift) and cell flags (high spread).
    case(RUN_V2, &["--detail"], "run-v2.table.txt", 0),
    case(RUN_V2, &[], "run-v2.compact.table.txt", 0),
    case(RUN_V2, &["--format", "markdown"], "run-v2.markdown.md", 0),
    case(RUN_V2, &["--format", "csv"], "run-v2.csv", 0),
    case(RUN_V2, &["--format", "json"], "run-v2.json.json", 0),
    case(RUN_V2, &["--metric", "cycles"], "run-v2.cycles.table.txt", 0),
    case(RUN_V2, &["--metric", "cycles", "--format", "markdown"], "run-v2.cycles.markdown.md", 0),
    case(RUN_V2, &["--layout", "default"], "run-v2.layout-default.table.txt", 0),
    case(RUN_V2, &["--layout", "default", "--format", "markdown"], "run-v2.layout-default.markdown.md", 0),
    case(RUN_V2, &["--layout", "divan"], "run-v2.layout-divan.table.txt", 0),
    case(RUN_V2, &["--layout", "divan", "--format", "markdown"], "run-v2.layout-divan.markdown.md", 0),
    case(RUN_V2, &["--layout", "crystal"], "run-v2.layout-crystal.table.txt", 0),
    case(RUN_V2, &["--layout", "crystal", "--format", "markdown"], "run-v2.layout-crystal.markdown.md", 0),
    case(RUN_V2, &["--layout", "node"], "run-v2.layout-node.table.txt", 0),
    case(RUN_V2, &["--layout", "node", "--format", "markdown"], "run-v2.layout-node.markdown.md", 0),
    case(RUN_V2, &["--layout", "openssl-speed"], "run-v2.layout-openssl-speed.table.txt", 0),
    case(RUN_V2, &["--layout", "openssl-speed", "--format", "markdown"], "run-v2.layout-openssl-speed.markdown.md", 0),
    case(RUN_V2, &["--relative-to", "adler32/adler2"], "run-v2.relative-adler2.table.txt", 0),
];

/// This crate's directory: run files and expected outputs are relative to it, and every
/// case runs in it, so a path the binary prints is the same on every checkout.
fn crate_dir() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

fn expected_path(case: &Case) -> PathBuf {
    crate_dir()
        .join("../../fixtures/golden/expected")
        .join(case.expected)
}

/// The pinned environment: what could change a rendering from outside is set or removed.
const PINNED_ENV: &[(&str, &str)] = &[
    ("COLUMNS", "80"),
    ("LINES", "24"),
    ("TERM", "dumb"),
    ("LC_ALL", "C"),
    ("LANG", "C"),
    ("TZ", "UTC"),
];
const REMOVED_ENV: &[&str] = &[
    "NO_COLOR",
    "CLICOLOR",
    "CLICOLOR_FORCE",
    "FORCE_COLOR",
    "LANGUAGE",
    "LC_NUMERIC",
    "LC_TIME",
    "HASHBENCH_DATA_DIR",
    "XDG_DATA_HOME",
];

/// Runs `hashbench report RUN ARGS` in this crate's directory with `env` set (after the
/// variables of [`REMOVED_ENV`] are removed).
fn report(run: &str, args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut cmd = hashbench();
    cmd.current_dir(crate_dir())
        .arg("report")
        .arg(run)
        .args(args);
    for k in REMOVED_ENV {
        cmd.env_remove(k);
    }
    for (k, v) in env {
        cmd.env(k, v);
    }
    cmd.output().expect("run hashbench")
}

/// What a case is compared on: standard output when it succeeds, standard error when
/// not; an error saying why when the exit code is wrong or the other stream not empty.
fn what_it_printed(case: &Case, o: &Output) -> Result<Vec<u8>, String> {
    let described = || format!("report {} {}", case.run, case.args.join(" "));
    if o.status.code() != Some(case.exit) {
        return Err(format!(
            "{}: expected exit {}; {}",
            described(),
            case.exit,
            show(o)
        ));
    }
    let (printed, other, other_name) = if case.exit == 0 {
        (&o.stdout, &o.stderr, "standard error")
    } else {
        (&o.stderr, &o.stdout, "standard output")
    };
    if !other.is_empty() {
        return Err(format!(
            "{}: {other_name} should be empty; {}",
            described(),
            show(o)
        ));
    }
    Ok(printed.clone())
}

/// Where `actual` first differs from `expected`, line by line, in a few readable lines;
/// the whole of `actual` is saved to `saved` for a full diff.
fn diff_hint(expected: &[u8], actual: &[u8], saved: &Path) -> String {
    let expected = String::from_utf8_lossy(expected);
    let actual = String::from_utf8_lossy(actual);
    let (e_lines, a_lines): (Vec<&str>, Vec<&str>) =
        (expected.split('\n').collect(), actual.split('\n').collect());
    let first = (0..e_lines.len().max(a_lines.len()))
        .find(|&i| e_lines.get(i) != a_lines.get(i))
        .unwrap_or(0);
    let line = |lines: &[&str], i: usize| {
        lines
            .get(i)
            .map_or_else(|| "<end of output>".to_string(), |l| format!("{l:?}"))
    };
    format!(
        "first difference at line {} ({} lines expected, {} now):\n  expected: {}\n  now:      {}\n\
         the whole output is in {}",
        first + 1,
        e_lines.len(),
        a_lines.len(),
        line(&e_lines, first),
        line(&a_lines, first),
        saved.display()
    )
}

#[test]
fn every_saved_run_renders_as_its_golden_file() {
    let bless = std::env::var_os("HASHBENCH_BLESS").is_some();
    let actual_dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("golden");
    std::fs::create_dir_all(&actual_dir).unwrap();
    let mut failures = Vec::new();
    for case in CASES {
        let o = report(case.run, case.args, PINNED_ENV);
        let printed = match what_it_printed(case, &o) {
            Ok(p) => p,
            Err(why) => {
                failures.push(why);
                continue;
            }
        };
        let path = expected_path(case);
        if bless {
            std::fs::create_dir_all(path.parent().unwrap()).unwrap();
            std::fs::write(&path, &printed).unwrap();
            continue;
        }
        let Ok(expected) = std::fs::read(&path) else {
            failures.push(format!(
                "{}: missing; rerun with HASHBENCH_BLESS=1 to write it",
                path.display()
            ));
            continue;
        };
        if expected != printed {
            let saved = actual_dir.join(case.expected);
            std::fs::write(&saved, &printed).unwrap();
            failures.push(format!(
                "report {} {} no longer prints {}: {}",
                case.run,
                case.args.join(" "),
                path.display(),
                diff_hint(&expected, &printed, &saved)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} golden renderings differ (rerun with HASHBENCH_BLESS=1 only if the change \
         of rendering is intended):\n\n{}",
        failures.len(),
        CASES.len(),
        failures.join("\n\n")
    );
}

#[test]
fn every_expected_file_belongs_to_a_case() {
    // A case removed from the table must take its expected file with it, and two cases
    // must not write one file.
    let dir = crate_dir().join("../../fixtures/golden/expected");
    let mut names: Vec<&str> = CASES.iter().map(|c| c.expected).collect();
    names.sort_unstable();
    let before = names.len();
    names.dedup();
    assert_eq!(before, names.len(), "two cases share an expected file");
    if std::env::var_os("HASHBENCH_BLESS").is_some() {
        return;
    }
    for entry in std::fs::read_dir(&dir).unwrap() {
        let name = entry.unwrap().file_name().into_string().unwrap();
        assert!(
            names.contains(&name.as_str()),
            "{name} in {} is no case's expected output",
            dir.display()
        );
    }
}

#[test]
fn run_files_are_the_ones_measured_by_their_commit() {
    for &(run, commit, timestamp) in RUN_FILES {
        let text = std::fs::read_to_string(crate_dir().join(run)).unwrap();
        let value: Value = serde_json::from_str(&text).unwrap();
        assert_eq!(
            (
                value["tool"]["git_commit"].as_str(),
                value["timestamp"].as_str()
            ),
            (Some(commit), Some(timestamp)),
            "{run} is not the file measured by {commit} at {timestamp}: the golden run files \
             are never regenerated (see the top of tests/e2e/golden.rs)"
        );
        assert!(
            CASES.iter().any(|c| c.run == run),
            "{run} has no golden case"
        );
    }
    for case in CASES {
        assert!(
            RUN_FILES.iter().any(|&(run, ..)| run == case.run),
            "{} is not a pinned run file",
            case.run
        );
    }
}

/// Whether two floats are at most `ulps` units in the last place apart.
fn within_ulps(a: f64, b: f64, ulps: u64) -> bool {
    if a == b {
        return true;
    }
    if a.is_sign_negative() != b.is_sign_negative() || !a.is_finite() || !b.is_finite() {
        return false;
    }
    a.to_bits().abs_diff(b.to_bits()) <= ulps
}

/// Every difference between `saved` and `rendered` other than a float off by at most
/// four units in the last place, as `path: saved vs rendered`: one from the binary's
/// parse, and the test's own (equally inexact) parse of each side.
fn differences(saved: &Value, rendered: &Value, path: &str, out: &mut Vec<String>) {
    match (saved, rendered) {
        (Value::Object(a), Value::Object(b)) => {
            for k in a.keys().chain(b.keys().filter(|k| !a.contains_key(*k))) {
                let inner = format!("{path}.{k}");
                match (a.get(k), b.get(k)) {
                    (Some(x), Some(y)) => differences(x, y, &inner, out),
                    (x, y) => out.push(format!("{inner}: {x:?} vs {y:?}")),
                }
            }
        }
        (Value::Array(a), Value::Array(b)) if a.len() == b.len() => {
            for (i, (x, y)) in a.iter().zip(b).enumerate() {
                differences(x, y, &format!("{path}[{i}]"), out);
            }
        }
        (Value::Number(a), Value::Number(b)) if a.is_f64() && b.is_f64() => {
            if !within_ulps(a.as_f64().unwrap(), b.as_f64().unwrap(), 4) {
                out.push(format!("{path}: {a} vs {b}"));
            }
        }
        (a, b) => {
            if a != b {
                out.push(format!("{path}: {a} vs {b}"));
            }
        }
    }
}

#[test]
fn json_rerendering_keeps_every_field_of_the_saved_run() {
    for &(run, ..) in RUN_FILES {
        let case = CASES
            .iter()
            .find(|c| c.run == run && c.args == ["--format", "json"])
            .unwrap_or_else(|| panic!("{run} has no --format json golden case"));
        let rendered = what_it_printed(case, &report(run, case.args, PINNED_ENV)).unwrap();

        // Byte for byte the expected JSON (when blessing, the other test writes it).
        if std::env::var_os("HASHBENCH_BLESS").is_none() {
            let expected = std::fs::read(expected_path(case)).unwrap();
            assert!(
                expected == rendered,
                "report {run} --format json: {}",
                diff_hint(&expected, &rendered, Path::new("(not saved)"))
            );
        }

        // The same run as the saved file: every field kept, none added, every value the
        // same (floats within four units in the last place, see the top of this file).
        let saved: Value =
            serde_json::from_str(&std::fs::read_to_string(crate_dir().join(run)).unwrap()).unwrap();
        let again: Value = serde_json::from_slice(&rendered).unwrap();
        let mut diffs = Vec::new();
        differences(&saved, &again, "", &mut diffs);
        assert!(
            diffs.is_empty(),
            "report {run} --format json is not the saved run ({} differences):\n{}",
            diffs.len(),
            diffs
                .iter()
                .take(20)
                .cloned()
                .collect::<Vec<_>>()
                .join("\n")
        );

        // And the re-rendered JSON, loaded again, renders to itself.
        let dir = tempfile::tempdir().unwrap();
        let copy = dir.path().join("again.json");
        std::fs::write(&copy, &rendered).unwrap();
        let twice = report(copy.to_str().unwrap(), &["--format", "json"], PINNED_ENV);
        assert!(
            twice.status.success() && twice.stdout == rendered,
            "report {run} --format json, loaded and rendered again, changed: {}",
            diff_hint(&rendered, &twice.stdout, Path::new("(not saved)"))
        );
    }
}

#[test]
fn renderings_do_not_depend_on_terminal_locale_or_time_zone() {
    // The same cases in another environment print the same bytes: the pinned
    // environment is a precaution, not something the renderings need.
    let other: &[(&str, &str)] = &[
        // The width is the one thing a terminal rendering takes from its environment
        // (docs/usage.md): it stays pinned here, and the other variables move.
        ("COLUMNS", "80"),
        ("LINES", "5"),
        ("TERM", "xterm-256color"),
        ("CLICOLOR_FORCE", "1"),
        ("FORCE_COLOR", "1"),
        ("LC_ALL", "de_DE.UTF-8"),
        ("LANG", "de_DE.UTF-8"),
        ("TZ", "Pacific/Chatham"),
    ];
    for case in CASES {
        let pinned = report(case.run, case.args, PINNED_ENV);
        let moved = report(case.run, case.args, other);
        assert!(
            pinned.status.code() == moved.status.code()
                && pinned.stdout == moved.stdout
                && pinned.stderr == moved.stderr,
            "report {} {} depends on the environment: {}",
            case.run,
            case.args.join(" "),
            diff_hint(&pinned.stdout, &moved.stdout, Path::new("(not saved)"))
        );
    }
}
