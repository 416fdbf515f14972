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

/// Passes over its workload a map kernel makes before each round ([`Kernel::warm`]).
pub const WARM_PASSES: u64 = 2;

/// The most operations those passes take: two passes of a 2M-key map would take 0.1 s a
/// round, and a map that large lives in memory, not in a cache its passes could fill.
pub const WARM_MOST: u64 = 1 << 20;

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

    /// [`WARM_PASSES`] passes over the map's workload ([`WARM_MOST`] operations at most),
    /// untimed. A map left alone goes cold: on the development VM (2026-11-30, `cargo
    /// bench -p hashbench --bench map_places`, "cold maps") FxHash's hits on 262,144
    /// serial keys read 16-21 ns a lookup in short batches after the map sat unused for
    /// 50 ms, and 2.4-3 ns after two passes over it, as a program's loop over the map
    /// keeps it. A round's own warm-up is single calls for a tenth of its time, and its
    /// batches could reach their precision before the map was warm: `hashbench maps`
    /// read such cells 4-5x slow, in some rounds and some runs.
    fn warm(&mut self) {
        let ops = (WARM_PASSES * self.bench.pass()).min(WARM_MOST);
        self.bench.run(ops);
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
