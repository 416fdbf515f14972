//! Adapters from each library's API to [`Hasher`].
//!
//! Most libraries fit one shape, a state with update and finish, described by
//! [`Streaming`]; [`Wrap`] turns any of them into a `Hasher`. The adapters are generic, not
//! boxed closures, so that the timed loop compiled for each `Wrap<S>`
//! ([`Hasher::run_batch`]) calls the library directly.

pub(crate) mod awslc;
pub(crate) mod blake;
pub(crate) mod blake3_levels;
pub(crate) mod checksums;
pub(crate) mod deflate_libs;
pub(crate) mod isal;
pub(crate) mod kernel;
pub(crate) mod keyed;
pub(crate) mod openssl;
mod openssl_kernels;
pub(crate) mod ring;
pub(crate) mod rustcrypto;
pub(crate) mod sodium;
pub(crate) mod table;
pub(crate) mod xxhash;
pub(crate) mod xxhash_c;

use std::marker::PhantomData;

use crate::hasher::Hasher;
use crate::pattern::{reason, Pattern};

/// One library's streaming API for one algorithm, as static functions over its state.
///
/// The Rust crates' adapters mark their one-call method `#[inline(always)]`, as
/// [`Wrap`] marks its methods: an adapter stands for a caller's own line of code, so the
/// library function's own attributes and size should decide whether it is inlined into
/// the timed loop, as they decide at a caller's call site, and an adapter's boundary
/// should not add a call of its own.
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

    // ---- what the `--pattern`s need (crate::pattern) ----

    /// The library has a reset of its own (so `reuse` is applicable): set where
    /// [`Streaming::reset`] and the reset inside [`Streaming::finish`] call it rather than
    /// construct a new state.
    const RESETS: bool = false;

    /// The library has a call that writes the digest into the caller's buffer (so
    /// `prealloc` is applicable): set where [`Streaming::write_into`] is that call.
    const INTO_BUFFER: bool = false;

    /// Writes the digest of `data` into `out` through the library's write-into-a-buffer
    /// call; only used when [`Streaming::INTO_BUFFER`] is set.
    fn write_into(state: &mut Self::State, data: &[u8], out: &mut [u8]) {
        Self::oneshot(state, data, out);
    }

    /// Finalizes a state that is dropped afterwards, so without the reset
    /// [`Streaming::finish`] does. Adapters whose `finish` resets or re-creates the state
    /// override it with the library's plain finalize, so that the `new` pattern does not
    /// pay for a second state.
    fn finish_owned(mut state: Self::State, out: &mut [u8]) {
        Self::finish(&mut state, out);
    }

    /// The `new` pattern: the library's constructor, one update, finalize, drop.
    /// Adapters whose `State` is boxed (for a cheap reset) override it with the state on
    /// the stack, as a caller would write it.
    fn fresh(data: &[u8], out: &mut [u8]) {
        let mut state = Self::new();
        Self::update(&mut state, data);
        Self::finish_owned(state, out);
    }

    /// The library has a streaming state (so `new` and `streaming:CHUNK` are applicable);
    /// cleared by the adapters of one-call-only libraries ([`table::OneCall`]), whose
    /// `update` buffers in hashbench's own code so that verification can still cut a
    /// message into pieces.
    const STREAMS: bool = true;

    /// Why the `keys:*` patterns are not applicable: the library has no `BuildHasher`,
    /// unless it says otherwise. Adapters with one are [`keyed::Keyed`].
    const KEYS: &'static str = reason::NO_BUILD_HASHER;

    /// OpenSSL only: whether [`Streaming::by_name`] looks the algorithm up per call.
    const BY_NAME: bool = false;

    /// Digest of `data` with the algorithm looked up by name for this call.
    fn by_name(state: &mut Self::State, data: &[u8], out: &mut [u8]) {
        Self::oneshot(state, data, out);
    }
}

pub(crate) struct Wrap<S: Streaming>(pub(crate) S::State, pub(crate) PhantomData<fn() -> S>);

impl<S: Streaming> Hasher for Wrap<S> {
    #[inline(always)]
    fn update(&mut self, data: &[u8]) {
        S::update(&mut self.0, data);
    }
    #[inline(always)]
    fn finalize_reset(&mut self, out: &mut [u8]) {
        S::finish(&mut self.0, out);
    }
    #[inline(always)]
    fn reset(&mut self) {
        S::reset(&mut self.0);
    }
    #[inline(always)]
    fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
        S::oneshot(&mut self.0, data, out);
    }
    #[inline(always)]
    fn supports(&self, pattern: Pattern) -> Result<(), &'static str> {
        let yes = match pattern {
            Pattern::Oneshot | Pattern::Alloc | Pattern::Hex => true,
            Pattern::New | Pattern::Streaming(_) => S::STREAMS,
            Pattern::Reuse => S::RESETS,
            Pattern::Prealloc => S::INTO_BUFFER,
            Pattern::ByName | Pattern::Prefetched => S::BY_NAME,
            Pattern::Keys(_) => false,
        };
        match pattern {
            _ if yes => Ok(()),
            Pattern::New | Pattern::Streaming(_) => Err(reason::ONE_CALL),
            Pattern::Reuse => Err(reason::NO_RESET),
            Pattern::Prealloc => Err(reason::BY_VALUE),
            Pattern::Keys(_) => Err(S::KEYS),
            _ => Err(reason::OPENSSL_ONLY),
        }
    }
    #[inline(always)]
    fn fresh(&mut self, data: &[u8], out: &mut [u8]) {
        S::fresh(data, out);
    }
    #[inline(always)]
    fn write_into(&mut self, data: &[u8], out: &mut [u8]) {
        S::write_into(&mut self.0, data, out);
    }
    #[inline(always)]
    fn by_name(&mut self, data: &[u8], out: &mut [u8]) {
        S::by_name(&mut self.0, data, out);
    }
}

/// Constructor for the registry: `new: boxed::<SomeSpec>`.
pub(crate) fn boxed<S: Streaming>() -> Box<dyn Hasher> {
    Box::new(Wrap::<S>(S::new(), PhantomData))
}

/// Writes the low `out.len()` bytes of `value` big-endian: the output convention for
/// integer checksums (see [`crate::algorithm`]).
#[inline]
pub(crate) fn write_be(out: &mut [u8], value: u64) {
    let bytes = value.to_be_bytes();
    // The usual widths get stores of a fixed size: a copy of a length known only at run
    // time is a call to memcpy, which would cost a small checksum as much as its work.
    match out.len() {
        4 => out.copy_from_slice(&bytes[4..]),
        8 => out.copy_from_slice(&bytes),
        n => out.copy_from_slice(&bytes[bytes.len() - n..]),
    }
}

/// Backend text for code with no runtime choice of its own.
pub(crate) fn portable() -> String {
    "portable".to_string()
}
