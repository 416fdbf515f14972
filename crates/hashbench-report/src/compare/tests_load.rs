//! Loading result files: a valid run loads, and each impossible value is refused with
//! its own reason, naming the file and the cell.

use super::*;
use crate::testutil::run_with;
use crate::testutil_analysis::cell_ci;

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
    assert_eq!(refused(|c| c.size = 0), "size 0");
    assert_eq!(refused(|c| c.threads = 0), "0 threads");
    assert_eq!(refused(|c| c.summary.count = 0), "no samples");
    assert_eq!(
        refused(|c| c.summary.median = nanos(0.0)),
        "median is 0, not a positive time"
    );
    assert_eq!(
        refused(|c| c.summary.median = nanos(f64::INFINITY)),
        "median is inf, not a positive time"
    );
    assert_eq!(
        refused(|c| c.summary.min = nanos(-1.0)),
        "min is -1, not a positive time"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.high = nanos(f64::NAN)),
        "ci high is NaN, not a positive time"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.low = nanos(-0.5)),
        "ci low is -0.5"
    );
    assert_eq!(
        refused(|c| c.summary.median_ci.low = nanos(f64::INFINITY)),
        "ci low is inf"
    );
    // The median outside its own CI, from below and from above.
    for (low, high) in [(101.0, 110.0), (90.0, 99.0)] {
        assert_eq!(
            refused(|c| {
                c.summary.median_ci.low = nanos(low);
                c.summary.median_ci.high = nanos(high);
            }),
            "median outside its own confidence interval"
        );
    }
    // The median outside [min, max], from either side.
    assert_eq!(
        refused(|c| c.summary.min = nanos(100.5)),
        "median outside [min, max]"
    );
    assert_eq!(
        refused(|c| c.summary.max = nanos(99.5)),
        "median outside [min, max]"
    );
    assert_eq!(
        refused(|c| c.round_medians_ns = vec![95.0, 0.0]),
        "round median 0"
    );
    assert_eq!(
        refused(|c| c.round_medians_ns = vec![f64::INFINITY]),
        "round median inf"
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
    let e = load_run("bad.json", &text).expect_err("0 threads");
    assert!(matches!(e, LoadError::Absurd { .. }), "{e}");
    assert_eq!(
        e.to_string(),
        "bad.json: cell baseline/read at 64 B: 0 threads"
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
