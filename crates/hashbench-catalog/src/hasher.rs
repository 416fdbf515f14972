//! The one interface every implementation sits behind, and its timed loop.
//!
//! [`Hasher::run_batch`] is a provided method whose body is [`run_batch`] for `Self`: every
//! implementation's vtable (so every registry entry's `new`) carries a batch runner
//! monomorphised for its concrete adapter, as divan and criterion instantiate a loop per
//! benchmark. A kernel holding a `Box<dyn Hasher>` pays one indirect call per *batch*;
//! inside, one iteration is the library call between two opaque barriers, nothing else.
//! Each pattern's calls live here, beside the trait whose provided methods run them; the
//! loops they run in are [`crate::batch`]'s (one input) and [`crate::feed`]'s (latency
//! mode and varying lengths), which know nothing of hashers.

use std::hint::black_box;

use crate::barrier::consumed;
use crate::batch::each;
use crate::feed::{drive_feed, link, Feed};
use crate::keys::{ascii_into, id16_key, text, u64_key, KeyKind, ASCII_LINK, MAX_STR_KEY};
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
            Pattern::Keys(_) => Err(reason::NO_BUILD_HASHER),
        }
    }

    /// The `keys:u64` pattern: the library's `BuildHasher::hash_one(key)`, as a hash map
    /// calls it. Only call when [`Hasher::supports`] allows [`Pattern::Keys`]; adapters
    /// that allow it override all three `hash_key_*` with their `BuildHasher`'s call
    /// (`crate::impls::keyed`).
    fn hash_key_u64(&mut self, key: u64) -> u64 {
        let _ = key;
        unreachable!("only adapters with a BuildHasher support keys:*")
    }

    /// The `keys:id16` pattern: `hash_one` of a `[u8; 16]`; see [`Hasher::hash_key_u64`].
    fn hash_key_id16(&mut self, key: &[u8; 16]) -> u64 {
        let _ = key;
        unreachable!("only adapters with a BuildHasher support keys:*")
    }

    /// The `keys:str` pattern: `hash_one` of a `&str`; see [`Hasher::hash_key_u64`].
    fn hash_key_str(&mut self, key: &str) -> u64 {
        let _ = key;
        unreachable!("only adapters with a BuildHasher support keys:*")
    }

    /// Gives the `keys:*` path the `BuildHasher` a map would build with a seed of its own,
    /// derived from `seed` (as `RandomState` draws one per map), where the library has a
    /// seeded constructor and a map seeds it at random; `false`, and nothing changed,
    /// where not. The byte API keeps its fixed seed.
    fn reseed_keys(&mut self, seed: u64) -> bool {
        let _ = seed;
        false
    }

    /// The hash map of `spec`, std's `HashMap` built with this library's `BuildHasher` (as
    /// the `keys:*` patterns hash), ready to time ([`crate::map`]). `Err` says why not:
    /// the library has no `BuildHasher`, or the spec cannot be run.
    ///
    /// # Errors
    ///
    /// Why there is no map.
    fn map_bench(
        &self,
        spec: &crate::map::MapSpec<'_>,
    ) -> Result<Box<dyn crate::map::MapBench>, String> {
        let _ = spec;
        Err(reason::NO_BUILD_HASHER.to_string())
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
    /// (see [`run_batch`]). Only call when [`Hasher::supports`] allows
    /// `pattern`.
    ///
    /// Provided, and not to be overridden: this body is compiled for each implementing
    /// type, so the vtable of every boxed hasher carries a loop in which each call is a
    /// static, inlinable call to that type's own methods. Called through `dyn Hasher`, it
    /// costs one indirect call per batch instead of one per timed call.
    fn run_batch(&mut self, pattern: Pattern, input: &[u8], out: &mut [u8], iters: u64) {
        run_batch(self, pattern, input, out, iters);
    }

    /// The timed loop of latency mode and varying lengths: `iters` calls as `pattern`
    /// says, each given what `feed` says (see [`run_feed`]). Provided and
    /// compiled per type, as [`Hasher::run_batch`] is.
    fn run_feed(&mut self, pattern: Pattern, feed: &mut Feed<'_>, out: &mut [u8], iters: u64) {
        run_feed(self, pattern, feed, out, iters);
    }
}

/// The longest digest in the catalogue (SHA-512, BLAKE2b-512), bytes: the stack buffer
/// of the `hex` pattern.
pub const MAX_DIGEST: usize = 64;

/// The digest of `input` in a fresh heap buffer of `len` bytes: the `alloc` pattern.
#[inline]
pub fn alloc_digest<H: Hasher + ?Sized>(h: &mut H, input: &[u8], len: usize) -> Vec<u8> {
    let mut v = vec![0u8; len];
    h.oneshot(input, &mut v);
    v
}

/// The digest of `input` (`len` bytes, at most [`MAX_DIGEST`]) as a fresh lowercase hex
/// `String`, made with the `hex` crate as a Rust caller would: the `hex` pattern. The
/// digest itself goes through a stack buffer, as a caller's would.
#[inline]
pub fn hex_digest<H: Hasher + ?Sized>(h: &mut H, input: &[u8], len: usize) -> String {
    let mut digest = [0u8; MAX_DIGEST];
    let digest = &mut digest[..len];
    h.oneshot(input, digest);
    hex::encode(digest)
}

/// `iters` calls of `h` on `input` as `pattern` says, the digest in `out` (exactly the
/// algorithm's output length). The pattern is chosen once, outside the loop, and every
/// call inside is a static call to `H`'s own method; the caller has checked that `h`
/// supports `pattern` (see [`Hasher::supports`]).
#[inline]
pub fn run_batch<H: Hasher + ?Sized>(
    h: &mut H,
    pattern: Pattern,
    input: &[u8],
    out: &mut [u8],
    iters: u64,
) {
    match pattern {
        Pattern::Oneshot | Pattern::Prefetched => oneshot_loop(h, input, out, iters),
        Pattern::New => each(input, iters, |i| {
            h.fresh(i, out);
            consumed(out);
        }),
        // The previous call's finalize left the state reset, by the library's reset
        // (only libraries that have one get here).
        Pattern::Reuse => each(input, iters, |i| {
            h.update(i);
            h.finalize_reset(out);
            consumed(out);
        }),
        Pattern::Prealloc => each(input, iters, |i| {
            h.write_into(i, out);
            consumed(out);
        }),
        Pattern::ByName => each(input, iters, |i| {
            h.by_name(i, out);
            consumed(out);
        }),
        // The Vec and the String are built, handed to the optimiser as used, and freed:
        // allocation, fill and free are all timed.
        Pattern::Alloc => {
            let len = out.len();
            each(input, iters, |i| {
                black_box(alloc_digest(h, i, len));
            });
        }
        Pattern::Hex => {
            let len = out.len();
            each(input, iters, |i| {
                black_box(hex_digest(h, i, len));
            });
        }
        Pattern::Streaming(chunk) => each(input, iters, |i| {
            for piece in i.chunks(chunk) {
                h.update(piece);
            }
            h.finalize_reset(out);
            consumed(out);
        }),
        Pattern::Keys(kind) => run_keys(h, kind, input, out, iters),
    }
}

/// The one-call pattern's loop, a function of its own: inside `run_batch`, beside every
/// other pattern's loop, the library's code was inlined by other rules than in a
/// caller's own loop (LLVM weighs a call site by what surrounds it), and small inputs read
/// up to 1.5 ns a call slower than a direct loop over the same function (issue 32,
/// `cargo bench -p hashbench --bench direct`). Here the loop is the caller's loop: one
/// call per batch reaches it.
#[inline(never)]
fn oneshot_loop<H: Hasher + ?Sized>(h: &mut H, input: &[u8], out: &mut [u8], iters: u64) {
    each(input, iters, |i| {
        h.oneshot(i, out);
        consumed(out);
    });
}

/// [`run_batch`] for latency mode and varying lengths: `iters` calls of `h` as `pattern`
/// says, each given what `feed` says, the last digest in `out`. The calls are the same
/// as [`run_batch`]'s; only what each is given differs.
#[inline]
pub fn run_feed<H: Hasher + ?Sized>(
    h: &mut H,
    pattern: Pattern,
    feed: &mut Feed<'_>,
    out: &mut [u8],
    iters: u64,
) {
    match pattern {
        Pattern::Oneshot | Pattern::Prefetched => drive_feed(feed, iters, |i| {
            h.oneshot(i, out);
            consumed(out);
            link(out)
        }),
        Pattern::New => drive_feed(feed, iters, |i| {
            h.fresh(i, out);
            consumed(out);
            link(out)
        }),
        Pattern::Reuse => drive_feed(feed, iters, |i| {
            h.update(i);
            h.finalize_reset(out);
            consumed(out);
            link(out)
        }),
        Pattern::Prealloc => drive_feed(feed, iters, |i| {
            h.write_into(i, out);
            consumed(out);
            link(out)
        }),
        Pattern::ByName => drive_feed(feed, iters, |i| {
            h.by_name(i, out);
            consumed(out);
            link(out)
        }),
        // The chain reads the caller's own result: the Vec's bytes, the hex text's.
        Pattern::Alloc => {
            let len = out.len();
            drive_feed(feed, iters, |i| link(&black_box(alloc_digest(h, i, len))));
        }
        Pattern::Hex => {
            let len = out.len();
            drive_feed(feed, iters, |i| {
                link(black_box(hex_digest(h, i, len)).as_bytes())
            });
        }
        Pattern::Streaming(chunk) => drive_feed(feed, iters, |i| {
            for piece in i.chunks(chunk) {
                h.update(piece);
            }
            h.finalize_reset(out);
            consumed(out);
            link(out)
        }),
        Pattern::Keys(kind) => feed_keys(h, kind, feed, out, iters),
    }
}

/// A `hash_one` result as the catalogue writes a 64-bit digest: big-endian, in one
/// store of 8 bytes (the `keys:*` patterns run only on 64-bit digests).
#[inline(always)]
fn store(out: &mut [u8], v: u64) {
    out[..8].copy_from_slice(&v.to_be_bytes());
}

/// `iters` calls of `h`'s `hash_one` on the key of `kind` made from `input`, the hash in
/// `out` (8 bytes, big-endian as the catalogue writes 64-bit integers): the timed loop
/// of the `keys:*` patterns in throughput mode.
#[inline(always)]
pub(crate) fn run_keys<H: Hasher + ?Sized>(
    h: &mut H,
    kind: KeyKind,
    input: &[u8],
    out: &mut [u8],
    iters: u64,
) {
    match kind {
        KeyKind::U64 => each(input, iters, |i| {
            store(out, h.hash_key_u64(u64_key(i)));
            consumed(out);
        }),
        KeyKind::Id16 => each(input, iters, |i| {
            store(out, h.hash_key_id16(&id16_key(i)));
            consumed(out);
        }),
        KeyKind::Str => {
            // Made once per batch, outside the loop: the calls hash the same text.
            let mut buf = [0u8; MAX_STR_KEY as usize];
            let bytes = ascii_into(input, &mut buf);
            each(bytes, iters, |i| {
                store(out, h.hash_key_str(text(i)));
                consumed(out);
            });
        }
    }
}

/// [`run_keys`] for latency mode and ranges of lengths (`keys:str` only): each call
/// given what `feed` says, its hash chained into the next key.
#[inline(always)]
pub(crate) fn feed_keys<H: Hasher + ?Sized>(
    h: &mut H,
    kind: KeyKind,
    feed: &mut Feed<'_>,
    out: &mut [u8],
    iters: u64,
) {
    match kind {
        KeyKind::U64 => drive_feed(feed, iters, |i| {
            let v = h.hash_key_u64(u64_key(i));
            store(out, v);
            consumed(out);
            v
        }),
        KeyKind::Id16 => drive_feed(feed, iters, |i| {
            let v = h.hash_key_id16(&id16_key(i));
            store(out, v);
            consumed(out);
            v
        }),
        KeyKind::Str => {
            // The text on the stack, chained there: the feed's own bytes are untouched.
            let mut buf = [0u8; MAX_STR_KEY as usize];
            let mut local = Feed {
                buf: ascii_into(feed.buf, &mut buf),
                lengths: feed.lengths,
                chained: feed.chained,
            };
            drive_feed(&mut local, iters, |i| {
                let v = h.hash_key_str(text(i));
                store(out, v);
                consumed(out);
                v & ASCII_LINK
            });
        }
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

#[cfg(test)]
mod tests;
