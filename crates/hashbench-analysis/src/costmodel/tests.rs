use super::*;
use hashbench_model::testutil::cell_with;

fn line(imp: &str, threads: usize, fixed: f64, per_byte: f64, sizes: &[u64]) -> Vec<Cell> {
    sizes
        .iter()
        .map(|&s| cell_with(imp, threads, s, fixed + per_byte * s as f64))
        .collect()
}

const SWEEP: &[u64] = &[64, 256, 1024, 4096, 16384, 65536, 262_144, 1_048_576];

#[test]
fn an_exact_line_is_recovered() {
    let cells = line("x/y", 1, 40.0, 0.25, SWEEP);
    let refs: Vec<&Cell> = cells.iter().collect();
    let f = fit_series(&refs, Some(2.5e9)).expect("fit");
    assert!((f.fixed_ns.estimate - 40.0).abs() < 1e-6, "{f:?}");
    assert!((f.ns_per_byte.estimate - 0.25).abs() < 1e-12);
    let gb = f.gb_per_sec.expect("positive slope");
    assert!((gb.estimate - 4.0).abs() < 1e-9);
    let cpb = f.tsc_cycles_per_byte.expect("tsc");
    assert!((cpb.estimate - 0.625).abs() < 1e-9);
    assert_eq!(f.interval_method, hashbench_stats::SlopeCiMethod::Sen);
    assert_eq!(f.sizes, SWEEP);
    // Two sizes are not a sweep.
    assert!(fit_series(&refs[..2], None).is_none());
}

#[test]
fn the_crossover_is_bracketed_and_fitted() {
    // A: 20 µs to start threads, then 0.1 ns/B; B: 50 ns, then 0.2 ns/B. The lines
    // cross at (20000 − 50) / 0.1 = 199500 B: between 65536 and 262144.
    let a = line("blake3/blake3+rayon", 2, 20_000.0, 0.1, SWEEP);
    let b = line("blake3/blake3", 1, 50.0, 0.2, SWEEP);
    let (ra, rb): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    let x = crossover("A", &ra, "B", &rb);
    assert_eq!(
        x.verdict,
        CrossoverVerdict::Crosses {
            below: 65536,
            from: 262_144,
            last_b: Some(65536)
        }
    );
    let n = x.fitted_size.expect("lines cross");
    assert!((n - 199_500.0).abs() < 1.0, "{n}");
    // Swapped, A never starts to beat B within the range.
    let y = crossover("B", &rb, "A", &ra);
    assert_eq!(y.verdict, CrossoverVerdict::NotInRange);
    assert_eq!(y.fitted_size, None);
}

#[test]
fn only_the_final_run_of_wins_counts() {
    let sizes = [64, 128, 256, 512, 1024];
    let a = line("a/a", 1, 10.0, 0.1, &sizes);
    let mut b = line("b/b", 1, 10.0, 0.1, &sizes);
    // B faster at 64, A at 128, tie at 256 (same time), A at 512 and 1024.
    b[0] = cell_with("b/b", 1, 64, 5.0);
    b[1] = cell_with("b/b", 1, 128, 100.0);
    b[3] = cell_with("b/b", 1, 512, 200.0);
    b[4] = cell_with("b/b", 1, 1024, 400.0);
    let (ra, rb): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    let x = crossover("A", &ra, "B", &rb);
    let faster: Vec<Faster> = x.duels.iter().map(|d| d.faster).collect();
    use Faster::{Tie, A, B};
    assert_eq!(faster, [B, A, Tie, A, A]);
    // The win at 128 is followed by a tie: A beats B for good only from 512.
    assert_eq!(
        x.verdict,
        CrossoverVerdict::Crosses {
            below: 256,
            from: 512,
            last_b: Some(64)
        }
    );
    let c = line("c/c", 1, 1000.0, 1.0, &sizes);
    let rc: Vec<&Cell> = c.iter().collect();
    assert_eq!(
        crossover("A", &ra, "C", &rc).verdict,
        CrossoverVerdict::AlwaysA
    );
}

#[test]
fn series_are_keyed_by_implementation_pattern_and_threads() {
    let mut cells = line("blake3/blake3+rayon", 1, 1.0, 1.0, &[64, 128, 256]);
    cells.extend(line("blake3/blake3+rayon", 2, 1.0, 1.0, &[256, 64, 128]));
    let mut run = hashbench_model::testutil::run_with(cells);
    assert_eq!(series(&run).len(), 2);
    assert_eq!(cost_model(&run).len(), 2);
    assert!(series(&run)[1].windows(2).all(|w| w[0].size < w[1].size));
    run.cells.truncate(4);
    assert_eq!(cost_model(&run).len(), 1);
}

/// Two lines of one algorithm crossing inside their sizes are one crossing (the cheaper
/// beyond it first); a third algorithm's line, crossing both, pairs with neither.
#[test]
fn fit_crossings_pair_the_lines_of_one_algorithm_inside_their_sizes() {
    let mut cells = line("x/a", 1, 1000.0, 0.1, SWEEP);
    cells.extend(line("x/b", 1, 100.0, 0.5, SWEEP));
    cells.extend(line("y/c", 1, 500.0, 0.05, SWEEP));
    let mut run = hashbench_model::testutil::run_with(cells);
    run.cost_model = cost_model(&run);
    let found = fit_crossings(&run);
    assert_eq!(found.len(), 1, "{found:?}");
    assert_eq!(
        (found[0].winner.as_str(), found[0].loser.as_str()),
        ("x/a", "x/b")
    );
    assert!((found[0].size_bytes - 2250.0).abs() < 1.0, "{found:?}");
    // Without lines in the run's cost model there is nothing to cross.
    run.cost_model.clear();
    assert!(fit_crossings(&run).is_empty());
}
