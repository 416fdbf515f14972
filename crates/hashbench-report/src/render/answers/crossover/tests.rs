use super::*;
use hashbench_analysis::costmodel::crossover;
use hashbench_model::{Cell, FlagCode};

/// The answer for the series `a` and `b` (no TSC; `complete` the run's).
fn answer(a: &[&Cell], b: &[&Cell], complete: bool) -> CrossoverAnswer {
    let x = crossover("a/a", a, "b/b", b);
    CrossoverAnswer::new(x, (a, b), None, complete)
}
use hashbench_model::testutil::cell_with;

#[test]
fn a_crossing_names_the_sizes_around_it_and_where_the_fits_cross() {
    // A: 1000 ns + 0.1 ns/B, B: 100 ns + 0.5 ns/B: B leads up to 1 KiB, A from
    // 4 KiB on; the lines cross at 900 / 0.4 = 2250 B.
    let sizes = [64u64, 1024, 4096, 65536];
    let a: Vec<Cell> = sizes
        .iter()
        .map(|&s| cell_with("a/a", 1, s, 1000.0 + 0.1 * s as f64))
        .collect();
    let b: Vec<Cell> = sizes
        .iter()
        .map(|&s| cell_with("b/b", 1, s, 100.0 + 0.5 * s as f64))
        .collect();
    let (a, b): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    let text = table(&answer(&a, &b, true));
    assert!(
        text.starts_with("crossover: A = a/a, B = b/b\n\n"),
        "{text}"
    );
    assert!(
        text.contains(
            "Measured: A is faster at every size from 4 KiB on, not at 1 KiB (the \
             crossover lies between them); B was last faster at 1 KiB.\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("Fit A: 1000 ns + 0.1000 ns/B (4 sizes)\n"),
        "{text}"
    );
    assert!(
        text.ends_with("Fitted lines cross at 2.2 KiB (2250 B).\n"),
        "{text}"
    );
}

#[test]
fn a_verdict_over_busy_cells_is_called_unreliable_in_both_forms() {
    let series = |id: &str, ns: f64| -> Vec<Cell> {
        [64u64, 4096]
            .iter()
            .map(|&s| cell_with(id, 1, s, ns * s as f64))
            .collect()
    };
    let (a, mut b) = (series("a/a", 0.1), series("b/b", 0.2));
    let (ra, rb): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    assert!(!table(&answer(&ra, &rb, true)).contains("UNRELIABLE"));
    assert!(!json(&answer(&ra, &rb, true))
        .unwrap()
        .contains("busy_cells"));
    b[1].flags.push(hashbench_model::Flag::new(
        FlagCode::BusyMachine,
        "waited".to_string(),
    ));
    let rb: Vec<&Cell> = b.iter().collect();
    let text = table(&answer(&ra, &rb, true));
    assert!(
        text.contains(
            "UNRELIABLE: 1 cell was measured while other processes took the CPU \
             (busy-machine): b/b @ 4 KiB."
        ),
        "{text}"
    );
    let json = json(&answer(&ra, &rb, true)).unwrap();
    assert!(
        json.contains("\"busy_cells\": [\n    \"b/b @ 4 KiB\"\n  ]"),
        "{json}"
    );
}

/// issue 32: "B was last faster at 256 B" and then "A is cheaper both per call and per
/// byte, so it leads at every size", in one output. A: 10 ns + 0.1 ns/B everywhere but
/// one bump at 256 B that B wins; B: 12 ns + 0.3 ns/B.
#[test]
fn fitted_lines_that_contradict_a_measured_duel_say_which_stands() {
    let sizes = [64u64, 256, 1024, 4096, 16384];
    let a: Vec<Cell> = sizes
        .iter()
        .map(|&s| {
            cell_with(
                "a/a",
                1,
                s,
                10.0 + 0.1 * s as f64 + if s == 256 { 200.0 } else { 0.0 },
            )
        })
        .collect();
    let b: Vec<Cell> = sizes
        .iter()
        .map(|&s| cell_with("b/b", 1, s, 12.0 + 0.3 * s as f64))
        .collect();
    let (a, b): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    let text = table(&answer(&a, &b, true));
    assert!(text.contains("B was last faster at 256 B"), "{text}");
    assert!(
        text.ends_with(
            "Fitted lines: A is cheaper both per call and per byte, so it leads at every \
             size. The measured duels disagree (B was faster at 256 B): the lines do not \
             describe these costs at every size, and the duels are what was measured.\n"
        ),
        "{text}"
    );
}

#[test]
fn a_crossover_from_an_interrupted_run_says_so_first() {
    let a = [
        cell_with("a/a", 1, 64, 10.0),
        cell_with("a/a", 1, 4096, 100.0),
    ];
    let b = [
        cell_with("b/b", 1, 64, 20.0),
        cell_with("b/b", 1, 4096, 50.0),
    ];
    let (ra, rb): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    let text = table(&answer(&ra, &rb, false));
    assert!(
        text.starts_with("INCOMPLETE: the run was interrupted"),
        "{text}"
    );
    let doc = json(&answer(&ra, &rb, false)).unwrap();
    assert!(doc.contains("\"complete\": false"), "{doc}");
    assert!(!json(&answer(&ra, &rb, true)).unwrap().contains("complete"));
}
