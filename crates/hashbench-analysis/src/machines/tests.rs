use hashbench_model::testutil::{cell_times, run_with, Times};
use hashbench_model::{Run, Size};

use super::*;

/// A cell of `time` ns with a ±`ci` % interval (no rounds: ties by overlap).
fn at(id: &str, size: u64, time: f64, ci: f64) -> Cell {
    cell_times(
        id,
        size,
        Times {
            ci_percent: ci,
            ..Times::at(time)
        },
    )
}

fn machine_run(cpu: &str, cells: Vec<Cell>) -> Run {
    let mut r = run_with(cells);
    r.host.cpu_model = cpu.into();
    r
}

#[test]
fn differences_name_cpu_cores_and_memory_and_nothing_for_one_machine() {
    let a = machine_run("A", vec![]);
    assert!(differences(&a, &a.clone()).is_empty());
    let mut b = machine_run("B", vec![]);
    b.host.logical_cores = 16;
    b.host.memory_bytes = Some(1 << 30);
    assert_eq!(differences(&a, &b), ["CPU model", "core count", "memory"]);
}

#[test]
fn each_machine_keeps_its_figure_and_the_ratio_takes_both_intervals() {
    let a = machine_run(
        "A",
        vec![at("x/a", 64, 10.0, 1.0), at("y/a", 64, 20.0, 0.0)],
    );
    let b = machine_run("B", vec![at("x/a", 64, 30.0, 2.0), at("z/a", 64, 5.0, 0.0)]);
    let v = view(&[("a.json", &a), ("b.json", &b)]);
    assert_eq!(v.machines[1].cpu_model, "B");
    let x = v
        .rows
        .iter()
        .find(|r| r.key.series.implementation.id() == "x/a")
        .unwrap();
    assert_eq!(x.figures[0].unwrap().median_ns, 10.0);
    assert_eq!(x.figures[1].unwrap().median_ns, 30.0);
    let r = x.ratios[0].unwrap();
    // 30 / 10; low 29.4 / 10.1, high 30.6 / 9.9.
    assert!((r.ratio - 3.0).abs() < 1e-12);
    assert!((r.low - 29.4 / 10.1).abs() < 1e-9, "{r:?}");
    assert!((r.high - 30.6 / 9.9).abs() < 1e-9, "{r:?}");
    // A cell one machine lacks has no figure there and no ratio.
    let y = v
        .rows
        .iter()
        .find(|r| r.key.series.implementation.id() == "y/a")
        .unwrap();
    assert!(y.figures[1].is_none() && y.ratios[0].is_none());
}

#[test]
fn rankings_say_where_the_answer_and_the_order_change() {
    let a = machine_run(
        "A",
        vec![
            at("x/a", 64, 10.0, 0.0),
            at("y/a", 64, 20.0, 0.0),
            at("z/a", 64, 30.0, 0.0),
            at("only/a", 64, 1.0, 0.0),
        ],
    );
    let b = machine_run(
        "B",
        vec![
            at("x/a", 64, 30.0, 0.0),
            at("y/a", 64, 15.0, 0.0),
            at("z/a", 64, 40.0, 0.0),
        ],
    );
    let v = view(&[("a", &a), ("b", &b)]);
    let r = &v.rankings[0];
    assert_eq!(r.size, Size::Bytes(64));
    // only/a, fastest on A, is not ranked: B never measured it.
    assert_eq!(r.not_everywhere, ["only/a"]);
    let order: Vec<&str> = r.placed.iter().map(|p| p.implementation.as_str()).collect();
    assert_eq!(order, ["x/a", "y/a", "z/a"]);
    assert_eq!(
        r.answers,
        [vec!["x/a".to_string()], vec!["y/a".to_string()]]
    );
    assert!(r.answer_changes);
    // x and y swap; z is last on both.
    assert_eq!(r.reordered_pairs, 1);
    let moved: Vec<bool> = r.placed.iter().map(|p| p.reordered).collect();
    assert_eq!(moved, [true, true, false]);
    assert_eq!(r.placed[0].places[1].mark(), "2");
}

#[test]
fn a_tie_on_one_machine_is_no_change_of_order_or_answer() {
    // On B, x and y overlap (±30 %): tied, so neither order is shown there.
    let a = machine_run(
        "A",
        vec![at("x/a", 64, 10.0, 0.0), at("y/a", 64, 20.0, 0.0)],
    );
    let b = machine_run(
        "B",
        vec![at("x/a", 64, 12.0, 30.0), at("y/a", 64, 11.0, 30.0)],
    );
    let v = view(&[("a", &a), ("b", &b)]);
    let r = &v.rankings[0];
    assert_eq!(r.reordered_pairs, 0);
    assert!(!r.answer_changes, "{:?}", r.answers);
    let x = r.placed.iter().find(|p| p.implementation == "x/a").unwrap();
    assert_eq!(x.places[1].mark(), "=1");
}
