//! A run as the renderers read it: everything the analysis says of it, computed once,
//! before any renderer sees it. The runner stores the rankings and relative columns in
//! the run; what an older file lacks of them, a view's own columns, and the findings that
//! are never written ([`hashbench_model::findings`]) are filled here.

use std::borrow::Cow;

use hashbench_model::findings::Findings;
use hashbench_model::{RelativeTo, Run};

use crate::costmodel::{checks, fit_crossings, ranges_vs_lines};

/// Fills once what `run` lacks: the rankings with their tie and equivalence groups (a
/// file written before runs stored them), each cell's relative columns (the run's, else
/// `own`, a view's own columns), and the findings. A run that has its rankings keeps
/// them, so its verdicts are the ones it was shown with.
pub fn complete(run: &mut Run, own: &[RelativeTo]) {
    if run.rankings.is_empty() && !run.cells.is_empty() {
        run.rankings = crate::ties::rankings(run);
    }
    crate::relative::complete(run, own);
    if run.findings.is_none() {
        run.findings = Some(findings(run));
    }
}

/// `run` as the renderers read it ([`complete`]; `own`: the view's own columns, shown
/// when the run names none: the cycle view's, a seed layout's). Borrowed when the run
/// holds all of that already (a run completed before), so what it lacks is computed
/// once, on a copy, before rendering.
#[must_use]
pub fn completed<'a>(run: &'a Run, own: &[RelativeTo]) -> Cow<'a, Run> {
    let ranked = !run.rankings.is_empty() || run.cells.is_empty();
    if ranked && run.findings.is_some() && crate::relative::is_complete(run, own) {
        return Cow::Borrowed(run);
    }
    let mut owned = run.clone();
    complete(&mut owned, own);
    Cow::Owned(owned)
}

/// What the analysis finds in `run`'s cells beside the rankings.
#[must_use]
pub fn findings(run: &Run) -> Findings {
    Findings {
        staircases: crate::staircase::staircases(run),
        ranges: ranges_vs_lines(run),
        unresolved_fits: run
            .cost_model
            .iter()
            .map(|f| checks::check(f, checks::read_ceiling(run, f.series_key().threads)))
            .collect(),
        fit_crossings: fit_crossings(run),
        busy_streams: run
            .streams
            .iter()
            .map(|s| crate::guards::streams_busy(s.load.as_ref()))
            .collect(),
    }
}

#[cfg(test)]
mod tests;
