//! One timed batch: the monotonic clock and the time-stamp counter read around a batch of
//! a kernel's calls, or the time the kernel's own process measured (an adapter). The
//! engine's sampling and the iteration-scaling check both time through it.

use std::hint::black_box;
use std::time::{Duration, Instant};

use crate::timing::ticks;
use crate::{Kernel, Workload};

/// The TSC ticks of a batch that another process timed ([`Kernel::self_timed`]): none.
pub(crate) const SELF_TIMED: u64 = u64::MAX;

/// Runs `kernel` `iters` times on `work` ([`Workload::batch`]) and returns the elapsed
/// time and TSC ticks ([`SELF_TIMED`] when the kernel timed itself).
#[inline(never)]
pub(crate) fn timed_batch<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &mut Workload,
    out: &mut [u8],
    iters: u64,
) -> (Duration, u64) {
    if let Some(elapsed) = kernel.self_timed(work.bytes(), out, iters) {
        // Timed on the other side's clock; no TSC reading belongs to it.
        return (elapsed, SELF_TIMED);
    }
    let c0 = ticks();
    let start = Instant::now();
    work.batch(kernel, out, iters);
    let elapsed = start.elapsed();
    let c1 = ticks();
    black_box(&mut *out);
    (elapsed, c1.wrapping_sub(c0))
}
