//! What the direct-loop benches share (`direct`, `direct_keys`): the timed batches of a
//! direct loop, their median, and the harness floor.

use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// Batches per direct figure, and the least time one batch takes.
const SAMPLES: usize = 31;
const MIN_BATCH: Duration = Duration::from_micros(200);

/// `iters` direct calls on an input.
pub type Batch = fn(&[u8], u64);

/// Median ns per call of `batch` on `input`: warm-up, a batch size doubled until one
/// batch takes `MIN_BATCH`, then `SAMPLES` batches.
pub fn direct_median(batch: Batch, input: &[u8]) -> f64 {
    let time = |iters: u64| {
        let t0 = Instant::now();
        batch(input, iters);
        t0.elapsed()
    };
    let warm = Instant::now();
    while warm.elapsed() < Duration::from_millis(20) {
        time(1000);
    }
    let mut iters = 1u64;
    // The fastest of three, so that one preempted batch does not stop the doubling.
    while (0..3).map(|_| time(iters)).min().unwrap_or_default() < MIN_BATCH {
        iters *= 2;
    }
    let mut per_call: Vec<f64> = (0..SAMPLES)
        .map(|_| time(iters).as_secs_f64() * 1e9 / iters as f64)
        .collect();
    median(&mut per_call)
}

/// Input placements the direct loop is timed at: as many as a run's default rounds
/// reach, spread over [`hashbench_engine::PLACEMENTS`] as a run draws them. At 64 B a
/// call's time depends on where its input lies (levels a cycle apart), and hashbench's
/// figure is the fastest placements that agree; a direct loop at one fixed placement
/// would compare one draw of that lottery with the best of many.
const DIRECT_PLACEMENTS: usize = 16;

/// The direct loop's figure at `size`: [`direct_median`] at each of
/// [`DIRECT_PLACEMENTS`] placements of the same bytes, then the figure hashbench makes of
/// rounds (`hashbench_stats::undisturbed`), so that both sides are measured alike.
/// (`direct_keys` times typed keys, values handed over in registers: it does not use it.)
#[allow(dead_code)]
pub fn direct_figure(batch: Batch, size: usize) -> f64 {
    use hashbench_engine::{Input, PLACEMENTS};
    let rounds: Vec<hashbench_stats::Round> = (0..DIRECT_PLACEMENTS)
        .map(|k| {
            let lines = (k * 97 + 13) % PLACEMENTS;
            let input = Input::placed(size, 1, 0, lines);
            hashbench_stats::Round::exact(direct_median(batch, input.bytes()))
        })
        .collect();
    hashbench_stats::undisturbed(&rounds)
        .expect("placements measured")
        .median_ns
}

pub fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    hashbench_stats::order::median_sorted(v).expect("at least one sample")
}

/// The harness floor at `size`: a hasher that does nothing, through the kernel and timed
/// loop every implementation is measured with.
pub fn floor_median(size: u64) -> f64 {
    use hashbench_engine::{CellState, Config, HashKernel, Input};
    let cancel = AtomicBool::new(false);
    let mut input = hashbench_engine::Workload::plain(Input::new(size as usize, 1, 0));
    let mut kernel = HashKernel::new("empty", hashbench_catalog::empty(), 0);
    let mut cell = CellState::new();
    for _ in 0..3 {
        cell.round(&mut kernel, &mut input, &Config::default(), None, &cancel)
            .expect("the empty hasher cannot fail");
    }
    let r = cell.finish(3, 0.01).expect("measured");
    r.figure.median_ns
}
