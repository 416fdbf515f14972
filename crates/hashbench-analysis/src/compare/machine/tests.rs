//! The machine estimate is what most of the machine's own kernels say, not the one that
//! claims the tightest interval.

use super::machine_speed;
use hashbench_model::testutil::analysis::{cell_ci, reference};
use hashbench_model::testutil::run_with;
use hashbench_model::Run;

/// A run whose drift reference reads `reference_ns` and whose `read` and `memcpy`
/// baselines at 64 B and 4 KiB read `k` times their levels, each ±3 %.
fn run(reference_ns: f64, k: f64) -> Run {
    let mut r = run_with(Vec::new());
    r.reference = Some(reference(&[reference_ns; 5]));
    r.baselines = [("baseline/read", 64, 4.0), ("baseline/memcpy", 64, 6.0)]
        .into_iter()
        .chain([
            ("baseline/read", 4096, 60.0),
            ("baseline/memcpy", 4096, 90.0),
        ])
        .map(|(id, size, ns)| cell_ci(id, size, ns * k, ns * k * 0.97, ns * k * 1.03))
        .collect();
    r
}

#[test]
fn a_reference_that_moved_alone_does_not_carry_the_estimate() {
    // development VM, 2026-12-01: the drift reference read 3.8 % slower from one run to
    // the next while `read` and `memcpy` moved under 1 %, and so did every cell.
    let m = machine_speed(&run(7.645, 1.0), &run(7.938, 1.0)).expect("references in both");
    assert!((m.ratio - 1.0).abs() < 1e-12, "{m:?}");
    // Its disagreement beyond its own interval still widens the estimate's.
    assert!(m.high > 1.02, "{m:?}");
    // All of them moving together move it.
    let m = machine_speed(&run(7.645, 1.0), &run(7.645 * 1.05, 1.05)).expect("both");
    assert!((m.ratio - 1.05).abs() < 1e-9, "{m:?}");
}
