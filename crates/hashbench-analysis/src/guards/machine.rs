//! The guards on what the machine did while a cell was measured: `busy-machine` (other
//! processes, or the hypervisor, had the cell's CPUs) and `short-budget` (the samples
//! still trended when the budget ran out). docs/method.md gives the measurements behind
//! the thresholds.

use hashbench_model::{CellLoad, Flag, FlagCode, SampleTrend};

/// A cell of several threads (`--threads`) is flagged when its threads waited for a
/// CPU (or had it stolen) for more than this share of the time they wanted one: its
/// scaling is then that of a share of the machine.
pub const BUSY_MAX_PERCENT_THREADS: f64 = 25.0;
/// A one-thread cell is flagged when its thread waited more than this share of the
/// time (it had less than half a CPU)...
pub const BUSY_MAX_PERCENT_ONE: f64 = 50.0;
/// ...and its timed batches lasted at least this long: the scheduler's time slices are
/// a few milliseconds, so a shorter batch is seldom cut by a wait, and the median of many
/// such batches is that of uncut ones; a longer batch includes the waits.
pub const BUSY_MIN_BATCH_NS: f64 = 1e6;
/// `short-budget` fires when the last third of the samples is faster than the first by
/// more than this (and their CIs are apart)...
pub const TREND_MIN_CHANGE: f64 = 0.03;
/// ...unless the cell's threads waited for a CPU for more than this share of the time:
/// then the busy machine, not the budget, explains a trend.
pub const TREND_MAX_COMPETED_PERCENT: f64 = 50.0;

/// `busy-machine` for a cell of `threads` threads whose timed batches took `batch_ns`.
#[must_use]
pub fn busy_machine(load: &CellLoad, threads: usize, batch_ns: f64) -> Option<Flag> {
    let competed = load.competed_percent();
    let busy = if threads > 1 {
        competed > BUSY_MAX_PERCENT_THREADS
    } else {
        competed > BUSY_MAX_PERCENT_ONE && batch_ns >= BUSY_MIN_BATCH_NS
    };
    busy.then(|| {
        let stolen = match load.steal_percent {
            Some(s) if s >= 0.05 => format!(" and {s:.1} % stolen by the hypervisor"),
            _ => String::new(),
        };
        let what = if threads > 1 {
            format!("its {threads} threads")
        } else {
            format!(
                "its thread (batches of {})",
                hashbench_model::format::time_ns(batch_ns)
            )
        };
        Flag::new(
            FlagCode::BusyMachine,
            format!(
                "{what} waited for a CPU {:.0} % of the time{stolen}: other processes had \
                 the measuring CPUs",
                load.cpu_wait_percent
            ),
        )
    })
}

/// Whether a `--streams` measurement ran on a busy machine: its threads waited for a CPU
/// more than [`BUSY_MAX_PERCENT_THREADS`] of the time, so its aggregate rate and scaling
/// efficiency are those of a share of the machine, not of the machine.
#[must_use]
pub fn streams_busy(load: Option<&CellLoad>) -> Option<f64> {
    load.map(CellLoad::competed_percent)
        .filter(|&competed| competed > BUSY_MAX_PERCENT_THREADS)
}

/// `short-budget`: the samples' last third faster than the first beyond both CIs and
/// by more than [`TREND_MIN_CHANGE`], on a machine that was not busy (`load`).
#[must_use]
pub fn short_budget(trend: &SampleTrend, load: Option<&CellLoad>) -> Option<Flag> {
    let change = trend.change();
    let quiet = load.is_none_or(|l| l.competed_percent() <= TREND_MAX_COMPETED_PERCENT);
    (trend.apart() && change < -TREND_MIN_CHANGE && quiet).then(|| {
        Flag::new(
            FlagCode::ShortBudget,
            format!(
                "the last third of the samples ran {:.1} % faster than the first ({} against \
                 {} per call): still warming up when the budget ran out; try a longer --time",
                -change * 100.0,
                hashbench_model::format::time_ns(trend.last_third_ns),
                hashbench_model::format::time_ns(trend.first_third_ns),
            ),
        )
    })
}

#[cfg(test)]
mod tests;
