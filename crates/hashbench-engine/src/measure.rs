//! Warm-up, batch calibration, sampling and correctness checks for one cell.

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hashbench_stats::{precision_reached, undisturbed, Measurement, RoundFigure, Samples, Summary};
use serde::Serialize;

use self::steps::{
    before_timing, least_samples, next_check, validate, verify, warm_up, CHECK_EVERY_BATCH_FROM,
};
pub use crate::config::Config;
use crate::error::EngineError;
use crate::rounds::{equal_weight_selection, figure_precise, round_stats, RoundRecord};
use crate::scaling::{time_scaling, IterationScaling};
use crate::timed::{timed_batch, SELF_TIMED};
use crate::timing::timer_resolution;
use crate::{Kernel, Workload};

pub use hashbench_model::StopReason;

mod steps;

/// Everything measured for one cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellResult {
    /// Kernel calls per timed batch (the same for every sample).
    pub iterations_per_sample: u64,
    /// Every timed batch, in order, all rounds pooled.
    pub measurements: Vec<Measurement>,
    /// TSC ticks of every timed batch, parallel to `measurements` (x86_64 only).
    pub tsc_ticks: Option<Vec<u64>>,
    /// One entry per round, in order.
    pub rounds: Vec<RoundRecord>,
    /// Statistics over per-iteration times: with several rounds, of the same number of
    /// samples from each round (see [`CellState::finish`]), else of every sample: the
    /// cell under this run's load.
    pub summary: Summary,
    /// The cell's figure: the median of its fastest cluster of agreeing rounds, with an
    /// interval over the rounds (`hashbench_stats::rounds`).
    pub figure: RoundFigure,
    /// Median TSC ticks per call over the samples (x86_64 only).
    pub tsc_ticks_per_call: Option<f64>,
    /// Whether every planned round ran and took at least `min_samples` samples
    /// (false only when cancelled).
    pub complete: bool,
    /// Why sampling stopped: `Precision` when the pooled median reached the target,
    /// `Cancelled` when a round was cut short, else `Budget`.
    pub stop_reason: StopReason,
    /// Estimated resolution of [`Instant`], in nanoseconds.
    pub timer_resolution_ns: f64,
    /// Wall-clock time spent in this cell over all rounds, warm-up included.
    pub elapsed_total: Duration,
    /// Batches of the cell's size and of twice it, timed after the first round's
    /// samples: evidence that the time grows with the number of calls. `None` when the
    /// first round was cancelled.
    pub iteration_scaling: Option<IterationScaling>,
}

/// A cell measured over several *rounds*, possibly far apart in time, with other cells
/// measured in between. A machine whose speed changes for seconds at a time (a shared VM,
/// a noisy neighbour) then shows in only some rounds of a cell, and the pooled median
/// follows the speed the machine had most of the time instead of whichever it had during
/// one short visit.
///
/// ```text
/// let mut cell = CellState::new();
/// for round in 0..3 { cell.round(&mut kernel, &input, &per_round, expected, &cancel)?; }
/// let result = cell.finish(3)?;
/// ```
#[derive(Debug)]
pub struct CellState {
    iters: Option<u64>,
    measurements: Vec<Measurement>,
    ticks: Vec<u64>,
    rounds: Vec<RoundRecord>,
    resolution_ns: f64,
    elapsed: Duration,
    min_samples: usize,
    scaling: Option<IterationScaling>,
    /// `rounds`' medians, kept apart for [`CellState::round_medians`].
    medians: Vec<f64>,
}

impl Default for CellState {
    fn default() -> Self {
        Self::new()
    }
}

impl CellState {
    /// A cell with no rounds yet. Measures the clock's resolution (a few microseconds).
    #[must_use]
    pub fn new() -> Self {
        Self {
            iters: None,
            measurements: Vec::new(),
            ticks: Vec::new(),
            rounds: Vec::new(),
            resolution_ns: timer_resolution(),
            elapsed: Duration::ZERO,
            min_samples: 1,
            scaling: None,
            medians: Vec::new(),
        }
    }

    /// Rounds measured so far.
    #[must_use]
    pub fn rounds(&self) -> &[RoundRecord] {
        &self.rounds
    }

    /// The figure the rounds so far give (`None` before the first):
    /// [`hashbench_stats::undisturbed`].
    #[must_use]
    pub fn figure(&self) -> Option<RoundFigure> {
        undisturbed(&round_stats(&self.rounds))
    }

    /// Whether the rounds so far give a figure within `target` ([`figure_precise`]), its
    /// interval the part more rounds can narrow ([`hashbench_stats::sampled`]).
    #[must_use]
    pub fn precise(&self, target: f64) -> bool {
        hashbench_stats::sampled(&round_stats(&self.rounds))
            .is_some_and(|f| figure_precise(&f, target))
    }

    /// The median of each round so far, ns, in round order.
    #[must_use]
    pub fn round_medians(&self) -> &[f64] {
        &self.medians
    }

    /// Wall-clock time spent in this cell so far, warm-ups included.
    #[must_use]
    pub fn elapsed(&self) -> Duration {
        self.elapsed
    }

    /// One round of `kernel` on `input`:
    ///
    /// 1. Warm-up for a tenth of `config.time_budget` (at least 3 calls; skipped if
    ///    already cancelled).
    /// 2. In the first round only, calibration: the batch size doubles from 1 until one
    ///    batch takes at least `max(min_sample_time, 1000 × timer resolution)`. Later
    ///    rounds reuse that batch size, so every sample of the cell has the same size.
    /// 3. Sampling: timed batches until this round's median is within
    ///    `config.target_precision`, or `config.time_budget` (this round's, warm-up
    ///    included) is spent with at least `config.min_samples` samples (one for a kernel
    ///    timed in whole passes, `steps::least_samples`), or `cancel` is set. At least
    ///    one sample is always taken.
    /// 4. After every batch the kernel runs once more, untimed, and its output is
    ///    compared with `expected` when given.
    ///
    /// # Errors
    ///
    /// [`EngineError::WrongDigest`] when a check run disagrees with `expected`,
    /// [`EngineError::OutputLength`] when `expected` has the wrong length,
    /// [`EngineError::InvalidConfig`] for a zero `min_samples` or a non-finite or
    /// negative precision, [`EngineError::Stats`] if the statistics reject the
    /// measurements.
    ///
    /// Generic over the kernel so that a concrete kernel (the `Nop` baseline above all)
    /// is inlined into the timed loop: the `nop` floor then measures the loop itself, not
    /// an indirect call. Hash kernels pay one indirect call through `dyn Hasher` per
    /// batch, into a loop compiled for the hasher's own type
    /// (`hashbench_catalog::Hasher::run_batch`), and none per call.
    pub fn round<K: Kernel + ?Sized>(
        &mut self,
        kernel: &mut K,
        work: &mut Workload,
        config: &Config,
        expected: Option<&[u8]>,
        cancel: &AtomicBool,
    ) -> Result<StopReason, EngineError> {
        deeper(config.stack_steps, &mut || {
            self.round_here(kernel, work, config, expected, cancel)
        })
    }

    /// [`CellState::round`] at the current stack depth.
    fn round_here<K: Kernel + ?Sized>(
        &mut self,
        kernel: &mut K,
        work: &mut Workload,
        config: &Config,
        expected: Option<&[u8]>,
        cancel: &AtomicBool,
    ) -> Result<StopReason, EngineError> {
        let started = Instant::now();
        validate(config)?;
        self.min_samples = least_samples(config, kernel.period());
        let kernel_len = kernel.output_len();
        let mut out = vec![0u8; kernel_len];
        let mut check = vec![0u8; kernel_len];
        // 0. Before the cell's first timed call, an untimed one (steps::before_timing).
        before_timing(kernel, work, &mut check, expected, self.rounds.is_empty())?;

        // 1. Warm-up: the kernel's own, then its calls for a while.
        if !cancel.load(Ordering::Relaxed) {
            // A round's own short warm-up needs one call (a 4 MiB SHA-3 call is 20 ms);
            // the default one, the cell's only warm-up, at least three.
            let warm = match config.warm_up {
                Some(time) => (time, 1),
                None => (config.time_budget / 10, 3),
            };
            warm_up(kernel, work, &mut out, warm, cancel);
            // After the single calls, not before: a map that single calls walked
            // through more slowly than a loop would reads slower for milliseconds after
            // (`MapKernel::warm`). At most as long as the round's own budget.
            kernel.warm(config.time_budget);
        }

        // 2. Calibration, once per cell.
        let iters = match self.iters {
            Some(n) => n,
            None => {
                let iters = self.calibrate(kernel, work, &mut out, config, cancel);
                self.iters = Some(iters);
                iters
            }
        };

        // 3. + 4. Sampling with correctness checks: after every batch, except in the
        //    later rounds of a cell whose batch is a few long calls (a 1 MiB SHA-3 call
        //    is milliseconds), where a check after every batch would double the round's
        //    cost; those are checked once, after the round's last batch.
        let check_each = self.rounds.is_empty() || iters >= CHECK_EVERY_BATCH_FROM;
        let first = self.measurements.len();
        let mut check_at = config.min_samples;
        let (stop_reason, summary) = loop {
            let (elapsed, ticks) = timed_batch(kernel, work, &mut out, iters);
            self.measurements.push(Measurement::new(iters, elapsed));
            self.ticks.push(ticks);
            let sample_index = self.measurements.len() - 1;

            if check_each {
                verify(kernel, work, &mut check, expected, sample_index)?;
            }
            let n = self.measurements.len() - first;

            if cancel.load(Ordering::Relaxed) {
                break (StopReason::Cancelled, None);
            }
            let mut latest = None;
            if n >= check_at {
                check_at = next_check(n);
                let s = summarise(&self.measurements[first..])?;
                if precision_reached(&s, config.target_precision) {
                    break (StopReason::Precision, Some(s));
                }
                latest = Some(s);
            }
            if n >= self.min_samples && started.elapsed() >= config.time_budget {
                break (StopReason::Budget, latest);
            }
        };
        if !check_each {
            verify(
                kernel,
                work,
                &mut check,
                expected,
                self.measurements.len() - 1,
            )?;
        }
        let summary = match summary {
            Some(s) => s,
            None => summarise(&self.measurements[first..])?,
        };
        if stop_reason != StopReason::Cancelled {
            self.scale(kernel, work, iters, (&mut out, &mut check), expected)?;
        }
        let samples = self.measurements.len() - first;
        // A round cut short before its minimum counts as cancelled even if the flag was
        // seen only at the end.
        let stop_reason = if samples < self.min_samples {
            StopReason::Cancelled
        } else {
            stop_reason
        };
        self.medians.push(summary.median.get());
        self.rounds.push(RoundRecord {
            samples,
            median_ns: summary.median.get(),
            ci_low_ns: summary.median_ci.low.get(),
            ci_high_ns: summary.median_ci.high.get(),
            stop_reason,
        });
        self.elapsed += started.elapsed();
        Ok(stop_reason)
    }

    /// The cell's check that its time grows with its batch ([`time_scaling`]), once.
    /// Not for whole passes (a map's build): they are milliseconds to a second a batch,
    /// so neither a loop optimised away nor the clock's overhead, what the check is for,
    /// can hide in them, and its batches of twice the length would double the cell's time.
    fn scale<K: Kernel + ?Sized>(
        &mut self,
        kernel: &mut K,
        work: &mut Workload,
        iters: u64,
        buffers: (&mut [u8], &mut [u8]),
        expected: Option<&[u8]>,
    ) -> Result<(), EngineError> {
        if self.scaling.is_none() && kernel.period() == 1 {
            let index = self.measurements.len();
            self.scaling = Some(time_scaling(kernel, work, iters, buffers, expected, index)?);
        }
        Ok(())
    }

    /// The batch size: doubled from one period of the workload's lengths (1 call for a
    /// fixed size) times the kernel's own ([`Kernel::period`]) until one batch takes at
    /// least `max(min_sample_time, 1000 × timer resolution)`; so always a whole number of
    /// periods of both.
    fn calibrate<K: Kernel + ?Sized>(
        &self,
        kernel: &mut K,
        work: &mut Workload,
        out: &mut [u8],
        config: &Config,
        cancel: &AtomicBool,
    ) -> u64 {
        let threshold = config
            .min_sample_time
            .max(Duration::from_secs_f64(self.resolution_ns * 1000.0 / 1e9));
        let mut iters: u64 = work.period().saturating_mul(kernel.period().max(1));
        loop {
            let (mut elapsed, _) = timed_batch(kernel, work, out, iters);
            // A batch preempted by the scheduler reads long, and would stop the
            // doubling at a batch far too short to time (a 2-call batch read as
            // milliseconds, then sampled at the clock's overhead: a 2 ns kernel
            // measured as 30 ns on a busy machine). Interruptions only add time,
            // so a crossing counts only if two more tries of the same batch
            // agree: the fastest of the three is the batch's time.
            // A batch of whole passes as long as the round's budget is not a short
            // batch preempted (and cannot be made shorter than its one pass).
            let passes = kernel.period() > 1 && elapsed >= config.time_budget;
            for _ in 0..2 {
                if elapsed < threshold || passes {
                    break;
                }
                elapsed = elapsed.min(timed_batch(kernel, work, out, iters).0);
            }
            // Not cut short by the time budget: on a busy machine the budget can
            // pass in the waits between short batches, and a batch below the
            // threshold would sample the clock's overhead, not the kernel. A
            // slow kernel crosses the threshold at once (it is 50 us), so this
            // costs a fast one a few times the threshold at most.
            if elapsed >= threshold || iters >= u64::MAX / 2 || cancel.load(Ordering::Relaxed) {
                break;
            }
            iters *= 2;
        }
        iters
    }

    /// The cell's result over every round so far: statistics over the same number of
    /// samples from each round (as many as the round with the fewest, at evenly spaced
    /// quantiles of each round), so that every round weighs the same whatever its sample
    /// count; `measurements` keeps every sample. `planned_rounds` is how many rounds
    /// the caller meant to run (fewer means the run was cut short). `target_precision`
    /// decides whether the pooled median counts as having reached its precision.
    ///
    /// # Errors
    ///
    /// [`EngineError::Stats`] if no round was measured or the statistics reject the
    /// measurements.
    pub fn finish(
        self,
        planned_rounds: usize,
        target_precision: f64,
    ) -> Result<CellResult, EngineError> {
        let selected = equal_weight_selection(&self.rounds, &self.measurements);
        let chosen: Vec<Measurement> = selected.iter().map(|&i| self.measurements[i]).collect();
        let summary = summarise(&chosen)?;
        let figure = undisturbed(&round_stats(&self.rounds)).ok_or(EngineError::Stats {
            samples: 0,
            source: hashbench_stats::SampleError::Empty,
        })?;
        let cut_short = self.rounds.len() < planned_rounds
            || self
                .rounds
                .iter()
                .any(|r| r.stop_reason == StopReason::Cancelled);
        let stop_reason = if cut_short {
            StopReason::Cancelled
        } else if self.precise(target_precision) {
            StopReason::Precision
        } else if self
            .rounds
            .iter()
            .all(|r| r.stop_reason == StopReason::Precision)
        {
            // Each round stopped on its own target, well inside its share of the time:
            // calling that `budget` would say the time ran out when it did not.
            StopReason::RoundTargets
        } else {
            StopReason::Budget
        };
        // Batches another process timed have no TSC reading: no cycles for the cell.
        let has_tsc = cfg!(target_arch = "x86_64") && !self.ticks.contains(&SELF_TIMED);
        let tsc_ticks_per_call = has_tsc
            .then(|| {
                let per_call = selected.iter().map(|&i| {
                    self.ticks.get(i).copied().unwrap_or(0) as f64
                        / self.measurements[i].iterations as f64
                });
                Samples::from_nanos(per_call)
                    .ok()
                    .map(|s| s.summary().median.get())
            })
            .flatten();
        Ok(CellResult {
            iterations_per_sample: self.iters.unwrap_or(1),
            complete: !cut_short && self.measurements.len() >= self.min_samples,
            tsc_ticks: has_tsc.then_some(self.ticks),
            measurements: self.measurements,
            rounds: self.rounds,
            summary,
            figure,
            tsc_ticks_per_call,
            stop_reason,
            timer_resolution_ns: self.resolution_ns,
            elapsed_total: self.elapsed,
            iteration_scaling: self.scaling,
        })
    }
}

/// How far one step of [`Config::stack_steps`] moves the stack, bytes: a cache line and
/// a quarter, so that successive depths reach every 16-byte offset within a line (the
/// stack's own alignment) and, over 64 depths, the whole of a 4 KiB page. Steps of a
/// whole number of 32-byte units would leave a kernel whose state straddles a 32-byte
/// boundary at one stack address or the other for the life of the process:
/// `blake3/blake3` at 64 B read 62 ns in some processes and 84-89 ns in others, as the
/// environment's size moved the stack by 16 bytes (docs/method.md, "The stack's
/// address").
pub const STACK_STEP: usize = 80;

/// Runs `f` `steps` frames of [`STACK_STEP`] bytes deeper on the stack than it would run
/// here ([`Config::stack_steps`]); the frame's size is the compiler's, which a test holds
/// to [`STACK_STEP`].
#[inline(never)]
fn deeper<R>(steps: usize, f: &mut dyn FnMut() -> R) -> R {
    if steps == 0 {
        return f();
    }
    let pad = [0u8; 48];
    let out = deeper(steps - 1, f);
    // Used after the call, so the frame keeps it.
    black_box(&pad);
    out
}

/// Measures one cell in a single round ([`CellState::round`] with the whole budget, then
/// [`CellState::finish`]).
///
/// # Errors
///
/// As [`CellState::round`].
pub fn measure<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &mut Workload,
    config: &Config,
    expected: Option<&[u8]>,
    cancel: &AtomicBool,
) -> Result<CellResult, EngineError> {
    let mut cell = CellState::new();
    cell.round(kernel, work, config, expected, cancel)?;
    cell.finish(1, config.target_precision)
}

fn summarise(measurements: &[Measurement]) -> Result<Summary, EngineError> {
    Samples::from_measurements(measurements.iter().copied())
        .map(|s| s.summary())
        .map_err(|source| EngineError::Stats {
            samples: measurements.len(),
            source,
        })
}

#[cfg(test)]
mod tests;
