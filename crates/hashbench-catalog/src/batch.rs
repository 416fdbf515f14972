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

use crate::hasher::Hasher;
use crate::pattern::Pattern;

/// The longest digest in the catalogue (SHA-512, BLAKE2b-512), bytes: the stack buffer
/// of the `hex` pattern.
pub const MAX_DIGEST: usize = 64;

/// Hides `value` from the optimiser at no cost: an empty `asm!` block that takes the
/// value in a register and hands it back "changed". The compiler must assume any value
/// came out, so nothing computed from it can be hoisted out of the loop or folded into
/// another call. [`std::hint::black_box`] would do the same through memory (a store and a
/// reload per call), which is most of a `nop` iteration's cost.
#[inline(always)]
fn opaque<T>(value: *const T) -> *const T {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        let mut v = value;
        // SAFETY: the template is empty: no instruction runs, no memory or flag changes.
        // The pointer is only carried through a register, never dereferenced, so `nomem`
        // is true.
        #[allow(clippy::pointers_in_nomem_asm_block)]
        unsafe {
            std::arch::asm!("/* {0} */", inout(reg) v, options(nomem, nostack, preserves_flags));
        }
        v
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        std::hint::black_box(value)
    }
}

/// Marks `out` as read after every call at no cost: an empty `asm!` block that may read
/// memory, so each call's digest must really be stored (a call whose digest nobody reads
/// could otherwise be dropped once the call is inlined into the loop). Through
/// [`std::hint::black_box`] this would be a store and a reload of the slice per call.
#[inline(always)]
fn consumed(out: &mut [u8]) {
    #[cfg(any(target_arch = "x86_64", target_arch = "aarch64"))]
    {
        // SAFETY: the template is empty: no instruction runs and nothing is written.
        // `readonly` (not `nomem`) is the point: the compiler must assume the block
        // reads memory, `out` included.
        unsafe {
            std::arch::asm!("/* {0} */", in(reg) out.as_ptr(), options(readonly, nostack, preserves_flags));
        }
    }
    #[cfg(not(any(target_arch = "x86_64", target_arch = "aarch64")))]
    {
        black_box(out);
    }
}

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

    #[test]
    fn hex_and_alloc_hold_the_digest() {
        let mut h = Log::default();
        assert_eq!(alloc_digest(&mut h, b"", 3), [2, 2, 2]);
        assert_eq!(hex_digest(&mut h, b"", 3), "020202");
    }
}
