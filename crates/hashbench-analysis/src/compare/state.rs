//! Whether two runs were measured in one steady state of the machine, so that cells the
//! `slow-phase` guard flagged in both can still be compared.
//!
//! A cell is flagged `slow-phase` when too few of its rounds ran at the speed the
//! machine is known for; against a run at that speed its figure is not comparable, and
//! `compare` calls the change `unreliable`. But two runs that spent their whole length
//! in the same slow state measured on one footing. On the AMD EPYC development VM
//! (2026-11-29) one such state made every kernel exactly 2.00x slower for minutes:
//! the short reference read 5.51-5.56 ns against 2.77, `crc32c` at 64 B 8.67 ns against
//! 4.33, and two runs in it agreed to 0.2 % in every cell, while a copy slowed by 10 % on
//! purpose read 1.100. The machine's other slow states come and go within a run, and
//! then its cells' rounds mix them: those runs are not steady, and stay unreliable.
//!
//! Steady means the short drift reference (`read` at 64 B, which the slow states move
//! most) stayed within [`STEADY_SPREAD`] over the whole run; the same state means the
//! two runs' short references agree within [`SAME_SHORT`] and their first references
//! (`read` at 4 KiB) within [`SAME_FIRST`].

use hashbench_model::{DriftReference, Run};

/// How far apart a run's short reference timings may lie (the slowest over the fastest,
/// less 1) for the run to count as spent in one state: the steady 2x state above read
/// within 0.7-1.5 %; runs that met a change of state spread 5-100 %.
pub const STEADY_SPREAD: f64 = 0.02;
/// How closely the two runs' short reference levels (medians of their timings) must
/// agree.
pub const SAME_SHORT: f64 = 0.01;
/// How closely the two runs' first reference levels must agree: `read` at 4 KiB moves
/// 3-4 % within a steady run, so its level is looser than the short one's.
pub const SAME_FIRST: f64 = 0.02;
/// The fewest timings of each reference that can show a run steady.
const MIN_TIMINGS: usize = 3;

/// The median of a reference's timings, and their spread (slowest over fastest, less
/// 1); `None` with fewer than [`MIN_TIMINGS`] usable timings.
fn level(r: &DriftReference) -> Option<(f64, f64)> {
    let mut v: Vec<f64> = r
        .points
        .iter()
        .map(|p| p.median_ns)
        .filter(|m| m.is_finite() && *m > 0.0)
        .collect();
    if v.len() < MIN_TIMINGS {
        return None;
    }
    v.sort_by(f64::total_cmp);
    let median = hashbench_stats::order::median_sorted(&v)?;
    Some((median, v[v.len() - 1] / v[0] - 1.0))
}

/// Whether `base` and `candidate` were each measured wholly in one steady state of the
/// machine, and in the same one (the module's rules). False for runs without a short
/// reference (older files).
#[must_use]
pub fn same_steady_state(base: &Run, candidate: &Run) -> bool {
    let levels = |run: &Run| {
        let first = run.reference.as_ref()?;
        Some((level(first)?, level(first.short.as_deref()?)?))
    };
    let (Some((first_a, short_a)), Some((first_b, short_b))) = (levels(base), levels(candidate))
    else {
        return false;
    };
    let close = |a: f64, b: f64, within: f64| (b / a - 1.0).abs() <= within;
    short_a.1 <= STEADY_SPREAD
        && short_b.1 <= STEADY_SPREAD
        && close(short_a.0, short_b.0, SAME_SHORT)
        && close(first_a.0, first_b.0, SAME_FIRST)
}

#[cfg(test)]
mod tests;
