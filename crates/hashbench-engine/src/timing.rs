//! The timed loop's primitives: the loop every kernel runs in unless it brings its own
//! ([`repeat`], which lives in the catalogue beside the loop of the hashers' own timed
//! calls, each hasher type's `run_batch`), the time-stamp counter, and the clock's
//! resolution. Nothing here knows what a kernel is.

use std::time::{Duration, Instant};

pub(crate) use hashbench_catalog::batch::repeat;

/// Estimates the resolution of [`Instant`]: the smallest nonzero difference
/// between consecutive readings over a few hundred tries, in nanoseconds.
#[must_use]
pub(crate) fn timer_resolution() -> f64 {
    let t0 = Instant::now();
    resolution_of(|| t0.elapsed())
}

/// The smallest non-zero step of `clock` (a time since some fixed instant) in
/// nanoseconds, over a few hundred tries; 1.0 for a clock that never moves. Apart from
/// the real clock so that tests can drive it with a fake one.
pub(crate) fn resolution_of(mut clock: impl FnMut() -> Duration) -> f64 {
    const TRIES: usize = 300;
    // Bound the spin on a clock that seems stuck, so this always returns.
    const MAX_SPIN: usize = 1_000_000;
    let mut best = Duration::MAX;
    for _ in 0..TRIES {
        let t0 = clock();
        for _ in 0..MAX_SPIN {
            let d = clock().saturating_sub(t0);
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

/// The time-stamp counter, on x86_64.
#[inline(always)]
pub(crate) fn ticks() -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        // SAFETY: rdtsc is available on every x86_64 CPU.
        unsafe { std::arch::x86_64::_rdtsc() }
    }
    #[cfg(not(target_arch = "x86_64"))]
    {
        0
    }
}

#[cfg(test)]
mod tests;
