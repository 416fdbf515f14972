use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn a_sweep_becomes_its_steps() {
    // 10 ns up to 55 bytes, 20 ns from 56 (a second block), with 3 % noise.
    let cells: Vec<Cell> = (0..=80u64)
        .map(|n| {
            let base = if n < 56 { 10.0 } else { 20.0 };
            let wobble = if n % 2 == 0 { 1.03 } else { 0.98 };
            cell_with("sha2-256/x", 1, n, base * wobble)
        })
        .collect();
    let run = run_with(cells);
    let s = staircases(&run);
    assert_eq!(s.len(), 1);
    let spans: Vec<(u64, u64)> = s[0].steps.iter().map(|st| (st.from, st.to)).collect();
    assert_eq!(spans, [(0, 55), (56, 80)]);
    assert!(s[0].steps.iter().all(|st| st.outliers.is_empty()));
    assert!((s[0].steps[0].median_ns - 10.0).abs() < 0.5);
    assert!(!staircases(&run).is_empty());
}

#[test]
fn one_slow_length_between_alike_lengths_is_an_outlier_not_a_step() {
    let cells: Vec<Cell> = (0..=40u64)
        .map(|n| cell_with("x/y", 1, n, if n == 30 { 15.0 } else { 10.0 }))
        .collect();
    let s = staircases(&run_with(cells));
    assert_eq!(s[0].steps.len(), 1, "{s:?}");
    assert_eq!((s[0].steps[0].from, s[0].steps[0].to), (0, 40));
    assert_eq!(s[0].steps[0].outliers.len(), 1);
    assert_eq!(s[0].steps[0].outliers[0].0, 30);
    // Two lengths in a row are a step, not an outlier.
    let cells: Vec<Cell> = (0..=40u64)
        .map(|n| cell_with("x/y", 1, n, if n == 30 || n == 31 { 15.0 } else { 10.0 }))
        .collect();
    assert_eq!(staircases(&run_with(cells))[0].steps.len(), 3);
}

#[test]
fn a_few_sizes_are_not_a_sweep() {
    let run = run_with((0..10u64).map(|n| cell_with("a/b", 1, n, 1.0)).collect());
    assert!(staircases(&run).is_empty());
    let spaced = run_with(
        (0..40u64)
            .map(|n| cell_with("a/b", 1, n * 2, 1.0))
            .collect(),
    );
    assert!(
        staircases(&spaced).is_empty(),
        "lengths two apart are not every length"
    );
}
