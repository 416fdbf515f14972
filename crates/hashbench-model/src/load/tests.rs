//! Loading result files: a valid run loads, and each impossible value is refused with
//! its own reason, naming the file and the cell.

use super::*;
use crate::testutil::analysis::cell_ci;
use crate::testutil::run_with;
use crate::NoReadCeiling;

/// A plausible cell: median 100 ns in a CI of [90, 110], samples from 80 to 120 ns.
fn good() -> Cell {
    let mut c = cell_ci("a/a", 64, 100.0, 90.0, 110.0);
    c.summary.min = hashbench_stats::Nanos(80.0);
    c.summary.max = hashbench_stats::Nanos(120.0);
    c.round_medians_ns = vec![95.0, 105.0];
    c
}

/// Why `check_cell` refuses `good()` after `edit`.
fn refused(edit: impl FnOnce(&mut Cell)) -> String {
    let mut c = good();
    edit(&mut c);
    check_cell(&c).expect_err("absurd cell accepted")
}

fn nanos(v: f64) -> hashbench_stats::Nanos {
    hashbench_stats::Nanos(v)
}

#[test]
fn a_plausible_cell_passes_and_its_limits_are_allowed() {
    assert_eq!(check_cell(&good()), Ok(()));
    // The limits themselves are plausible: a CI low of exactly 0 (a coarse timer), and a
    // median equal to its CI's ends and to min and max (all samples equal).
    let mut c = good();
    c.summary.median_ci.low = nanos(0.0);
    assert_eq!(check_cell(&c), Ok(()));
    let mut c = good();
    for v in [
        &mut c.summary.median_ci.low,
        &mut c.summary.median_ci.high,
        &mut c.summary.min,
        &mut c.summary.max,
    ] {
        *v = nanos(100.0);
    }
    assert_eq!(check_cell(&c), Ok(()));
}

#[test]
fn each_impossible_value_is_refused_with_its_reason() {
    // 0 bytes is a size (the fixed cost alone), but then there is no rate.
    assert!(refused(|c| c.size = crate::Size::Bytes(0)).starts_with("throughput"));
    assert_eq!(
        refused(|c| c.threads = 0),
        "threads: 0 is not a thread count"
    );
    assert_eq!(
        refused(|c| c.summary.count = 0),
        "summary.count: no samples"
    );
    assert_eq!(
        refused(|c| c.summary.median = nanos(0.0)),
        "summary.median is 0.0, not a time per call from a picosecond to a day"
    );
    assert_eq!(
        refused(|c| c.summary.median = nanos(f64::INFINITY)),
        "summary.median is inf, not a time per call from a picosecond to a day"
    );
    assert_eq!(
        refused(|c| c.summary.min = nanos(-1.0)),
        "summary.min is -1.0, not a time per call from a picosecond to a day"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.high = nanos(f64::NAN)),
        "summary.median_ci.high is NaN, not a time per call from a picosecond to a day"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.low = nanos(-0.5)),
        "summary.median_ci.low is -0.5"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.low = nanos(f64::INFINITY)),
        "summary.median_ci.low is inf"
    );
    // The median outside its own CI, from below and from above.
    for (low, high) in [(101.0, 110.0), (90.0, 99.0)] {
        assert_eq!(
            refused(|c| {
                c.summary.median_ci.low = nanos(low);
                c.summary.median_ci.high = nanos(high);
            }),
            "summary.median: outside its own confidence interval"
        );
    }
    // The median outside [min, max], from either side.
    assert_eq!(
        refused(|c| c.summary.min = nanos(100.5)),
        "summary.median: outside [min, max]"
    );
    assert_eq!(
        refused(|c| c.summary.max = nanos(99.5)),
        "summary.median: outside [min, max]"
    );
    assert_eq!(
        refused(|c| c.round_medians_ns = vec![95.0, 0.0]),
        "round_medians_ns[1] is 0.0"
    );
    assert_eq!(
        refused(|c| c.round_medians_ns = vec![f64::INFINITY]),
        "round_medians_ns[0] is inf"
    );
}

#[test]
fn a_run_of_this_schema_loads_and_an_absurd_one_names_the_cell() {
    let mut run = run_with(vec![good()]);
    let text = serde_json::to_string(&run).expect("serialises");
    let back = load_run("ok.json", &text).expect("a valid run loads");
    assert_eq!(back.cells.len(), 1);
    assert_eq!(back.cells[0].summary.median.get(), 100.0);
    // Baselines are checked as well as cells.
    let mut bad = good();
    bad.implementation = "baseline/read".into();
    bad.threads = 0;
    run.baselines.push(bad);
    let text = serde_json::to_string(&run).expect("serialises");
    let e = load_run("bad.json", &text).expect_err("threads: 0 is not a thread count");
    assert!(matches!(e, LoadError::Absurd { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "bad.json: baselines[0] (baseline/read at 64 B): threads: 0 is not a thread count"
    );
}

#[test]
fn an_older_schema_is_refused_as_older() {
    let older = format!(
        "{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": {}}}",
        SCHEMA_VERSION - 1
    );
    let e = load_run("old.json", &older).expect_err("older schema");
    assert!(matches!(e, LoadError::Older { found, .. } if found == u64::from(SCHEMA_VERSION) - 1));
    assert!(e.to_string().contains("re-run the benchmark"), "{e}");
    // Another tool's name is not ours, even with our schema version.
    let other =
        format!("{{\"tool\": {{\"name\": \"criterion\"}}, \"schema_version\": {SCHEMA_VERSION}}}");
    assert!(matches!(
        load_run("c.json", &other).expect_err("not ours"),
        LoadError::NotOurs { .. }
    ));
}

#[test]
fn values_beyond_physical_bounds_and_derived_figures_that_disagree_are_refused() {
    assert_eq!(
        refused(|c| c.size = crate::Size::Bytes(MAX_SIZE_BYTES + 1)),
        "size: 1099511627777 is not between 0 bytes and 1 TiB"
    );
    // 1 TiB itself is allowed by the size check (the throughput check then applies).
    let mut c = good();
    c.size = crate::Size::Bytes(MAX_SIZE_BYTES);
    assert!(check_cell(&c).unwrap_err().starts_with("throughput"));
    assert_eq!(
        refused(|c| c.summary.max = nanos(86_400e9 * 2.0)),
        "summary.max is 172800000000000.0, not a time per call from a picosecond to a day"
    );
    // 64 B in 100 ns is 0.64 GB/s; a stored 6.5 does not follow from it.
    assert_eq!(
        refused(|c| c.throughput.estimate.gb_per_sec = 6.5),
        "throughput.estimate.gb_per_sec is 6.5, but the figure and size give 0.64"
    );
    assert_eq!(
        refused(|c| c.implementation = "<b>x</b>".into()),
        "implementation: \"<b>x</b>\" is not an implementation id"
    );
    assert_eq!(
        refused(|c| c.fraction_of_read_ceiling = Some(f64::INFINITY)),
        "fraction_of_read_ceiling is inf"
    );
}

#[test]
fn implementation_ids_must_have_the_catalogues_shape() {
    for ok in [
        "crc32/crc32fast",
        "blake3/blake3+avx2",
        "sha2-512-256/openssl",
        "baseline/nop",
        "sha2-256/java:MessageDigest",
        "crc32c/go:hash/crc32",
        "nop/node",
    ] {
        assert!(is_implementation_id(ok), "{ok}");
    }
    for bad in [
        "",
        "crc32",
        "/x",
        "x/",
        "A/b",
        "a/b/c",
        "a b/c",
        "a/<script>",
        "a/b|c",
        "a/node:",
        "a/:lib",
        "a/node:<b>",
        "a/Node:x",
        "a/node:a b",
    ] {
        assert!(!is_implementation_id(bad), "{bad}");
    }
}

#[test]
fn control_characters_in_any_string_are_made_visible_and_a_bom_is_accepted() {
    let mut run = run_with(vec![good()]);
    run.host.cpu_model = "Evil\u{1b}]0;title\u{7}CPU".into();
    let text = serde_json::to_string(&run).expect("serialises");
    let back = load_run("ansi.json", &format!("\u{feff}{text}")).expect("loads");
    assert_eq!(back.host.cpu_model, "Evil\\u{1b}]0;title\\u{7}CPU");
    assert!(!back.host.cpu_model.chars().any(char::is_control));
}

#[test]
fn truncation_and_other_bad_json_are_told_apart() {
    let cut = load_run("cut.json", "{\"tool\": {").expect_err("cut off");
    assert!(matches!(cut, LoadError::NotJson { .. }), "{cut}");
    assert!(cut.to_string().contains("truncated"), "{cut}");
    let bad = load_run("bad.json", "{\"tool\": }").expect_err("not JSON");
    assert!(matches!(bad, LoadError::NotOurs { .. }), "{bad}");
    assert!(!bad.to_string().contains("truncated"), "{bad}");
}

#[test]
fn the_rest_of_a_run_is_checked_too() {
    let load = |edit: &dyn Fn(&mut Run)| {
        let mut run = run_with(vec![good()]);
        edit(&mut run);
        load_run("r.json", &serde_json::to_string(&run).expect("serialises"))
    };
    // A skipped entry's id has the catalogue's shape as well.
    let e = load(&|r| {
        r.skipped.push(crate::Skipped {
            implementation: "<x>".into(),
            pattern: None,
            reason: crate::SkipReason::Unavailable,
            details: Vec::new(),
        });
    })
    .expect_err("a bad id");
    assert!(e.to_string().contains("skipped[0].implementation"), "{e}");
    // A counter rate no machine has; a plausible one loads.
    let e = load(&|r| r.tsc_hz = Some(1e300)).expect_err("1e300 Hz");
    assert!(e.to_string().contains("tsc_hz: 1e300"), "{e}");
    assert!(load(&|r| r.tsc_hz = Some(3e9)).is_ok());
    // Strings inside arrays are defused as well as those in objects.
    let back = load(&|r| r.command_line = vec!["hashbench\u{1b}[2J".into()]).expect("loads");
    assert_eq!(back.command_line, ["hashbench\\u{1b}[2J"]);
}

#[test]
fn the_bounds_on_threads_and_derived_figures_are_exact() {
    // 65,536 threads is the most a cell may claim.
    let mut c = good();
    c.threads = 1 << 16;
    assert_eq!(check_cell(&c), Ok(()));
    assert_eq!(
        refused(|c| c.threads = (1 << 16) + 1),
        "threads: 65537 is not a thread count"
    );
    // The stored GB/s may differ from size / median by a millionth of it, no more: at
    // 0.64 GB/s that is 6.4e-7, so 1e-7 off passes and 1e-6 off does not.
    let implied = 64.0 / 100.0;
    let mut c = good();
    c.throughput.estimate.gb_per_sec = implied + 1e-7;
    assert_eq!(check_cell(&c), Ok(()));
    assert!(
        refused(|c| c.throughput.estimate.gb_per_sec = implied + 1e-6)
            .starts_with("throughput.estimate.gb_per_sec")
    );
    // An optional figure must be finite and not negative.
    assert_eq!(
        refused(|c| c.fraction_of_read_ceiling = Some(-1.0)),
        "fraction_of_read_ceiling is -1.0"
    );
}

#[test]
fn garbage_is_refused_with_the_file_name() {
    let e = load_run("x.json", "{\"schema_version\": 2, \"cells\": [").unwrap_err();
    assert!(matches!(e, LoadError::NotJson { .. }), "{e}");
    assert!(e.to_string().starts_with("x.json: "), "{e}");
    let e = load_run("y.json", "{\"name\": \"criterion\"}").unwrap_err();
    assert!(matches!(e, LoadError::NotOurs { .. }), "{e}");
    let e = load_run("y.json", "[1, 2]").unwrap_err();
    assert!(matches!(e, LoadError::NotOurs { .. }), "{e}");
    let newer = format!(
        "{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": {}}}",
        SCHEMA_VERSION + 1
    );
    assert!(matches!(
        load_run("z.json", &newer).unwrap_err(),
        LoadError::Newer { .. }
    ));
    let missing =
        format!("{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": {SCHEMA_VERSION}}}");
    assert!(matches!(
        load_run("z.json", &missing).unwrap_err(),
        LoadError::NotOurs { .. }
    ));
}

#[test]
fn a_file_from_before_reads_on_several_threads_loads_as_it_was_saved() {
    // A 2-thread cell set against the one-thread read, and no `no_read_ceiling` field:
    // `report --format json` must give back the saved run, so the loader keeps it.
    let mut wide = good();
    wide.threads = 2;
    wide.fraction_of_read_ceiling = Some(1.76);
    let mut read = good();
    read.implementation = "baseline/read".into();
    let mut run = run_with(vec![wide]);
    run.baselines.push(read);
    let value = serde_json::to_value(&run).expect("serialises");
    assert!(value["cells"][0].get("no_read_ceiling").is_none());
    let back = load_run("old.json", &value.to_string()).expect("an older file loads");
    assert_eq!(back.cells[0].fraction_of_read_ceiling, Some(1.76));
    assert_eq!(back.cells[0].no_read_ceiling, None);
}

#[test]
fn the_reason_for_no_fraction_round_trips() {
    let mut c = good();
    c.threads = 4;
    c.no_read_ceiling = Some(NoReadCeiling::NoReadOnThreads { threads: 4 });
    let text = serde_json::to_string(&run_with(vec![c])).expect("serialises");
    assert!(
        text.contains(r#""no_read_ceiling":{"reason":"no-read-on-threads","threads":4}"#),
        "{text}"
    );
    let back = load_run("new.json", &text).expect("loads");
    assert_eq!(
        back.cells[0].no_read_ceiling,
        Some(NoReadCeiling::NoReadOnThreads { threads: 4 })
    );
}

#[test]
fn round_waits_must_be_one_percentage_per_round() {
    let mut ok = good();
    ok.round_wait_percent = vec![0.0, 45.8];
    assert_eq!(check_cell(&ok), Ok(()));
    assert_eq!(
        refused(|c| c.round_wait_percent = vec![1.0]),
        "round_wait_percent: 1 values for 2 rounds"
    );
    assert_eq!(
        refused(|c| c.round_wait_percent = vec![1.0, 101.0]),
        "round_wait_percent: 101.0 is not a percentage"
    );
    assert_eq!(
        refused(|c| c.round_wait_percent = vec![f64::NAN, 1.0]),
        "round_wait_percent: NaN is not a percentage"
    );
}
