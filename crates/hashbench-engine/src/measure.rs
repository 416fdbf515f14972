//! Warm-up, batch calibration, sampling and correctness checks for one cell.

use std::fmt::Write as _;
use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hashbench_stats::{precision_reached, Measurement, SampleError, Samples, Summary};
use serde::Serialize;
use thiserror::Error;

use crate::{Input, Kernel};

/// How long and how precisely to measure a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Stop once the 95 % CI half-width of the median is within this fraction
    /// of the median (0.01 = ±1 %).
    pub target_precision: f64,
    /// Wall-clock budget for the whole cell, warm-up and calibration included.
    /// `min_samples` takes precedence over it.
    pub time_budget: Duration,
    /// Samples required before stopping on precision or budget.
    pub min_samples: usize,
    /// Lower bound on the duration of one timed batch.
    pub min_sample_time: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            target_precision: 0.01,
            time_budget: Duration::from_millis(300),
            min_samples: 10,
            min_sample_time: Duration::from_micros(50),
        }
    }
}

/// Progress hook; every method defaults to doing nothing.
pub trait Observer {
    /// Called after each sample of `cell`, with the number of samples so far.
    fn sample(&mut self, _cell: &str, _n: usize) {}
}

/// An [`Observer`] that ignores everything.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoopObserver;

impl Observer for NoopObserver {}

/// Why sampling stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, serde::Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum StopReason {
    /// The median's confidence interval reached the target precision.
    Precision,
    /// The time budget was spent (after at least `min_samples` samples).
    Budget,
    /// The caller set the cancel flag.
    Cancelled,
}

/// Everything measured for one cell.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct CellResult {
    /// Kernel calls per timed batch (the same for every sample).
    pub iterations_per_sample: u64,
    /// Every timed batch, in order.
    pub measurements: Vec<Measurement>,
    /// Statistics over per-iteration times of all measurements.
    pub summary: Summary,
    /// Whether at least `min_samples` samples were taken (false only when
    /// cancelled early).
    pub complete: bool,
    /// Why sampling stopped.
    pub stop_reason: StopReason,
    /// Estimated resolution of [`Instant`], in nanoseconds.
    pub timer_resolution_ns: f64,
    /// Wall-clock time of the whole measurement, warm-up included.
    pub elapsed_total: Duration,
}

/// Why a cell could not be measured.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum EngineError {
    /// The kernel's output differed from the expected digest in the untimed
    /// check run after a timed batch.
    #[error("wrong digest after sample {sample_index}: expected {expected}, got {got}")]
    WrongDigest {
        /// Expected digest, lowercase hex.
        expected: String,
        /// Digest the kernel produced, lowercase hex.
        got: String,
        /// Index of the sample after which the check ran.
        sample_index: usize,
    },
    /// The expected digest's length is not the kernel's output length.
    #[error("expected digest has {expected_len} bytes but the kernel writes {kernel_len}")]
    OutputLength {
        /// Length of the expected digest.
        expected_len: usize,
        /// [`Kernel::output_len`].
        kernel_len: usize,
    },
    /// The configuration cannot be honoured.
    #[error("invalid configuration: {0}")]
    InvalidConfig(String),
    /// The measurements could not be summarised.
    #[error("cannot summarise {samples} samples: {source}")]
    Stats {
        /// Number of measurements.
        samples: usize,
        /// The statistics error.
        #[source]
        source: SampleError,
    },
}

/// Lowercase hex of `bytes`.
fn hex(bytes: &[u8]) -> String {
    let mut s = String::with_capacity(bytes.len() * 2);
    for b in bytes {
        let _ = write!(s, "{b:02x}");
    }
    s
}

/// Estimates the resolution of [`Instant`]: the smallest nonzero difference
/// between consecutive readings over a few hundred tries, in nanoseconds.
#[must_use]
pub fn timer_resolution() -> f64 {
    const TRIES: usize = 300;
    // Bound the spin on a clock that seems stuck, so this always returns.
    const MAX_SPIN: usize = 1_000_000;
    let mut best = Duration::MAX;
    for _ in 0..TRIES {
        let t0 = Instant::now();
        for _ in 0..MAX_SPIN {
            let d = Instant::now().duration_since(t0);
            if !d.is_zero() {
                best = best.min(d);
                break;
            }
        }
    }
    if best == Duration::MAX {
        1.0
    } else {
        best.as_secs_f64() * 1e9
    }
}

/// Runs `kernel` `iters` times on `input` and returns the elapsed time.
#[inline(never)]
fn timed_batch<K: Kernel + ?Sized>(
    kernel: &mut K,
    input: &[u8],
    out: &mut [u8],
    iters: u64,
) -> Duration {
    let slot: &&[u8] = &input;
    let start = Instant::now();
    for _ in 0..iters {
        // One black_box per call, of a thin pointer to the slice: the input the kernel
        // sees is re-read through an opaque pointer every time, so no call can be hoisted
        // out of the loop or folded into another, at the cost of two loads (black-boxing
        // the fat slice itself would cost two stores and two loads). Kernels whose output
        // is not written through an opaque call black_box it themselves.
        let input: &[u8] = black_box(slot);
        kernel.run(input, out);
    }
    let elapsed = start.elapsed();
    black_box(&mut *out);
    elapsed
}

/// Sample count at which the summary is next recomputed after a check at
/// `n` samples: every sample up to 100, then after another tenth of the count,
/// so the statistics stay cheap relative to the budget.
fn next_check(n: usize) -> usize {
    if n < 100 {
        n + 1
    } else {
        n + n / 10
    }
}

/// Measures one cell: `kernel` on `input`.
///
/// 1. Warm-up for about 10 % of the budget (at least 3 calls; skipped if
///    already cancelled).
/// 2. Calibration: the batch size doubles from 1 until one batch takes at
///    least `max(min_sample_time, 1000 × timer resolution)`.
/// 3. Sampling: timed batches of that size, until the median is precise
///    enough, the budget is spent (with at least `min_samples` samples), or
///    `cancel` is set. At least one sample is always taken, so a result
///    always has a summary; when cancelled before `min_samples`, the result
///    has `complete == false`.
/// 4. After every batch the kernel runs once more, untimed, and its output is
///    compared with `expected` when given.
///
/// # Errors
///
/// [`EngineError::WrongDigest`] when a check run disagrees with `expected`,
/// [`EngineError::OutputLength`] when `expected` has the wrong length,
/// [`EngineError::InvalidConfig`] for a zero `min_samples` or a non-finite
/// or negative precision, [`EngineError::Stats`] if the statistics reject the
/// measurements.
///
/// Generic over the kernel so that a concrete kernel (the `Nop` baseline above all) is
/// inlined into the timed loop: the `nop` floor then measures the loop itself, not an
/// indirect call. Hash kernels pay one indirect call through `dyn Hasher`, alike for all.
pub fn measure<K: Kernel + ?Sized>(
    kernel: &mut K,
    input: &Input,
    config: &Config,
    expected: Option<&[u8]>,
    cancel: &AtomicBool,
    observer: &mut dyn Observer,
) -> Result<CellResult, EngineError> {
    let started = Instant::now();
    if config.min_samples == 0 {
        return Err(EngineError::InvalidConfig("min_samples must be ≥ 1".into()));
    }
    if !(config.target_precision.is_finite() && config.target_precision >= 0.0) {
        return Err(EngineError::InvalidConfig(format!(
            "target_precision must be finite and ≥ 0, got {}",
            config.target_precision
        )));
    }
    let kernel_len = kernel.output_len();
    if let Some(exp) = expected {
        if exp.len() != kernel_len {
            return Err(EngineError::OutputLength {
                expected_len: exp.len(),
                kernel_len,
            });
        }
    }
    let bytes = input.bytes();
    let mut out = vec![0u8; kernel_len];
    let mut check = vec![0u8; kernel_len];
    let resolution_ns = timer_resolution();

    // 1. Warm-up.
    if !cancel.load(Ordering::Relaxed) {
        let warm_up = config.time_budget / 10;
        let mut calls = 0u32;
        let t0 = Instant::now();
        while calls < 3 || t0.elapsed() < warm_up {
            kernel.run(black_box(bytes), &mut out);
            black_box(&mut out);
            calls = calls.saturating_add(1);
            if calls >= 3 && cancel.load(Ordering::Relaxed) {
                break;
            }
        }
    }

    // 2. Calibration.
    let threshold = config
        .min_sample_time
        .max(Duration::from_secs_f64(resolution_ns * 1000.0 / 1e9));
    let mut iters: u64 = 1;
    loop {
        let elapsed = timed_batch(kernel, bytes, &mut out, iters);
        if elapsed >= threshold
            || iters >= u64::MAX / 2
            || started.elapsed() >= config.time_budget
            || cancel.load(Ordering::Relaxed)
        {
            break;
        }
        iters *= 2;
    }

    // 3. + 4. Sampling with correctness checks.
    let name = kernel.name().to_owned();
    let mut measurements: Vec<Measurement> = Vec::new();
    let mut check_at = config.min_samples;
    let (stop_reason, summary) = loop {
        let elapsed = timed_batch(kernel, bytes, &mut out, iters);
        measurements.push(Measurement::new(iters, elapsed));
        let sample_index = measurements.len() - 1;

        kernel.run(bytes, &mut check);
        if let Some(exp) = expected {
            if check != exp {
                return Err(EngineError::WrongDigest {
                    expected: hex(exp),
                    got: hex(&check),
                    sample_index,
                });
            }
        }
        observer.sample(&name, measurements.len());

        if cancel.load(Ordering::Relaxed) {
            break (StopReason::Cancelled, None);
        }
        let n = measurements.len();
        let mut latest = None;
        if n >= check_at {
            check_at = next_check(n);
            let s = summarise(&measurements)?;
            if precision_reached(&s, config.target_precision) {
                break (StopReason::Precision, Some(s));
            }
            latest = Some(s);
        }
        if n >= config.min_samples && started.elapsed() >= config.time_budget {
            break (StopReason::Budget, latest);
        }
    };

    let summary = match summary {
        Some(s) => s,
        None => summarise(&measurements)?,
    };
    Ok(CellResult {
        iterations_per_sample: iters,
        complete: measurements.len() >= config.min_samples,
        measurements,
        summary,
        stop_reason,
        timer_resolution_ns: resolution_ns,
        elapsed_total: started.elapsed(),
    })
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
mod tests {
    use super::*;

    #[test]
    fn hex_is_lowercase() {
        assert_eq!(hex(&[0x00, 0xAB, 0x7f]), "00ab7f");
    }

    #[test]
    fn resolution_is_positive() {
        let r = timer_resolution();
        assert!(r > 0.0 && r.is_finite());
    }

    #[test]
    fn check_schedule() {
        assert_eq!(next_check(10), 11);
        assert_eq!(next_check(99), 100);
        assert_eq!(next_check(100), 110);
        assert_eq!(next_check(1000), 1100);
    }
}
