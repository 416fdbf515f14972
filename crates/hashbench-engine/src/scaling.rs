//! The iteration-scaling check: its parameters, and the timing of its two batches; its
//! record ([`IterationScaling`]) is part of the run model, so the guards can judge a saved
//! run as well as a fresh one.

use crate::error::{hex, EngineError};
use crate::timed::{timed_batch, SELF_TIMED};
use crate::{Kernel, Workload};

pub use hashbench_model::{IterationScaling, ScalingClock, ScalingTrial};

/// How many times longer the long batch is than the short one.
pub const SCALING_FACTOR: u64 = 2;

/// CPU time consumed by the calling thread, in nanoseconds, where the OS keeps it.
/// Unlike the monotonic clock it stops while the thread waits for a CPU, so a batch the
/// scheduler interrupted costs what its work cost.
fn thread_cpu_ns() -> Option<u64> {
    #[cfg(unix)]
    {
        let mut ts = libc::timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        // SAFETY: `ts` is a valid, writable timespec; the clock id is a constant.
        let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
        (rc == 0).then(|| {
            u64::try_from(ts.tv_sec).unwrap_or(0) * 1_000_000_000
                + u64::try_from(ts.tv_nsec).unwrap_or(0)
        })
    }
    #[cfg(not(unix))]
    {
        None
    }
}

/// Times a batch of `iters` calls, then one of [`SCALING_FACTOR`] × `iters`, with the
/// same untimed digest check after each as the samples get (so a kernel that caches its
/// answer per output buffer behaves as it did while sampled). Batches are timed in the
/// thread's CPU time where the OS keeps it: being preempted adds about the same wait to
/// a short and a long batch, which would pull their ratio towards 1, the very sign this
/// check looks for. One trial normally; when its long batch took less than 7/8 of the
/// proportional time, two more, and [`IterationScaling::time_ratio`] compares the
/// fastest batch of each kind.
pub(crate) fn time_scaling<K: Kernel + ?Sized>(
    kernel: &mut K,
    work: &mut Workload,
    iters: u64,
    (out, check): (&mut [u8], &mut [u8]),
    expected: Option<&[u8]>,
    sample_index: usize,
) -> Result<IterationScaling, EngineError> {
    let long = iters.saturating_mul(SCALING_FACTOR);
    let cpu_clock = thread_cpu_ns().is_some();
    let elsewhere = std::cell::Cell::new(false);
    let mut trials = Vec::new();
    let mut checked_batch = |n: u64| -> Result<u64, EngineError> {
        let cpu0 = thread_cpu_ns();
        let (elapsed, ticks) = timed_batch(kernel, work, out, n);
        let ns = match (cpu0, thread_cpu_ns()) {
            // A batch timed in another process: this thread only waited for its answer,
            // so its CPU time says nothing; the other side's clock is the evidence.
            _ if ticks == SELF_TIMED => {
                elsewhere.set(true);
                u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX)
            }
            (Some(a), Some(b)) if cpu_clock => b.saturating_sub(a),
            _ => u64::try_from(elapsed.as_nanos()).unwrap_or(u64::MAX),
        };
        kernel.run(work.bytes(), check);
        if let Some(exp) = expected {
            if check != exp {
                return Err(EngineError::WrongDigest {
                    expected: hex(exp),
                    got: hex(check),
                    sample_index,
                });
            }
        }
        Ok(ns)
    };
    for trial in 0..3 {
        let short_ns = checked_batch(iters)?;
        let long_ns = checked_batch(long)?;
        trials.push(ScalingTrial { short_ns, long_ns });
        let proportional = (long_ns as f64) >= 0.875 * (SCALING_FACTOR as f64) * short_ns as f64;
        if trial == 0 && proportional {
            break;
        }
    }
    Ok(IterationScaling {
        short_iterations: iters,
        long_iterations: long,
        clock: if cpu_clock && !elsewhere.get() {
            ScalingClock::ThreadCpu
        } else {
            ScalingClock::Monotonic
        },
        trials,
    })
}
