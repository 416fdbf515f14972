//! `crossover`'s whole answer, computed once: the duels and verdict ([`Crossover`]), the
//! line fitted to each series, the cells measured while the CPU was shared, whether the
//! run was complete, and whether the lines and the duels tell different stories. The
//! renderers (table and JSON) only read it.

use serde::Serialize;

use hashbench_model::format::size;
use hashbench_model::{Cell, CostFit, FlagCode};

use super::{fit_series, Crossover, CrossoverVerdict, Faster};

/// `crossover --format json`: the crossover and the line fitted to each series.
#[derive(Clone, Debug, Serialize)]
pub struct CrossoverAnswer {
    #[serde(flatten)]
    pub crossover: Crossover,
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
    /// Where the fitted lines contradict the measured duels (the table says which
    /// stands); not in the JSON, which has both.
    #[serde(skip)]
    pub disagreement: Option<Disagreement>,
}

/// How the fitted lines and the measured duels disagree, when the lines do not cross.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Disagreement {
    /// The lines put A ahead at every size, but B won the duels at these sizes.
    BWonAt(Vec<u64>),
    /// The lines never put A ahead for good, but the duels have A leading from a size on.
    ALeads,
}

fn is_true(b: &bool) -> bool {
    *b
}

impl CrossoverAnswer {
    /// The answer for `crossover`, computed from the series `a` and `b` (in a run with
    /// TSC frequency `tsc_hz`; `complete` is the run's, false: interrupted).
    #[must_use]
    pub fn new(
        crossover: Crossover,
        (a, b): (&[&Cell], &[&Cell]),
        tsc_hz: Option<f64>,
        complete: bool,
    ) -> Self {
        let (fit_a, fit_b) = (fit_series(a, tsc_hz), fit_series(b, tsc_hz));
        let disagreement = disagreement(&crossover, (fit_a.as_ref(), fit_b.as_ref()));
        CrossoverAnswer {
            crossover,
            fit_a,
            fit_b,
            busy_cells: busy_cells(a, b),
            complete,
            disagreement,
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

/// Whether the fitted lines and the measured duels tell different stories (a line "A
/// leads at every size" under a duel B won): the duels were measured, the lines are two
/// numbers per side fitted over every size, and one output must not say both without
/// saying which stands.
fn disagreement(x: &Crossover, fits: (Option<&CostFit>, Option<&CostFit>)) -> Option<Disagreement> {
    let (Some(fa), Some(fb)) = fits else {
        return None;
    };
    if x.fitted_size.is_some() {
        return None;
    }
    let lines_put_a_ahead = fa.ns_per_byte.estimate < fb.ns_per_byte.estimate;
    let b_won: Vec<u64> = x
        .duels
        .iter()
        .filter(|d| d.faster == Faster::B)
        .map(|d| d.size)
        .collect();
    let a_leads = matches!(
        x.verdict,
        CrossoverVerdict::Crosses { .. } | CrossoverVerdict::AlwaysA
    );
    if lines_put_a_ahead && !b_won.is_empty() {
        Some(Disagreement::BWonAt(b_won))
    } else if !lines_put_a_ahead && a_leads {
        Some(Disagreement::ALeads)
    } else {
        None
    }
}
