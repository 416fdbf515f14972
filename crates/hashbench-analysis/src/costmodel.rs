//! Cost model over a size sweep, and crossovers between two implementations.
//!
//! For one (implementation, pattern, threads) the median time per call at each size is
//! fitted with time(n) = a + b·n by Theil–Sen (robust: a size hit by a slow spell of
//! the machine does not drag the line). `a` is the fixed cost of a call in ns, `b` the
//! steady-state cost per byte, shown as TSC cycles/byte and GB/s. Intervals: Sen's
//! distribution-free 95 % interval of the slope; for `a`, the intercepts of the lines
//! with the slope bounds' slopes (hashbench_stats::theil_sen_interval). Both are
//! computed from the spread of the points around the line, so a sweep the straight line
//! does not describe well (a cache cliff, a library switching code paths at some size)
//! shows as a wide interval rather than a false precise figure.
//!
//! Pure functions over the run model: they work on a saved run as well.

use hashbench_stats::rounds::Relation;
use hashbench_stats::theil_sen_interval;
use serde::{Deserialize, Serialize};

use hashbench_model::findings::{FitCrossing, RangeVsLine};
use hashbench_model::{Cell, CostFit, Interval, Run};

/// The fixed-size cells of `run` grouped by (implementation, pattern, threads, mode), in
/// order of first appearance, each group sorted by size. Cells of a length range are not
/// points of a line: [`range_vs_line`] sets each beside its series' line instead.
pub fn series(run: &Run) -> Vec<Vec<&Cell>> {
    let mut groups: Vec<Vec<&Cell>> = Vec::new();
    for c in run.cells.iter().filter(|c| c.size.fixed().is_some()) {
        match groups.iter_mut().find(|g| c.is_in(&g[0].series_key())) {
            Some(g) => g.push(c),
            None => groups.push(vec![c]),
        }
    }
    for g in &mut groups {
        g.sort_by_key(|c| c.size);
    }
    groups
}

/// Every range cell of `run` whose series has a fitted line with a positive prediction
/// at the range's mean length; the line is fitted over fixed sizes that cover the
/// range's lengths (otherwise it would be extrapolated, and is not used).
#[must_use]
pub fn ranges_vs_lines(run: &Run) -> Vec<RangeVsLine> {
    run.cells
        .iter()
        .filter_map(|c| {
            let hashbench_model::Size::Range { min, max } = c.size else {
                return None;
            };
            let key = c.series_key();
            let fit = run.cost_model.iter().find(|f| f.series_key() == key)?;
            let covers = fit.sizes.first().is_some_and(|&lo| lo <= min)
                && fit.sizes.last().is_some_and(|&hi| hi >= max);
            let predicted_ns = fit.predict_ns(c.size.mean_bytes());
            (covers && predicted_ns > 0.0).then(|| RangeVsLine {
                label: c.label(),
                size: c.size,
                measured_ns: c.time_ns(),
                predicted_ns,
            })
        })
        .collect()
}

/// Fits one series; `None` below 3 distinct sizes or when the points are degenerate.
pub fn fit_series(cells: &[&Cell], tsc_hz: Option<f64>) -> Option<CostFit> {
    let first = cells.first()?;
    let points: Vec<(f64, f64)> = cells
        .iter()
        .filter(|c| c.size.fixed().is_some())
        .map(|c| (c.size.mean_bytes(), c.time_ns()))
        .collect();
    let mut sizes: Vec<u64> = cells.iter().filter_map(|c| c.size.fixed()).collect();
    sizes.dedup();
    if sizes.len() < 3 {
        return None;
    }
    let fi = theil_sen_interval(&points).ok()?;
    let ns_per_byte = Interval {
        estimate: fi.fit.slope,
        low: fi.slope_low,
        high: fi.slope_high,
    };
    let gb_per_sec = (fi.slope_low > 0.0).then(|| Interval {
        estimate: 1.0 / fi.fit.slope,
        low: 1.0 / fi.slope_high,
        high: 1.0 / fi.slope_low,
    });
    let tsc_cycles_per_byte = tsc_hz.map(|hz| {
        let per_ns = hz / 1e9;
        Interval {
            estimate: fi.fit.slope * per_ns,
            low: fi.slope_low * per_ns,
            high: fi.slope_high * per_ns,
        }
    });
    Some(CostFit {
        implementation: first.implementation.clone(),
        pattern: first.pattern,
        threads: first.threads,
        mode: first.mode,
        sizes,
        fixed_ns: Interval {
            estimate: fi.fit.intercept,
            low: fi.intercept_low,
            high: fi.intercept_high,
        },
        ns_per_byte,
        gb_per_sec,
        tsc_cycles_per_byte,
        interval_method: fi.method,
    })
}

/// The cost model of every series of `run` measured at 3 sizes or more.
pub fn cost_model(run: &Run) -> Vec<CostFit> {
    series(run)
        .iter()
        .filter_map(|g| fit_series(g, run.tsc_hz))
        .collect()
}

/// Each of `series` (of `run`, as [`series`] groups them) that has a line in the run's
/// cost model, with that line, in their order.
#[must_use]
pub fn with_fits<'s, 'r>(
    run: &'r Run,
    series: &'s [Vec<&'r Cell>],
) -> Vec<(&'s [&'r Cell], &'r CostFit)> {
    series
        .iter()
        .filter_map(|s| {
            let key = s.first()?.series_key();
            let fit = run.cost_model.iter().find(|f| f.series_key() == key)?;
            Some((s.as_slice(), fit))
        })
        .collect()
}

/// Where the fitted lines of two series of one algorithm cross inside the sizes both
/// lines were fitted over: for each pair of `run`'s series with a line in its cost
/// model, in the order of [`series`], the size from which the one line is cheaper and
/// then the other. Only implementations of one algorithm: which library to use beyond a
/// size is the question a crossover answers.
#[must_use]
pub fn fit_crossings(run: &Run) -> Vec<FitCrossing> {
    let all = series(run);
    let fits = with_fits(run, &all);
    let within = |f: &CostFit, x: f64| {
        f.sizes.first().is_some_and(|&lo| lo as f64 <= x)
            && f.sizes.last().is_some_and(|&hi| hi as f64 >= x)
    };
    let mut out = Vec::new();
    for (i, (a, fa)) in fits.iter().enumerate() {
        for (b, fb) in &fits[i + 1..] {
            if a[0].algorithm != b[0].algorithm {
                continue;
            }
            let (la, lb) = (a[0].label(), b[0].label());
            for (winner, loser, x) in [
                (&la, &lb, crossover(&la, a, &lb, b).fitted_size),
                (&lb, &la, crossover(&lb, b, &la, a).fitted_size),
            ] {
                if let Some(x) = x.filter(|&x| within(fa, x) && within(fb, x)) {
                    out.push(FitCrossing {
                        winner: winner.clone(),
                        loser: loser.clone(),
                        size_bytes: x,
                    });
                }
            }
        }
    }
    out
}

/// Which of two cells is faster at one size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Faster {
    A,
    B,
    /// The 95 % CIs of the two medians overlap: no winner at this size.
    Tie,
}

/// One size both were measured at.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Duel {
    pub size: u64,
    pub a_ns: f64,
    pub b_ns: f64,
    pub faster: Faster,
}

/// Where A starts to beat B.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum CrossoverVerdict {
    /// A is faster at `from` and at every larger size, but not at `below`, the size just
    /// before (B faster or a tie there): the crossover lies between them. `last_b` is
    /// the largest size where B was faster, if any.
    Crosses {
        below: u64,
        from: u64,
        last_b: Option<u64>,
    },
    /// A is faster or tied at every size, and faster at the smallest.
    AlwaysA,
    /// A is not faster from any size to the end of the range.
    NotInRange,
}

/// A crossover between two series.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Crossover {
    pub a: String,
    pub b: String,
    pub duels: Vec<Duel>,
    pub verdict: CrossoverVerdict,
    /// Where the two fitted lines cross, bytes, when they do at a positive size with A
    /// the cheaper per byte beyond it.
    pub fitted_size: Option<f64>,
}

/// Which of two cells of one size is faster: on their paired ratio where both have
/// figures (no equivalence margin: a crossover is where the order changes, however
/// little), else by whether their intervals overlap.
fn duel(size: u64, a: &Cell, b: &Cell) -> Duel {
    let faster = match crate::ties::relation(a, b, 0.0).0 {
        Relation::Slower => Faster::A,
        Relation::Faster => Faster::B,
        Relation::Equivalent | Relation::Undecided => Faster::Tie,
    };
    Duel {
        size,
        a_ns: a.time_ns(),
        b_ns: b.time_ns(),
        faster,
    }
}

/// The crossover of series `a` over series `b`: from the measured cells (the verdict and
/// the sizes bracketing it) and from their fitted lines (`fitted_size`). Sizes measured
/// for only one of them are ignored.
pub fn crossover(label_a: &str, a: &[&Cell], label_b: &str, b: &[&Cell]) -> Crossover {
    let mut duels: Vec<Duel> = a
        .iter()
        .filter_map(|ca| {
            let size = ca.size.fixed()?;
            b.iter()
                .find(|cb| cb.size == ca.size)
                .map(|cb| duel(size, ca, cb))
        })
        .collect();
    duels.sort_by_key(|d| d.size);
    // The final run of sizes at which A is faster: A beats B from its first size on.
    let run_start = duels
        .iter()
        .rposition(|d| d.faster != Faster::A)
        .map_or(0, |i| i + 1);
    let last_b = duels
        .iter()
        .rposition(|d| d.faster == Faster::B)
        .map(|i| duels[i].size);
    let verdict = if run_start == duels.len() {
        CrossoverVerdict::NotInRange
    } else if run_start == 0 {
        CrossoverVerdict::AlwaysA
    } else {
        CrossoverVerdict::Crosses {
            below: duels[run_start - 1].size,
            from: duels[run_start].size,
            last_b,
        }
    };
    let fitted_size = match (fit_series(a, None), fit_series(b, None)) {
        (Some(fa), Some(fb)) => {
            let db = fb.ns_per_byte.estimate - fa.ns_per_byte.estimate;
            let n = (fa.fixed_ns.estimate - fb.fixed_ns.estimate) / db;
            (db > 0.0 && n.is_finite() && n > 0.0).then_some(n)
        }
        _ => None,
    };
    Crossover {
        a: label_a.to_string(),
        b: label_b.to_string(),
        duels,
        verdict,
        fitted_size,
    }
}

pub mod answer;
pub mod checks;

#[cfg(test)]
mod tests_fit;

#[cfg(test)]
mod tests;
