//! A file that contradicts itself or the catalogue's shape, or records a setting the
//! command line refuses, is refused naming the field; the bounds themselves load.

use super::*;
use crate::testutil::{cell_with, run_with};

fn load(run: &Run) -> Result<Run, LoadError> {
    load_run("lie.json", &serde_json::to_string(run).expect("serialises"))
}

fn refused(run: &Run) -> String {
    load(run).expect_err("a lying file loaded").to_string()
}

#[test]
fn a_cell_measured_twice_is_refused_naming_both() {
    let a = cell_with("crc32/crc32fast", 1, 64, 10.0);
    let mut b = cell_with("crc32/crc32fast", 1, 64, 100.0);
    // Another size, thread count or mode is another cell.
    let other_size = cell_with("crc32/crc32fast", 1, 128, 10.0);
    assert!(load(&run_with(vec![a.clone(), other_size])).is_ok());
    b.mode = crate::Mode::Latency;
    assert!(load(&run_with(vec![a.clone(), b.clone()])).is_ok());
    b.mode = crate::Mode::Throughput;
    let e = refused(&run_with(vec![a.clone(), b]));
    assert!(
        e.starts_with("lie.json: cells[1] (crc32/crc32fast at 64 B): the same cell as cells[0]"),
        "{e}"
    );
    let mut run = run_with(Vec::new());
    let mut nop = cell_with("baseline/nop", 1, 64, 1.0);
    nop.algorithm = None;
    run.baselines = vec![nop.clone(), nop];
    assert!(refused(&run)
        .contains("baselines[1] (baseline/nop at 64 B): the same cell as baselines[0]"));
}

#[test]
fn an_implementation_naming_another_algorithm_is_refused() {
    let mut c = cell_with("crc32/crc32fast", 1, 64, 10.0);
    c.algorithm = Some("sha3-512".into());
    let e = refused(&run_with(vec![c.clone()]));
    assert!(
        e.ends_with(
            "cells[0] (crc32/crc32fast at 64 B): algorithm: \"sha3-512\", but \
             crc32/crc32fast is an implementation of crc32"
        ),
        "{e}"
    );
    c.algorithm = None;
    let e = refused(&run_with(vec![c.clone()]));
    assert!(
        e.contains("cells[0] (crc32/crc32fast at 64 B): algorithm: missing"),
        "{e}"
    );
    // Another runtime's implementation is held to the same shape.
    let mut ext = cell_with("sha2-256/java:MessageDigest", 1, 64, 10.0);
    assert!(load(&run_with(vec![ext.clone()])).is_ok());
    ext.algorithm = Some("md5".into());
    assert!(refused(&run_with(vec![ext])).contains("is an implementation of sha2-256"));
}

#[test]
fn a_time_too_small_for_any_call_is_refused_not_an_infinite_rate() {
    let mut c = cell_with("crc32/crc32fast", 1, 64, 10.0);
    for v in [
        &mut c.summary.median,
        &mut c.summary.min,
        &mut c.summary.median_ci.low,
    ] {
        *v = hashbench_stats::Nanos(5e-324);
    }
    let e = refused(&run_with(vec![c]));
    assert!(
        e.contains("summary.median is 5e-324, not a time per call from a picosecond"),
        "{e}"
    );
    // A picosecond itself is a time (the bounds are inclusive).
    assert!(is_time(1e-3) && is_time(86_400e9));
    assert!(!is_time(0.999e-3) && !is_time(86_401e9));
}

#[test]
fn settings_the_command_line_refuses_are_refused_in_a_file() {
    let mut run = run_with(vec![cell_with("crc32/crc32fast", 1, 64, 10.0)]);
    run.config.equivalence = Some(1e300);
    let e = refused(&run);
    assert!(e.contains("config.equivalence is 1e300"), "{e}");
    run.config.equivalence = Some(0.5);
    assert!(refused(&run).contains("config.equivalence is 0.5"));
    run.config.equivalence = Some(0.49);
    assert!(load(&run).is_ok());
    run.config.precision = 0.0;
    assert!(refused(&run).contains("config.precision is 0.0"));
    run.config.precision = 0.01;
    run.config.time_budget_s = f64::INFINITY;
    // serde_json writes an infinity as null, which is a mistyped field.
    assert!(load(&run).is_err());
    run.config.time_budget_s = 1e9;
    assert!(refused(&run).contains("config.time_budget_s is 1000000000.0"));
}
