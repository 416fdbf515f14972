//! A hash map's workload as a [`Kernel`]: the engine times its operations as it times any
//! call, in the same rounds, and holds every sample to a map that gave no wrong answer.

use hashbench_catalog::map::MapBench;

use crate::{Kernel, Malformed};

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
