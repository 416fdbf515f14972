//! The smallest slowdown a pair of cells could have shown: what a `within-noise` verdict
//! rules out, and what it does not.
//!
//! A verdict of `within-noise` says the change was not seen, not that there was none. At
//! 64 B on the development VM a figure's interval reaches ±3-7 % (the level each run
//! draws there, docs/method.md), and a 10 % slowdown read `within-noise` in 13 of the 72
//! slowed cells of nine `scripts/aa` calls (2026-11-30): a CI job's `--fail-on-regression
//! 10` would have let each through without a word. [`sure_slower_beyond`] is the bound
//! the same two intervals, machine estimate and noise threshold set: the change of the
//! code, as an adjusted ratio, beyond which this pair's verdict is `slower` wherever the
//! candidate keeps the base run's promise.

use super::MachineSpeed;

/// The smallest adjusted ratio the pair's figures could read and be called `slower`: the
/// candidate's figure moved to `base_ns · machine · r`, its interval moving with it (the
/// same relative width), for every `r` beyond the bound.
///
/// `raw_low` is the low end of the ratio's interval before the machine adjustment
/// ([`super::ratio_interval`]); it scales with the candidate's figure, so the interval
/// bound is `machine.high / (machine.ratio · base_ns · raw_low / candidate_ns)`. The other
/// two bounds are the noise threshold and the machine's own move (a change it could
/// explain is `unreliable`). `None` where no ratio would count: an interval that reaches
/// 0, or a figure of none.
#[must_use]
fn read_slower_beyond(
    base_ns: f64,
    candidate_ns: f64,
    raw_low: f64,
    machine: Option<&MachineSpeed>,
    noise: f64,
) -> Option<f64> {
    let per_ns = raw_low / candidate_ns;
    if !(base_ns > 0.0 && per_ns > 0.0 && per_ns.is_finite()) {
        return None;
    }
    let (ratio, high, moved) = match machine {
        Some(m) => (m.ratio, m.high, m.log_reach().exp()),
        None => (1.0, 1.0, 1.0),
    };
    let interval = high / (ratio * base_ns * per_ns);
    let bound = interval.max(1.0 + noise).max(moved);
    bound.is_finite().then_some(bound)
}

/// The smallest slowdown of the code this pair is sure to call `slower`, as long as the
/// candidate keeps the base run's promise: without the change its figure would have
/// fallen inside the base's interval, so with it, inside that interval moved by the
/// slowdown, at worst at its low end, `base_low`. A slowdown `s` then reads at least
/// `s · base_low / base_ns`, and is called `slower` wherever that is beyond
/// [`read_slower_beyond`]. The ratio read is not the change made: a 10 % slowdown read
/// 1.045 in an `aa` pair whose base had drawn a slow level at 64 B (3.549 ns, ±5.7 %),
/// `within-noise` with a bound of 8.8 % on what it read, 15.4 % on what it is sure of.
#[must_use]
pub(crate) fn sure_slower_beyond(
    base_ns: f64,
    base_low: f64,
    candidate_ns: f64,
    raw_low: f64,
    machine: Option<&MachineSpeed>,
    noise: f64,
) -> Option<f64> {
    if base_low.is_nan() || base_low <= 0.0 {
        return None;
    }
    read_slower_beyond(base_ns, candidate_ns, raw_low, machine, noise)
        .map(|bound| bound * base_ns / base_low.min(base_ns))
}

#[cfg(test)]
mod tests;
