//! The cost model's figures and interval bounds, derived by hand from small sweeps, and
//! the crossover's edge cases.

use super::*;
use hashbench_model::testutil::analysis::cell_ci;
use hashbench_model::testutil::cell_with;
use hashbench_stats::SlopeCiMethod;

fn cells(imp: &str, points: &[(u64, f64)]) -> Vec<Cell> {
    points
        .iter()
        .map(|&(size, ns)| cell_with(imp, 1, size, ns))
        .collect()
}

/// 1000, 1500 and 2500 ns at 1000, 2000 and 3000 B. Pairwise slopes (ns/B):
/// (1500 − 1000)/1000 = 0.5, (2500 − 1000)/2000 = 0.75, (2500 − 1500)/1000 = 1.0.
/// Three points are too few for Sen's ranks, so the interval is [min, max] = [0.5, 1.0]
/// around the median slope 0.75.
fn three_points() -> Vec<Cell> {
    cells("x/y", &[(1000, 1000.0), (2000, 1500.0), (3000, 2500.0)])
}

#[test]
fn slope_intercept_and_their_intervals_by_hand() {
    let c = three_points();
    let refs: Vec<&Cell> = c.iter().collect();
    let f = fit_series(&refs, Some(2e9)).expect("3 sizes");
    assert_eq!(f.interval_method, SlopeCiMethod::MinMaxTooFewPoints);
    assert_eq!(
        f.ns_per_byte,
        Interval {
            estimate: 0.75,
            low: 0.5,
            high: 1.0
        }
    );
    // Intercept: median of y − 0.75 x = (250, 0, 250) → 250. With slope 0.5: (500, 500,
    // 1000) → 500; with slope 1.0: (0, −500, −500) → −500. Smaller first.
    assert_eq!(
        f.fixed_ns,
        Interval {
            estimate: 250.0,
            low: -500.0,
            high: 500.0
        }
    );
    // GB/s is bytes per ns, 1 / slope; the fastest rate comes from the smallest slope:
    // estimate 1/0.75, low 1/1.0 = 1, high 1/0.5 = 2.
    let gb = f.gb_per_sec.expect("slope interval above 0");
    assert_eq!((gb.low, gb.high), (1.0, 2.0));
    assert!((gb.estimate - 4.0 / 3.0).abs() < 1e-15);
    // 2 GHz: 2 cycles per ns, so 1.5 cycles/B in [1.0, 2.0].
    assert_eq!(
        f.tsc_cycles_per_byte,
        Some(Interval {
            estimate: 1.5,
            low: 1.0,
            high: 2.0
        })
    );
    // The fitted line at 4000 B: 250 + 0.75 · 4000 = 3250 ns.
    assert_eq!(f.predict_ns(4000.0), 3250.0);
    assert_eq!(f.sizes, [1000, 2000, 3000]);
    assert_eq!(
        (
            f.implementation.as_str(),
            f.pattern.to_string().as_str(),
            f.threads
        ),
        ("x/y", "oneshot", 1)
    );
    // Without a TSC there are no cycles.
    assert_eq!(
        fit_series(&refs, None).expect("fit").tsc_cycles_per_byte,
        None
    );
}

#[test]
fn a_slope_interval_reaching_zero_has_no_rate() {
    // 1000, 1000, 2000 ns: slopes 0, 0.5, 1.0. The slowest rate would be 1/1.0 but the
    // fastest 1/0: unbounded, so no GB/s figure at all.
    let c = cells("x/y", &[(1000, 1000.0), (2000, 1000.0), (3000, 2000.0)]);
    let refs: Vec<&Cell> = c.iter().collect();
    let f = fit_series(&refs, None).expect("fit");
    assert_eq!(f.ns_per_byte.low, 0.0);
    assert_eq!(f.gb_per_sec, None);
}

#[test]
fn an_exact_line_over_eight_sizes_has_a_zero_width_sen_interval() {
    // 40 ns + 0.25 ns/B, all integers: every pairwise slope is 0.25.
    let sweep = [64u64, 256, 1024, 4096, 16384, 65536, 262_144, 1_048_576];
    let points: Vec<(u64, f64)> = sweep.iter().map(|&s| (s, 40.0 + 0.25 * s as f64)).collect();
    let c = cells("x/y", &points);
    let refs: Vec<&Cell> = c.iter().collect();
    let f = fit_series(&refs, None).expect("fit");
    assert_eq!(f.interval_method, SlopeCiMethod::Sen);
    let exact = |v: f64| Interval {
        estimate: v,
        low: v,
        high: v,
    };
    assert_eq!(f.ns_per_byte, exact(0.25));
    assert_eq!(f.fixed_ns, exact(40.0));
    assert_eq!(f.gb_per_sec, Some(exact(4.0)));
}

#[test]
fn three_sizes_are_needed_and_repeated_sizes_count_once() {
    let c = cells("x/y", &[(64, 10.0), (64, 11.0), (128, 20.0)]);
    let refs: Vec<&Cell> = c.iter().collect();
    assert!(fit_series(&refs, None).is_none());
    assert!(fit_series(&[], None).is_none());
    // Exactly three sizes fit.
    let c = three_points();
    let refs: Vec<&Cell> = c.iter().collect();
    assert!(fit_series(&refs, None).is_some());
}

#[test]
fn lines_meeting_at_zero_bytes_have_no_crossover_size() {
    // A: 100 ns + 0.125 ns/B, B: 100 ns + 0.25 ns/B (exact in binary). A is cheaper
    // per byte, but the lines meet at n = 0, not at a positive size.
    let sizes = [1000u64, 2000, 3000];
    let line = |imp: &str, per_byte: f64| -> Vec<Cell> {
        sizes
            .iter()
            .map(|&s| cell_with(imp, 1, s, 100.0 + per_byte * s as f64))
            .collect()
    };
    let (a, b) = (line("a/a", 0.125), line("b/b", 0.25));
    let (ra, rb): (Vec<&Cell>, Vec<&Cell>) = (a.iter().collect(), b.iter().collect());
    assert_eq!(crossover("A", &ra, "B", &rb).fitted_size, None);
    // A's fixed cost 50 ns more: they cross at 50 / (0.25 − 0.125) = 400 B.
    let a = sizes
        .iter()
        .map(|&s| cell_with("a/a", 1, s, 150.0 + 0.125 * s as f64))
        .collect::<Vec<_>>();
    let ra: Vec<&Cell> = a.iter().collect();
    let n = crossover("A", &ra, "B", &rb).fitted_size.expect("cross");
    assert_eq!(n, 400.0);
    // A cheaper at 0 B and per byte: the lines cross at a negative size, i.e. never.
    let a = sizes
        .iter()
        .map(|&s| cell_with("a/a", 1, s, 50.0 + 0.125 * s as f64))
        .collect::<Vec<_>>();
    let ra: Vec<&Cell> = a.iter().collect();
    let x = crossover("A", &ra, "B", &rb);
    assert_eq!(x.fitted_size, None);
    assert_eq!(x.verdict, CrossoverVerdict::AlwaysA);
    assert_eq!((x.a.as_str(), x.b.as_str()), ("A", "B"));
}

#[test]
fn touching_intervals_are_a_tie() {
    // A's CI ends at 100 where B's begins: neither is faster beyond doubt.
    let a = cell_ci("a/a", 64, 95.0, 90.0, 100.0);
    let b = cell_ci("b/b", 64, 105.0, 100.0, 110.0);
    assert_eq!(duel(64, &a, &b).faster, Faster::Tie);
    assert_eq!(duel(64, &b, &a).faster, Faster::Tie);
    let b = cell_ci("b/b", 64, 105.0, 100.5, 110.0);
    assert_eq!(duel(64, &a, &b).faster, Faster::A);
    assert_eq!(duel(64, &b, &a).faster, Faster::B);
    let d = duel(64, &a, &b);
    assert_eq!((d.size, d.a_ns, d.b_ns), (64, 95.0, 105.0));
}

#[test]
fn series_keep_implementations_patterns_and_threads_apart() {
    // a/a and b/b at the same pattern and threads, and a/a in another pattern: three
    // series of three sizes each, in order of first appearance, each sorted by size.
    let mut all = cells("a/a", &[(3000, 30.0), (1000, 10.0), (2000, 20.0)]);
    all.extend(cells("b/b", &[(1000, 11.0), (2000, 21.0), (3000, 31.0)]));
    let mut hex = cells("a/a", &[(1000, 12.0), (2000, 22.0), (3000, 32.0)]);
    for c in &mut hex {
        c.pattern = hashbench_model::Pattern::Hex;
    }
    all.extend(hex);
    let run = hashbench_model::testutil::run_with(all);
    let got: Vec<Vec<(String, String, u64)>> = series(&run)
        .iter()
        .map(|g| {
            g.iter()
                .map(|c| {
                    (
                        c.implementation.to_string(),
                        c.pattern.to_string(),
                        c.size.max_bytes(),
                    )
                })
                .collect()
        })
        .collect();
    let want = |imp: &str, pattern: &str| -> Vec<(String, String, u64)> {
        [1000, 2000, 3000]
            .iter()
            .map(|&s| (imp.to_string(), pattern.to_string(), s))
            .collect()
    };
    assert_eq!(
        got,
        [
            want("a/a", "oneshot"),
            want("b/b", "oneshot"),
            want("a/a", "hex")
        ]
    );
    // a/a oneshot: 10 ns per 1000 B, so 0.01 ns/B and no fixed cost.
    let fits = cost_model(&run);
    assert_eq!(fits.len(), 3);
    assert!((fits[0].ns_per_byte.estimate - 0.01).abs() < 1e-15);
    assert!(fits[0].fixed_ns.estimate.abs() < 1e-12);
}

#[test]
fn a_range_is_set_beside_its_line_only_when_the_line_covers_it() {
    // A line of 10 ns + 1 ns/B over 16..=256 B, and a range 1..=128 (mean 64.5) that
    // took 100 ns: the line predicts 74.5 ns.
    let mut all = cells("a/a", &[(16, 26.0), (64, 74.0), (128, 138.0), (256, 266.0)]);
    let mut range = all[0].clone();
    range.size = hashbench_model::Size::Range { min: 16, max: 128 };
    range.summary.median = hashbench_stats::Nanos(100.0);
    all.push(range.clone());
    let mut far = range.clone();
    far.size = hashbench_model::Size::Range { min: 1, max: 128 };
    all.push(far);
    let mut run = hashbench_model::testutil::run_with(all);
    run.cost_model = series(&run)
        .iter()
        .filter_map(|g| fit_series(g, None))
        .collect();
    assert_eq!(run.cost_model.len(), 1, "ranges are not points of the line");
    assert_eq!(run.cost_model[0].sizes, [16, 64, 128, 256]);
    let got = ranges_vs_lines(&run);
    // 1..=128 starts below the line's first size: not extrapolated.
    assert_eq!(got.len(), 1);
    assert!((got[0].predicted_ns - 82.0).abs() < 1e-9, "{got:?}");
    assert!((got[0].ratio() - 100.0 / 82.0).abs() < 1e-12);
}
