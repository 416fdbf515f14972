//! The `read` ceiling of a cell that runs on N threads: one thread's read is no ceiling
//! for a library that splits one message across a pool (blake3's `update_rayon`), which
//! can read several times faster than one thread can.

use std::hint::black_box;

use hashbench_model::Baseline;

use crate::baselines::widest_read_fold;
use crate::Kernel;

/// Pieces smaller than this are read where they are: handing them to another thread
/// costs more than reading them (blake3 likewise splits only inputs of several chunks).
pub const MIN_PIECE: usize = 4096;

/// Baseline: the input read as a parallel cell on `threads` threads reads it. Run inside
/// the same pool as the cell (`ThreadPool::install`); the input is split in halves by
/// `rayon::join`, recursively, into `threads` contiguous pieces of whole 64-byte lines
/// (the shape of blake3's `update_rayon`), each read by the fastest plain read
/// ([`crate::Read`]'s fold).
#[derive(Clone, Copy, Debug)]
pub struct SplitRead {
    fold: fn(&[u8]) -> u64,
    threads: usize,
}

impl SplitRead {
    #[must_use]
    pub fn new(threads: usize) -> Self {
        Self {
            fold: widest_read_fold(),
            threads: threads.max(1),
        }
    }

    /// Threads the input is split across.
    #[must_use]
    pub fn threads(&self) -> usize {
        self.threads
    }
}

impl Kernel for SplitRead {
    #[inline]
    fn run(&mut self, input: &[u8], _out: &mut [u8]) {
        black_box(split_fold(self.fold, input, self.threads));
    }

    fn output_len(&self) -> usize {
        0
    }

    fn name(&self) -> &str {
        Baseline::Read.id()
    }
}

/// `fold` over `data` in `parts` pieces on the current rayon pool, combined so that no
/// piece's read can be optimised away.
pub(crate) fn split_fold(fold: fn(&[u8]) -> u64, data: &[u8], parts: usize) -> u64 {
    if parts <= 1 || data.len() < 2 * MIN_PIECE {
        return fold(data);
    }
    let left = parts / 2;
    // Whole cache lines on each side, so no line is read by two threads.
    let mid = (data.len() * left / parts) & !63;
    let (a, b) = data.split_at(mid);
    let (x, y) = rayon_core::join(
        || split_fold(fold, a, left),
        || split_fold(fold, b, parts - left),
    );
    x.rotate_left(1) ^ y
}

#[cfg(test)]
mod tests;
