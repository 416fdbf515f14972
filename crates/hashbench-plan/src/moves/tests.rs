use super::*;
use hashbench_model::testutil::{cell_with, run_with};
use hashbench_model::{CellWander, Flag, FlagCode, MIN_CELL_MOVES, MIN_MOVES, MIN_RUNS};
use hashbench_stats::{undisturbed, Round};

const DAY: u64 = 86_400;

/// A run of one cell per figure (`sha/x` at 64 B, `crc/y` at 4 KiB, ...), each settled
/// on three rounds at its figure.
fn run_of(figures: &[(&str, u64, f64)]) -> Run {
    run_with(
        figures
            .iter()
            .map(|&(name, size, ns)| {
                let mut c = cell_with(name, 1, size, ns);
                c.figure = undisturbed(&[Round::exact(ns); 3]);
                c
            })
            .collect(),
    )
}

#[test]
fn a_cell_measured_again_leaves_a_move_in_its_class() {
    let mut m = MoveMemory::default();
    assert!(m.record(
        "b",
        &run_of(&[("a/x", 64, 100.0), ("a/x", 4096, 1000.0)]),
        DAY
    ));
    // The first run has nothing to move from.
    assert!(m.builds["b"].runs.is_empty());
    assert!(m.record(
        "b",
        &run_of(&[("a/x", 64, 102.0), ("a/x", 4096, 990.0)]),
        DAY
    ));
    let runs = &m.builds["b"].runs;
    assert!(
        (runs[&SizeClass::Small][0].points[0] - 0.02).abs() < 1e-12,
        "{runs:?}"
    );
    assert!(
        (runs[&SizeClass::Core][0].points[0] - 0.01).abs() < 1e-12,
        "{runs:?}"
    );
    // Another build's runs are another memory.
    assert!(m.recall("other").is_empty());
}

#[test]
fn a_class_learns_its_reach_from_enough_moves_only() {
    let mut m = MoveMemory::default();
    // Twenty moves of 1 % each, one of 30 %: the 95th percentile of 21 is the 20th.
    let mut ns = 100.0;
    for i in 0..=MIN_MOVES {
        assert!(m.record("b", &run_of(&[("a/x", 64, ns)]), DAY + i as u64));
        ns *= 1.01;
        if i == 0 {
            assert!(m.recall("b").is_empty(), "no move yet");
        }
    }
    let learned = m.recall("b");
    let small = learned.classes[0];
    assert_eq!(
        (small.class, small.moves, small.runs),
        (SizeClass::Small, MIN_MOVES, MIN_MOVES)
    );
    assert!((small.reach - 0.01).abs() < 1e-6, "{small:?}");
    assert!(m.record("b", &run_of(&[("a/x", 64, ns * 1.3)]), 2 * DAY));
    let learned = m.recall("b");
    assert!(
        (learned.classes[0].reach - 0.01).abs() < 1e-6,
        "{learned:?}"
    );
    // The cell's own last moves hold the big one (1.01 x 1.3).
    assert!(
        learned
            .cells
            .values()
            .all(|c| (c.reach - 0.313).abs() < 1e-6),
        "{learned:?}"
    );
    // One move short of the least: nothing learned of the class.
    let build = m.builds.get_mut("b").expect("b");
    build
        .runs
        .get_mut(&SizeClass::Small)
        .expect("small")
        .truncate(MIN_MOVES - 1);
    assert!(m.recall("b").classes.is_empty());
}

#[test]
fn doubted_figures_and_doubted_runs_are_not_moves() {
    let mut m = MoveMemory::default();
    assert!(m.record("b", &run_of(&[("a/x", 64, 100.0)]), DAY));
    let mut flagged = run_of(&[("a/x", 64, 175.0)]);
    flagged.cells[0]
        .flags
        .push(Flag::new(FlagCode::SlowPhase, String::new()));
    assert!(!m.record("b", &flagged, DAY));
    let mut cut = run_of(&[("a/x", 64, 175.0)]);
    cut.complete = false;
    assert!(!m.record("b", &cut, DAY));
    let mut unsettled = run_of(&[("a/x", 64, 175.0)]);
    if let Some(f) = unsettled.cells[0].figure.as_mut() {
        f.settled = false;
    }
    assert!(!m.record("b", &unsettled, DAY));
    assert!(m.builds["b"].runs.is_empty());
    assert_eq!(
        m.builds["b"].last.values().next().map(|l| l.median_ns),
        Some(100.0)
    );
    // A wide interval is no doubt about the figure: its move counts.
    let mut wide = run_of(&[("a/x", 64, 101.0)]);
    wide.cells[0]
        .flags
        .push(Flag::new(FlagCode::WideInterval, String::new()));
    assert!(m.record("b", &wide, DAY));
    assert_eq!(m.builds["b"].runs[&SizeClass::Small].len(), 1);
}

#[test]
fn old_figures_are_no_move_and_old_builds_are_forgotten() {
    let mut m = MoveMemory::default();
    assert!(m.record("old", &run_of(&[("a/x", 64, 100.0)]), DAY));
    let later = DAY + KEPT_DAYS * DAY + 1;
    for (i, b) in ["b1", "b2", "b3", "b4"].into_iter().enumerate() {
        assert!(m.record(b, &run_of(&[("a/x", 64, 100.0)]), later + i as u64));
    }
    assert!(!m.builds.contains_key("old"), "stale build kept");
    assert!(m.record(
        "b1",
        &run_of(&[("a/x", 64, 50.0)]),
        later + KEPT_DAYS * DAY + 10
    ));
    assert!(m.builds["b1"].runs.is_empty(), "a stale figure made a move");
    for i in 0..KEPT_BUILDS + 1 {
        assert!(m.record(
            &format!("n{i}"),
            &run_of(&[("a/x", 64, 1.0)]),
            100 * DAY + i as u64
        ));
    }
    assert_eq!(m.builds.len(), KEPT_BUILDS);
    assert!(!m.builds.contains_key("n0"));
}

#[test]
fn a_build_keeps_its_newest_figures() {
    let mut m = MoveMemory::default();
    let names: Vec<String> = (0..KEPT_FIGURES + 5).map(|i| format!("a/{i}")).collect();
    for (i, name) in names.iter().enumerate() {
        assert!(m.record("b", &run_of(&[(name, 64, 10.0)]), DAY + i as u64));
    }
    let last = &m.builds["b"].last;
    assert_eq!(last.len(), KEPT_FIGURES);
    assert!(
        last.keys().all(|k| !k.starts_with("a/0 ")),
        "the oldest was kept"
    );
    // The file reads back as written.
    let text = serde_json::to_string(&m).expect("serialises");
    let back: MoveMemory = serde_json::from_str(&text).expect("reads back");
    assert_eq!(back, m);
}

/// What `learned` says of the cell whose key starts with `name`.
fn cell_of(learned: &RunToRun, name: &str) -> Option<CellWander> {
    learned
        .cells
        .iter()
        .find(|(k, _)| k.starts_with(name))
        .map(|(_, c)| *c)
}

#[test]
fn a_cell_that_moves_more_than_its_class_reaches_as_far_as_it_moved() {
    let mut m = MoveMemory::default();
    // Two cells of one class: one steady to 0.1 %, one that swings 3 % each run.
    for i in 0..=MIN_CELL_MOVES {
        let swing = if i % 2 == 0 { 100.0 } else { 103.0 };
        let run = run_of(&[
            ("steady/x", 64, 50.0 * (1.0 + 0.001 * (i % 2) as f64)),
            ("swing/y", 64, swing),
        ]);
        assert!(m.record("b", &run, DAY + i as u64));
    }
    let learned = m.recall("b");
    let swing = cell_of(&learned, "swing/y");
    let swing = swing.expect("the swinging cell learned its reach");
    assert_eq!(swing.moves, MIN_CELL_MOVES);
    assert!((swing.reach - 0.03).abs() < 1e-3, "{swing:?}");
    // Too few moves in the class for a class reach: each cell stands on its own.
    assert!(learned.classes.is_empty());
    // Moves beyond the last few leave their two largest (a burst, not a glitch), the
    // smaller of which the cell still reaches ...
    for i in 0..KEPT_CELL_MOVES + 3 {
        assert!(m.record("b", &run_of(&[("swing/y", 64, 100.0)]), 2 * DAY + i as u64));
    }
    let swing = cell_of(&m.recall("b"), "swing/y").expect("learned");
    assert_eq!((swing.reach, swing.moves), (0.03, KEPT_CELL_MOVES));
    assert_eq!(
        m.builds["b"].last[&cell_key(&run_of(&[("swing/y", 64, 1.0)]).cells[0])]
            .peaks
            .len(),
        PEAKS
    );
    // ... for as long as a fresh figure's: a cell measured daily forgets them a week on.
    for day in 3..=(3 + KEPT_DAYS) {
        assert!(m.record("b", &run_of(&[("swing/y", 64, 100.0)]), day * DAY));
    }
    let swing = cell_of(&m.recall("b"), "swing/y").expect("learned");
    assert_eq!((swing.reach, swing.moves), (0.0, KEPT_CELL_MOVES));
}

#[test]
fn a_move_no_machine_makes_is_not_read() {
    let mut m = MoveMemory::default();
    assert!(m.record("b", &run_of(&[("a/x", 64, 100.0)]), DAY));
    let build = m.builds.get_mut("b").expect("b");
    for last in build.last.values_mut() {
        last.moves = vec![1e300, -5.0, f64::NAN, 0.01, 0.02, 0.01, 0.01, 0.01];
    }
    let cell = cell_of(&m.recall("b"), "a/x").expect("five plausible moves");
    assert_eq!((cell.reach, cell.moves), (0.02, 5));
}

/// A key of the form the binary writes, for the machine `machine` and the build `build`.
fn real_key(machine: &str, build: &str) -> String {
    format!("{machine} | x86_64 | hashbench 0.1.0 {build} | target-cpu default | rustflags []")
}

#[test]
fn a_new_build_reads_what_the_builds_before_it_learned_of_the_machine() {
    let (old, new) = (real_key("cpu", "aaa"), real_key("cpu", "bbb"));
    let mut m = MoveMemory::default();
    for i in 0..=MIN_MOVES {
        let ns = if i % 2 == 0 { 100.0 } else { 102.0 };
        assert!(m.record(&old, &run_of(&[("a/x", 64, ns)]), DAY + i as u64));
    }
    // A build never run here reads the older build's moves: class and cell.
    let learned = m.recall(&new);
    assert_eq!(learned.classes.len(), 1, "{learned:?}");
    assert_eq!(learned.classes[0].moves, MIN_MOVES);
    assert!(cell_of(&learned, "a/x").is_some_and(|c| c.moves == KEPT_CELL_MOVES));
    // Its own moves come first: nineteen steady ones stand for the cell alone.
    for i in 0..=KEPT_CELL_MOVES {
        assert!(m.record(&new, &run_of(&[("a/x", 64, 50.0)]), 2 * DAY + i as u64));
    }
    let own = cell_of(&m.recall(&new), "a/x").expect("own moves");
    assert_eq!((own.reach, own.moves), (0.0, KEPT_CELL_MOVES));
    // Another machine, another optimisation or other compile flags are another lineage.
    for other in [
        real_key("other cpu", "bbb"),
        real_key("cpu", "bbb unoptimised"),
        real_key("cpu", "bbb").replace("rustflags []", "rustflags [-C target-cpu=native]"),
    ] {
        assert!(m.recall(&other).is_empty(), "{other}");
    }
    assert_eq!(lineage(&old), lineage(&new));
    assert_eq!(lineage("no hashbench in it"), "no hashbench in it");
}

#[test]
fn a_baseline_learns_its_own_moves_and_not_its_class() {
    let mut m = MoveMemory::default();
    for i in 0..=MIN_CELL_MOVES {
        let mut run = run_of(&[("a/x", 64, 100.0)]);
        let ns = if i % 2 == 0 { 10.0 } else { 11.0 };
        let mut nop = cell_with("baseline/nop", 1, 4096, ns);
        nop.figure = undisturbed(&[Round::exact(ns); 3]);
        run.baselines.push(nop);
        assert!(m.record("b", &run, DAY + i as u64));
    }
    let nop = cell_of(&m.recall("b"), "baseline/nop").expect("the baseline's own moves");
    assert!((nop.reach - 0.1).abs() < 1e-6, "{nop:?}");
    assert!(!m.builds["b"].runs.contains_key(&SizeClass::Core));
}

/// A run of `n` cells at 64 B (`c0/x`, `c1/x`, ...), every figure `ns`.
fn wide_run(n: usize, ns: f64) -> Run {
    let names: Vec<String> = (0..n).map(|i| format!("c{i}/x")).collect();
    let figures: Vec<(&str, u64, f64)> = names.iter().map(|c| (c.as_str(), 64, ns)).collect();
    run_of(&figures)
}

#[test]
fn a_class_weighs_each_run_the_same_however_many_cells_it_moved() {
    let mut m = MoveMemory::default();
    assert!(m.record("b", &wide_run(100, 100.0), DAY));
    // Eighteen runs in which a hundred cells stay put, then one in which all of them
    // read 2 % slower and one back: a tenth of the runs moved everything together, and
    // the class reaches that far.
    for i in 1..=18 {
        assert!(m.record("b", &wide_run(100, 100.0), DAY + i));
    }
    assert!(m.record("b", &wide_run(100, 102.0), DAY + 19));
    assert!(m.record("b", &wide_run(100, 100.0), DAY + 20));
    let learned = m.recall("b");
    let small = learned.classes[0];
    assert_eq!((small.moves, small.runs), (2000, 20), "{small:?}");
    assert!((small.reach - 0.0196).abs() < 1e-4, "{small:?}");
    // Each run's hundred moves were kept as RUN_POINTS of them.
    assert!(m.builds["b"].runs[&SizeClass::Small]
        .iter()
        .all(|r| r.moves == 100 && r.points.len() == RUN_POINTS));
    // Runs beyond the last KEPT_RUNS are forgotten: after as many steady runs, the
    // two whole-run moves are gone.
    for i in 0..KEPT_RUNS as u64 {
        assert!(m.record("b", &wide_run(100, 100.0), 2 * DAY + i));
    }
    let small = m.recall("b").classes[0];
    assert_eq!((small.runs, small.reach), (KEPT_RUNS, 0.0), "{small:?}");
}

#[test]
fn a_class_learns_nothing_from_fewer_runs_than_the_least_however_many_moves() {
    let mut m = MoveMemory::default();
    for i in 0..MIN_RUNS as u64 {
        assert!(m.record("b", &wide_run(50, 100.0 + i as f64), DAY + i));
        // The first run moves nothing; then one, then two runs of 50 moves.
        assert!(m.recall("b").classes.is_empty(), "after run {i}");
    }
    assert!(m.record("b", &wide_run(50, 100.0), DAY + 10));
    let small = m.recall("b").classes[0];
    assert_eq!((small.moves, small.runs), (150, MIN_RUNS));
}

#[test]
fn a_file_with_the_moves_of_all_runs_together_reads_them_as_one_run() {
    // A build as files before runs were kept apart held it: 40 moves, one of 3 %.
    let mut legacy = Moves::default();
    let mut moves = vec![0.001; 39];
    moves.push(0.03);
    legacy.moves.insert(SizeClass::Core, moves);
    let text = serde_json::json!({"version": 1, "builds": {"b": {
        "at": DAY, "last": {}, "moves": legacy.moves}}})
    .to_string();
    let mut m: MoveMemory = serde_json::from_str(&text).expect("an older file reads");
    // Read as one run: too few runs to learn from yet.
    assert!(m.recall("b").classes.is_empty());
    // Two more runs that moved a cell of the class: three runs, the old one among them.
    assert!(m.record("b", &run_of(&[("a/x", 4096, 100.0)]), DAY));
    for i in 1..=2 {
        assert!(m.record("b", &run_of(&[("a/x", 4096, 100.0)]), DAY + i));
    }
    let core = m.recall("b").classes[0];
    assert_eq!((core.runs, core.moves), (3, 42), "{core:?}");
    // The old moves became the oldest run; the file no longer holds them together.
    assert!(m.builds["b"].moves.is_empty());
    assert_eq!(m.builds["b"].runs[&SizeClass::Core][0].moves, 40);
    // The two new runs moved nothing; the old run's 3 % is the top 1/96 of the weight,
    // beyond the 95th percentile, which is the old run's 0.1 %.
    assert!((core.reach - 0.001).abs() < 1e-9, "{core:?}");
}

#[test]
fn a_small_run_weighs_as_much_as_a_big_one() {
    let mut m = MoveMemory::default();
    assert!(m.record("b", &wide_run(100, 100.0), DAY));
    assert!(m.record("b", &wide_run(1, 100.0), DAY));
    // Nine runs that moved nothing (eight of a hundred cells) and one of a single cell
    // 5 % off: counted move by move the 5 % would be 1 of 802 and below the 95th
    // percentile; as one run in ten it is the reach.
    for i in 1..=8 {
        assert!(m.record("b", &wide_run(100, 100.0), DAY + i));
    }
    assert!(m.record("b", &wide_run(1, 105.0), DAY + 9));
    let small = m.recall("b").classes[0];
    assert_eq!((small.runs, small.moves), (10, 802), "{small:?}");
    assert!((small.reach - 0.05).abs() < 1e-9, "{small:?}");
}

/// `run` with `read` and `memcpy` baselines at 64 B, each at `ns`.
fn with_machine(mut run: Run, ns: f64) -> Run {
    for name in ["baseline/read", "baseline/memcpy"] {
        let mut b = cell_with(name, 1, 64, ns);
        b.figure = undisturbed(&[Round::exact(ns); 3]);
        run.baselines.push(b);
    }
    run
}

#[test]
fn a_move_around_the_run_is_what_the_machines_move_leaves() {
    let mut m = MoveMemory::default();
    let own = |m: &MoveMemory| {
        m.builds["b"].last[&cell_key(&run_of(&[("a/x", 64, 1.0)]).cells[0])]
            .own_moves
            .clone()
    };
    // One run of `cell` at `ns`, its machine's kernels at `machine`, on day `day`.
    let record = |m: &mut MoveMemory, (cell, ns): (&str, f64), machine: f64, day: u64| {
        assert!(m.record(
            "b",
            &with_machine(run_of(&[(cell, 64, ns)]), machine),
            DAY + day
        ));
    };
    record(&mut m, ("a/x", 100.0), 10.0, 0);
    // The whole run 5 % slower, the cell with it: it moved 5 %, none of it its own.
    record(&mut m, ("a/x", 105.0), 10.5, 1);
    // The machine still, the cell 2 % slower: all of it its own.
    record(&mut m, ("a/x", 107.1), 10.5, 2);
    assert_eq!(own(&m), vec![0.0, 0.02]);
    let raw = &m.builds["b"].runs[&SizeClass::Small];
    assert_eq!((raw[0].points[0], raw[1].points[0]), (0.05, 0.02));
    let around = &m.builds["b"].own_runs[&SizeClass::Small];
    assert_eq!((around[0].points[0], around[1].points[0]), (0.0, 0.02));
    // A run without the cell, then one with it: its last figure is from a run the
    // machine's cells' last figures are not, so its move cannot be set apart.
    record(&mut m, ("c/x", 50.0), 10.5, 3);
    record(&mut m, ("a/x", 120.0), 10.5, 4);
    assert_eq!(own(&m), vec![0.0, 0.02]);
    assert_eq!(
        m.builds["b"]
            .last
            .values()
            .filter(|l| l.moves.len() == 3)
            .count(),
        1
    );
}

#[test]
fn whole_run_moves_reach_the_figures_and_not_around_them() {
    let mut m = MoveMemory::default();
    // Ten cells that move with their runs, 5 % one way and back, four times.
    for i in 0..5 {
        let k = if i % 2 == 0 { 1.0 } else { 1.05 };
        assert!(m.record(
            "b",
            &with_machine(wide_run(10, 100.0 * k), 10.0 * k),
            DAY + i
        ));
    }
    let learned = m.recall("b");
    let small = learned.classes[0];
    assert!((small.reach - 0.05).abs() < 1e-6, "{small:?}");
    let around = learned
        .around_machine
        .as_ref()
        .expect("moves around the runs");
    assert_eq!(around.classes[0].class, SizeClass::Small);
    assert!(around.classes[0].reach < 1e-6, "{around:?}");
    let key = cell_key(&wide_run(1, 1.0).cells[0]);
    assert!(learned.reach_around_machine(SizeClass::Small, &key) < Some(1e-6));
    assert!(learned.reach(SizeClass::Small, &key) > Some(0.049));
    // A file of a build before moves around the run were kept reads as one without them.
    let mut old = serde_json::to_value(&m).expect("serialises");
    let build = old["builds"]["b"].as_object_mut().expect("a build");
    build.remove("own_runs");
    for last in build["last"].as_object_mut().expect("cells").values_mut() {
        last.as_object_mut().expect("a cell").remove("own_moves");
    }
    let old: MoveMemory = serde_json::from_value(old).expect("an older file reads");
    assert!(old.recall("b").around_machine.is_none());
    assert_eq!(old.recall("b").classes, learned.classes);
}

#[test]
fn a_burst_around_the_run_is_remembered_longer_than_a_cells_own_moves() {
    let mut m = MoveMemory::default();
    let key = cell_key(&run_of(&[("a/x", 64, 1.0)]).cells[0]);
    let mut day = DAY;
    let mut at = |m: &mut MoveMemory, ns: f64| {
        day += 1;
        assert!(m.record("b", &with_machine(run_of(&[("a/x", 64, ns)]), 10.0), day));
    };
    at(&mut m, 100.0);
    // One move of 9 %, then thirty of under 0.5 %, the machine still.
    at(&mut m, 109.0);
    for i in 0..30 {
        at(&mut m, if i % 2 == 0 { 109.5 } else { 109.0 });
    }
    let learned = m.recall("b");
    let raw = learned.reach(SizeClass::Small, &key).expect("learned");
    let around = learned
        .reach_around_machine(SizeClass::Small, &key)
        .expect("learned");
    assert!(
        raw < 0.006,
        "its last {KEPT_CELL_MOVES} moves forgot the burst: {raw}"
    );
    assert!((around - 0.09).abs() < 1e-9, "{around}");
    assert_eq!(m.builds["b"].last[&key].own_moves.len(), 31);
}
