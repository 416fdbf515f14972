//! A hash map's workload as a [`Kernel`]: the engine times its operations as it times any
//! call, in the same rounds, and holds every sample to a map that gave no wrong answer.

use hashbench_catalog::map::MapBench;

use crate::{Kernel, Malformed};

/// Settles the C library's deferred frees and hands free memory back to the kernel
/// (glibc's `malloc_trim`), untimed, before a map is made: so that no map pays for what
/// an earlier one left. glibc keeps small freed blocks (a string key's) in fast bins and
/// merges them only when a large block is next asked for: after the `words` set's making
/// freed millions of strings, the first round of `serial` keys' `build` at 8,192 keys,
/// its table grown inside the timed loop, read 3,608 ns an insert against 19-24 ns in
/// the others (`maps fxhash --set serial,words --entries 8k,1m --workload build`, before
/// this), and a full run's `build` cells read 1,000-1,200 ns. The next map then also
/// starts from the same heap whatever was measured before it. A no-op where the C
/// library has no such call.
pub fn settle_heap() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: `malloc_trim` only merges and returns free memory; it touches no
    // allocation in use.
    unsafe {
        libc::malloc_trim(0);
    }
}

/// The most operations one step of a map kernel's warming takes ([`Kernel::warm`]; a
/// step is a pass over its workload where it can be): a pass of a 2M-key map is a tenth
/// of a second, and its speed is known long before the pass ends.
pub const WARM_STEP_MOST: u64 = 1 << 18;

/// The fewest: a pass of a small map is a microsecond, too short to time.
pub const WARM_STEP_LEAST: u64 = 1 << 12;

/// How much faster than every step before it a step must be for the warming to go on.
pub const WARM_GAIN: f64 = 0.01;

/// Steps in a row, none of them that much faster, after which a map is warm: with the
/// first, three steps at least.
pub const WARM_CALM: u32 = 2;

/// When a map kernel's warming is done: fed the time per operation of each step, it
/// says whether the map has stopped getting faster.
#[derive(Clone, Copy, Debug)]
pub struct Warming {
    best: f64,
    calm: u32,
}

impl Default for Warming {
    fn default() -> Self {
        Self::new()
    }
}

impl Warming {
    /// Before the first step.
    #[must_use]
    pub fn new() -> Self {
        Self {
            best: f64::INFINITY,
            calm: 0,
        }
    }

    /// Counts a step that took `per_op` (any unit) an operation; true once the last
    /// [`WARM_CALM`] steps were each no more than [`WARM_GAIN`] faster than the fastest
    /// before them.
    pub fn step(&mut self, per_op: f64) -> bool {
        if per_op < self.best * (1.0 - WARM_GAIN) {
            self.calm = 0;
        } else {
            self.calm += 1;
        }
        self.best = self.best.min(per_op);
        self.calm >= WARM_CALM
    }
}

/// The digest a correct map's [`Kernel::check`] writes: no wrong answer, as 8 bytes.
pub const MAP_CORRECT: [u8; 8] = [0; 8];

/// A [`MapBench`] as a kernel. A call is one operation of the map's workload; the input
/// the engine hands it is not read (the keys are the map's own), and its output is the
/// count of wrong answers so far, little-endian, which must stay [`MAP_CORRECT`].
pub struct MapKernel {
    bench: Box<dyn MapBench>,
    name: String,
}

impl MapKernel {
    /// `bench`, named `name` in messages.
    #[must_use]
    pub fn new(name: impl Into<String>, bench: Box<dyn MapBench>) -> Self {
        Self {
            bench,
            name: name.into(),
        }
    }

    /// Keys in the map now.
    #[must_use]
    pub fn len(&self) -> usize {
        self.bench.len()
    }

    /// Whether the map is empty now.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.bench.is_empty()
    }
}

impl Kernel for MapKernel {
    fn run(&mut self, _input: &[u8], out: &mut [u8]) {
        self.bench.run(1);
        out.copy_from_slice(&self.bench.errors().to_le_bytes());
    }

    fn output_len(&self) -> usize {
        MAP_CORRECT.len()
    }

    fn run_batch(&mut self, _input: &[u8], _out: &mut [u8], iters: u64) {
        self.bench.run(iters);
    }

    fn run_feed(
        &mut self,
        _feed: &mut hashbench_catalog::feed::Feed<'_>,
        _out: &mut [u8],
        iters: u64,
    ) {
        self.bench.run(iters);
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn period(&self) -> u64 {
        self.bench.period()
    }

    /// Steps over the map's workload, untimed, until they stop getting faster
    /// ([`Warming`]), or `limit` has passed: a map that has just been made, or that
    /// single calls walked through, is slower for several passes. On the development VM
    /// (2026-11-30 evening, a scratch bench beside `direct_maps`: maps of 262,144 `words`
    /// made anew, timed in batches of 1,500 lookups from the start) SipHash-1-3's misses
    /// read 28-31 ns a lookup in the first 3 ms and fell pass by pass to 21-22 ns after
    /// about 40-55 ms (eight passes), aHash's 13 to 7.7 ns in 18 ms, FxHash's hits 57-65
    /// to about 30 ns in 30-40 ms; and after 30 ms of single lookups a warm map read 7-52
    /// % slower, for milliseconds. With two passes before the single calls, `hashbench
    /// maps` read the hits on `words` at 262,144 keys 1.12-1.26x a direct loop's steady
    /// lookups, and SipHash's misses 1.22x (`cargo bench -p hashbench --bench
    /// direct_maps`, five reps). A map left alone goes cold too (`map_places`, "cold
    /// maps").
    fn warm(&mut self, limit: std::time::Duration) {
        let ops = self.bench.pass().clamp(WARM_STEP_LEAST, WARM_STEP_MOST);
        let started = std::time::Instant::now();
        let mut warming = Warming::new();
        loop {
            let t0 = std::time::Instant::now();
            self.bench.run(ops);
            let per_op = t0.elapsed().as_secs_f64() / ops as f64;
            if warming.step(per_op) || started.elapsed() >= limit {
                break;
            }
        }
    }

    /// One operation, then the map's spot check of its next lookups (untimed): the count
    /// of wrong answers so far.
    fn check(&mut self, input: &[u8], out: &mut [u8]) -> Result<(), Malformed> {
        self.bench.run(1);
        self.bench.spot_check();
        let _ = input;
        out.copy_from_slice(&self.bench.errors().to_le_bytes());
        Ok(())
    }
}

#[cfg(test)]
mod tests;
