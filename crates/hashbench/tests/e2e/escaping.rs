//! A hostile run file fed to every output that shows a run's strings. A real run is saved,
//! then every string in it that can hold anything (names, backends, host fields, the
//! tool's version...) is replaced by markup, quotes, a table's `|`, an ANSI escape, a
//! bidirectional override and a line break; `report`, `compare` and `recommend` must
//! show it as inert text in every format: no escape byte reaches a terminal, no markup
//! reaches a page, no `|` or line break breaks a Markdown table.

// The checks are helper functions of one test: a failed setup step fails the test.
#![allow(clippy::unwrap_used)]

use std::path::Path;

use crate::common::{hashbench, run_ok, show};
use serde_json::Value;

/// The value every free-text string of the run becomes. `HB` marks where the escape
/// starts, so the raw sequence can be told from the SGR sequences hashbench writes.
const HOSTILE: &str = "HB\u{1b}[31m<script>alert(1)</script>\"'|\u{202e}x\ny";

const ESC: u8 = 0x1b;

/// Every string leaf of `value`, as a JSON pointer.
fn string_leaves(value: &Value, at: &str, out: &mut Vec<String>) {
    match value {
        Value::String(_) => out.push(at.to_string()),
        Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                string_leaves(v, &format!("{at}/{i}"), out);
            }
        }
        Value::Object(map) => {
            for (k, v) in map {
                let key = k.replace('~', "~0").replace('/', "~1");
                string_leaves(v, &format!("{at}/{key}"), out);
            }
        }
        _ => {}
    }
}

/// `run` with every string leaf that still loads when hostile made hostile; the names of
/// the leaves replaced and of those kept (enums, timestamps: the loader refuses them).
fn poisoned(run: &Value) -> (Value, Vec<String>, Vec<String>) {
    let mut leaves = Vec::new();
    string_leaves(run, "", &mut leaves);
    let mut out = run.clone();
    let (mut replaced, mut kept) = (Vec::new(), Vec::new());
    for leaf in leaves {
        let mut trial = out.clone();
        *trial.pointer_mut(&leaf).unwrap() = Value::String(HOSTILE.into());
        if hashbench_model::load_run("trial.json", &trial.to_string()).is_ok() {
            out = trial;
            replaced.push(leaf);
        } else {
            kept.push(leaf);
        }
    }
    (out, replaced, kept)
}

/// Whether `needle` occurs in `hay`.
fn has(hay: &[u8], needle: &[u8]) -> bool {
    hay.windows(needle.len()).any(|w| w == needle)
}

/// Standard output of `hashbench ARGS` (which must succeed) as bytes, after checking that
/// standard error holds no escape byte either.
fn out(args: &[&str], dir: &Path) -> Vec<u8> {
    let o = run_ok(
        hashbench()
            .current_dir(dir)
            .env_remove("NO_COLOR")
            .env("COLUMNS", "200")
            .args(args),
    );
    assert!(
        !o.stderr.contains(&ESC),
        "{args:?}: ESC on stderr\n{}",
        show(&o)
    );
    o.stdout
}

/// No raw escape and no raw override in `text`.
fn no_raw_controls(what: &str, text: &[u8]) {
    let shown = String::from_utf8_lossy(text);
    assert!(!text.contains(&ESC), "{what}: ESC byte\n{shown}");
    assert!(!shown.contains('\u{202e}'), "{what}: raw U+202E\n{shown}");
}

/// Checks shared by every text output that shows the run's free text: no raw escape or
/// override, and the escaped form of the run's escape shown.
fn inert_text(what: &str, text: &[u8]) {
    no_raw_controls(what, text);
    let shown = String::from_utf8_lossy(text);
    assert!(
        has(text, b"HB\\u{1b}[31m"),
        "{what}: no escaped ESC\n{shown}"
    );
}

/// Markdown: inert text, no raw markup, and every table row as wide as its header.
fn inert_markdown(what: &str, text: &[u8]) {
    inert_text(what, text);
    let shown = String::from_utf8_lossy(text);
    assert!(!shown.contains("<script"), "{what}: raw <script\n{shown}");
    // Cells are separated by `|` not preceded by a backslash.
    let columns = |line: &str| {
        let b = line.as_bytes();
        (0..b.len())
            .filter(|&i| b[i] == b'|' && (i == 0 || b[i - 1] != b'\\'))
            .count()
    };
    let mut header = None;
    for line in shown.lines() {
        if !line.starts_with('|') {
            header = None;
            continue;
        }
        let n = columns(line);
        match header {
            None => header = Some(n),
            Some(h) => assert_eq!(n, h, "{what}: row breaks its table\n{line}\n{shown}"),
        }
    }
}

/// HTML: no escape byte or raw override, no markup from the run, no quote breaking out of an attribute,
/// and the markup shown as text.
fn inert_html(what: &str, page: &[u8]) {
    let shown = String::from_utf8_lossy(page);
    no_raw_controls(what, page);
    // hashbench's page has no script at all, so any is the run's.
    assert!(!shown.contains("<script"), "{what}: raw <script");
    assert!(!shown.contains("\"<script"), "{what}: quote before markup");
    assert!(!shown.contains("'<script"), "{what}: quote before markup");
    assert!(
        shown.contains("&lt;script&gt;"),
        "{what}: markup not shown as text"
    );
}

/// With colour on, every ESC hashbench writes starts a well-formed SGR sequence, and the
/// run's own escape is shown escaped, never raw.
fn only_own_colour(what: &str, text: &[u8]) {
    let shown = String::from_utf8_lossy(text);
    for (i, _) in text.iter().enumerate().filter(|(_, &b)| b == ESC) {
        let rest = &text[i + 1..];
        let end = rest.iter().position(|&b| b == b'm');
        let ok = rest.first() == Some(&b'[')
            && end.is_some_and(|e| rest[1..e].iter().all(|b| b.is_ascii_digit() || *b == b';'));
        assert!(
            ok,
            "{what}: ESC at byte {i} is not an SGR sequence\n{shown}"
        );
    }
    assert!(!has(text, b"HB\x1b"), "{what}: the run's ESC raw\n{shown}");
    assert!(
        has(text, b"HB\\u{1b}[31m"),
        "{what}: no escaped ESC\n{shown}"
    );
}

#[test]
fn a_hostile_run_file_is_shown_inert_in_every_output() {
    let dir = tempfile::tempdir().unwrap();
    let d = dir.path();
    let real = d.join("real.json");
    run_ok(
        hashbench()
            .args(["run", "crc32/crc32fast", "xxh3-64", "--sizes", "64,4k"])
            .args([
                "--time", "0.02", "-q", "--seed", "5", "--format", "json", "-o",
            ])
            .arg(&real),
    );
    let run: Value = serde_json::from_slice(&std::fs::read(&real).unwrap()).unwrap();
    let (hostile, replaced, kept) = poisoned(&run);
    // The free text is replaced; only what the loader must refuse is kept: names from a
    // closed list (patterns, cache levels, stop reasons, flag codes, clocks, checkpoints,
    // a ranking's relations, algorithm classes, the tool's name, a hash's key kind and
    // SMHasher3 verdict, an algorithm's recorded class and kind of error detection, what
    // a figure's interval holds),
    // implementation ids, whose shape the loader checks, and an implementation cell's
    // algorithm, which must be the one its id names.
    const CLOSED: &[&str] = &[
        "algorithm",
        "kind",
        "verdict",
        "cache_level",
        "code",
        "implementation",
        "clock",
        "pattern",
        "patterns",
        "stop_reason",
        "method",
        "interval",
        "at",
        "name",
        "relation",
        "class",
        "hd",
    ];
    for leaf in &kept {
        let field = leaf
            .rsplit('/')
            .find(|p| p.parse::<usize>().is_err())
            .unwrap();
        // `classes` maps algorithm ids to a class: the value is from a closed list.
        let class = leaf.starts_with("/classes/");
        assert!(
            class || CLOSED.contains(&field),
            "{leaf} refused hostile text
kept {kept:?}"
        );
    }
    assert!(!replaced.is_empty());
    for field in [
        "/cells/0/backend",
        "/host/cpu_model",
        "/host/os",
        "/tool/version",
        "/providers/0/version",
    ] {
        assert!(
            replaced.iter().any(|r| r == field),
            "{field} kept: {kept:?}"
        );
    }
    for name in ["f.json", "f2.json"] {
        std::fs::write(d.join(name), serde_json::to_vec_pretty(&hostile).unwrap()).unwrap();
    }

    for format in ["table", "table-full"] {
        let text = out(
            &["report", "f.json", "--format", format, "--color", "never"],
            d,
        );
        inert_text(&format!("report {format}"), &text);
        let text = out(
            &["report", "f.json", "--format", format, "--color", "always"],
            d,
        );
        only_own_colour(&format!("report {format} --color always"), &text);
    }
    inert_markdown(
        "report markdown",
        &out(&["report", "f.json", "--format", "markdown"], d),
    );
    inert_html(
        "report html",
        &out(&["report", "f.json", "--format", "html"], d),
    );

    let compare = |format: &str| out(&["compare", "f.json", "f2.json", "--format", format], d);
    inert_text("compare table", &compare("table"));
    inert_markdown("compare markdown", &compare("markdown"));
    inert_html("compare html", &compare("html"));

    // `recommend` answers from the catalogue's properties of each cell's algorithm: with
    // the algorithms kept, it has candidates, and shows the rest of the hostile run.
    let mut answerable = hostile.clone();
    for leaf in replaced.iter().filter(|l| l.ends_with("/algorithm")) {
        *answerable.pointer_mut(leaf).unwrap() = run.pointer(leaf).unwrap().clone();
    }
    std::fs::write(d.join("r.json"), answerable.to_string()).unwrap();
    let rec = [
        "recommend",
        "--from",
        "r.json",
        "--size",
        "4k",
        "--need",
        "hash",
    ];
    inert_text("recommend", &out(&rec, d));
    let cross = [
        "crossover",
        "xxh3-64/xxhash-rust",
        "crc32/crc32fast",
        "--from",
        "r.json",
    ];
    // The crossover table shows ids and figures only: nothing of the run's free text.
    no_raw_controls("crossover", &out(&cross, d));
}
