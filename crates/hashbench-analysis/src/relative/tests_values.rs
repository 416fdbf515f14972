//! Relative columns on a hand-built run, every figure derived by hand: which cell is
//! the reference, which cells are kept out of the race, and the column's own unit.

use super::*;
use hashbench_model::testutil::analysis::flagged;
use hashbench_model::testutil::{cell_with, run_with};

/// At 1 KiB: a/a 100 ns, b/b 250 ns, c/c 50 ns but above the ceiling, d/d 400 ns with a
/// high spread, e/e 20 ns but flat-scaling, z/z 0 ns (a broken timer). At 4 KiB: a/a
/// 300 ns alone. Baselines at 1 KiB: read 10 ns, memcpy 800 ns.
fn run() -> Run {
    let mut run = run_with(vec![
        cell_with("a/a", 1, 1024, 100.0),
        cell_with("b/b", 1, 1024, 250.0),
        flagged(cell_with("c/c", 1, 1024, 50.0), FlagCode::AboveCeiling),
        flagged(cell_with("d/d", 1, 1024, 400.0), FlagCode::HighSpread),
        flagged(cell_with("e/e", 1, 1024, 20.0), FlagCode::FlatScaling),
        {
            let mut z = cell_with("z/z", 1, 1024, 1.0);
            z.summary.median = hashbench_stats::Nanos(0.0);
            z
        },
        cell_with("a/a", 1, 4096, 300.0),
    ]);
    run.baselines = vec![
        cell_with("baseline/read", 1, 1024, 10.0),
        cell_with("baseline/memcpy", 1, 1024, 800.0),
    ];
    run
}

/// (implementation, value) of every 1 KiB cell and baseline, values rounded to 1e-9.
fn column(run: &Run, to: &RelativeTo) -> Vec<(String, Option<f64>)> {
    run.cells
        .iter()
        .chain(&run.baselines)
        .filter(|c| c.size == 1024)
        .map(|c| {
            let v = relative(run, to, c).value.map(|v| (v * 1e9).round() / 1e9);
            (c.implementation.to_string(), v)
        })
        .collect()
}

fn expect(pairs: &[(&str, Option<f64>)]) -> Vec<(String, Option<f64>)> {
    pairs.iter().map(|&(i, v)| (i.to_string(), v)).collect()
}

#[test]
fn fastest_is_the_quickest_believable_hash_cell() {
    // c/c (above the ceiling), e/e (flat) and z/z (0 ns) cannot be the fastest, nor a
    // baseline: the fastest is a/a at 100 ns, and each value is time / 100.
    let run = run();
    assert_eq!(
        column(&run, &RelativeTo::Fastest),
        expect(&[
            ("a/a", Some(1.0)),
            ("b/b", Some(2.5)),
            ("c/c", Some(0.5)),
            ("d/d", Some(4.0)),
            ("e/e", Some(0.2)),
            // A 0 ns cell has no ratio.
            ("z/z", None),
            ("baseline/read", Some(0.1)),
            ("baseline/memcpy", Some(8.0)),
        ])
    );
    let r = relative(&run, &RelativeTo::Fastest, &run.cells[0]);
    assert!(r.is_reference);
    assert_eq!(
        r.reference,
        Some(hashbench_model::SeriesKey {
            implementation: "a/a".into(),
            pattern: hashbench_model::Pattern::Oneshot,
            threads: 1,
            mode: hashbench_model::Mode::Throughput,
        })
    );
    assert_eq!(r.time_ratio, Some(1.0));
    assert!(!relative(&run, &RelativeTo::Fastest, &run.cells[1]).is_reference);
    // At 4 KiB a/a is alone and the fastest.
    assert_eq!(
        relative(&run, &RelativeTo::Fastest, &run.cells[6]).shown(),
        "fastest"
    );
}

#[test]
fn slowest_is_the_slowest_believable_hash_cell_in_percent_more_calls() {
    // d/d (400 ns, only high-spread) stays in the race and is the slowest; memcpy
    // (800 ns) is a baseline and does not count. Value: (400 / t − 1) · 100 %.
    let run = run();
    assert_eq!(
        column(&run, &RelativeTo::Slowest),
        expect(&[
            ("a/a", Some(300.0)),
            ("b/b", Some(60.0)),
            ("c/c", Some(700.0)),
            ("d/d", Some(0.0)),
            ("e/e", Some(1900.0)),
            ("z/z", None),
            ("baseline/read", Some(3900.0)),
            ("baseline/memcpy", Some(-50.0)),
        ])
    );
    let d = relative(&run, &RelativeTo::Slowest, &run.cells[3]);
    assert!(d.is_reference);
    assert_eq!(d.shown(), "slowest");
    // b/b: 400 / 250 = 1.6, +60 %; its time ratio is 250 / 400.
    let b = relative(&run, &RelativeTo::Slowest, &run.cells[1]);
    assert_eq!(b.time_ratio, Some(0.625));
    assert_eq!(b.shown(), "+60.00 %");
}

#[test]
fn an_id_compares_with_that_cell_even_a_flagged_one_or_a_baseline() {
    let run = run();
    // Against c/c (50 ns, flagged above the ceiling): an id is what the user asked for.
    assert_eq!(
        column(&run, &RelativeTo::parse("c/c")),
        expect(&[
            ("a/a", Some(2.0)),
            ("b/b", Some(5.0)),
            ("c/c", Some(1.0)),
            ("d/d", Some(8.0)),
            ("e/e", Some(0.4)),
            ("z/z", None),
            ("baseline/read", Some(0.2)),
            ("baseline/memcpy", Some(16.0)),
        ])
    );
    // Against memcpy (800 ns), a baseline: a/a takes 100 / 800 = 0.125 of its time.
    let a = relative(&run, &RelativeTo::parse("baseline/memcpy"), &run.cells[0]);
    assert_eq!(a.value, Some(0.125));
    assert_eq!(a.shown(), "0.125 (-88%)");
    // Against z/z (0 ns): no ratio, shown as a dash.
    let z = relative(&run, &RelativeTo::parse("z/z"), &run.cells[0]);
    assert_eq!((z.time_ratio, z.value), (None, None));
    assert_eq!(z.shown(), "-");
    // An id not measured at this size: no reference.
    let none = relative(&run, &RelativeTo::parse("b/b"), &run.cells[6]);
    assert_eq!(none.reference, None);
    assert!(!none.is_reference);
}

#[test]
fn no_believable_cell_means_no_fastest() {
    let run = run_with(vec![flagged(
        cell_with("c/c", 1, 64, 50.0),
        FlagCode::AboveCeiling,
    )]);
    let r = relative(&run, &RelativeTo::Fastest, &run.cells[0]);
    assert_eq!((r.reference, r.value), (None, None));
    assert!(!r.is_reference);
}

#[test]
fn apply_fills_cells_and_baselines_in_column_order() {
    let mut run = run();
    let columns = [RelativeTo::Slowest, RelativeTo::Fastest];
    apply(&mut run, &columns);
    assert_eq!(run.relative_to, columns);
    // memcpy: +% vs slowest −50, then 8x the fastest.
    let memcpy = &run.baselines[1];
    let values: Vec<Option<f64>> = memcpy.relative.iter().map(|r| r.value).collect();
    assert_eq!(values, [Some(-50.0), Some(8.0)]);
    assert_eq!(run.cells[1].relative[1].value, Some(2.5));
    // The stored figure is what is read (a file's own numbers are shown).
    let mut stored_cell = run.cells[1].clone();
    stored_cell.relative[1].value = Some(9.0);
    assert_eq!(stored(&RelativeTo::Fastest, &stored_cell).value, Some(9.0));
    // A column the cell has no figure for reads "-": a renderer never computes it.
    let missing = stored(&RelativeTo::parse("a/a"), &stored_cell);
    assert_eq!((missing.value, missing.shown()), (None, "-".to_string()));
}

#[test]
fn complete_fills_only_the_columns_a_file_lacks() {
    let mut run = run();
    apply(&mut run, &[RelativeTo::Fastest]);
    // A file's own figure is kept; the column it lacks is computed once: b/b is 250/100
    // of a/a, and the baselines get it too.
    run.cells[1].relative[0].value = Some(9.0);
    run.relative_to.push(RelativeTo::parse("a/a"));
    assert!(!is_complete(&run, &[]));
    complete(&mut run, &[]);
    assert!(is_complete(&run, &[]));
    assert_eq!(run.cells[1].relative[0].value, Some(9.0));
    assert_eq!(run.cells[1].relative[1].value, Some(2.5));
    assert_eq!(run.baselines[1].relative.len(), 2);
}

#[test]
fn shown_switches_from_faster_to_slower_at_one() {
    let r = |to: RelativeTo, value: f64, is_reference: bool| Relative {
        to,
        reference: None,
        time_ratio: Some(value),
        value: Some(value),
        is_reference,
    };
    assert_eq!(r(RelativeTo::Fastest, 1.0, false).shown(), "1.00× slower");
    assert_eq!(r(RelativeTo::Fastest, 0.8, false).shown(), "1.25× faster");
    assert_eq!(r(RelativeTo::Slowest, -12.5, false).shown(), "-12.50 %");
    assert_eq!(
        r(RelativeTo::parse("x/y"), 1.141, false).shown(),
        "1.141 (+14%)"
    );
    assert_eq!(r(RelativeTo::parse("x/y"), 1.0, true).shown(), "1.0");
}

#[test]
fn names_headings_and_csv_columns() {
    let mut run = run();
    let id = RelativeTo::parse("a/a@hex");
    assert_eq!(id.id_and_pattern(), Some(("a/a", Some("hex"))));
    assert_eq!(
        RelativeTo::parse("a/a").id_and_pattern(),
        Some(("a/a", None))
    );
    assert_eq!(RelativeTo::Fastest.id_and_pattern(), None);
    assert_eq!(RelativeTo::Fastest.heading(&run), "× slower than fastest");
    assert_eq!(RelativeTo::Slowest.heading(&run), "+% vs slowest");
    assert_eq!(id.heading(&run), "perf vs a/a@hex");
    run.suite = Some(hashbench_model::SuiteInfo {
        name: "s".into(),
        layout: hashbench_model::Layout::default(),
        labels: [("a/a@hex".to_string(), "A (hex)".to_string())].into(),
        notes: Vec::new(),
    });
    assert_eq!(id.heading(&run), "perf vs A (hex)");
    let csv: Vec<String> = [RelativeTo::Fastest, RelativeTo::Slowest, id.clone()]
        .iter()
        .map(RelativeTo::csv_column)
        .collect();
    assert_eq!(
        csv,
        ["x_slower_than_fastest", "pct_vs_slowest", "perf_vs_a/a@hex"]
    );
    let names: Vec<String> = [RelativeTo::Fastest, RelativeTo::Slowest, id]
        .into_iter()
        .map(String::from)
        .collect();
    assert_eq!(names, ["fastest", "slowest", "a/a@hex"]);
    assert_eq!(RelativeTo::from("slowest".to_string()), RelativeTo::Slowest);
}

#[test]
fn the_default_reference_is_the_first_blake3_cell_else_the_fastest() {
    use hashbench_model::testutil::{cell_times, Times};
    // The cycle view's run (hashbench-report's cycles tests): sha2-256/y before blake3/x
    // at 4 KiB, and the nop and memcpy floors, which are never the reference.
    let mut run = run_with(vec![
        cell_times("sha2-256/y", 4096, Times::at(4000.0)),
        cell_times("blake3/x", 4096, Times::at(1000.0)),
    ]);
    run.baselines = vec![
        cell_times("baseline/memcpy", 4096, Times::at(50.0)),
        cell_times("baseline/nop", 4096, Times::at(10.0)),
    ];
    assert_eq!(
        default_relative_to(&run),
        [RelativeTo::Cell("blake3/x".into())]
    );
    let run = run_with(vec![cell_times("sha1/x", 64, Times::at(100.0))]);
    assert_eq!(default_relative_to(&run), [RelativeTo::Fastest]);
}
