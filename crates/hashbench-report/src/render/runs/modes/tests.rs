use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn pairs_each_latency_cell_with_its_throughput_twin() {
    let mut lat = cell_with("crc32c/x", 1, 64, 12.0);
    lat.mode = Mode::Latency;
    let run = run_with(vec![
        cell_with("crc32c/x", 1, 64, 3.0),
        lat,
        cell_with("crc32c/x", 1, 256, 9.0),
    ]);
    let text = section(&run, Style::Terminal);
    assert!(text.contains("Latency vs throughput"), "{text}");
    assert!(text.contains("4.00x"), "{text}");
    assert_eq!(text.matches("crc32c/x").count(), 1, "{text}");
    // Nothing measured in both modes: no section.
    assert_eq!(
        section(
            &run_with(vec![cell_with("a/b", 1, 64, 1.0)]),
            Style::Terminal
        ),
        ""
    );
}
