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
        Pattern::Oneshot | Pattern::Prefetched => each(input, iters, |i| {
            h.oneshot(i, out);
            consumed(out);
        }),
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
    }
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
mod tests {
    use super::*;

    /// Records what it was asked to do, so that each pattern is seen to call what it says.
    #[derive(Default)]
    struct Log(Vec<&'static str>);

    impl Hasher for Log {
        fn update(&mut self, _: &[u8]) {
            self.0.push("update");
        }
        fn finalize_reset(&mut self, out: &mut [u8]) {
            self.0.push("finalize");
            out.fill(1);
        }
        fn reset(&mut self) {
            self.0.push("reset");
        }
        fn oneshot(&mut self, _: &[u8], out: &mut [u8]) {
            self.0.push("oneshot");
            out.fill(2);
        }
        fn fresh(&mut self, _: &[u8], out: &mut [u8]) {
            self.0.push("fresh");
            out.fill(3);
        }
        fn write_into(&mut self, _: &[u8], out: &mut [u8]) {
            self.0.push("write_into");
            out.fill(4);
        }
        fn by_name(&mut self, _: &[u8], out: &mut [u8]) {
            self.0.push("by_name");
            out.fill(5);
        }
    }

    #[test]
    fn each_pattern_makes_its_own_calls_iters_times() {
        let cases: [(Pattern, &[&str], u8); 8] = [
            (Pattern::Oneshot, &["oneshot"], 2),
            (Pattern::Prefetched, &["oneshot"], 2),
            (Pattern::New, &["fresh"], 3),
            (Pattern::Reuse, &["update", "finalize"], 1),
            (Pattern::Prealloc, &["write_into"], 4),
            (Pattern::ByName, &["by_name"], 5),
            (Pattern::Alloc, &["oneshot"], 0),
            (Pattern::Hex, &["oneshot"], 0),
        ];
        for (pattern, calls, byte) in cases {
            for iters in [0u64, 1, 5] {
                let mut h = Log::default();
                let mut out = [0u8; 4];
                // Through the trait object, as the engine calls it.
                let dynh: &mut dyn Hasher = &mut h;
                dynh.run_batch(pattern, b"abcdefgh", &mut out, iters);
                let want: Vec<&str> = (0..iters).flat_map(|_| calls.iter().copied()).collect();
                assert_eq!(h.0, want, "{pattern} x {iters}");
                let expect_out = if iters == 0 { 0 } else { byte };
                assert_eq!(out, [expect_out; 4], "{pattern} x {iters}");
            }
        }
    }

    #[test]
    fn streaming_feeds_chunks_then_finalizes() {
        let mut h = Log::default();
        let mut out = [0u8; 2];
        h.run_batch(Pattern::Streaming(3), b"abcdefgh", &mut out, 2);
        let one = ["update", "update", "update", "finalize"];
        assert_eq!(h.0, [one, one].concat());
        assert_eq!(out, [1, 1]);
    }

    /// Hashes with FNV-1a into 8 bytes, and logs the inputs it was given.
    #[derive(Default)]
    struct Fnv(Vec<Vec<u8>>);

    impl Hasher for Fnv {
        fn update(&mut self, _: &[u8]) {}
        fn finalize_reset(&mut self, _: &mut [u8]) {}
        fn reset(&mut self) {}
        fn oneshot(&mut self, data: &[u8], out: &mut [u8]) {
            self.0.push(data.to_vec());
            let h = data.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
                (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
            });
            out.copy_from_slice(&h.to_le_bytes()[..out.len()]);
        }
    }

    #[test]
    fn a_chained_feed_passes_each_digest_into_the_next_input() {
        let start = *b"0123456789";
        let mut buf = start;
        let mut h = Fnv::default();
        let mut out = [0u8; 8];
        let mut feed = Feed {
            buf: &mut buf,
            lengths: None,
            chained: true,
        };
        h.run_feed(Pattern::Oneshot, &mut feed, &mut out, 3);
        // By hand: each input is the last one with its first 8 bytes XORed with the
        // digest of the last one.
        let mut want = start.to_vec();
        let mut seen = Vec::new();
        for _ in 0..3 {
            seen.push(want.clone());
            let mut d = [0u8; 8];
            Fnv::default().oneshot(&want, &mut d);
            for (w, x) in want.iter_mut().zip(d) {
                *w ^= x;
            }
        }
        assert_eq!(h.0, seen);
        assert_eq!(buf.to_vec(), want);
        // Short digests and short inputs chain what they have.
        let mut short = *b"ab";
        let mut out4 = [0u8; 4];
        let mut feed = Feed {
            buf: &mut short,
            lengths: None,
            chained: true,
        };
        Fnv::default().run_feed(Pattern::Hex, &mut feed, &mut out4, 1);
        let mut d = [0u8; 4];
        Fnv::default().oneshot(b"ab", &mut d);
        let hex = hex::encode(d);
        assert_eq!(short, [b'a' ^ hex.as_bytes()[0], b'b' ^ hex.as_bytes()[1]]);
    }

    #[test]
    fn lengths_are_taken_in_turn_and_wrap() {
        let mut buf = *b"abcdef";
        let mut h = Fnv::default();
        let mut out = [0u8; 8];
        let lengths = [3u32, 0, 6];
        let mut feed = Feed {
            buf: &mut buf,
            lengths: Some(&lengths),
            chained: false,
        };
        h.run_feed(Pattern::Oneshot, &mut feed, &mut out, 5);
        let got: Vec<&[u8]> = h.0.iter().map(Vec::as_slice).collect();
        assert_eq!(got, [&b"abc"[..], b"", b"abcdef", b"abc", b""]);
        assert_eq!(buf, *b"abcdef", "not chained: the input is untouched");
    }

    #[test]
    fn link_reads_up_to_eight_bytes_little_endian() {
        assert_eq!(link(&[1, 2, 3, 4, 5, 6, 7, 8, 9]), 0x0807_0605_0403_0201);
        assert_eq!(link(&[1, 2]), 0x0201);
        assert_eq!(link(&[]), 0);
    }

    #[test]
    fn hex_and_alloc_hold_the_digest() {
        let mut h = Log::default();
        assert_eq!(alloc_digest(&mut h, b"", 3), [2, 2, 2]);
        assert_eq!(hex_digest(&mut h, b"", 3), "020202");
    }
}
