use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn every_row_has_every_column() {
    let mut run = run_with(vec![cell_with("a/x", 1, 64, 100.0)]);
    run.baselines.push(cell_with("baseline/read", 1, 64, 10.0));
    let c = &run.cells[0];
    run.streams.push(StreamsCell {
        implementation: c.implementation.to_string(),
        algorithm: "a".to_string(),
        backend: "test".to_string(),
        size: 64,
        streams: 2,
        iterations_per_sample: 1000,
        single: c.summary.clone(),
        single_throughput: c.throughput,
        aggregate: c.summary.clone(),
        aggregate_throughput: c.throughput,
        scaling_efficiency: 0.5,
        stop_reason: c.stop_reason,
        load: None,
    });
    hashbench_analysis::relative::apply(&mut run, &[hashbench_model::RelativeTo::Fastest]);
    let text = csv(&run);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4, "{text}");
    let width = lines[0].split(',').count();
    assert_eq!(width, HEADER.len() + 1, "{text}");
    for l in &lines {
        assert_eq!(l.split(',').count(), width, "{l}");
    }
    let streams = lines[3];
    assert!(
        streams.starts_with("streams,a/x,a,oneshot,1,64,"),
        "{streams}"
    );
    assert!(streams.ends_with(",2,0.64,0.5,"), "{streams}");
    let column = |name: &str| HEADER.iter().position(|h| *h == name).expect(name);
    let fields: Vec<&str> = streams.split(',').collect();
    assert_eq!(fields[column("stop_reason")], "precision", "{streams}");
    assert_eq!(fields[column("samples")], "21", "{streams}");
    assert_eq!(fields[column("run_flags")], "", "{streams}");
}
