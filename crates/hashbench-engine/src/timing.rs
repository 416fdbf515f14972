//! The timed loop's primitives: the loop every kernel runs in ([`repeat`]), the barrier
//! that keeps each call's work inside it, the time-stamp counter, and the clock's
//! resolution. Nothing here knows what a kernel is.

use std::time::{Duration, Instant};

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

/// Hides `value` from the optimiser at no cost: an empty `asm!` block that takes the
/// value in a register and hands it back "changed". The compiler must assume any value
/// came out, so nothing computed from it can be hoisted out of the loop or folded into
/// another call. [`std::hint::black_box`] would do the same through memory (a store and a reload per
/// call), which is most of a `nop` iteration's cost.
#[inline(always)]
fn opaque<T>(value: *const T) -> *const T {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut v = value;
        // SAFETY: the template is empty: no instruction runs, no memory or flag changes.
        // The pointer is only carried through a register, never dereferenced, so `nomem`
        // is true.
        #[allow(clippy::pointers_in_nomem_asm_block)]
        unsafe {
            std::arch::asm!("/* {0} */", inout(reg) v, options(nomem, nostack, preserves_flags));
        }
        v
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        std::hint::black_box(value)
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

/// Calls `call` `iters` times on `input`, the timed loop every kernel runs in.
///
/// The input pointer passes through an opaque register barrier before every call, so the
/// work on it cannot be hoisted out of the loop or merged with another call's. Kernels
/// whose output is not written through an opaque call black_box it themselves. The loop
/// makes four calls per trip round it: the counter, compare and branch are then paid once
/// per four calls, which takes the harness's own cost per call (the `nop` floor) below a
/// cycle. Each call still gets its own barrier.
#[inline(always)]
pub(crate) fn repeat<F: FnMut(&[u8])>(input: &[u8], iters: u64, mut call: F) {
    let (ptr, len) = (input.as_ptr(), input.len());
    // SAFETY: `ptr` and `len` come from `input`, which outlives the loop; the barrier
    // returns the pointer unchanged.
    let mut one = || call(unsafe { std::slice::from_raw_parts(opaque(ptr), len) });
    for _ in 0..iters / 4 {
        one();
        one();
        one();
        one();
    }
    for _ in 0..iters % 4 {
        one();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn resolution_is_the_smallest_step_of_the_clock() {
        // A clock that moves 40 ns every third reading, and once (the 500th reading)
        // by only 25 ns: the resolution is that smallest step.
        let mut reads = 0u64;
        let mut now = Duration::ZERO;
        let r = resolution_of(|| {
            reads += 1;
            if reads.is_multiple_of(3) {
                now += Duration::from_nanos(if reads == 501 { 25 } else { 40 });
            }
            now
        });
        assert_eq!(r, 25.0);
        // A clock that never moves gives the documented fallback of 1 ns, not a hang.
        assert_eq!(resolution_of(|| Duration::ZERO), 1.0);
    }
}
