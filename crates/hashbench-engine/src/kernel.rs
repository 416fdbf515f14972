//! What gets timed per iteration.

use std::time::Duration;

use hashbench_catalog::feed::{self, Feed};
use hashbench_catalog::hasher::{self, MAX_DIGEST};
use hashbench_catalog::Hasher;
use hashbench_model::Pattern;

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

    /// Untimed, after each round's warm-up of single calls and before its batches: what
    /// brings the kernel into the state its timed calls are to measure, which single
    /// calls for a tenth of the round's time may not; for at most about `limit`.
    /// Nothing by default; a map kernel passes over its map until its passes stop
    /// getting faster ([`crate::MapKernel`]).
    fn warm(&mut self, limit: std::time::Duration) {
        let _ = limit;
    }

    /// The fewest calls a timed batch is made of: batches are whole multiples of it.
    /// 1 by default; a map kernel whose costs come in lumps (a build's growth and drop)
    /// says its pass, so that every batch holds its share of them ([`crate::MapKernel`]).
    fn period(&self) -> u64 {
        1
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

#[cfg(test)]
mod tests;
