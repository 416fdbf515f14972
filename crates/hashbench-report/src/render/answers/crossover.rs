//! The crossover report (`hashbench crossover A B`): the duels at each size, the measured
//! verdict and both fitted lines, as a table or as JSON.

use serde::Serialize;

use crate::format::{aligned, size, time_ns};
use hashbench_analysis::costmodel::{fit_series, Crossover, CrossoverVerdict, Faster};
use hashbench_model::{Cell, CostFit, FlagCode};

/// `crossover --format json`: the crossover and the line fitted to each series.
#[derive(Serialize)]
pub struct Report<'a> {
    #[serde(flatten)]
    pub crossover: &'a Crossover,
    pub fit_a: Option<CostFit>,
    pub fit_b: Option<CostFit>,
    /// Cells (`implementation @ size`) measured while other processes took the CPU
    /// (`busy-machine`): while there are any, the verdict is not to be relied on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub busy_cells: Vec<String>,
    /// The run was interrupted: sizes it planned may be missing, and the crossover rests
    /// on those it has. Written only then (`"complete": false`).
    #[serde(skip_serializing_if = "is_true")]
    pub complete: bool,
}

fn is_true(b: &bool) -> bool {
    *b
}

/// What the tables say above a crossover from an interrupted run.
const INCOMPLETE: &str = "INCOMPLETE: the run was interrupted; planned cells are missing, \
    and the crossover rests on the sizes it has";

impl<'a> Report<'a> {
    /// The report of `x`, fitting the series `a` and `b` it was computed from; `complete`
    /// is the run's (false: interrupted).
    #[must_use]
    pub fn new(
        x: &'a Crossover,
        (a, b): (&[&Cell], &[&Cell]),
        tsc_hz: Option<f64>,
        complete: bool,
    ) -> Self {
        Report {
            crossover: x,
            fit_a: fit_series(a, tsc_hz),
            fit_b: fit_series(b, tsc_hz),
            busy_cells: busy_cells(a, b),
            complete,
        }
    }
}

/// The cells of either series flagged `busy-machine`, as `implementation @ size`.
fn busy_cells(a: &[&Cell], b: &[&Cell]) -> Vec<String> {
    a.iter()
        .chain(b)
        .filter(|c| c.flags.iter().any(|f| f.code == FlagCode::BusyMachine))
        .map(|c| format!("{} @ {}", c.implementation, size(c.size)))
        .collect()
}

/// What `crossover` writes for the pair's crossover `x` and series `a`, `b` of `run`:
/// the JSON document (`as_json`) or the table.
///
/// # Errors
///
/// Only if serde_json fails, which it does not on these types.
pub fn document(
    x: &Crossover,
    (a, b): (&[&Cell], &[&Cell]),
    run: &hashbench_model::Run,
    as_json: bool,
) -> Result<String, serde_json::Error> {
    let info = (run.tsc_hz, run.complete);
    if as_json {
        json(x, a, b, info)
    } else {
        Ok(table(x, a, b, info))
    }
}

/// Pretty JSON of [`Report`] with a trailing newline.
pub fn json(
    x: &Crossover,
    a: &[&Cell],
    b: &[&Cell],
    (tsc_hz, complete): (Option<f64>, bool),
) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string_pretty(&Report::new(x, (a, b), tsc_hz, complete))?;
    text.push('\n');
    Ok(text)
}

/// The duels as a table, the measured verdict, the fits and where they cross; first, for
/// a run that is not `complete`, that it was interrupted.
#[must_use]
pub fn table(
    x: &Crossover,
    a: &[&Cell],
    b: &[&Cell],
    (tsc_hz, complete): (Option<f64>, bool),
) -> String {
    let mut out = if complete {
        String::new()
    } else {
        format!("{INCOMPLETE}\n")
    };
    out.push_str(&format!("crossover: A = {}, B = {}\n\n", x.a, x.b));
    out.push_str(&duels(x));
    out.push('\n');
    out.push_str(&measured(&x.verdict));
    out.push('\n');
    let busy = busy_cells(a, b);
    if !busy.is_empty() {
        // A verdict drawn while the CPU was shared says more about the load than the code.
        out.push_str(&format!(
            "UNRELIABLE: {} measured while other processes took the CPU (busy-machine): {}. \
             Measure again on a quiet machine before relying on this verdict.\n",
            if busy.len() == 1 {
                "1 cell was"
            } else {
                "cells were"
            },
            busy.join(", ")
        ));
    }
    let fits = (fit_series(a, tsc_hz), fit_series(b, tsc_hz));
    for (name, fit) in [("A", &fits.0), ("B", &fits.1)] {
        if let Some(f) = fit {
            out.push_str(&format!(
                "Fit {name}: {:.0} ns + {:.4} ns/B ({} sizes){}\n",
                f.fixed_ns.estimate,
                f.ns_per_byte.estimate,
                f.sizes.len(),
                f.tsc_cycles_per_byte.map_or(String::new(), |c| format!(
                    ", {:.3} TSC cycles/B",
                    c.estimate
                ))
            ));
        }
    }
    out.push_str(&fitted(x.fitted_size, &fits));
    if let Some(note) = disagreement(x, &fits) {
        out.push(' ');
        out.push_str(&note);
    }
    out.push('\n');
    out
}

/// What to say when the fitted lines and the measured duels tell different stories (a
/// line "A leads at every size" under a duel B won): the duels were measured, the lines
/// are two numbers per side fitted over every size, and one output must not say both
/// without saying which stands.
fn disagreement(x: &Crossover, fits: &(Option<CostFit>, Option<CostFit>)) -> Option<String> {
    let (Some(fa), Some(fb)) = fits else {
        return None;
    };
    if x.fitted_size.is_some() {
        return None;
    }
    let lines_put_a_ahead = fa.ns_per_byte.estimate < fb.ns_per_byte.estimate;
    let b_won: Vec<String> = x
        .duels
        .iter()
        .filter(|d| d.faster == Faster::B)
        .map(|d| size(d.size))
        .collect();
    let a_leads = matches!(
        x.verdict,
        CrossoverVerdict::Crosses { .. } | CrossoverVerdict::AlwaysA
    );
    if lines_put_a_ahead && !b_won.is_empty() {
        Some(format!(
            "The measured duels disagree (B was faster at {}): the lines do not describe \
             these costs at every size, and the duels are what was measured.",
            b_won.join(", ")
        ))
    } else if !lines_put_a_ahead && a_leads {
        Some(
            "The measured duels disagree (A leads from the size above on): the lines do not \
             describe these costs at every size, and the duels are what was measured."
                .to_string(),
        )
    } else {
        None
    }
}

/// One row per size: both medians and which is faster.
fn duels(x: &Crossover) -> String {
    let mut rows = vec![vec![
        "size".to_string(),
        "A median".to_string(),
        "B median".to_string(),
        "faster (95 % CIs)".to_string(),
    ]];
    for d in &x.duels {
        rows.push(vec![
            size(d.size),
            time_ns(d.a_ns),
            time_ns(d.b_ns),
            match d.faster {
                Faster::A => "A".to_string(),
                Faster::B => "B".to_string(),
                Faster::Tie => "tie".to_string(),
            },
        ]);
    }
    aligned(&rows, &[true, true, true, false])
}

fn measured(verdict: &CrossoverVerdict) -> String {
    match verdict {
        CrossoverVerdict::Crosses {
            below,
            from,
            last_b,
        } => format!(
            "Measured: A is faster at every size from {} on, not at {} (the crossover lies between them){}.",
            size(*from),
            size(*below),
            last_b.map_or(String::new(), |b| format!("; B was last faster at {}", size(b)))
        ),
        CrossoverVerdict::AlwaysA => "Measured: A is faster at every size, from the smallest.".to_string(),
        CrossoverVerdict::NotInRange => {
            "Measured: A does not beat B from any size to the end of the range.".to_string()
        }
    }
}

fn fitted(fitted_size: Option<f64>, fits: &(Option<CostFit>, Option<CostFit>)) -> String {
    match (fitted_size, fits) {
        (Some(n), _) => {
            let shown = size(n.round() as u64);
            if n < 1024.0 {
                format!("Fitted lines cross at {shown}.")
            } else {
                format!("Fitted lines cross at {shown} ({n:.0} B).")
            }
        }
        (None, (Some(fa), Some(fb))) => {
            if fa.ns_per_byte.estimate < fb.ns_per_byte.estimate {
                "Fitted lines: A is cheaper both per call and per byte, so it leads at every size."
                    .to_string()
            } else {
                "Fitted lines: A is not cheaper per byte, so the fits never put it ahead for good."
                    .to_string()
            }
        }
        _ => "No fit: fewer than 3 sizes.".to_string(),
    }
}

#[cfg(test)]
mod tests;
