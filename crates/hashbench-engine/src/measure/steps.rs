//! The steps of a round around its timed batches: the untimed checks of a digest, the
//! warm-up, when the summary is next recomputed, the configuration's own checks.

use std::hint::black_box;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use crate::config::Config;
use crate::error::{hex, EngineError};
use crate::{Kernel, Malformed, Workload};

/// What an untimed check run produced, when it is not `expected`: the digest as hex, or
/// the malformed result [`Kernel::check`] reported; `None` when it matches.
fn mismatch(checked: Result<(), Malformed>, got: &[u8], expected: &[u8]) -> Option<String> {
    match checked {
        Ok(()) if got == expected => None,
        Ok(()) => Some(hex(got)),
        Err(malformed) => Some(malformed.0),
    }
}

/// Batches of at least this many calls are followed by a check every time (it costs at
/// most an eighth of the batch); shorter ones, after the cell's first round, once per
/// round.
pub(super) const CHECK_EVERY_BATCH_FROM: u64 = 8;

/// Samples a round of a kernel timed in whole passes ([`Kernel::period`] above 1) needs
/// before it may stop on its budget, where `config.min_samples` is more: a pass over a
/// map of 2M string keys is one to two seconds, and ten a round made a `build` or `churn`
/// cell that was asked for 0.1 s take three to four minutes. A round then holds as many
/// passes as its budget does, and at least one: the rounds, each on a map made anew and
/// interleaved with the drift references, are the replicates the cell's figure is taken
/// from, as for every cell; a round of short passes still checks its precision only from
/// `config.min_samples` samples on.
pub(super) const LEAST_PASS_SAMPLES: usize = 1;

/// The samples a round of a kernel with `period` must take before it may stop on its
/// budget (or be cut short without counting as cancelled).
pub(super) fn least_samples(config: &Config, period: u64) -> usize {
    if period > 1 {
        config.min_samples.min(LEAST_PASS_SAMPLES)
    } else {
        config.min_samples
    }
}

/// One untimed call of `kernel`, its digest compared with `expected` (when given).
pub(super) fn verify<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &Workload,
    check: &mut [u8],
    expected: Option<&[u8]>,
    sample_index: usize,
) -> Result<(), EngineError> {
    let checked = kernel.check(work.bytes(), check);
    if let Some(exp) = expected {
        if let Some(got) = mismatch(checked, check, exp) {
            return Err(EngineError::WrongDigest {
                expected: hex(exp),
                got,
                sample_index,
            });
        }
    }
    Ok(())
}

/// Sample count at which the summary is next recomputed after a check at
/// `n` samples: every sample up to 100, then after another tenth of the count,
/// so the statistics stay cheap relative to the budget.
pub(super) fn next_check(n: usize) -> usize {
    if n < 100 {
        n + 1
    } else {
        n + n / 10
    }
}

/// Runs `kernel` untimed for `time` (at least `least` batches of one period, fewer after
/// a cancel), as the timed batches will: caches, branch predictors (the lengths of a
/// range included) and the CPU's clock settle before anything is timed.
pub(super) fn warm_up<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &mut Workload,
    out: &mut [u8],
    (time, least): (Duration, u32),
    cancel: &AtomicBool,
) {
    let mut calls = 0u32;
    let t0 = Instant::now();
    let period = work.period();
    while calls < least || t0.elapsed() < time {
        work.batch(kernel, out, period);
        black_box(&mut *out);
        calls = calls.saturating_add(1);
        if calls >= least && cancel.load(Ordering::Relaxed) {
            break;
        }
    }
}

pub(super) fn validate(config: &Config) -> Result<(), EngineError> {
    if config.min_samples == 0 {
        return Err(EngineError::InvalidConfig("min_samples must be ≥ 1".into()));
    }
    if !(config.target_precision.is_finite() && config.target_precision >= 0.0) {
        return Err(EngineError::InvalidConfig(format!(
            "target_precision must be finite and ≥ 0, got {}",
            config.target_precision
        )));
    }
    Ok(())
}

/// The checks before a round's first timed call: `expected` has the kernel's output
/// length, and, before the cell's first round (`first`), one untimed call already gives
/// it, so a call path that is wrong (a pattern the known-answer verification does not
/// exercise as such) is never timed, not even once.
pub(super) fn before_timing<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &Workload,
    check: &mut [u8],
    expected: Option<&[u8]>,
    first: bool,
) -> Result<(), EngineError> {
    let Some(exp) = expected else {
        return Ok(());
    };
    let kernel_len = kernel.output_len();
    if exp.len() != kernel_len {
        return Err(EngineError::OutputLength {
            expected_len: exp.len(),
            kernel_len,
        });
    }
    if first {
        if let Some(got) = mismatch(kernel.check(work.bytes(), check), check, exp) {
            return Err(EngineError::WrongDigestBeforeTiming {
                expected: hex(exp),
                got,
            });
        }
    }
    Ok(())
}
