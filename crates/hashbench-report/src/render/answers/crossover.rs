//! The crossover report (`hashbench crossover A B`): the duels at each size, the measured
//! verdict and both fitted lines, as a table or as JSON.

use crate::format::{aligned, size, time_ns};
use hashbench_analysis::costmodel::answer::{CrossoverAnswer, Disagreement};
use hashbench_analysis::costmodel::{Crossover, CrossoverVerdict, Faster};
use hashbench_model::CostFit;

/// What the tables say above a crossover from an interrupted run.
const INCOMPLETE: &str = "INCOMPLETE: the run was interrupted; planned cells are missing, \
    and the crossover rests on the sizes it has";

/// What `crossover` writes for `answer`: the JSON document (`as_json`) or the table.
///
/// # Errors
///
/// Only if serde_json fails, which it does not on these types.
pub fn document(answer: &CrossoverAnswer, as_json: bool) -> Result<String, serde_json::Error> {
    if as_json {
        json(answer)
    } else {
        Ok(table(answer))
    }
}

/// Pretty JSON of the answer with a trailing newline.
pub fn json(answer: &CrossoverAnswer) -> Result<String, serde_json::Error> {
    let mut text = serde_json::to_string_pretty(answer)?;
    text.push('\n');
    Ok(text)
}

/// The duels as a table, the measured verdict, the fits and where they cross; first, for
/// a run that is not `complete`, that it was interrupted.
#[must_use]
pub fn table(answer: &CrossoverAnswer) -> String {
    let x = &answer.crossover;
    let mut out = if answer.complete {
        String::new()
    } else {
        format!("{INCOMPLETE}\n")
    };
    out.push_str(&format!("crossover: A = {}, B = {}\n\n", x.a, x.b));
    out.push_str(&duels(x));
    out.push('\n');
    out.push_str(&measured(&x.verdict));
    out.push('\n');
    let busy = &answer.busy_cells;
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
    for (name, fit) in [("A", &answer.fit_a), ("B", &answer.fit_b)] {
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
    out.push_str(&fitted(x.fitted_size, (&answer.fit_a, &answer.fit_b)));
    if let Some(d) = &answer.disagreement {
        out.push(' ');
        out.push_str(&disagreement(d));
    }
    out.push('\n');
    out
}

/// What the table says where the fitted lines and the measured duels disagree: which
/// stands (the duels, which were measured).
fn disagreement(d: &Disagreement) -> String {
    match d {
        Disagreement::BWonAt(sizes) => format!(
            "The measured duels disagree (B was faster at {}): the lines do not describe \
             these costs at every size, and the duels are what was measured.",
            sizes
                .iter()
                .map(|&s| size(s))
                .collect::<Vec<_>>()
                .join(", ")
        ),
        Disagreement::ALeads => "The measured duels disagree (A leads from the size above on): \
             the lines do not describe these costs at every size, and the duels are what was \
             measured."
            .to_string(),
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

fn fitted(fitted_size: Option<f64>, fits: (&Option<CostFit>, &Option<CostFit>)) -> String {
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
