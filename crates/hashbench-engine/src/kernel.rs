//! What gets timed per iteration.

use std::hint::black_box;
use std::time::Duration;

use hashbench_catalog::feed::{self, Feed};
use hashbench_catalog::hasher::{self, MAX_DIGEST};
use hashbench_catalog::Hasher;
use hashbench_model::Baseline;
use hashbench_model::Pattern;

use crate::input::Buf;

/// One timed operation on the input. `out` is exactly [`Kernel::output_len`]
/// bytes long.
pub trait Kernel {
    /// Processes `input` once, writing the result (if any) to `out`.
    fn run(&mut self, input: &[u8], out: &mut [u8]);

    /// Length of the output written by [`Kernel::run`] (0 for baselines).
    fn output_len(&self) -> usize;

    /// The timed loop: [`Kernel::run`] `iters` times through [`crate::timing::repeat`].
    /// A kernel that decides per call what to run (a hash kernel's pattern) overrides
    /// this to decide once per batch, outside the loop, so the loop holds nothing but
    /// the call.
    #[inline]
    fn run_batch(&mut self, input: &[u8], out: &mut [u8], iters: u64) {
        crate::timing::repeat(input, iters, |i| self.run(i, out));
    }

    /// The timed loop of latency mode and varying lengths: `iters` calls, each given
    /// what `feed` says ([`hashbench_catalog::feed::drive_feed`]), chained on the
    /// first bytes of `out`. Hash kernels override this with their hasher's own loop.
    #[inline]
    fn run_feed(&mut self, feed: &mut Feed<'_>, out: &mut [u8], iters: u64) {
        feed::drive_feed(feed, iters, |i| {
            self.run(i, out);
            feed::link(out)
        });
    }

    /// For a kernel whose calls run elsewhere (another runtime's process, on its own
    /// clock): runs a batch of `iters` calls on `input` and returns the batch's elapsed
    /// time as that clock measured it, which the engine then takes instead of timing the
    /// call itself (the request's round trip is not the hash's). `None`, the default:
    /// the engine times [`Kernel::run_batch`].
    fn self_timed(&mut self, input: &[u8], out: &mut [u8], iters: u64) -> Option<Duration> {
        let _ = (input, out, iters);
        None
    }

    /// The kernel's name in messages; defaults to `"kernel"`.
    fn name(&self) -> &str {
        "kernel"
    }

    /// The untimed correctness run after each sample: the same call as [`Kernel::run`],
    /// with its result made comparable as bytes in `out`. Kernels whose timed call
    /// produces something else (a `Vec`, a hex `String`) convert it here, so that the
    /// conversion is checked but not timed. `Err` carries a result that is not even
    /// well-formed (hex of the wrong length), shown as the wrong digest.
    ///
    /// # Errors
    ///
    /// The malformed result.
    fn check(&mut self, input: &[u8], out: &mut [u8]) -> Result<(), Malformed> {
        self.run(input, out);
        Ok(())
    }
}

/// A kernel's result that is not even well-formed (hex of the wrong length), as text: it
/// is reported as the wrong digest.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Malformed(pub String);

/// Why a hash kernel cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum KernelError {
    /// The implementation cannot run on this machine.
    #[error("unavailable here: {0}")]
    Unavailable(#[from] hashbench_catalog::Unavailable),
    /// The library cannot express the pattern.
    #[error("pattern {pattern} is not applicable: {reason}")]
    NotApplicable {
        /// The pattern asked for.
        pattern: Pattern,
        /// Why the library cannot express it.
        reason: &'static str,
    },
}

/// A hash implementation driven by one API usage [`Pattern`] (by default the one-call
/// path, [`Hasher::oneshot`]).
pub struct HashKernel {
    hasher: Box<dyn Hasher>,
    output_len: usize,
    name: String,
    pattern: Pattern,
    /// Testing aid: extra calls per counted call ([`HashKernel::slow_down`]); 0 otherwise.
    extra: f64,
}

impl HashKernel {
    /// Wraps `hasher`, whose digests are `output_len` bytes long, called one-shot.
    #[must_use]
    pub fn new(name: impl Into<String>, hasher: Box<dyn Hasher>, output_len: usize) -> Self {
        Self {
            hasher,
            output_len,
            name: name.into(),
            pattern: Pattern::Oneshot,
            extra: 0.0,
        }
    }

    /// Testing aid (`run --slow-down ID=PERCENT`): a timed batch of `n` calls makes
    /// `n · (1 + fraction)`, the same loop and digests, a change of known size.
    pub fn slow_down(&mut self, fraction: f64) {
        self.extra = fraction.max(0.0);
    }

    /// The fraction [`HashKernel::slow_down`] set.
    #[must_use]
    pub fn slowed_by(&self) -> f64 {
        self.extra
    }

    fn calls(&self, iters: u64) -> u64 {
        iters + (iters as f64 * self.extra).round() as u64
    }

    /// Wraps `hasher` driven by `pattern`.
    ///
    /// # Errors
    ///
    /// [`KernelError::NotApplicable`] when the hasher's library cannot express `pattern`.
    pub fn with_pattern(
        name: impl Into<String>,
        mut hasher: Box<dyn Hasher>,
        output_len: usize,
        pattern: Pattern,
    ) -> Result<Self, KernelError> {
        hasher
            .supports(pattern)
            .map_err(|reason| KernelError::NotApplicable { pattern, reason })?;
        if pattern == Pattern::Hex && output_len > MAX_DIGEST {
            return Err(KernelError::NotApplicable {
                pattern,
                reason: "digests over 64 bytes have no stack buffer in the hex kernel",
            });
        }
        if matches!(pattern, Pattern::Keys(_)) && output_len != 8 {
            return Err(KernelError::NotApplicable {
                pattern,
                reason: "keys:* patterns time hash_one, whose u64 is a 64-bit digest",
            });
        }
        if matches!(pattern, Pattern::Reuse | Pattern::Streaming(_)) {
            // These drive the long-lived state: start it clean.
            hasher.reset();
        }
        Ok(Self {
            hasher,
            output_len,
            name: name.into(),
            pattern,
            extra: 0.0,
        })
    }

    /// Instantiates a catalogue implementation, called one-shot.
    ///
    /// # Errors
    ///
    /// [`KernelError::Unavailable`] when it cannot run on this machine.
    pub fn from_implementation(
        implementation: &hashbench_catalog::Implementation,
    ) -> Result<Self, KernelError> {
        Ok(Self::new(
            implementation.id,
            implementation.instantiate()?,
            implementation.algorithm.output_bytes(),
        ))
    }

    /// Instantiates a catalogue implementation driven by `pattern`.
    ///
    /// # Errors
    ///
    /// [`KernelError::Unavailable`] when it cannot run here,
    /// [`KernelError::NotApplicable`] when its library cannot express `pattern`.
    pub fn for_pattern(
        implementation: &hashbench_catalog::Implementation,
        pattern: Pattern,
    ) -> Result<Self, KernelError> {
        let hasher = implementation.instantiate()?;
        Self::with_pattern(
            format!("{} [{pattern}]", implementation.id),
            hasher,
            implementation.algorithm.output_bytes(),
            pattern,
        )
    }

    /// The pattern this kernel drives.
    #[must_use]
    pub fn pattern(&self) -> Pattern {
        self.pattern
    }
}

/// Decodes lowercase hex of exactly `out.len()` bytes into `out`; `false` if `hex` is
/// anything else. Stricter than `hex::decode_to_slice`, which also takes upper case: the
/// `hex` pattern's check must notice a library that changed the case of its output.
fn from_hex(hex: &str, out: &mut [u8]) -> bool {
    fn nibble(c: u8) -> Option<u8> {
        match c {
            b'0'..=b'9' => Some(c - b'0'),
            b'a'..=b'f' => Some(c - b'a' + 10),
            _ => None,
        }
    }
    if hex.len() != out.len() * 2 {
        return false;
    }
    for (o, pair) in out.iter_mut().zip(hex.as_bytes().chunks_exact(2)) {
        match (nibble(pair[0]), nibble(pair[1])) {
            (Some(h), Some(l)) => *o = h << 4 | l,
            _ => return false,
        }
    }
    true
}

impl Kernel for HashKernel {
    /// One call of the timed loop itself (a batch of one), so that warm-up, allocation
    /// counting and the checks run exactly the code that is timed.
    #[inline]
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        self.hasher.run_batch(self.pattern, input, out, 1);
    }

    fn output_len(&self) -> usize {
        self.output_len
    }

    /// One indirect call per batch: the loop inside is the hasher type's own
    /// ([`Hasher::run_batch`]), so a timed call is the library call and its barriers.
    fn run_batch(&mut self, input: &[u8], out: &mut [u8], iters: u64) {
        self.hasher
            .run_batch(self.pattern, input, out, self.calls(iters));
    }

    fn run_feed(&mut self, feed: &mut Feed<'_>, out: &mut [u8], iters: u64) {
        self.hasher
            .run_feed(self.pattern, feed, out, self.calls(iters));
    }

    fn name(&self) -> &str {
        &self.name
    }

    fn check(&mut self, input: &[u8], out: &mut [u8]) -> Result<(), Malformed> {
        match self.pattern {
            Pattern::Alloc => {
                let v = hasher::alloc_digest(&mut *self.hasher, input, self.output_len);
                out.copy_from_slice(&v);
            }
            Pattern::Hex => {
                let hex = hasher::hex_digest(&mut *self.hasher, input, self.output_len);
                if !from_hex(&hex, out) {
                    return Err(Malformed(format!("malformed hex {hex:?}")));
                }
            }
            _ => self.run(input, out),
        }
        Ok(())
    }
}

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
    /// Lets the destination go: the next call copies into a new one, from
    /// [`crate::input::FRESH_PAGES_FROM`] on with pages of its own, as an input gets. A
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
