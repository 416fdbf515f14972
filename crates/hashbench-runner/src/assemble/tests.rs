use hashbench_model::testutil::cell_with;
use hashbench_model::{Cell, NoReadCeiling};

use super::{floor_around_machine, read_ceilings};

const MIB: u64 = 1 << 20;

/// A cell taking `ns` per call of 1 MiB on `threads` threads.
fn at(id: &str, threads: usize, ns: f64) -> Cell {
    cell_with(id, threads, MIB, ns)
}

#[test]
fn a_cell_on_n_threads_is_divided_by_the_read_on_n_threads() {
    // One thread reads 1 MiB in 100 us, two threads in 50 us; the cell takes 80 us on
    // two threads: 62.5 % of the two-thread read (it would be 125 % of one thread's).
    let baselines = vec![
        at("baseline/read", 1, 100_000.0),
        at("baseline/read", 2, 50_000.0),
    ];
    let mut cells = vec![
        at("blake3/blake3+rayon", 2, 80_000.0),
        at("blake3/blake3", 1, 200_000.0),
    ];
    read_ceilings(&mut cells, &baselines);
    let two = cells[0]
        .fraction_of_read_ceiling
        .expect("a ceiling on 2 threads");
    assert!((two - 0.625).abs() < 1e-3, "{two}");
    assert_eq!(cells[0].no_read_ceiling, None);
    let one = cells[1]
        .fraction_of_read_ceiling
        .expect("a ceiling on 1 thread");
    assert!((one - 0.5).abs() < 1e-3, "{one}");
}

#[test]
fn without_a_read_on_its_threads_a_cell_has_no_fraction_and_says_why() {
    let baselines = vec![at("baseline/read", 1, 100_000.0)];
    let mut cells = vec![at("blake3/blake3+rayon", 4, 80_000.0)];
    read_ceilings(&mut cells, &baselines);
    assert_eq!(cells[0].fraction_of_read_ceiling, None);
    assert_eq!(
        cells[0].no_read_ceiling,
        Some(NoReadCeiling::NoReadOnThreads { threads: 4 })
    );

    // No baselines at all (`--no-baselines`).
    read_ceilings(&mut cells, &[]);
    assert_eq!(cells[0].no_read_ceiling, Some(NoReadCeiling::NoRead));
}

#[test]
fn a_figure_past_the_cores_own_caches_reaches_the_shared_cache_floor() {
    use hashbench_model::{CellWander, ClassWander, RunToRun, SizeClass};
    use hashbench_stats::rounds::{FLOOR, SHARED_CACHE_FLOOR};
    let mut host = hashbench_host::Host::detect();
    host.caches = vec![hashbench_host::Cache {
        level: 2,
        kind: "unified".into(),
        size_bytes: MIB,
        shared_by_cpus: None,
    }];
    let none = RunToRun::default();
    let at = |bytes| hashbench_model::testutil::cell_with("a/x", 1, bytes, 10.0);
    assert_eq!(floor_of(&host, &at(64 << 10), &none), FLOOR);
    assert_eq!(floor_of(&host, &at(MIB), &none), SHARED_CACHE_FLOOR);
    // What earlier runs saw a class move widens it, and never narrows another's floor.
    let learned = RunToRun {
        classes: vec![
            ClassWander {
                class: SizeClass::Core,
                reach: 0.02,
                moves: 40,
                runs: 3,
            },
            ClassWander {
                class: SizeClass::Shared,
                reach: 0.001,
                moves: 40,
                runs: 3,
            },
        ],
        cells: [(
            hashbench_model::cell_key(&at(64)),
            CellWander {
                reach: 0.03,
                moves: 8,
            },
        )]
        .into(),
        around_machine: Some(Box::new(RunToRun {
            classes: vec![ClassWander {
                class: SizeClass::Core,
                reach: 0.008,
                moves: 40,
                runs: 3,
            }],
            ..RunToRun::default()
        })),
    };
    // Around the run's move, as far as cells moved around their runs' moves in the
    // class; nothing where nothing of that was learned.
    let around = |bytes, learned| {
        let key = hashbench_model::cell_key(&at(bytes));
        floor_around_machine(&host, bytes, &key, learned)
    };
    assert_eq!(around(64 << 10, &learned), Some(0.008));
    assert_eq!(around(MIB, &learned), None);
    assert_eq!(around(64 << 10, &none), None);
    assert_eq!(floor_of(&host, &at(64 << 10), &learned), 0.02);
    assert_eq!(floor_of(&host, &at(MIB), &learned), SHARED_CACHE_FLOOR);
    // A cell's own moves, where it has them, reach past its class's.
    assert_eq!(floor_of(&host, &at(64), &learned), 0.03);
    let other = hashbench_model::testutil::cell_with("b/y", 1, 64, 10.0);
    assert_eq!(floor_of(&host, &other, &learned), FLOOR);
    // A machine whose caches are unknown keeps the statistics' own floor.
    host.caches.clear();
    assert_eq!(floor_of(&host, &at(MIB), &none), FLOOR);
    // The floor widens a narrow interval and leaves a wide one.
    let figure = hashbench_stats::undisturbed(&[hashbench_stats::Round::exact(1000.0); 3])
        .expect("a figure");
    let narrow = hashbench_stats::RoundFigure {
        ci_low_ns: 999.0,
        ci_high_ns: 1001.0,
        ..figure.clone()
    };
    let floored = narrow.with_floor(SHARED_CACHE_FLOOR);
    assert!((floored.ci_low_ns - 985.0).abs() < 1e-9, "{floored:?}");
    assert!((floored.ci_high_ns - 1015.0).abs() < 1e-9, "{floored:?}");
    let wide = hashbench_stats::RoundFigure {
        ci_low_ns: 950.0,
        ci_high_ns: 1100.0,
        ..figure
    };
    let kept = wide.with_floor(SHARED_CACHE_FLOOR);
    assert_eq!((kept.ci_low_ns, kept.ci_high_ns), (950.0, 1100.0));
}

/// How far `cell`'s interval reaches at least, as a run reaches it.
fn floor_of(host: &hashbench_host::Host, cell: &Cell, learned: &hashbench_model::RunToRun) -> f64 {
    super::floor_for(
        host,
        cell.size.max_bytes(),
        &hashbench_model::cell_key(cell),
        learned,
    )
}
