//! `hashbench published`: the real binary over the compiled-in published results.

use std::process::Output;

use serde_json::Value;

use crate::common::{assert_exit, assert_success, hashbench, output, stderr, stdout};

fn published(args: &[&str]) -> Output {
    // From an empty directory: the data must be inside the binary, not read from disk.
    let dir = tempfile::tempdir().expect("temp dir");
    output(
        hashbench()
            .current_dir(dir.path())
            .arg("published")
            .args(args),
    )
}

/// The standard output of a run that must have succeeded.
fn ok_stdout(out: &Output) -> String {
    assert_success(out);
    stdout(out)
}

#[test]
fn json_lists_every_seed_with_machines_and_figures() {
    let doc: Value =
        serde_json::from_str(&ok_stdout(&published(&["--format", "json"]))).expect("JSON");
    assert_eq!(doc["schema_version"], 1);
    let seeds = doc["seeds"].as_array().expect("seeds");
    let counts: Vec<usize> = seeds
        .iter()
        .map(|s| s["figures"].as_array().map_or(0, Vec::len))
        .collect();
    // Seeds 000/001 publish each divan measurement as a time and as a rate: one figure.
    assert_eq!(counts, vec![816, 340, 112, 131, 196]);
    for s in seeds {
        let source = s["source"].as_str().expect("source");
        assert!(
            !source.contains("shared/") && !source.contains(".txt"),
            "{source}"
        );
    }
    let divan = &seeds[0]["figures"];
    let with_rate = divan
        .as_array()
        .expect("figures")
        .iter()
        .filter(|f| f["rate"]["unit"].is_string())
        .count();
    // 3 machines x 14 benches x 4 sizes x 4 statistics print a rate row.
    assert_eq!(with_rate, 672);
    let node = &seeds[4];
    assert_eq!(node["machines"][0]["cpu"], "Intel Core i7-6700 Quad Core");
    let first = &node["figures"][0];
    assert_eq!(first["text"], "370321.25 op/sec");
    assert_eq!(first["unit"], "op/sec");
    assert_eq!(first["tolerance"]["value"], 4.65);
    let ns = first["normalised"]["ns_per_call"]
        .as_f64()
        .expect("ns_per_call");
    assert!((ns - 1e9 / 370321.25).abs() < 1e-6, "{ns}");
}

#[test]
fn csv_of_the_flagged_node_rows_holds_all_25_rows_at_4_mb() {
    let out = ok_stdout(&published(&["--seed", "4", "--flagged", "--format", "csv"]));
    let mut lines = out.lines();
    let header = lines.next().expect("header");
    assert!(
        header.starts_with("seed,source,section,machine,label,"),
        "{header}"
    );
    assert!(header.ends_with(",flags"), "{header}");
    let rows: Vec<&str> = lines.collect();
    assert!(
        rows.iter()
            .all(|r| r.starts_with("4,") && r.ends_with(",flat-scaling")),
        "{out}"
    );
    let at_4mb = rows
        .iter()
        .filter(|l| l.contains(",4194304,result,"))
        .count();
    assert_eq!(at_4mb, 25, "{out}");
}

#[test]
fn the_table_shows_the_machine_and_why_a_row_is_flagged() {
    let out = ok_stdout(&published(&["--seed", "4", "--flagged"]));
    assert!(out.contains("Intel Core i7-6700 Quad Core"), "{out}");
    assert!(out.contains("flat-scaling"), "{out}");
    assert!(
        out.contains("impossible: time per call does not grow with size"),
        "{out}"
    );
    let rust = ok_stdout(&published(&["--seed", "0", "--flagged"]));
    assert!(rust.contains("816 figures, 0 flagged"), "{rust}");
}

#[test]
fn an_unknown_seed_is_a_usage_error() {
    let out = published(&["--seed", "9"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains("no published seed 9; the seeds are 0, 1, 2, 3, 4"),
        "{err}"
    );
}
