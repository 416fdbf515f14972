//! The timed loop, compiled once per hasher type.
//!
//! [`Hasher::run_batch`] is a provided method whose body is [`run_batch`] for `Self`: every
//! implementation's vtable (so every registry entry's `new`) carries a batch runner
//! monomorphised for its concrete adapter, as divan and criterion instantiate a loop per
//! benchmark. A kernel holding a `Box<dyn Hasher>` pays one indirect call per *batch*;
//! inside, one iteration is the library call between two opaque barriers, nothing else.
//! The loop lives here, below the engine, because only the catalogue knows the concrete
//! types; the engine's baselines run in the same [`repeat`], so the `nop` floor and the
//! hashes share one loop.

use std::hint::black_box;

use crate::barrier::{consumed, opaque};
use crate::feed::{drive_feed, link, Feed};
use crate::hasher::Hasher;
use crate::pattern::Pattern;

/// The longest digest in the catalogue (SHA-512, BLAKE2b-512), bytes: the stack buffer
/// of the `hex` pattern.
pub const MAX_DIGEST: usize = 64;

/// Calls `call` `iters` times on `input`, the timed loop every kernel runs in.
///
/// The input pointer passes through an opaque register barrier before every call, so the
/// work on it cannot be hoisted out of the loop or merged with another call's. The loop
/// makes four calls per trip round it: the counter, compare and branch are then paid once
/// per four calls, which takes the harness's own cost per call (the `nop` floor) below a
/// cycle. Each call still gets its own barrier.
#[inline(always)]
pub fn repeat<F: FnMut(&[u8])>(input: &[u8], iters: u64, mut call: F) {
    let (ptr, len) = (input.as_ptr(), input.len());
    // SAFETY: `ptr` and `len` come from `input`, which outlives the loop; the barrier
    // returns the pointer unchanged.
    let mut one = || call(unsafe { std::slice::from_raw_parts(opaque(ptr), len) });
    for _ in 0..iters / 4 {
        one();
        one();
        one();
        one();
    }
    for _ in 0..iters % 4 {
        one();
    }
}

/// [`repeat`] without the unrolling, for library calls: one call site per loop, as in a
/// caller's own loop, so that the compiler inlines (or not) a library function as it would
/// there; four copies of a call make inlining it four times as expensive, and a library
/// whose one-call function inlines into a caller's loop would read slower here than there.
/// Against a real call the loop's own counter, compare and branch are free: they run
/// beside the call's work.
#[inline(always)]
fn each<F: FnMut(&[u8])>(input: &[u8], iters: u64, mut call: F) {
    let (ptr, len) = (input.as_ptr(), input.len());
    for _ in 0..iters {
        // SAFETY: as in `repeat`.
        call(unsafe { std::slice::from_raw_parts(opaque(ptr), len) });
    }
}

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
