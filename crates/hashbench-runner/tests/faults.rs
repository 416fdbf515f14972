//! Fault injection: fake kernels measured by the real engine, whose figures must raise
//! the guard made for them, beside honest kernels measured the same way that must not.
//! The fakes live here, never in the catalogue. No wall-clock speed is asserted: every
//! comparison is between kernels whose costs differ by orders of magnitude, or between
//! batch times of one kernel.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_analysis::guards::{self, Thresholds};
use hashbench_engine::{CellResult, CellState, Config, Input, Kernel, Read, Workload};
use hashbench_model::{Flag, FlagCode};

fn config() -> Config {
    Config {
        time_budget: Duration::from_millis(15),
        ..Config::default()
    }
}

/// Measures `kernel` at every size in `sizes`, three rounds, sizes interleaved within
/// each round as `hashbench run` does, so a slow spell of the machine lands on every
/// size alike.
fn measure_sweep<K: Kernel>(
    kernel: &mut K,
    sizes: &[usize],
    expected: impl Fn(&[u8]) -> Option<Vec<u8>>,
) -> Vec<(usize, CellResult)> {
    let cancel = AtomicBool::new(false);
    let mut inputs: Vec<Workload> = sizes
        .iter()
        .map(|&s| Workload::plain(Input::new(s, 9, 0)))
        .collect();
    let digests: Vec<Option<Vec<u8>>> = inputs.iter().map(|i| expected(i.bytes())).collect();
    let mut states: Vec<CellState> = sizes.iter().map(|_| CellState::new()).collect();
    for round in 0..3 {
        for k in 0..sizes.len() {
            // Alternate the direction, so no size is always measured first.
            let i = if round % 2 == 0 {
                k
            } else {
                sizes.len() - 1 - k
            };
            states[i]
                .round(
                    kernel,
                    &mut inputs[i],
                    &config(),
                    digests[i].as_deref(),
                    &cancel,
                )
                .expect("measured");
        }
    }
    sizes
        .iter()
        .zip(states)
        .map(|(&s, st)| (s, st.finish(3, 0.01).expect("finished")))
        .collect()
}

fn sweep_of(results: &[(usize, CellResult)]) -> Vec<(u64, f64)> {
    results
        .iter()
        .map(|(s, r)| (*s as u64, 1e9 / r.summary.median.get()))
        .collect()
}

/// XOR-folds the first 64 bytes, whatever the input's length: claims to hash the
/// input, takes the same time for every size (the Node seed's 4 MB failure).
struct FirstBytesOnly;

impl Kernel for FirstBytesOnly {
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        let n = input.len().min(64);
        out.copy_from_slice(&hashbench_engine::read_fold(&input[..n]).to_le_bytes());
    }

    fn output_len(&self) -> usize {
        8
    }
}

const SWEEP: [usize; 3] = [64, 4096, 256 << 10];

/// Whether every cell's rounds agree within 10 %: the machine kept one speed while the
/// sweep was measured. This VM switches between two speeds about 2x apart for seconds
/// at a time; a sweep that straddles a switch reads a constant-time kernel as 2x slower
/// at some sizes, which is what the guard should then not call flat.
fn steady(results: &[(usize, CellResult)]) -> bool {
    results.iter().all(|(_, r)| {
        let m: Vec<f64> = r.rounds.iter().map(|x| x.median_ns).collect();
        let (lo, hi) = m.iter().fold((f64::INFINITY, 0.0_f64), |(lo, hi), &v| {
            (lo.min(v), hi.max(v))
        });
        hi <= lo * 1.1
    })
}

/// `measure_sweep`, repeated (up to 10 times) until the machine held still through it:
/// the claim under test is what the guard says of a steady measurement. A machine that
/// never holds still for a tenth of a second in ten tries fails the test, saying so.
fn steady_sweep<K: Kernel>(kernel: &mut K, sizes: &[usize]) -> Vec<(usize, CellResult)> {
    for _ in 0..10 {
        let results = measure_sweep(kernel, sizes, |_| None);
        if steady(&results) {
            return results;
        }
    }
    panic!("the machine changed speed during each of 10 sweeps of a tenth of a second")
}

#[test]
fn a_kernel_whose_time_does_not_grow_with_size_is_flat() {
    let results = steady_sweep(&mut FirstBytesOnly, &SWEEP);
    let flat = guards::flat_scaling(&sweep_of(&results));
    let larger: Vec<u64> = flat.iter().map(|p| p.large_size).collect();
    assert_eq!(larger, [4096, 256 << 10], "{flat:?}");
    // Each flagged size is paired with one at least 16x smaller (the pair whose extra
    // bytes came fastest).
    assert!(
        flat.iter().all(|p| p.small_size * 16 <= p.large_size),
        "{flat:?}"
    );
}

#[test]
fn a_kernel_that_reads_its_input_is_not_flat() {
    let results = measure_sweep(&mut Read::default(), &SWEEP, |_| None);
    let flat = guards::flat_scaling(&sweep_of(&results));
    assert!(flat.is_empty(), "{flat:?}");
}

#[test]
fn a_kernel_that_skips_its_input_is_above_the_read_ceiling() {
    let size = 1 << 20;
    let fake = measure_sweep(&mut FirstBytesOnly, &[size], |_| None);
    let read = measure_sweep(&mut Read::default(), &[size], |_| None);
    let (fake, read) = (&fake[0].1.summary, &read[0].1.summary);
    let flag = guards::above_ceiling(fake.median_ci.high.get(), read.median_ci.low.get(), 1, 1.0)
        .expect("reading 64 of 1 MiB beats reading all of it");
    assert_eq!(flag.code, FlagCode::AboveCeiling);
    // The ceiling does not flag itself: the same kernel is never beyond both its CIs.
    assert!(
        guards::above_ceiling(read.median_ci.high.get(), read.median_ci.low.get(), 1, 1.0)
            .is_none()
    );
}

/// About a millisecond of arithmetic over the input: a stand-in for a slow hash.
fn slow_digest(input: &[u8]) -> [u8; 8] {
    let mut acc = 0x9E37_79B9_7F4A_7C15u64;
    for i in 0..400_000usize {
        acc = acc
            .rotate_left(5)
            .wrapping_mul(0x100_0000_01B3)
            .wrapping_add(u64::from(input[i % input.len()]));
    }
    acc.to_le_bytes()
}

/// What a compiler does to a benchmark loop when it hoists a pure call out of it: the
/// work is done once per batch, and every later call of the batch only hands back the
/// answer already in the output buffer. Modelled by remembering the output buffer the
/// last digest was written to: the timed loop reuses one buffer, the engine's digest
/// check uses another, so the fake still passes every check.
#[derive(Default)]
struct Hoisted {
    last_out: Option<usize>,
}

impl Kernel for Hoisted {
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        let key = out.as_ptr() as usize;
        if self.last_out != Some(key) {
            out.copy_from_slice(&slow_digest(input));
            self.last_out = Some(key);
        }
    }

    fn output_len(&self) -> usize {
        8
    }
}

/// The honest twin of [`Hoisted`]: the same work on every call.
struct EveryCall;

impl Kernel for EveryCall {
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&slow_digest(input));
    }

    fn output_len(&self) -> usize {
        8
    }
}

fn scaling_flag<K: Kernel>(kernel: &mut K) -> Option<Flag> {
    let results = measure_sweep(kernel, &[256], |b| Some(slow_digest(b).to_vec()));
    let scaling = results[0]
        .1
        .iteration_scaling
        .clone()
        .expect("the engine times the scaling batches");
    assert_eq!(scaling.long_iterations, 2 * scaling.short_iterations);
    guards::iteration_scaling(&scaling, &Thresholds::default())
}

/// Tries of [`scaling_flag`] a verdict may take: with busy loops holding both CPUs of the
/// development VM, a fresh clone's suite once read the hoisting kernel as scaling
/// (2026-11-30): one measurement's batches can be disturbed past what the engine's own
/// retries absorb. A guard that never flags, or always flags, fails every try.
const TRIES: usize = 3;

#[test]
fn work_done_once_per_batch_does_not_scale_with_iterations() {
    let flags: Vec<Option<Flag>> = (0..TRIES)
        .map(|_| scaling_flag(&mut Hoisted::default()))
        .collect();
    assert!(
        flags
            .iter()
            .flatten()
            .any(|f| f.code == FlagCode::NotScalingWithIterations),
        "{flags:?}"
    );
}

#[test]
fn work_done_every_call_scales_with_iterations() {
    let flags: Vec<Option<Flag>> = (0..TRIES).map(|_| scaling_flag(&mut EveryCall)).collect();
    assert!(flags.iter().any(Option::is_none), "{flags:?}");
}
