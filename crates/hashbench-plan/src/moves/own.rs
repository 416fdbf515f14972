//! How far each cell moved from one run to the next *around its run's move*: what is
//! left of a cell's move once the machine's move over the same two runs is divided out,
//! as `compare` divides it out (its machine estimate, from the `read` and `memcpy`
//! baselines and the drift reference).
//!
//! On the development VM the machine moves whole runs: on 2026-11-30 every cell of one
//! run read up to 5 % faster or slower than the run before, all together, and each
//! cell's own move around that was under about 1 % at 4 KiB (`scripts/repeat`'s "own"
//! column). An interval that holds the next run's figure has to reach as far as the
//! whole-run moves; one that a comparison uses after dividing them out need not, and
//! reaching that far there blinded `compare` to a 10 % slowdown in some cells.

use std::collections::BTreeMap;

/// One cell's move from its last figure to this run's.
pub(super) struct Moved<'a> {
    /// Its key.
    pub cell: &'a str,
    /// When the run its last figure came from ended: that run's name here.
    pub run: u64,
    /// `ln(new / last)`.
    pub ln: f64,
    /// Whether it moves with the machine alone (a `read` or `memcpy` baseline, the drift
    /// reference).
    pub machine: bool,
}

/// Per cell of `moved`, its move around the machine's: `|(new / last) / machine − 1|`,
/// where `machine` is the median move of the cells that move with the machine alone
/// whose last figures come from the same run. A cell whose last run left no such cell
/// has none: its move cannot be set apart from the machine's.
pub(super) fn around_machine(moved: &[Moved]) -> BTreeMap<String, f64> {
    let mut machine: BTreeMap<u64, Vec<f64>> = BTreeMap::new();
    for m in moved.iter().filter(|m| m.machine && m.ln.is_finite()) {
        machine.entry(m.run).or_default().push(m.ln);
    }
    let machine: BTreeMap<u64, f64> = machine
        .into_iter()
        .filter_map(|(run, mut lns)| {
            lns.sort_by(f64::total_cmp);
            Some((run, hashbench_stats::order::median_sorted(&lns)?))
        })
        .collect();
    moved
        .iter()
        .filter(|m| m.ln.is_finite())
        .filter_map(|m| {
            let center = machine.get(&m.run)?;
            // Kept to 1e-6, as the moves themselves.
            let own = (((m.ln - center).exp() - 1.0).abs() * 1e6).round() / 1e6;
            Some((m.cell.to_string(), own))
        })
        .collect()
}
