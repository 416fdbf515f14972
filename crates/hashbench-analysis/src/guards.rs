//! Guards against impossible or untrustworthy numbers.
//!
//! Each guard is a pure function over plain figures (times, rates, sizes), so it can
//! judge a run measured here, a saved JSON file, or a table someone published; [`apply`]
//! runs all of them over a [`Run`] and writes the flags into it. A flag never changes a
//! number: it sits next to it, in every output format, with a one-line reason.
//! docs/method.md gives every threshold with the measurements that chose it.

use std::collections::BTreeMap;

use hashbench_model::{Baseline, Flag, FlagCode, SeriesKey, Size};
use hashbench_stats::{undisturbed, Round, RoundFigure};

use hashbench_model::format::size as size_text;

mod ceiling;
mod machine;
mod phase;
mod scaling;
mod thresholds;
pub use ceiling::{above_ceiling, read_ceiling, CEILING_FROM_BYTES};
use hashbench_model::{Cell, DriftReference, Run};
pub use machine::{
    busy_machine, short_budget, streams_busy, BUSY_MAX_PERCENT_ONE, BUSY_MAX_PERCENT_THREADS,
    BUSY_MIN_BATCH_NS, TREND_MAX_COMPETED_PERCENT, TREND_MIN_CHANGE,
};
pub use phase::{shared_cpus, slow_phase};
pub use scaling::{flat_scaling, iteration_scaling, not_scaling_with_iterations, FlatPair};
pub use thresholds::Thresholds;

/// How much the machine's speed changed during the run, as far as the drift reference
/// saw: the spread of its settled timings (slowest over fastest of the cluster its figure
/// rests on), or of every timing when they never settled. 1 with fewer than two timings.
#[must_use]
pub fn speed_range(reference: &DriftReference) -> f64 {
    let times: Vec<f64> = reference
        .points
        .iter()
        .map(|p| p.median_ns)
        .filter(|m| m.is_finite() && *m > 0.0)
        .collect();
    if times.len() < 2 {
        return 1.0;
    }
    let rounds: Vec<Round> = times.iter().copied().map(Round::exact).collect();
    let used: Vec<f64> = match undisturbed(&rounds) {
        Some(f) if f.confirmed() => f.rounds.iter().map(|&i| times[i]).collect(),
        _ => times,
    };
    let fastest = used.iter().copied().fold(f64::INFINITY, f64::min);
    let slowest = used.iter().copied().fold(0.0, f64::max);
    slowest / fastest
}

/// High spread: the robust coefficient of variation `mad_scaled / median` above
/// `spread_max_robust_cv`, or the rounds' medians (in round order) further apart than
/// `rounds_max_ratio`. The plain coefficient of variation (`cv`, reported in the reason
/// when given) is not the trigger: a handful of samples the scheduler interrupted
/// inflates it on any machine (docs/method.md shows the figures).
#[must_use]
pub fn high_spread(
    median_ns: f64,
    mad_scaled_ns: f64,
    cv: Option<f64>,
    round_medians_ns: &[f64],
    thresholds: &Thresholds,
) -> Option<Flag> {
    let robust_cv = (median_ns > 0.0).then(|| mad_scaled_ns / median_ns);
    let finite: Vec<f64> = round_medians_ns
        .iter()
        .copied()
        .filter(|m| m.is_finite() && *m > 0.0)
        .collect();
    let (fastest, slowest) = finite
        .iter()
        .fold((f64::INFINITY, 0.0_f64), |(lo, hi), &m| {
            (lo.min(m), hi.max(m))
        });
    let rounds_ratio = (finite.len() >= 2).then(|| slowest / fastest);
    let mut reasons = Vec::new();
    if let Some(r) = robust_cv.filter(|r| *r > thresholds.spread_max_robust_cv) {
        reasons.push(format!(
            "robust CV {:.1} % (> {:.0} %{})",
            r * 100.0,
            thresholds.spread_max_robust_cv * 100.0,
            cv.map_or(String::new(), |cv| format!(
                ", plain CV {:.1} %",
                cv * 100.0
            ))
        ));
    }
    if let Some(r) = rounds_ratio.filter(|r| *r > thresholds.rounds_max_ratio) {
        let medians: Vec<String> = round_medians_ns
            .iter()
            .map(|m| hashbench_model::format::time_ns(*m))
            .collect();
        reasons.push(format!(
            "round medians {} differ {:.2}x (> {:.2}x)",
            medians.join(" / "),
            r,
            thresholds.rounds_max_ratio
        ));
    }
    (!reasons.is_empty()).then(|| Flag::new(FlagCode::HighSpread, reasons.join("; ")))
}

/// An untrustworthy figure: rounds that never agreed (no cluster of
/// [`hashbench_stats::rounds::MIN_CLUSTER_ROUNDS`] within
/// [`hashbench_stats::rounds::CLUSTER_WIDTH`]), faster rounds the run could not confirm
/// (the figure may be a slow phase's), or a figure on fewer than six rounds that are
/// fewer than half the cell's (no 95 % interval, and most rounds elsewhere). A cell whose rounds met slow phases but
/// whose undisturbed rounds agreed is not flagged: its figure recovered.
#[must_use]
pub fn unsettled_figure(figure: &RoundFigure, round_medians_ns: &[f64]) -> Option<Flag> {
    let finite: Vec<f64> = round_medians_ns
        .iter()
        .copied()
        .filter(|m| m.is_finite() && *m > 0.0)
        .collect();
    let fastest = finite.iter().copied().fold(f64::INFINITY, f64::min);
    let slowest = finite.iter().copied().fold(0.0, f64::max);
    let width = hashbench_stats::rounds::CLUSTER_WIDTH * 100.0;
    let need = hashbench_stats::rounds::MIN_CLUSTER_ROUNDS;
    if !figure.settled && finite.len() < need {
        return Some(Flag::new(
            FlagCode::HighSpread,
            format!(
                "its figure rests on {} round{}, fewer than the {need} that must agree \
                 for a figure to be settled: nothing says the next run would read the \
                 same (--rounds {need} or more)",
                finite.len(),
                if finite.len() == 1 { "" } else { "s" },
            ),
        ));
    }
    if !figure.settled {
        return Some(Flag::new(
            FlagCode::HighSpread,
            format!(
                "its {} rounds never agreed: no {} of them within {width:.0} % of each \
                 other ({} to {}): the machine changed speed throughout, and the figure is \
                 the median of every round",
                finite.len(),
                hashbench_stats::rounds::MIN_CLUSTER_ROUNDS,
                hashbench_model::format::time_ns(fastest),
                hashbench_model::format::time_ns(slowest),
            ),
        ));
    }
    // A figure on a few rounds among many slower, spread ones: no 95 % interval over its
    // rounds, and most of the cell's rounds elsewhere. A kernel whose speed depends on
    // the input's placement looks like this (crc32 at 64 B reads 20-32 ns here); so does
    // a cell whose budget allowed few rounds on a busy machine.
    let thin = figure.rounds.len() < hashbench_stats::order::MIN_SAMPLES_FOR_CI
        && 2 * figure.rounds.len() < finite.len();
    if thin && figure.faster_rounds == 0 {
        return Some(Flag::new(
            FlagCode::HighSpread,
            format!(
                "its figure rests on {} of its {} rounds (within {width:.0} % of each \
                 other), too few for a 95 % interval; the others ran slower, up to {}: \
                 measure longer (--time) to confirm it",
                figure.rounds.len(),
                finite.len(),
                hashbench_model::format::time_ns(slowest),
            ),
        ));
    }
    if figure.faster_rounds > 0 {
        return Some(Flag::new(
            FlagCode::HighSpread,
            format!(
                "{} of its {} rounds ran up to {:.2}x faster than its figure ({} against \
                 {}), too few to confirm: the figure may be a slow phase of the machine's",
                figure.faster_rounds,
                finite.len(),
                figure.median_ns / fastest,
                hashbench_model::format::time_ns(fastest),
                hashbench_model::format::time_ns(figure.median_ns),
            ),
        ));
    }
    wide_interval(figure, &finite)
}

/// How far from its figure a next run's figure may lie, as a fraction, before the figure
/// is flagged: the noise threshold `compare` calls a change by default (5 %). A figure
/// whose own interval admits more is one a second run could contradict.
pub const WIDEST_NEXT_RUN: f64 = 0.05;

/// A settled figure whose rounds, replayed ([`hashbench_stats::rounds::next_run`]), give
/// figures more than [`WIDEST_NEXT_RUN`] from it on either side (a cluster resting on a
/// few rounds among slower ones, rounds mixing levels in a proportion the next run may
/// not repeat), so the next run may read it that differently, and measuring longer
/// narrows it. Only for intervals that hold the next run.
///
/// The levels the rounds sat on ([`hashbench_stats::rounds::levels`]) widen the figure's
/// interval but not this flag: on the development VM most cells' rounds sit on machine
/// states 3.4 % and 7.1 % apart, so the levels reach past 5 % for a quarter of the
/// default run's cells (a wall of flags that no `--time` removes), while the figures
/// themselves moved over 5 % between runs no more often than before (`scripts/repeat`).
#[must_use]
pub fn wide_interval(figure: &RoundFigure, round_medians_ns: &[f64]) -> Option<Flag> {
    if figure.interval != hashbench_stats::rounds::IntervalKind::NextRun || figure.median_ns <= 0.0
    {
        return None;
    }
    let (low, high) = hashbench_stats::rounds::next_run(round_medians_ns, figure.median_ns)?;
    let below = 1.0 - low / figure.median_ns;
    let above = high / figure.median_ns - 1.0;
    (below > WIDEST_NEXT_RUN || above > WIDEST_NEXT_RUN).then(|| {
        Flag::new(
            FlagCode::WideInterval,
            format!(
                "a next run may read it anywhere from {} to {} ({:+.1} % to {:+.1} %): its \
                 rounds, replayed, give figures that far apart; measure longer (--time) \
                 to narrow it",
                hashbench_model::format::time_ns(low),
                hashbench_model::format::time_ns(high),
                -below * 100.0,
                above * 100.0,
            ),
        )
    })
}

/// Drift: the reference kernel, timed at the given points of the run (label, median time
/// per call), never settled: no [`hashbench_stats::rounds::MIN_CLUSTER_ROUNDS`] of its
/// timings agree within [`hashbench_stats::rounds::CLUSTER_WIDTH`] (with fewer timings,
/// not all of them), or faster timings stayed unconfirmed. A reference that met slow
/// phases but came back to one speed is not flagged: the cells' figures, taken from
/// their undisturbed rounds, are comparable across the run.
#[must_use]
pub fn drift(kernel: &str, points: &[(&str, f64)]) -> Option<Flag> {
    let valid: Vec<&(&str, f64)> = points
        .iter()
        .filter(|(_, m)| m.is_finite() && *m > 0.0)
        .collect();
    if valid.len() < 2 {
        return None;
    }
    let rounds: Vec<Round> = valid.iter().map(|(_, m)| Round::exact(*m)).collect();
    let figure = undisturbed(&rounds)?;
    let fastest = valid.iter().map(|(_, m)| *m).fold(f64::INFINITY, f64::min);
    let slowest = valid.iter().map(|(_, m)| *m).fold(0.0, f64::max);
    // Two timings cannot settle a figure, but two that agree show no drift either.
    let few_agree = valid.len() < hashbench_stats::rounds::MIN_CLUSTER_ROUNDS
        && slowest <= fastest * (1.0 + hashbench_stats::rounds::CLUSTER_WIDTH);
    if figure.confirmed() || few_agree {
        return None;
    }
    let timeline: Vec<String> = valid
        .iter()
        .map(|(at, m)| format!("{} {at}", hashbench_model::format::time_ns(*m)))
        .collect();
    Some(Flag::new(
        FlagCode::Drift,
        format!(
            "reference {kernel} moved {:+.0} % during the run and never settled at one \
             speed ({}): the machine changed speed throughout, so even the cells' \
             undisturbed figures may not be comparable",
            (slowest / fastest - 1.0) * 100.0,
            timeline.join(", ")
        ),
    ))
}

fn drift_of(reference: &DriftReference) -> Option<Flag> {
    let names: Vec<String> = reference.points.iter().map(|p| p.at.to_string()).collect();
    let points: Vec<(&str, f64)> = names
        .iter()
        .zip(&reference.points)
        .map(|(at, p)| (at.as_str(), p.median_ns))
        .collect();
    let kernel = format!("{} at {}", reference.kernel, size_text(reference.size));
    drift(&kernel, &points)
}

/// The flags of one cell that need only the cell itself.
fn own_flags(cell: &Cell, thresholds: &Thresholds) -> Vec<Flag> {
    let s = &cell.summary;
    let mut flags = Vec::new();
    // A cell with a figure is judged on it; a file from before figures on its samples.
    let spread = match &cell.figure {
        Some(figure) => unsettled_figure(figure, &cell.round_medians_ns),
        None => high_spread(
            s.median.get(),
            s.mad_scaled.get(),
            s.coefficient_of_variation,
            &cell.round_medians_ns,
            thresholds,
        ),
    };
    let recovered = cell.figure.is_some() && spread.is_none();
    // A figure the budget left unsettled or wide says that the budget is why: the rounds
    // ran out of --time before they agreed, which a longer --time may mend.
    let spread = spread.map(|mut f| {
        if cell.stop_reason == hashbench_model::StopReason::Budget {
            f.reason.push_str(
                "; its rounds spent their share of --time before reaching their precision",
            );
        }
        f
    });
    flags.extend(spread);
    if let Some(f) = cell
        .iteration_scaling
        .as_ref()
        .and_then(|sc| iteration_scaling(sc, thresholds))
    {
        flags.push(f);
    }
    let batch_ns = s.median.get() * cell.iterations_per_sample as f64;
    // Threads that waited for a CPU, but whose fastest rounds agreed: the waits fell in
    // the rounds the figure leaves out (for a pool, the rounds in which its threads could
    // not all run at once are the slow ones), and the figure recovered.
    if let Some(f) = cell
        .load
        .as_ref()
        .filter(|_| !recovered)
        .and_then(|l| busy_machine(l, cell.threads, batch_ns))
    {
        flags.push(f);
    }
    // Rounds whose first samples ran slow, but whose medians agree: a round median is not
    // moved by a slow first third, and the figure recovered.
    if let Some(f) = cell
        .trend
        .as_ref()
        .filter(|_| !recovered)
        .and_then(|t| short_budget(t, cell.load.as_ref()))
    {
        flags.push(f);
    }
    flags
}

/// Runs every guard over `run` with `thresholds`, replacing the flags already there
/// (so applying twice gives the same run): cell flags go on the cells and baselines
/// they concern, the drift flag on the run.
pub fn apply(run: &mut Run, thresholds: &Thresholds) {
    let phases = run.reference.as_ref().and_then(DriftReference::pass_phases);
    let borrowed = run
        .reference
        .as_ref()
        .zip(phases.as_ref())
        .is_some_and(|(r, p)| r.judged_by_borrowed(p));
    for c in run.cells.iter_mut().chain(run.baselines.iter_mut()) {
        c.flags = own_flags(c, thresholds);
        // One spread flag a cell: an unsettled figure already says it may be a slow
        // phase's.
        let spread = c.flags.iter().any(|f| f.code == FlagCode::HighSpread);
        if let Some(f) = phases
            .as_ref()
            .filter(|_| !spread && c.figure.is_some())
            .and_then(|p| slow_phase(&c.round_id_list(), p, borrowed))
            .or_else(|| shared_cpus(c).filter(|_| !spread))
        {
            c.flags.push(f);
        }
    }

    // Above the ceiling: hash cells against what reading their input takes
    // (`read_ceiling`), allowing for the machine's speed change during the run.
    let range = run.reference.as_ref().map_or(1.0, speed_range);
    let reads: BTreeMap<Size, f64> = run
        .baselines
        .iter()
        // One thread's read, with the cell's threads allowed for below: a cell on N
        // threads must not beat N times the one-thread read.
        .filter(|b| b.implementation.baseline() == Some(Baseline::Read) && b.threads == 1)
        .map(|b| (b.size, b.time_ci().0))
        .collect();
    for c in &mut run.cells {
        if let Some(ceiling) = read_ceiling(&reads, c.size, c.pattern) {
            let high = c.time_ci().1;
            if let Some(f) = above_ceiling(high, ceiling, c.threads, range) {
                c.flags.push(f);
            }
        }
    }

    // Flat scaling: one sweep per (implementation, pattern, threads); `nop` is flat by
    // design.
    let mut sweeps: BTreeMap<SeriesKey, Vec<usize>> = BTreeMap::new();
    let all: Vec<&Cell> = run.cells.iter().chain(&run.baselines).collect();
    for (i, c) in all.iter().enumerate() {
        // A range is not a point of a size sweep.
        if c.implementation.baseline() != Some(Baseline::Nop) && c.size.fixed().is_some() {
            sweeps.entry(c.series_key()).or_default().push(i);
        }
    }
    let mut flat: Vec<(usize, Flag)> = Vec::new();
    for members in sweeps.values() {
        let sweep: Vec<(u64, f64)> = members
            .iter()
            .filter_map(|&i| Some((all[i].size.fixed()?, all[i].throughput.estimate.ops_per_sec)))
            .collect();
        for pair in flat_scaling(&sweep) {
            if let Some(&i) = members.iter().find(|&&i| all[i].size == pair.large_size) {
                flat.push((i, pair.flag()));
            }
        }
    }
    let n_cells = run.cells.len();
    for (i, f) in flat {
        if i < n_cells {
            run.cells[i].flags.push(f);
        } else {
            run.baselines[i - n_cells].flags.push(f);
        }
    }

    // Each reference's drift: the short one is slowed by what the first does not use.
    run.flags = run
        .reference
        .iter()
        .flat_map(|r| std::iter::once(r).chain(r.short.as_deref()))
        .filter_map(drift_of)
        .collect();
}

/// Every flag of the run: the run's own, then each cell's and baseline's.
#[must_use]
pub fn count(run: &Run) -> usize {
    run.flags.len()
        + run
            .cells
            .iter()
            .chain(&run.baselines)
            .map(|c| c.flags.len())
            .sum::<usize>()
}

/// The codes of `flags`, comma-separated (empty when none).
#[must_use]
pub fn codes(flags: &[Flag]) -> String {
    let codes: Vec<&str> = flags.iter().map(|f| f.code.as_str()).collect();
    codes.join(", ")
}

#[cfg(test)]
mod tests_apply;

#[cfg(test)]
mod tests;
