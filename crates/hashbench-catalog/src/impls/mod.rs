//! Adapters from each library's API to [`Hasher`].
//!
//! Most libraries fit one shape, a state with update and finish, described by
//! [`Streaming`]; [`Wrap`] turns any of them into a `Hasher`. The adapters are generic, not
//! boxed closures, so the only indirect call on the hot path is the `dyn Hasher` one that
//! every implementation pays alike.

pub(crate) mod awslc;
pub(crate) mod blake;
pub(crate) mod checksums;
pub(crate) mod openssl;
pub(crate) mod ring;
pub(crate) mod rustcrypto;
pub(crate) mod sodium;
pub(crate) mod xxhash;

use std::marker::PhantomData;

use crate::hasher::Hasher;

/// One library's streaming API for one algorithm, as static functions over its state.
pub(crate) trait Streaming: 'static {
    type State: Send;
    fn new() -> Self::State;
    fn update(state: &mut Self::State, data: &[u8]);
    /// Writes the digest (in the crate's output byte order) and resets `state`.
    fn finish(state: &mut Self::State, out: &mut [u8]);
    fn reset(state: &mut Self::State) {
        *state = Self::new();
    }
    /// The library's one-call function where it has one; `state` may be left as it is
    /// (see [`Hasher::oneshot`]). The default streams through `state`, so adapters without
    /// a one-call function allocate nothing per call.
    fn oneshot(state: &mut Self::State, data: &[u8], out: &mut [u8]) {
        Self::reset(state);
        Self::update(state, data);
        Self::finish(state, out);
    }
}

pub(crate) struct Wrap<S: Streaming>(S::State, PhantomData<fn() -> S>);

impl<S: Streaming> Hasher for Wrap<S> {
    fn update(&mut self, data: &[u8]) {
        S::update(&mut self.0, data);
    }
    fn finalize_reset(&mut self, out: &mut [u8]) {
        S::finish(&mut self.0, out);
    }
    fn reset(&mut self) {
        S::reset(&mut self.0);
    }
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        S::oneshot(&mut self.0, data, out);
    }
}

/// Constructor for the registry: `new: boxed::<SomeSpec>`.
pub(crate) fn boxed<S: Streaming>() -> Box<dyn Hasher> {
    Box::new(Wrap::<S>(S::new(), PhantomData))
}

/// Writes the low `out.len()` bytes of `value` big-endian: the output convention for
/// integer checksums (see [`crate::algorithm`]).
pub(crate) fn write_be(out: &mut [u8], value: u64) {
    let bytes = value.to_be_bytes();
    out.copy_from_slice(&bytes[bytes.len() - out.len()..]);
}

/// Backend text for code with no runtime choice of its own.
pub(crate) fn portable() -> String {
    "portable".to_string()
}
