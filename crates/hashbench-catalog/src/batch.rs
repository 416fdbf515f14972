//! The timed loops over one input: `iters` calls of a closure, each given the input
//! through an opaque barrier.
//!
//! [`crate::hasher`] runs each pattern's library call in `each` (its `run_batch`,
//! compiled once per hasher type); the engine's baselines run in [`repeat`], the same
//! loop with four calls per trip. The loops live here, below the engine, beside the
//! catalogue's concrete types; they know nothing of hashers or patterns. Latency mode and
//! varying lengths have their own loop, in [`crate::feed`].

use crate::barrier::opaque;

/// Calls `call` `iters` times on `input`, the timed loop every kernel runs in.
///
/// The input pointer passes through an opaque register barrier before every call, so the
/// work on it cannot be hoisted out of the loop or merged with another call's. The loop
/// makes four calls per trip round it: the counter, compare and branch are then paid once
/// per four calls, which takes the harness's own cost per call (the `nop` floor) below a
/// cycle. Each call still gets its own barrier.
#[inline(always)]
pub fn repeat<F: FnMut(&[u8])>(input: &[u8], iters: u64, mut call: F) {
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

/// [`repeat`] without the unrolling, for library calls: one call site per loop, as in a
/// caller's own loop, so that the compiler inlines (or not) a library function as it would
/// there; four copies of a call make inlining it four times as expensive, and a library
/// whose one-call function inlines into a caller's loop would read slower here than there.
/// Against a real call the loop's own counter, compare and branch are free: they run
/// beside the call's work.
#[inline(always)]
pub(crate) fn each<F: FnMut(&[u8])>(input: &[u8], iters: u64, mut call: F) {
    let (ptr, len) = (input.as_ptr(), input.len());
    for _ in 0..iters {
        // SAFETY: as in `repeat`.
        call(unsafe { std::slice::from_raw_parts(opaque(ptr), len) });
    }
}
