//! Hostile input, class by class: every case is run against the real binary, its exit
//! code and message checked, and the whole set rendered as the table in
//! docs/reliability.md. The table in the docs must be exactly what this test produces,
//! so it always says what the binary does now; after a deliberate change, regenerate it
//! with `HASHBENCH_BLESS=1 cargo test -p hashbench --test e2e hostile::`. The cases of
//! issue 33 (endless inputs, lying files, adapters...) are in `hostile_two.rs`.

// The cases are helper functions of one test: a failed setup step fails the test.
#![allow(clippy::unwrap_used)]

use crate::common;
use crate::hostile_two;

use std::ffi::OsString;
use std::os::unix::ffi::{OsStrExt, OsStringExt};
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};
use std::process::Output;

use crate::common::{hashbench, show, stdout_json, ONE_CELL};
use serde_json::Value;

/// One row of the table: the class of input, what was tried (as a shell command), the
/// exit code, and the line of standard error that says why (empty when nothing did).
struct Row {
    class: &'static str,
    tried: String,
    exit: i32,
    message: String,
    /// What the test checked besides the exit code and the message.
    checked: &'static str,
}

/// Runs each case in a scratch directory shown as `DIR` in the table.
pub(crate) struct Bench {
    dir: tempfile::TempDir,
    rows: Vec<Row>,
}

impl Bench {
    pub(crate) fn path(&self, name: &str) -> PathBuf {
        self.dir.path().join(name)
    }

    /// Text with the scratch directory's path replaced by `DIR`.
    fn shown(&self, text: &str) -> String {
        text.replace(&self.dir.path().display().to_string(), "DIR")
    }

    /// Records `out` as a row after checking its exit code and that the line of
    /// standard error (or, for what a command lists, standard output) that explains it
    /// contains `says`.
    pub(crate) fn record(
        &mut self,
        (class, tried): (&'static str, &str),
        out: &Output,
        (exit, says): (i32, &str),
        checked: &'static str,
    ) {
        assert_eq!(out.status.code(), Some(exit), "{tried}\n{}", show(out));
        let err = String::from_utf8_lossy(&out.stderr);
        // A case that succeeds quietly (`-q`) has no line to show.
        let message = if says.is_empty() {
            String::new()
        } else {
            let listed = String::from_utf8_lossy(&out.stdout);
            err.lines()
                .chain(listed.lines())
                .find(|l| l.contains(says))
                .unwrap_or_else(|| panic!("{tried}: no line says {says:?}:\n{}", show(out)))
                .trim()
                .to_string()
        };
        // No case may reach a panic or an abort.
        assert!(!err.contains("panicked"), "{tried}\n{err}");
        let message = self.shown(&message);
        self.rows.push(Row {
            class,
            tried: self.shown(tried),
            exit,
            message,
            checked,
        });
    }

    /// The last row's message with the machine's own figure between `from` and `to`
    /// shown as `...`: the table must read the same on every machine.
    pub(crate) fn redact_last(&mut self, from: &str, to: &str) {
        let row = self.rows.last_mut().unwrap();
        if let Some(i) = row.message.find(from) {
            let start = i + from.len();
            if let Some(len) = row.message[start..].find(to) {
                row.message.replace_range(start..start + len, "...");
            }
        }
    }

    fn table(&self) -> String {
        let mut t = String::from(
            "| class | tried | exit | message | also checked |\n| --- | --- | ---: | --- | --- |\n",
        );
        // Double backticks, so a message quoting a `key` stays one code span.
        let code = |s: &str| {
            if s.is_empty() {
                String::new()
            } else {
                format!("`` {} ``", s.replace('|', "\\|"))
            }
        };
        for r in &self.rows {
            t.push_str(&format!(
                "| {} | {} | {} | {} | {} |\n",
                r.class,
                code(&r.tried),
                r.exit,
                code(&r.message),
                r.checked
            ));
        }
        t
    }
}

pub(crate) fn run_with(args: &[&str], extra: &[OsString]) -> Output {
    hashbench().args(args).args(extra).output().expect("run")
}

fn one_cell_json(extra: &[&'static str]) -> Vec<&'static str> {
    let mut args: Vec<&'static str> = ONE_CELL.to_vec();
    args.extend(["--format", "json"]);
    args.extend(extra);
    args
}

fn files(b: &mut Bench) {
    // A symlink planted at the temporary name the old writer used (.NAME.PID.tmp) and at
    // tempfile-like names: the file they point at must survive the write.
    let victim = b.path("victim");
    std::fs::write(&victim, "precious").unwrap();
    for name in [".run.json.1.tmp", ".hashbench-.tmp", ".run.json.tmp"] {
        std::os::unix::fs::symlink(&victim, b.path(name)).unwrap();
    }
    let out = run_with(&one_cell_json(&["-o"]), &[b.path("run.json").into()]);
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "precious");
    assert_eq!(
        common::read_json(&b.path("run.json"))["complete"],
        Value::Bool(true)
    );
    b.record(
        (
            "files",
            "ln -s victim DIR/.run.json.1.tmp; hashbench run ... -o DIR/run.json",
        ),
        &out,
        (0, ""),
        "the file the links point at is unchanged; run.json is whole",
    );

    // A symlink to /dev/stdout: written through, never replaced by a regular file.
    let link = b.path("to-stdout");
    std::os::unix::fs::symlink("/dev/stdout", &link).unwrap();
    let out = run_with(&one_cell_json(&["-o"]), &[link.clone().into()]);
    assert!(std::fs::symlink_metadata(&link)
        .unwrap()
        .file_type()
        .is_symlink());
    assert_eq!(stdout_json(&out)["complete"], Value::Bool(true));
    b.record(
        (
            "files",
            "ln -s /dev/stdout DIR/to-stdout; hashbench run ... -o DIR/to-stdout",
        ),
        &out,
        (0, ""),
        "the link is still a link; the JSON arrived on standard output",
    );

    // A FIFO: written like `tee` would, still a FIFO afterwards.
    let fifo = b.path("fifo");
    let c = std::ffi::CString::new(fifo.as_os_str().as_bytes()).unwrap();
    // SAFETY: a valid NUL-terminated path.
    assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
    let reader = {
        let fifo = fifo.clone();
        std::thread::spawn(move || std::fs::read_to_string(fifo).unwrap())
    };
    let out = run_with(&one_cell_json(&["-o"]), &[fifo.clone().into()]);
    let text = reader.join().unwrap();
    assert!(text.contains("\"schema_version\""), "{text}");
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
    b.record(
        ("files", "mkfifo DIR/fifo; hashbench run ... -o DIR/fifo"),
        &out,
        (0, ""),
        "a reader got the JSON; the FIFO is still a FIFO",
    );

    // `report -o` into a missing directory: refused before reading anything.
    let out = run_with(
        &["report", "no-such-run.json", "-o"],
        &[b.path("missing/out.txt").into()],
    );
    b.record(
        (
            "files",
            "hashbench report no-such-run.json -o DIR/missing/out.txt",
        ),
        &out,
        (2, "does not exist"),
        "nothing was read or written",
    );

    // A baseline directory that cannot be created: refused before measuring.
    std::fs::write(b.path("a-file"), "").unwrap();
    let out = hashbench()
        .env("HASHBENCH_DATA_DIR", b.path("a-file"))
        .args(ONE_CELL)
        .args(["--save-baseline", "x", "--force-progress"])
        .output()
        .unwrap();
    assert!(!String::from_utf8_lossy(&out.stderr).contains("[1/"));
    b.record(
        (
            "files",
            "HASHBENCH_DATA_DIR=DIR/a-file hashbench run ... --save-baseline x",
        ),
        &out,
        (2, "cannot create directory"),
        "nothing was measured (no progress line)",
    );
}

fn signals(b: &mut Bench) {
    // SIGTERM, as a CI time-out sends it, after 2 of the 4 cells: the partial result is
    // written, marked incomplete, and the exit code is 143.
    let target = b.path("term.json");
    let out = run_with(
        &one_cell_json(&["--cancel-after-cells", "2", "--cancel-with-sigterm", "-o"]),
        &[target.clone().into()],
    );
    let run = common::read_json(&target);
    assert_eq!(run["complete"], Value::Bool(false));
    let measured =
        run["cells"].as_array().unwrap().len() + run["baselines"].as_array().unwrap().len();
    assert!((1..=2).contains(&measured), "{measured} cells");
    b.record(
        (
            "signals",
            "hashbench run ... -o DIR/term.json  # SIGTERM after 2 of its 4 cells",
        ),
        &out,
        (143, ""),
        "the result file holds the measured cells, `complete: false`",
    );
}

fn arguments(b: &mut Bench) {
    // A file name that is not UTF-8: digested, its name printed as its bytes.
    let name = OsString::from_vec(b"caf\xe9.bin".to_vec());
    let file = b.dir.path().join(&name);
    std::fs::write(&file, b"abc").unwrap();
    let out = run_with(&["sum", "-i", "crc32"], &[file.clone().into()]);
    assert!(out.stdout.starts_with(b"352441c2  "), "{}", show(&out));
    assert!(out.stdout.ends_with(b"caf\xe9.bin\n"), "{}", show(&out));
    b.rows.push(Row {
        class: "arguments",
        tried: "hashbench sum -i crc32 DIR/caf$'\\xe9'.bin".to_string(),
        exit: 0,
        message: String::new(),
        checked: "the digest line ends with the name's own bytes",
    });

    // An output path that is not UTF-8.
    let target = b
        .dir
        .path()
        .join(OsString::from_vec(b"r\xff.json".to_vec()));
    let out = run_with(&one_cell_json(&["-o"]), &[target.clone().into()]);
    assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    assert!(target.is_file());
    b.record(
        ("arguments", "hashbench run ... -o DIR/r$'\\xff'.json"),
        &out,
        (0, ""),
        "the file exists and holds the result",
    );

    for (args, says) in [
        (&["--streams", "99999999999"][..], "--streams"),
        (&["--threads", "99999999999"], "--threads"),
        (&["--misalign", "18446744073709551615"], "--misalign"),
    ] {
        let mut all: Vec<&str> = ONE_CELL.to_vec();
        all.extend(args);
        let out = run_with(&all, &[]);
        b.record(
            (
                "arguments",
                &format!("hashbench run crc32/crc32fast {}", args.join(" ")),
            ),
            &out,
            (2, says),
            "refused before measuring (bounded per CPU, at most 1024)",
        );
    }

    // A vectors file asking for an input of 2^64 - 1 repetitions.
    let vectors = b.path("vectors");
    std::fs::create_dir(&vectors).unwrap();
    std::fs::write(
        vectors.join("crc32.json"),
        r#"{"algorithm": "crc32", "sources": {"hostile": "a test"}, "vectors": [
            {"input": {"ascii": "a", "repeat": 18446744073709551615},
             "digest": "00000000", "source": "hostile"}]}"#,
    )
    .unwrap();
    let out = run_with(&["verify", "crc32", "--vectors"], &[vectors.into()]);
    b.record(
        (
            "arguments",
            "hashbench verify crc32 --vectors DIR/vectors  # repeat: 18446744073709551615",
        ),
        &out,
        (2, "limited to"),
        "refused before allocating the input",
    );
}

fn suites_and_silence(b: &mut Bench) {
    let suite = b.path("bad.toml");
    std::fs::write(
        &suite,
        "name = \"bad\"\ndescription = \"d\"\nimplementations = [\"crc32\"]\nsizes = \"4x\"\n",
    )
    .unwrap();
    let out = run_with(&["suite", "--file"], &[suite.into()]);
    b.record(
        (
            "suites",
            "hashbench suite --file DIR/bad.toml  # sizes = \"4x\"",
        ),
        &out,
        (2, "key `sizes`"),
        "the file and the key are named, not `--sizes`",
    );

    let many: Vec<String> = (1..=10_000).map(|n| n.to_string()).collect();
    let big = b.path("big.toml");
    std::fs::write(
        &big,
        format!(
            "name = \"big\"\ndescription = \"d\"\nimplementations = [\"crc32\"]\nsizes = \"{}\"\n",
            many.join(",")
        ),
    )
    .unwrap();
    let out = run_with(&["suite", "--file"], &[big.into()]);
    b.record(
        (
            "suites",
            "hashbench suite --file DIR/big.toml  # 10,000 sizes",
        ),
        &out,
        (2, "--yes"),
        "refused before verification or measuring",
    );

    // The only selected implementation cannot run the only pattern asked for.
    let out = run_with(
        &[
            "run",
            "crc32/crc32fast",
            "--pattern",
            "by-name",
            "--sizes",
            "64",
            "-q",
        ],
        &[],
    );
    b.record(
        ("silence", "hashbench run crc32/crc32fast --pattern by-name"),
        &out,
        (1, "no implementation was measured"),
        "the reason names the implementation and why",
    );

    // A closed standard output: the digest would be lost.
    let out = std::process::Command::new("sh")
        .arg("-c")
        .arg("exec \"$0\" sum -i crc32 /dev/null >&-")
        .arg(assert_cmd::cargo::cargo_bin("hashbench"))
        .output()
        .unwrap();
    b.record(
        ("silence", "hashbench sum -i crc32 /dev/null >&-"),
        &out,
        (1, "standard output is closed"),
        "no digest is silently lost",
    );

    let out = run_with(
        &["run", "crc32", "--metric", "cycles", "--layout", "node"],
        &[],
    );
    b.record(
        (
            "silence",
            "hashbench run crc32 --metric cycles --layout node",
        ),
        &out,
        (2, "--metric cycles"),
        "refused before measuring",
    );

    // A relative XDG_DATA_HOME is ignored (the XDG spec): the baseline goes under HOME.
    let home = b.path("home");
    std::fs::create_dir(&home).unwrap();
    let out = hashbench()
        .env_remove("HASHBENCH_DATA_DIR")
        .env("XDG_DATA_HOME", "relative/dir")
        .env("HOME", &home)
        .current_dir(b.dir.path())
        .args(ONE_CELL)
        .args(["--save-baseline", "x"])
        .output()
        .unwrap();
    assert!(home
        .join(".local/share/hashbench/baselines/x.json")
        .is_file());
    assert!(!b.path("relative").exists());
    b.record(
        (
            "silence",
            "XDG_DATA_HOME=relative/dir hashbench run ... --save-baseline x",
        ),
        &out,
        (0, ""),
        "the baseline went under HOME, not a relative path",
    );
}

/// A real one-cell run saved in the scratch directory, then edited by `edit` into `name`.
pub(crate) fn edited_run(b: &Bench, name: &str, edit: impl FnOnce(&mut Value)) -> PathBuf {
    let original = b.path("saved.json");
    if !original.exists() {
        let out = run_with(&one_cell_json(&["-o"]), &[original.clone().into()]);
        assert_eq!(out.status.code(), Some(0), "{}", show(&out));
    }
    let mut run = common::read_json(&original);
    edit(&mut run);
    let path = b.path(name);
    std::fs::write(&path, run.to_string()).unwrap();
    path
}

fn loaded_files(b: &mut Bench) {
    let huge = edited_run(b, "huge.json", |r| {
        r["cells"][0]["summary"]["median"] = 1e308.into()
    });
    for (command, tried) in [
        (
            &["report"][..],
            "hashbench report DIR/huge.json  # median: 1e308",
        ),
        (
            &["compare", "--published"],
            "hashbench compare --published DIR/huge.json",
        ),
        (
            &["crossover", "crc32/crc32fast", "adler32/adler2", "--from"],
            "hashbench crossover crc32/crc32fast adler32/adler2 --from DIR/huge.json",
        ),
    ] {
        let out = run_with(command, &[huge.clone().into()]);
        b.record(
            ("loaded files", tried),
            &out,
            (2, "cells[0]"),
            "the file and the field are named",
        );
    }
    let out = run_with(&["compare"], &[huge.clone().into(), huge.into()]);
    b.record(
        (
            "loaded files",
            "hashbench compare DIR/huge.json DIR/huge.json",
        ),
        &out,
        (2, "cells[0]"),
        "the file and the field are named",
    );

    let size = edited_run(b, "size.json", |r| r["cells"][0]["size"] = u64::MAX.into());
    let out = run_with(&["report"], &[size.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report DIR/size.json  # size: 2^64-1",
        ),
        &out,
        (2, "size"),
        "refused, not rendered",
    );

    // Times of exactly 16 ns for 64 B (4 GB/s), beside a stored 6.5 GB/s.
    let gbps = edited_run(b, "gbps.json", |r| {
        let c = &mut r["cells"][0];
        for k in ["min", "max", "mean", "median", "q1", "q3"] {
            c["summary"][k] = 16.0.into();
        }
        c["summary"]["median_ci"]["low"] = 16.0.into();
        c["summary"]["median_ci"]["high"] = 16.0.into();
        c["round_medians_ns"] = serde_json::json!([16.0]);
        c["round_ids"] = serde_json::json!([0]);
        c["round_wait_percent"] = serde_json::json!([0.0]);
        c["round_samples"] = serde_json::json!([10]);
        c["figure"] = serde_json::json!({ "median_ns": 16.0, "ci_low_ns": 16.0,
            "ci_high_ns": 16.0, "coverage": 0.0, "rounds": [0], "settled": true });
        c["throughput"]["estimate"]["gb_per_sec"] = 6.5.into();
    });
    let out = run_with(&["report"], &[gbps.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report DIR/gbps.json  # gb_per_sec: 6.5",
        ),
        &out,
        (2, "figure and size give"),
        "a stored rate must follow from the figure and size",
    );

    let script = edited_run(b, "script.json", |r| {
        r["cells"][0]["implementation"] = "<script>alert(1)</script>".into();
    });
    let out = run_with(&["report", "--format", "markdown"], &[script.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report --format markdown DIR/script.json  # <script> as an id",
        ),
        &out,
        (2, "not an implementation id"),
        "refused, not rendered",
    );

    let ansi = edited_run(b, "ansi.json", |r| {
        r["host"]["cpu_model"] = "Evil\u{1b}]0;pwned\u{7}\u{1b}[31mCPU".into();
    });
    let out = run_with(&["report"], &[ansi.into()]);
    assert!(
        !out.stdout.contains(&0x1b) && !out.stdout.contains(&0x07),
        "{}",
        show(&out)
    );
    b.record(
        (
            "loaded files",
            "hashbench report DIR/ansi.json  # cpu_model: ESC ]0;pwned BEL ESC [31m",
        ),
        &out,
        (0, ""),
        "no control character reaches the terminal; they are shown as \\u{1b}",
    );

    let original = std::fs::read(b.path("saved.json")).unwrap();
    let bom = b.path("bom.json");
    std::fs::write(&bom, [&b"\xef\xbb\xbf"[..], &original].concat()).unwrap();
    let out = run_with(&["report"], &[bom.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report DIR/bom.json  # a UTF-8 byte-order mark first",
        ),
        &out,
        (0, ""),
        "read as the same run",
    );

    // Nesting 100,000 deep: refused at serde_json's limit of 128, not a stack overflow.
    let deep = b.path("deep.json");
    std::fs::write(
        &deep,
        format!(
            "{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": 2, \"x\": {}{}}}",
            "[".repeat(100_000),
            "]".repeat(100_000)
        ),
    )
    .unwrap();
    let out = run_with(&["report"], &[deep.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report DIR/deep.json  # arrays nested 100,000 deep",
        ),
        &out,
        (2, "recursion limit"),
        "refused without a stack overflow",
    );

    // The start of a run, cut inside its list of cells.
    let cut = b.path("cut.json");
    std::fs::write(
        &cut,
        r#"{"schema_version": 2, "tool": {"name": "hashbench"}, "cells": [{"implem"#,
    )
    .unwrap();
    let out = run_with(&["report"], &[cut.into()]);
    b.record(
        (
            "loaded files",
            "hashbench report DIR/cut.json  # a run cut off in its cells",
        ),
        &out,
        (2, "truncated"),
        "the file is named",
    );
}

/// `hashbench run` on a pseudo-terminal (util-linux's `script`, part of every Debian and
/// Ubuntu base system), with `TERM` set to `term`: what reached the terminal.
fn on_a_terminal(term: &str) -> (Output, Vec<u8>) {
    let out = std::process::Command::new("script")
        .args([
            "-qec",
            "exec \"$HASHBENCH\" run crc32/crc32fast --sizes 64 --time 0.02 --format json",
            "/dev/null",
        ])
        .env("HASHBENCH", assert_cmd::cargo::cargo_bin("hashbench"))
        .env("TERM", term)
        .output()
        .expect("script (util-linux) runs");
    let seen = out.stdout.clone();
    (out, seen)
}

fn terminals(b: &mut Bench) {
    // The control: on a terminal that can erase a line, the progress line erases it.
    let (_, xterm) = on_a_terminal("xterm");
    assert!(
        xterm.windows(3).any(|w| w == b"\x1b[K"),
        "no progress line on xterm"
    );
    let (out, dumb) = on_a_terminal("dumb");
    assert!(!dumb.contains(&0x1b), "{}", String::from_utf8_lossy(&dumb));
    b.record(
        (
            "silence",
            "TERM=dumb hashbench run crc32/crc32fast ...  # on a terminal",
        ),
        &out,
        (0, ""),
        "no escape sequence reaches the terminal (with TERM=xterm the progress line does)",
    );
}

fn docs_path() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/reliability.md")
}

const START: &str = "<!-- hostile-table: written by crates/hashbench/tests/e2e/hostile.rs -->\n";
const END: &str = "<!-- hostile-table end -->";

#[test]
fn hostile_input_is_refused_or_handled_and_the_docs_table_says_how() {
    let mut b = Bench {
        dir: tempfile::tempdir().unwrap(),
        rows: Vec::new(),
    };
    files(&mut b);
    signals(&mut b);
    arguments(&mut b);
    suites_and_silence(&mut b);
    terminals(&mut b);
    loaded_files(&mut b);
    // Round two (issue 33): hostile_two.rs.
    hostile_two::endless(&mut b);
    hostile_two::lying_files(&mut b);
    hostile_two::escapes(&mut b);
    hostile_two::adapters(&mut b);
    hostile_two::messages(&mut b);
    hostile_two::suites(&mut b);
    hostile_two::output(&mut b);
    hostile_two::dev_null(&mut b);
    let table = b.table();

    let docs = std::fs::read_to_string(docs_path()).expect("docs/reliability.md");
    let (before, rest) = docs.split_once(START).expect("the table's start marker");
    let (_, after) = rest.split_once(END).expect("the table's end marker");
    let wanted = format!("{before}{START}{table}{END}{after}");
    if std::env::var_os("HASHBENCH_BLESS").is_some() {
        std::fs::write(docs_path(), wanted).unwrap();
    } else {
        assert!(
            docs == wanted,
            "docs/reliability.md's table is not what the binary does now; rerun with \
             HASHBENCH_BLESS=1 to rewrite it. Now:\n{table}"
        );
    }
}

#[test]
fn no_edge_value_of_any_option_panics_or_aborts() {
    // Each is refused (2), fails (1) or works (0); none may reach a panic (101) or an
    // abort (134). The ones that are accepted run one tiny cell.
    let cases: &[&[&str]] = &[
        &[
            "run",
            "crc32/crc32fast",
            "--pin",
            "99999999999",
            "--sizes",
            "64",
        ],
        &["run", "crc32/crc32fast", "--pin", "18446744073709551615"],
        &["run", "crc32/crc32fast", "--sizes", "18446744073709551615"],
        &["run", "crc32/crc32fast", "--sizes", "17179869184g"],
        &[
            "run",
            "crc32/crc32fast",
            "--seed",
            "18446744073709551615",
            "--sizes",
            "64",
            "--time",
            "0.01",
            "-q",
        ],
        &["run", "crc32/crc32fast", "--rounds", "4294967296"],
        &["run", "crc32/crc32fast", "--time", "1e300"],
        &["run", "crc32/crc32fast", "--time", "nan"],
        &["run", "crc32/crc32fast", "--precision", "1e300"],
        &["run", "crc32/crc32fast", "--relative-to", "@@@"],
        &[
            "run",
            "crc32/crc32fast",
            "--relative-to",
            "crc32/crc32fast@streaming:0",
        ],
        &["run", "crc32/crc32fast", "--pattern", "streaming:0"],
        &[
            "run",
            "crc32/crc32fast",
            "--pattern",
            "streaming:99999999999999g",
        ],
        &["run", "crc32/crc32fast", "--threads", ","],
        &["run", "crc32/crc32fast", "--layout", ""],
        &["crossover", "crc32/crc32fast", "crc32/crc32fast"],
        &[
            "crossover",
            "crc32/crc32fast",
            "adler32/adler2",
            "--sizes",
            "0",
        ],
        &["suite", "nonexistent"],
        &["suite", "--file", "/dev/null"],
        &["suite", "--file", "/"],
        &["report", "/"],
        &["report", "/dev/null"],
        &["compare", "/dev/null", "/dev/null"],
        &["compare", "--baseline", "../../etc", "x"],
        &["published", "--seed", "99999999999999999999"],
        &[
            "verify",
            "--fuzz",
            "18446744073709551615",
            "--stop-after",
            "0",
        ],
        &["verify", "--vectors", "/"],
        &["list", ""],
        &["sum", "-i", ""],
    ];
    for args in cases {
        let out = run_with(args, &[]);
        let code = out.status.code();
        assert!(
            matches!(code, Some(0..=2)),
            "{args:?}: exit {code:?}\n{}",
            show(&out)
        );
    }
}
