//! The one interface every implementation sits behind.

use crate::pattern::{reason, Pattern};

/// An incremental hash or checksum state, object-safe so that a registry can hold
/// implementations from Rust crates and C libraries alike.
///
/// Digests are written in the byte order defined in [`crate::algorithm`]; `out` is always
/// exactly the algorithm's output length (callers guarantee it, implementations may
/// panic otherwise).
pub trait Hasher: Send {
    /// Absorbs more message bytes.
    fn update(&mut self, data: &[u8]);

    /// Writes the digest of everything absorbed since the last reset into `out`, and
    /// leaves the state reset, ready for a new message.
    fn finalize_reset(&mut self, out: &mut [u8]);

    /// Discards everything absorbed so far.
    fn reset(&mut self);

    /// Digest of `data` alone, whatever was absorbed before. Afterwards the streaming
    /// state is unspecified: call [`Hasher::reset`] before streaming again.
    ///
    /// Implementations whose library has a one-call function override this with it: the
    /// one-call path is often a different code path, so it must be verified and timed on
    /// its own. The default streams `data` through this state.
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        self.reset();
        self.update(data);
        self.finalize_reset(out);
    }

    /// Whether this library can express `pattern`; `Err` says why not. The default is
    /// what any hasher can do through the methods above: the one-call path, streaming
    /// on one state, and the output conventions layered on the one-call path. Adapters
    /// that know their library answer for the rest.
    fn supports(&self, pattern: Pattern) -> Result<(), &'static str> {
        match pattern {
            Pattern::Oneshot | Pattern::Alloc | Pattern::Hex | Pattern::Streaming(_) => Ok(()),
            Pattern::New => Err(reason::NO_CONSTRUCTOR),
            Pattern::Reuse => Err(reason::NO_RESET),
            Pattern::Prealloc => Err(reason::BY_VALUE),
            Pattern::ByName | Pattern::Prefetched => Err(reason::OPENSSL_ONLY),
        }
    }

    /// The `new` pattern: the digest of `data` through a library state constructed for
    /// this call alone and dropped after it; this state is left as it was. Only call when
    /// [`Hasher::supports`] allows [`Pattern::New`].
    fn fresh(&mut self, data: &[u8], out: &mut [u8]) {
        self.oneshot(data, out);
    }

    /// The `prealloc` pattern: the library writes the digest of `data` straight into
    /// `out`. Only call when [`Hasher::supports`] allows [`Pattern::Prealloc`].
    fn write_into(&mut self, data: &[u8], out: &mut [u8]) {
        self.oneshot(data, out);
    }

    /// The `by-name` pattern: the algorithm is looked up by its name for this call.
    /// Only call when [`Hasher::supports`] allows [`Pattern::ByName`].
    fn by_name(&mut self, data: &[u8], out: &mut [u8]) {
        self.oneshot(data, out);
    }

    /// The timed loop: `iters` calls on `input` as `pattern` says, the digest in `out`
    /// (see [`crate::batch::run_batch`]). Only call when [`Hasher::supports`] allows
    /// `pattern`.
    ///
    /// Provided, and not to be overridden: this body is compiled for each implementing
    /// type, so the vtable of every boxed hasher carries a loop in which each call is a
    /// static, inlinable call to that type's own methods. Called through `dyn Hasher`, it
    /// costs one indirect call per batch instead of one per timed call.
    fn run_batch(&mut self, pattern: Pattern, input: &[u8], out: &mut [u8], iters: u64) {
        crate::batch::run_batch(self, pattern, input, out, iters);
    }

    /// The timed loop of latency mode and varying lengths: `iters` calls as `pattern`
    /// says, each given what `feed` says (see [`crate::batch::run_feed`]). Provided and
    /// compiled per type, as [`Hasher::run_batch`] is.
    fn run_feed(
        &mut self,
        pattern: Pattern,
        feed: &mut crate::feed::Feed<'_>,
        out: &mut [u8],
        iters: u64,
    ) {
        crate::batch::run_feed(self, pattern, feed, out, iters);
    }
}

/// A hasher that does no work and writes nothing: what a measurement of it shows is the
/// harness's own cost per call (the timed loop, its barriers and the call path every
/// implementation takes), the floor under every implementation's figure. Not in the
/// registry: it has no algorithm and nothing to verify.
#[derive(Clone, Copy, Debug, Default)]
pub struct Empty;

impl Hasher for Empty {
    fn update(&mut self, _data: &[u8]) {}
    fn finalize_reset(&mut self, _out: &mut [u8]) {}
    fn reset(&mut self) {}
    fn oneshot(&mut self, _data: &[u8], _out: &mut [u8]) {}
}

/// The [`Empty`] hasher, boxed as the registry's constructors box theirs.
#[must_use]
pub fn empty() -> Box<dyn Hasher> {
    Box::new(Empty)
}
