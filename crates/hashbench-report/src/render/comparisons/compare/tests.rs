//! The comparison report: the verdict column's wording and percentages, the counts,
//! and the machine-speed warning, on runs like `several` in hashbench-analysis'
//! `compare/tests.rs`.

use super::*;
use hashbench_analysis::compare::compare;
use hashbench_model::testutil::analysis::{flagged, quiet};
use hashbench_model::testutil::run_with;
use hashbench_model::FlagCode;

/// a/a 30 % slower, b/b twice as fast, c/c unchanged, d/d 2x slower but flagged; nop
/// `nop_ratio` times as long in the candidate; x/gone and y/new in one run only.
fn runs(nop_ratio: f64) -> (Run, Run) {
    let mut base = run_with(vec![
        quiet("a/a", 64, 100.0),
        quiet("b/b", 64, 100.0),
        quiet("c/c", 64, 100.0),
        quiet("d/d", 64, 100.0),
        quiet("x/gone", 64, 100.0),
    ]);
    base.baselines = vec![quiet("baseline/nop", 64, 100.0)];
    let mut candidate = run_with(vec![
        quiet("a/a", 64, 130.0),
        quiet("b/b", 64, 50.0),
        quiet("c/c", 64, 100.0),
        flagged(quiet("d/d", 64, 200.0), FlagCode::HighSpread),
        quiet("y/new", 4096, 100.0),
    ]);
    candidate.baselines = vec![quiet("baseline/nop", 64, 100.0 * nop_ratio)];
    (base, candidate)
}

fn report(base: &Run, candidate: &Run, noise: f64) -> String {
    let c = compare(base, candidate, noise);
    render("base.json", base, "new.json", candidate, &c, true)
}

#[test]
fn rows_give_each_verdict_with_its_percentage() {
    let (base, candidate) = runs(1.0);
    let out = report(&base, &candidate, 0.03);
    // a/a: 130/100 = 1.300, interval [0.995·130/100.5, 1.005·130/99.5] =
    // [1.287, 1.313], 30.0 % slower.
    assert!(
        out.contains(
            "| a/a | oneshot | 64 B | 1 | 100.0 ns | 130.0 ns | 1.300 | 1.287..1.313 | SLOWER by 30.0 % |"
        ),
        "{out}"
    );
    // b/b: ratio 0.5, [0.995·50/100.5, 1.005·50/99.5] = [0.495, 0.505]; "faster by"
    // counts calls: 1/0.5 − 1 = 100 %.
    assert!(
        out.contains(
            "| b/b | oneshot | 64 B | 1 | 100.0 ns | 50.00 ns | 0.500 | 0.495..0.505 | faster by 100.0 % |"
        ),
        "{out}"
    );
    // c/c: [0.995/1.005, 1.005/0.995] = [0.990, 1.010].
    assert!(
        out.contains("| 1.000 | 0.990..1.010 | within noise |"),
        "{out}"
    );
    // d/d: 2x, flagged.
    assert!(
        out.contains("| 2.000 | 1.980..2.020 | +100.0 %, unreliable (flagged) |"),
        "{out}"
    );
    // 5 joined (nop included): a/a slower, b/b faster, c/c and nop within noise, d/d
    // unreliable.
    assert!(
        out.contains(
            "5 cells joined: 1 slower, 1 faster, 2 within noise, 1 unreliable (noise threshold 3.0 %;"
        ),
        "{out}"
    );
    // (1.3 · 0.5 · 1 · 2)^(1/4) = 1.3^(1/4) = 1.0678.
    assert!(
        out.contains("geometric mean ratio (implementations): 1.068\n"),
        "{out}"
    );
    assert!(out.contains("only in base: x/gone @ 64 B\n"), "{out}");
    assert!(out.contains("only in candidate: y/new @ 4 KiB\n"), "{out}");
    // Same CPU model in both: no warning about different CPUs, nor about the nop.
    assert!(!out.contains("different CPUs"), "{out}");
    assert!(!out.contains("warning"), "{out}");
    assert!(
        out.starts_with(
            "base:      base.json: test (2 logical cores), test, hashbench 0, 1970-01-01T00:00:00Z\n\
             candidate: new.json: test (2 logical cores), test, hashbench 0, 1970-01-01T00:00:00Z\n"
        ),
        "{out}"
    );
}

#[test]
fn the_machine_speed_warning_needs_the_nop_to_move_beyond_the_noise() {
    // nop 1.5x as long: the machine ran slower.
    let (base, candidate) = runs(1.5);
    let out = report(&base, &candidate, 0.03);
    assert!(
        out.contains(
            "warning: the nop baseline ran 1.50x as long in the candidate: the machine's own \
             speed differed between the runs\n"
        ),
        "{out}"
    );
    // 0.5x (faster machine) warns as well.
    let (base, candidate) = runs(0.5);
    assert!(report(&base, &candidate, 0.03).contains("ran 0.50x as long"));
    // 1.02x is within a 3 % noise threshold.
    let (base, candidate) = runs(1.02);
    assert!(!report(&base, &candidate, 0.03).contains("warning"));
    // Exactly at the threshold (1.25 with noise 0.25, both exact) is not beyond it.
    let (base, candidate) = runs(1.25);
    assert!(!report(&base, &candidate, 0.25).contains("warning"));
    let (base, candidate) = runs(1.26);
    assert!(report(&base, &candidate, 0.25).contains("warning"));
}

#[test]
fn different_cpus_and_git_commits_are_named() {
    let (base, mut candidate) = runs(1.0);
    candidate.host.cpu_model = "other".into();
    candidate.tool.git_commit = Some("abc123".into());
    let out = report(&base, &candidate, 0.03);
    assert!(
        out.contains("candidate: new.json: other (2 logical cores), test, hashbench 0 (abc123), "),
        "{out}"
    );
    assert!(
        out.contains("(different CPUs: ratios compare the machines, not only the code)\n"),
        "{out}"
    );
}

#[test]
fn a_regression_line_names_the_cell_its_slowdown_and_interval() {
    let (base, candidate) = runs(1.0);
    let c = compare(&base, &candidate, 0.03);
    let bad = c.regressions_over(5.0);
    // a/a only: d/d is unreliable (flagged), not slower.
    let lines: Vec<String> = bad.iter().map(|c| regression(c)).collect();
    assert_eq!(
        lines,
        ["a/a oneshot @ 64 B: 30.0 % slower (interval 1.287..1.313)"]
    );
}
