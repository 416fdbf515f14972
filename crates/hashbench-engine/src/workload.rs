//! What a cell's calls are given: the input, the lengths the calls take in turn, and
//! whether each call waits for the last one's digest.

use hashbench_catalog::feed::Feed;
use hashbench_model::{Mode, Size};

use crate::{Input, Kernel};

/// A cell's input and how its calls use it. Throughput mode at a fixed size is the plain
/// case: every call hashes the same bytes, through [`Kernel::run_batch`]. Latency mode
/// and length ranges go through [`Kernel::run_feed`].
#[derive(Clone, Debug)]
pub struct Workload {
    input: Input,
    lengths: Option<Vec<u32>>,
    mode: Mode,
}

impl Workload {
    /// Every call hashes all of `input`, calls may overlap.
    #[must_use]
    pub fn plain(input: Input) -> Self {
        Self {
            input,
            lengths: None,
            mode: Mode::Throughput,
        }
    }

    /// The workload of a cell at `size` in `mode`: the input from `seed` (as long as the
    /// largest length), and for a range its lengths, each once per period, in an order
    /// shuffled from `seed`.
    ///
    /// # Panics
    ///
    /// When a range's largest length does not fit in `u32` (the plan refuses such ranges).
    #[must_use]
    pub fn new(size: Size, mode: Mode, seed: u64, misalign: usize) -> Self {
        Self::placed(size, mode, seed, misalign, 0)
    }

    /// As [`Workload::new`], its input placed `lines` cache lines further into a fresh
    /// buffer ([`Input::placed`]).
    ///
    /// # Panics
    ///
    /// As [`Workload::new`].
    #[must_use]
    pub fn placed(size: Size, mode: Mode, seed: u64, misalign: usize, lines: usize) -> Self {
        let input = Input::placed(size.max_bytes() as usize, seed, misalign, lines);
        let lengths = match size {
            Size::Bytes(_) => None,
            Size::Range { min, max } => {
                let bound = |n: u64| u32::try_from(n).expect("the plan keeps ranges within u32");
                Some(Input::shuffled_lengths(bound(min), bound(max), seed))
            }
        };
        Self {
            input,
            lengths,
            mode,
        }
    }

    /// The input (all of it: the longest length of a range).
    #[must_use]
    pub fn input(&self) -> &Input {
        &self.input
    }

    /// The input's bytes, as untimed checks and the expected digest use them. Between
    /// batches they are always the bytes generated from the seed: a chained batch
    /// restores what it changed.
    #[must_use]
    pub fn bytes(&self) -> &[u8] {
        self.input.bytes()
    }

    #[must_use]
    pub fn mode(&self) -> Mode {
        self.mode
    }

    /// Calls per period of the lengths: a batch is a whole number of periods, so that
    /// its mean length is exactly the range's middle. 1 for a fixed size.
    #[must_use]
    pub fn period(&self) -> u64 {
        self.lengths.as_ref().map_or(1, |l| l.len().max(1) as u64)
    }

    /// `iters` calls of `kernel`, the last digest in `out`: the timed batch.
    #[inline]
    pub(crate) fn batch<K: Kernel + ?Sized>(&mut self, kernel: &mut K, out: &mut [u8], iters: u64) {
        let chained = self.mode == Mode::Latency;
        if !chained && self.lengths.is_none() {
            kernel.run_batch(self.input.bytes(), out, iters);
            return;
        }
        let bytes = self.input.bytes_mut();
        let mut head = [0u8; 8];
        let n = bytes.len().min(8);
        head[..n].copy_from_slice(&bytes[..n]);
        let mut feed = Feed {
            buf: bytes,
            lengths: self.lengths.as_deref(),
            chained,
        };
        kernel.run_feed(&mut feed, out, iters);
        // The chain changed the first bytes: give them back, so that every batch starts
        // from the same input and the checks see the bytes the digest was computed for.
        self.input.bytes_mut()[..n].copy_from_slice(&head[..n]);
    }
}

#[cfg(test)]
mod tests;
