//! The interval a pair judges a cell by once the machine's move is divided out.
//!
//! A figure's own interval holds the next run's figure, so it reaches as far as whole
//! runs moved on this machine; `compare` also divides every ratio by its estimate of how
//! the machine moved between the two runs (`machine`), so a pair judged by those
//! intervals counts a whole-run move twice. Where both cells carry the interval around
//! their run's move (`RoundFigure::around_machine`: what the figure memory learned of
//! each cell's move with its run's machine move divided out: the median move of the drift
//! reference and the `read` and `memcpy` baselines) and there is a machine estimate, the
//! pair is judged by that instead, still divided by the estimate's interval. On the
//! development VM (2026-12-01, `scripts/aa`, twelve calls) no cell of 4 KiB was blind to
//! a 10 % slowdown in ten of them, where judged by the figures' own intervals 1-30 of 30
//! were in most (docs/method.md, "Judged around the run's move").

use hashbench_model::Cell;
use hashbench_stats::rounds::Span;

use super::interval;

/// `c`'s interval around its run's move, where it has one.
pub(super) fn around_machine(c: &Cell) -> Option<Span> {
    c.figure.as_ref()?.around_machine
}

/// The interval a pair judges `c` by: around its run's move with `around` (the pair
/// divides the machine's move out, and both cells have one), else its figure's
/// ([`interval`]).
pub(super) fn judged_interval(c: &Cell, around: bool) -> (f64, f64) {
    match around_machine(c).filter(|_| around) {
        Some(s) => (s.low_ns, s.high_ns),
        None => interval(c),
    }
}

#[cfg(test)]
mod tests;
