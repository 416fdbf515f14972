use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn a_sweep_renders_its_cost_model_and_thread_counts() {
    let cells: Vec<Cell> = [64u64, 1024, 16384]
        .iter()
        .map(|&s| cell_with("blake3/blake3+rayon", 2, s, 100.0 + 0.5 * s as f64))
        .collect();
    let mut run = run_with(cells);
    assert!(!terminal(&run).contains("Cost model"), "no fit stored yet");
    run.cost_model = hashbench_analysis::costmodel::cost_model(&run);
    let text = terminal(&run);
    assert!(text.contains("Cost model"), "{text}");
    assert!(text.contains("blake3/blake3+rayon (2 threads)"), "{text}");
    // 1 / 0.5 ns per byte = 2 GB/s, with the min-max interval of three sizes.
    assert!(
        text.contains("2.00 [") && text.contains("min-max (< 6 sizes)"),
        "{text}"
    );
    let md = markdown(&run);
    assert!(md.contains("## Cost model"), "{md}");
}
