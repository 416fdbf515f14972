//! The baselines: kernels that belong to no library, timed beside the hashes as the
//! harness's floor (`nop`), a copy (`memcpy`) and the fastest plain read (`read`), the
//! ceiling no hash that reads its input can beat.

use std::hint::black_box;

use hashbench_model::Baseline;

use crate::input::Buf;
use crate::kernel::Kernel;

/// Baseline: does nothing but hide the input pointer from the optimiser. Its
/// time is the harness overhead per iteration.
#[derive(Clone, Copy, Debug, Default)]
pub struct Nop;

impl Kernel for Nop {
    #[inline]
    fn run(&mut self, input: &[u8], _out: &mut [u8]) {
        // The loop already passes `input` through black_box: nothing more to do.
        let _ = input;
    }

    fn output_len(&self) -> usize {
        0
    }

    fn name(&self) -> &str {
        Baseline::Nop.id()
    }
}

/// Baseline: copies the input into an owned buffer, starting on a 64-byte boundary: where
/// the heap put it set the copy's speed for a process's life (4 KiB: 25 or 32 ns here).
/// The buffer is the destination's placement, and [`Memcpy::place`] gives each round a
/// new one.
#[derive(Debug, Default)]
pub struct Memcpy {
    dst: Option<Buf>,
}

impl Memcpy {
    /// Lets the destination go: the next call copies into a new one, with pages of its
    /// own, as an input gets them (`crate::input::Buf`). A
    /// destination kept for the life of a process kept its physical pages, and with them
    /// where a copy of 1 MiB lands in the physically indexed caches: two runs read the
    /// baseline at 1 MiB 36 or 41 us, each consistent with itself (issue 32's coverage runs).
    pub fn place(&mut self) {
        self.dst = None;
    }
}

impl Kernel for Memcpy {
    #[inline]
    fn run(&mut self, input: &[u8], _out: &mut [u8]) {
        // Grown once to the longest input: calls of varying length (a range of sizes)
        // copy into a prefix, never allocate.
        let need = input.len() + 64;
        let dst = match &mut self.dst {
            Some(d) if d.len() >= need => d,
            slot => slot.insert(Buf::zeroed(need)),
        };
        let start = dst.as_ptr().align_offset(64).min(64);
        let dst = &mut dst[start..start + input.len()];
        dst.copy_from_slice(input);
        black_box(dst);
    }

    fn output_len(&self) -> usize {
        0
    }

    fn name(&self) -> &str {
        Baseline::Memcpy.id()
    }
}

/// Baseline: the fastest plain read of every byte ([`read_fold`] with the widest vector
/// unit this CPU has, chosen once when the kernel is made).
#[derive(Clone, Copy, Debug)]
pub struct Read {
    fold: fn(&[u8]) -> u64,
}

impl Default for Read {
    fn default() -> Self {
        Self {
            fold: widest_read_fold(),
        }
    }
}

impl Kernel for Read {
    #[inline]
    fn run(&mut self, input: &[u8], _out: &mut [u8]) {
        black_box((self.fold)(input));
    }

    fn output_len(&self) -> usize {
        0
    }

    fn name(&self) -> &str {
        Baseline::Read.id()
    }
}

/// [`read_fold`] compiled for the widest vector unit this CPU has (AVX-512, AVX2, else
/// the build's baseline): the `read` ceiling must be the fastest plain read, or a SIMD
/// hash could appear to beat it.
#[must_use]
pub(crate) fn widest_read_fold() -> fn(&[u8]) -> u64 {
    #[cfg(target_arch = "x86_64")]
    {
        if std::arch::is_x86_feature_detected!("avx512f")
            && std::arch::is_x86_feature_detected!("avx512bw")
        {
            // SAFETY (of the call inside): avx512f and avx512bw were just detected.
            return |d| unsafe { read_fold_avx512(d) };
        }
        if std::arch::is_x86_feature_detected!("avx2") {
            // SAFETY (of the call inside): avx2 was just detected.
            return |d| unsafe { read_fold_avx2(d) };
        }
    }
    read_fold
}

/// Explicit AVX-512 loads: four 64-byte accumulators per 256 bytes, so the loop is
/// bound by load throughput, not by a dependency chain or the auto-vectoriser's mood;
/// then whole 64-byte blocks, then one masked load for the tail, so that small inputs
/// cost a few instructions, not a scalar loop.
///
/// # Safety
/// The CPU must support AVX-512F and AVX-512BW.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx512f,avx512bw")]
unsafe fn read_fold_avx512(data: &[u8]) -> u64 {
    use std::arch::x86_64::*;
    let mut acc = [_mm512_setzero_si512(); 4];
    let blocks = data.chunks_exact(256);
    let rest = blocks.remainder();
    for block in blocks {
        for (i, a) in acc.iter_mut().enumerate() {
            // SAFETY: `block` is 256 bytes, so offsets 0..=192 leave 64 readable bytes;
            // loadu has no alignment requirement.
            let v = unsafe { _mm512_loadu_si512(block.as_ptr().add(i * 64).cast()) };
            *a = _mm512_xor_si512(*a, v);
        }
    }
    let sixty_fours = rest.chunks_exact(64);
    let tail = sixty_fours.remainder();
    for (i, block) in sixty_fours.enumerate() {
        // SAFETY: `block` is 64 readable bytes.
        let v = unsafe { _mm512_loadu_si512(block.as_ptr().cast()) };
        acc[i] = _mm512_xor_si512(acc[i], v);
    }
    if !tail.is_empty() {
        // Bytes past the tail are masked off: not read, and zero in the vector, which
        // is the zero padding of the scalar fold (the tail starts on a 64-byte, hence
        // word, boundary of `data`).
        let mask: __mmask64 = (1u64 << tail.len()) - 1;
        // SAFETY: a masked load touches only the bytes whose mask bit is set, all of
        // which lie inside `tail`.
        let v = unsafe { _mm512_maskz_loadu_epi8(mask, tail.as_ptr().cast()) };
        acc[3] = _mm512_xor_si512(acc[3], v);
    }
    let x = _mm512_xor_si512(
        _mm512_xor_si512(acc[0], acc[1]),
        _mm512_xor_si512(acc[2], acc[3]),
    );
    let mut lanes = [0u64; 8];
    // SAFETY: `lanes` is 64 writable bytes; storeu has no alignment requirement.
    unsafe { _mm512_storeu_si512(lanes.as_mut_ptr().cast(), x) };
    lanes.iter().fold(0, |a, &b| a ^ b)
}

/// The AVX2 counterpart of [`read_fold_avx512`]: four 32-byte accumulators per 128 bytes.
///
/// # Safety
/// The CPU must support AVX2.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2")]
unsafe fn read_fold_avx2(data: &[u8]) -> u64 {
    use std::arch::x86_64::*;
    let mut acc = [_mm256_setzero_si256(); 4];
    let blocks = data.chunks_exact(128);
    let rest = blocks.remainder();
    for block in blocks {
        for (i, a) in acc.iter_mut().enumerate() {
            // SAFETY: `block` is 128 bytes, so offsets 0..=96 leave 32 readable bytes.
            let v = unsafe { _mm256_loadu_si256(block.as_ptr().add(i * 32).cast()) };
            *a = _mm256_xor_si256(*a, v);
        }
    }
    let x = _mm256_xor_si256(
        _mm256_xor_si256(acc[0], acc[1]),
        _mm256_xor_si256(acc[2], acc[3]),
    );
    let mut lanes = [0u64; 4];
    // SAFETY: `lanes` is 32 writable bytes.
    unsafe { _mm256_storeu_si256(lanes.as_mut_ptr().cast(), x) };
    lanes.iter().fold(read_fold(rest), |a, &b| a ^ b)
}

/// XOR of all native-endian 64-bit words of `data`, the zero-padded tail
/// included: the value the [`Read`] baseline computes. Flipping any bit of the
/// input flips one bit of the result.
#[must_use]
#[inline]
pub fn read_fold(data: &[u8]) -> u64 {
    read_fold_inline(data)
}

#[inline(always)]
fn read_fold_inline(data: &[u8]) -> u64 {
    #[inline(always)]
    fn word(c: &[u8]) -> u64 {
        let mut w = [0u8; 8];
        w.copy_from_slice(c);
        u64::from_ne_bytes(w)
    }
    // Eight independent lanes over 64-byte blocks: LLVM turns this into wide
    // vector XORs.
    let mut acc = [0u64; 8];
    let blocks = data.chunks_exact(64);
    let rest = blocks.remainder();
    for block in blocks {
        for (lane, c) in acc.iter_mut().zip(block.chunks_exact(8)) {
            *lane ^= word(c);
        }
    }
    let words = rest.chunks_exact(8);
    let tail = words.remainder();
    for c in words {
        acc[0] ^= word(c);
    }
    let mut last = [0u8; 8];
    last[..tail.len()].copy_from_slice(tail);
    acc.iter().fold(u64::from_ne_bytes(last), |a, &b| a ^ b)
}

#[cfg(test)]
mod tests;
