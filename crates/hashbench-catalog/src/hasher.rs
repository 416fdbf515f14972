//! The one interface every implementation sits behind.

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
}
