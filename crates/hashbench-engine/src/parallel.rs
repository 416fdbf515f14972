//! More than one thread per cell: a dedicated pool for implementations that split one
//! message across threads (`--threads N`), and N independent streams hashed at once for
//! aggregate throughput (`--streams N`, like `openssl speed -multi N`).

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Barrier, Mutex};
use std::time::{Duration, Instant};

use hashbench_stats::{precision_reached, Measurement, Samples, Summary};
use serde::Serialize;

use crate::error::EngineError;
use crate::measure::StopReason;
use crate::{Config, Input, Kernel, KernelError};

/// A rayon pool of exactly `threads` threads. Code run through [`ThreadPool::install`]
/// runs on one of its workers, so a library that calls `rayon::join` (blake3's
/// `update_rayon`) spreads its work over this pool and no other: the thread count of a
/// cell is what the caller asked for, not whatever the global pool happens to be.
pub struct ThreadPool {
    pool: rayon_core::ThreadPool,
    threads: usize,
}

impl ThreadPool {
    /// # Errors
    ///
    /// [`EngineError::InvalidConfig`] for zero threads or when the OS refuses to start
    /// them.
    pub fn new(threads: usize) -> Result<Self, EngineError> {
        if threads == 0 {
            return Err(EngineError::InvalidConfig("a pool needs ≥ 1 thread".into()));
        }
        let pool = rayon_core::ThreadPoolBuilder::new()
            .num_threads(threads)
            .thread_name(|i| format!("hashbench-pool-{i}"))
            .build()
            .map_err(|e| {
                EngineError::InvalidConfig(format!("cannot start {threads} threads: {e}"))
            })?;
        Ok(Self { pool, threads })
    }

    /// Threads in the pool.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Runs `f` on one of the pool's threads and waits for it: the whole measurement of a
    /// cell goes through here, so the timed loop itself runs inside the pool.
    pub fn install<R: Send>(&self, f: impl FnOnce() -> R + Send) -> R {
        self.pool.install(f)
    }
}

/// Aggregate throughput of `streams` threads, each hashing its own copy of the input.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct StreamsResult {
    /// Independent streams (threads) in the aggregate measurement.
    pub streams: usize,
    /// Calls per stream per sample (the same for the single-stream reference).
    pub iterations_per_sample: u64,
    /// Time per call of one stream alone, nanoseconds (each sample: one batch on one
    /// thread, measured by the same code as the aggregate).
    pub single: Summary,
    /// Wall-clock time per call of all streams together: each sample is the time from
    /// the first stream's start to the last stream's end, divided by every call made.
    pub aggregate: Summary,
    /// Why the aggregate sampling stopped.
    pub stop_reason: StopReason,
}

impl StreamsResult {
    /// Aggregate throughput over `streams` x the single-stream throughput: 1.0 is
    /// perfect scaling.
    #[must_use]
    pub fn scaling_efficiency(&self) -> f64 {
        self.single.median.get() / (self.aggregate.median.get() * self.streams as f64)
    }
}

/// What one stream did in one sample.
#[derive(Clone, Copy)]
struct Slot {
    start: Instant,
    end: Instant,
}

/// Measures one stream alone, then `streams` at once, and returns both.
///
/// Each stream has its own kernel (from `make`) and its own copy of the input (made
/// from `seed` and `misalign` on its own thread). A sample: all streams wait at a
/// barrier, run `iterations_per_sample` calls each, then check one more call's output
/// against `expected`. The batch size is calibrated on one stream to last at least
/// `max(1 ms, config.min_sample_time)`, long next to the cost of the barrier.
///
/// # Errors
///
/// [`EngineError::WrongDigest`] when any stream's check call disagrees with
/// `expected`; [`EngineError::InvalidConfig`] for zero streams or a kernel that could not
/// be made; [`EngineError::Stats`] when the samples cannot be summarised.
#[allow(clippy::too_many_arguments)]
pub fn measure_streams<K, F>(
    make: F,
    size: usize,
    seed: u64,
    misalign: usize,
    streams: usize,
    config: &Config,
    expected: Option<&[u8]>,
    cancel: &AtomicBool,
) -> Result<StreamsResult, EngineError>
where
    K: Kernel + Send,
    F: Fn() -> Result<K, KernelError> + Sync,
{
    if streams == 0 {
        return Err(EngineError::InvalidConfig("--streams needs ≥ 1".into()));
    }
    let iters = calibrate(&make, size, seed, misalign, config)?;
    // The budget is split evenly between the single-stream reference and the aggregate.
    let half = Config {
        time_budget: config.time_budget / 2,
        ..config.clone()
    };
    let (single, _) = sample_streams(
        &make, size, seed, misalign, 1, iters, &half, expected, cancel,
    )?;
    let (aggregate, stop_reason) = sample_streams(
        &make, size, seed, misalign, streams, iters, &half, expected, cancel,
    )?;
    Ok(StreamsResult {
        streams,
        iterations_per_sample: iters,
        single,
        aggregate,
        stop_reason,
    })
}

fn calibrate<K: Kernel, F: Fn() -> Result<K, KernelError>>(
    make: &F,
    size: usize,
    seed: u64,
    misalign: usize,
    config: &Config,
) -> Result<u64, EngineError> {
    let mut kernel = make()?;
    let input = Input::new(size, seed, misalign);
    let mut out = vec![0u8; kernel.output_len()];
    let threshold = config.min_sample_time.max(Duration::from_millis(1));
    let started = Instant::now();
    let mut iters: u64 = 1;
    loop {
        let t0 = Instant::now();
        for _ in 0..iters {
            kernel.run(std::hint::black_box(input.bytes()), &mut out);
        }
        std::hint::black_box(&mut out);
        if t0.elapsed() >= threshold
            || iters >= u64::MAX / 2
            || started.elapsed() >= config.time_budget / 4
        {
            return Ok(iters);
        }
        iters *= 2;
    }
}

/// Takes aggregate samples of `streams` threads until the median is within the target
/// precision, or the budget is spent with at least `min_samples`, or `cancel` is set.
#[allow(clippy::too_many_arguments)]
fn sample_streams<K, F>(
    make: &F,
    size: usize,
    seed: u64,
    misalign: usize,
    streams: usize,
    iters: u64,
    config: &Config,
    expected: Option<&[u8]>,
    cancel: &AtomicBool,
) -> Result<(Summary, StopReason), EngineError>
where
    K: Kernel + Send,
    F: Fn() -> Result<K, KernelError> + Sync,
{
    // The coordinator (this thread) takes part in both barriers: `start` releases a
    // sample, `done` waits for every stream to finish it.
    let shared = Shared {
        start: Barrier::new(streams + 1),
        done: Barrier::new(streams + 1),
        stop: AtomicBool::new(false),
        failure: Mutex::new(None),
    };
    let Shared {
        start,
        done,
        stop,
        failure,
    } = &shared;
    let slots: Vec<Mutex<Option<Slot>>> = (0..streams).map(|_| Mutex::new(None)).collect();
    let mut measurements = Vec::new();
    let started = Instant::now();
    let mut stop_reason = StopReason::Budget;
    let mut summary = None;

    std::thread::scope(|scope| {
        for slot in &slots {
            let shared = &shared;
            scope.spawn(move || {
                stream(make, (size, seed, misalign), iters, expected, slot, shared);
            });
        }

        loop {
            start.wait();
            done.wait();
            if lock(failure).is_some() {
                break;
            }
            let spans: Vec<Slot> = slots.iter().filter_map(|s| *lock(s)).collect();
            let first = spans.iter().map(|s| s.start).min();
            let last = spans.iter().map(|s| s.end).max();
            if let (Some(first), Some(last)) = (first, last) {
                measurements.push(Measurement::new(
                    iters * streams as u64,
                    last.duration_since(first),
                ));
            }
            if cancel.load(Ordering::Relaxed) {
                stop_reason = StopReason::Cancelled;
                break;
            }
            let n = measurements.len();
            if n >= config.min_samples {
                match Samples::from_measurements(measurements.iter().copied()) {
                    Ok(s) => {
                        let s = s.summary();
                        let reached = precision_reached(&s, config.target_precision);
                        summary = Some(s);
                        if reached {
                            stop_reason = StopReason::Precision;
                            break;
                        }
                    }
                    Err(source) => {
                        record(failure, EngineError::Stats { samples: n, source });
                        break;
                    }
                }
                if started.elapsed() >= config.time_budget {
                    break;
                }
            }
        }
        stop.store(true, Ordering::SeqCst);
        start.wait();
    });

    if let Some(e) = lock(failure).take() {
        return Err(e);
    }
    let summary = match summary {
        Some(s) => s,
        None => Samples::from_measurements(measurements.iter().copied())
            .map_err(|source| EngineError::Stats {
                samples: measurements.len(),
                source,
            })?
            .summary(),
    };
    Ok((summary, stop_reason))
}

/// What the coordinator and the streams share.
struct Shared {
    /// Releases a sample.
    start: Barrier,
    /// Waits for every stream to finish it.
    done: Barrier,
    /// Set when sampling is over; the streams leave at the next `start`.
    stop: AtomicBool,
    /// The first error of any stream.
    failure: Mutex<Option<EngineError>>,
}

/// One stream: its own kernel from `make` and its own copy of the input (`size`, `seed`,
/// `misalign`), a few warm-up calls, then a batch of `iters` calls per sample between
/// the barriers, its span written to `slot`, and an untimed check after each.
fn stream<K, F>(
    make: &F,
    (size, seed, misalign): (usize, u64, usize),
    iters: u64,
    expected: Option<&[u8]>,
    slot: &Mutex<Option<Slot>>,
    shared: &Shared,
) where
    K: Kernel + Send,
    F: Fn() -> Result<K, KernelError> + Sync,
{
    let input = Input::new(size, seed, misalign);
    let mut kernel = match make() {
        Ok(k) => Some(k),
        Err(why) => {
            record(&shared.failure, EngineError::Kernel(why));
            None
        }
    };
    let len = kernel.as_ref().map_or(0, Kernel::output_len);
    let (mut out, mut check) = (vec![0u8; len], vec![0u8; len]);
    // Warm-up: a few calls before the first sample.
    if let Some(k) = kernel.as_mut() {
        for _ in 0..3 {
            k.run(input.bytes(), &mut out);
        }
    }
    let mut sample_index = 0;
    loop {
        shared.start.wait();
        if shared.stop.load(Ordering::SeqCst) {
            break;
        }
        if let Some(k) = kernel.as_mut() {
            let t0 = Instant::now();
            for _ in 0..iters {
                k.run(std::hint::black_box(input.bytes()), &mut out);
            }
            std::hint::black_box(&mut out);
            let t1 = Instant::now();
            *lock(slot) = Some(Slot { start: t0, end: t1 });
            k.run(input.bytes(), &mut check);
            if let Some(exp) = expected {
                if check != exp {
                    record(
                        &shared.failure,
                        EngineError::WrongDigest {
                            expected: crate::error::hex(exp),
                            got: crate::error::hex(&check),
                            sample_index,
                        },
                    );
                }
            }
        }
        sample_index += 1;
        shared.done.wait();
    }
}

/// Locks a mutex, taking the data of one whose holder panicked (the data is plain).
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Keeps the first error.
fn record(failure: &Mutex<Option<EngineError>>, error: EngineError) {
    lock(failure).get_or_insert(error);
}
