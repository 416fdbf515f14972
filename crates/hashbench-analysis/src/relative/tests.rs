use super::*;
use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::Flag;

fn run() -> Run {
    run_with(vec![
        cell_with("a/fast", 1, 1024, 100.0),
        cell_with("b/mid", 1, 1024, 200.0),
        cell_with("c/slow", 1, 1024, 400.0),
        cell_with("a/fast", 1, 4096, 300.0),
        cell_with("b/mid", 1, 4096, 300.0),
    ])
}

fn values(run: &Run, to: &RelativeTo, size: u64) -> Vec<(String, String)> {
    run.cells
        .iter()
        .filter(|c| c.size == size)
        .map(|c| (c.implementation.to_string(), relative(run, to, c).shown()))
        .collect()
}

#[test]
fn fastest_gives_times_slower_within_each_size() {
    let run = run();
    let v = values(&run, &RelativeTo::Fastest, 1024);
    let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
    // Medians 100, 200 and 400 ns (within the test cell's ±0.05 % spread).
    assert_eq!(shown, ["fastest", "2.00× slower", "4.00× slower"]);
    // At 4 KiB the two cells tie: the first is the fastest, the other 1.00x.
    let v = values(&run, &RelativeTo::Fastest, 4096);
    assert_eq!(v[0].1, "fastest");
    assert_eq!(v[1].1, "1.00× slower");
}

#[test]
fn slowest_gives_percent_more_calls_per_second() {
    let run = run();
    let v = values(&run, &RelativeTo::Slowest, 1024);
    let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(shown, ["+300.00 %", "+100.00 %", "slowest"]);
}

#[test]
fn perf_vs_an_id_is_a_time_ratio_and_missing_ids_show_a_dash() {
    let run = run();
    let to = RelativeTo::parse("b/mid");
    let v = values(&run, &to, 1024);
    let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
    assert_eq!(shown, ["0.500 (-50%)", "1.0", "2.000 (+100%)"]);
    let absent = relative(&run, &RelativeTo::parse("z/none"), &run.cells[0]);
    assert_eq!(absent.shown(), "-");
    assert_eq!(absent.reference, None);
}

#[test]
fn a_pattern_after_at_picks_that_pattern() {
    let mut cells = vec![
        cell_with("a/x", 1, 64, 100.0),
        cell_with("a/x", 1, 64, 150.0),
    ];
    cells[1].pattern = hashbench_model::Pattern::Hex;
    let run = run_with(cells);
    let plain = relative(&run, &RelativeTo::parse("a/x"), &run.cells[1]);
    assert_eq!(
        plain
            .reference
            .as_ref()
            .map(|r| r.pattern.to_string())
            .as_deref(),
        Some("oneshot")
    );
    let hex = relative(&run, &RelativeTo::parse("a/x@hex"), &run.cells[0]);
    assert!(!hex.is_reference);
    assert_eq!(hex.shown(), "0.667 (-33%)");
}

#[test]
fn an_unbelievable_cell_is_never_the_fastest() {
    let mut run = run();
    // c/slow at 1 KiB "runs" at 10 ns: above the read ceiling, flagged.
    run.cells[2] = cell_with("c/slow", 1, 1024, 10.0);
    run.cells[2].flags.push(Flag {
        code: FlagCode::AboveCeiling,
        reason: "test".to_string(),
    });
    let v = values(&run, &RelativeTo::Fastest, 1024);
    assert_eq!(v[0].1, "fastest", "a/fast stays the fastest: {v:?}");
    // The flagged cell still gets its ratio against the believable fastest.
    assert_eq!(v[2].1, "10.00× faster");
}

#[test]
fn apply_stores_the_columns_and_json_round_trips_them() {
    let mut run = run();
    apply(
        &mut run,
        &[RelativeTo::Fastest, RelativeTo::parse("b/mid@oneshot")],
    );
    assert_eq!(run.cells[2].relative.len(), 2);
    assert_eq!(run.cells[2].relative[0].value.map(|v| v.round()), Some(4.0));
    let json = serde_json::to_string(&run).expect("serialises");
    assert!(
        json.contains(r#""relative_to":["fastest","b/mid@oneshot"]"#),
        "{json}"
    );
    let back: Run = serde_json::from_str(&json).expect("parses");
    assert_eq!(back.relative_to, run.relative_to);
    assert_eq!(back.cells[2].relative, run.cells[2].relative);
}

#[test]
fn complete_stores_the_run_s_relative_columns_once_in_each_cell_that_lacks_them() {
    let mut r = run();
    r.relative_to = vec![RelativeTo::Fastest, RelativeTo::Slowest];
    let expected: Vec<Vec<Relative>> = r
        .cells
        .iter()
        .map(|c| r.relative_to.iter().map(|to| relative(&r, to, c)).collect())
        .collect();
    complete(&mut r, &[]);
    let stored: Vec<Vec<Relative>> = r.cells.iter().map(|c| c.relative.clone()).collect();
    assert_eq!(stored, expected);
    // Once: a second pass adds nothing.
    complete(&mut r, &[]);
    assert!(r.cells.iter().all(|c| c.relative.len() == 2));
}
