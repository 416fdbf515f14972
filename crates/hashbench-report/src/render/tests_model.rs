//! The model's helpers every renderer leans on: labels, sizes, baselines.

use hashbench_model::testutil::{cell_times, run_with, Times};

#[test]
fn a_label_adds_the_pattern_and_thread_count_only_when_not_the_default() {
    let mut c = cell_times("blake3/x", 64, Times::at(10.0));
    assert_eq!(c.label(), "blake3/x");
    c.threads = 4;
    assert_eq!(c.label(), "blake3/x (4 threads)");
    c.pattern = hashbench_model::Pattern::Streaming(4096);
    assert_eq!(c.label(), "blake3/x [streaming:4k] (4 threads)");
    c.threads = 1;
    assert_eq!(c.label(), "blake3/x [streaming:4k]");
}

#[test]
fn a_cells_rate_and_ci_are_its_median_figures() {
    let c = cell_times(
        "a/x",
        4096,
        Times {
            ci_percent: 2.5,
            ..Times::at(2048.0)
        },
    );
    // 4096 B / 2048 ns.
    assert_eq!(c.gb_per_sec(), 2.0);
    assert_eq!(c.ci_percent(), Some(2.5));
}

#[test]
fn sizes_are_the_distinct_sizes_of_cells_and_baselines_ascending() {
    let mut run = run_with(vec![
        cell_times("a/x", 4096, Times::at(1.0)),
        cell_times("b/x", 64, Times::at(1.0)),
        cell_times("a/x", 64, Times::at(1.0)),
    ]);
    run.baselines = vec![
        cell_times("baseline/read", 16, Times::at(1.0)),
        cell_times("baseline/nop", 4096, Times::at(1.0)),
    ];
    assert_eq!(run.sizes(), [16, 64, 4096]);
    assert_eq!(
        run.baseline(hashbench_model::Baseline::Read, 16.into())
            .map(|b| b.implementation.as_str()),
        Some("baseline/read")
    );
    assert!(run
        .baseline(hashbench_model::Baseline::Read, 4096.into())
        .is_none());
    assert!(run
        .baseline(hashbench_model::Baseline::Nop, 16.into())
        .is_none());
    assert_eq!(
        run.baseline(hashbench_model::Baseline::Nop, 4096.into())
            .map(|b| b.size),
        Some(4096.into())
    );
}
