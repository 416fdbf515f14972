//! xxHash family: xxhash-rust and twox-hash.

use std::hash::Hasher as _;

use super::{write_be, Streaming};
use crate::cpu::first_supported;

const SEED: u64 = 0;

pub(crate) struct XxhRust32;
impl Streaming for XxhRust32 {
    type State = xxhash_rust::xxh32::Xxh32;
    fn new() -> Self::State {
        xxhash_rust::xxh32::Xxh32::new(SEED as u32)
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.digest().into());
        s.reset(SEED as u32);
    }
    fn reset(s: &mut Self::State) {
        s.reset(SEED as u32);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, xxhash_rust::xxh32::xxh32(data, SEED as u32).into());
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.digest().into());
    }
}

pub(crate) struct XxhRust64;
impl Streaming for XxhRust64 {
    type State = xxhash_rust::xxh64::Xxh64;
    fn new() -> Self::State {
        xxhash_rust::xxh64::Xxh64::new(SEED)
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.digest());
        s.reset(SEED);
    }
    fn reset(s: &mut Self::State) {
        s.reset(SEED);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, xxhash_rust::xxh64::xxh64(data, SEED));
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.digest());
    }
}

/// The 128-bit canonical form: high half then low half, each big-endian.
fn write_u128(out: &mut [u8], v: u128) {
    out.copy_from_slice(&v.to_be_bytes());
}

macro_rules! xxh3_rust {
    ($name:ident, $digest:ident, $oneshot:path, $write:expr) => {
        pub(crate) struct $name;
        impl Streaming for $name {
            // Boxed: the xxh3 state carries a 256-byte buffer and secret; moving it by
            // value on every reset would be measured as part of the hash.
            type State = Box<xxhash_rust::xxh3::Xxh3Default>;
            fn new() -> Self::State {
                Box::new(xxhash_rust::xxh3::Xxh3Default::new())
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                s.update(data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                $write(out, s.$digest());
                s.reset();
            }
            fn reset(s: &mut Self::State) {
                s.reset();
            }
            #[inline(always)]
            fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                $write(out, $oneshot(data));
            }
            const RESETS: bool = true;
            // On the stack, as a caller writes it; the adapter's own state is boxed
            // only so that resetting it does not move it.
            fn fresh(data: &[u8], out: &mut [u8]) {
                let mut s = xxhash_rust::xxh3::Xxh3Default::new();
                s.update(data);
                $write(out, s.$digest());
            }
        }
    };
}
xxh3_rust!(XxhRust3_64, digest, xxhash_rust::xxh3::xxh3_64, write_be);
xxh3_rust!(
    XxhRust3_128,
    digest128,
    xxhash_rust::xxh3::xxh3_128,
    write_u128
);

/// xxhash-rust chooses its xxh3 kernel when it is compiled, from the target features of
/// the build (`-C target-cpu=native` changes it), not at run time; the same `cfg`s,
/// evaluated here in the same build, give the same answer
/// (xxhash-rust-0.8.19/src/xxh3.rs:16-28, 406-416). The kernel serves inputs over 240 B;
/// shorter ones take scalar code.
pub(crate) fn xxhash_rust_xxh3_backend() -> String {
    let kernel = if cfg!(target_feature = "avx512f") {
        "avx512"
    } else if cfg!(target_feature = "avx2") {
        "avx2"
    } else if cfg!(target_feature = "sse2") {
        "sse2"
    } else if cfg!(target_feature = "neon") {
        "neon"
    } else if cfg!(all(target_family = "wasm", target_feature = "simd128")) {
        "simd128"
    } else {
        "scalar"
    };
    format!("{kernel} (chosen at compile time; over 240 B)")
}

pub(crate) fn scalar() -> String {
    "scalar".to_string()
}

pub(crate) struct Twox32;
impl Streaming for Twox32 {
    type State = twox_hash::XxHash32;
    fn new() -> Self::State {
        twox_hash::XxHash32::with_seed(SEED as u32)
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.finish_32().into());
        *s = Self::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, twox_hash::XxHash32::oneshot(SEED as u32, data).into());
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.finish_32().into());
    }
}

pub(crate) struct Twox64;
impl Streaming for Twox64 {
    type State = twox_hash::XxHash64;
    fn new() -> Self::State {
        twox_hash::XxHash64::with_seed(SEED)
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.finish());
        *s = Self::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, twox_hash::XxHash64::oneshot(SEED, data));
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.finish());
    }
}

pub(crate) struct Twox3_64;
impl Streaming for Twox3_64 {
    type State = twox_hash::XxHash3_64;
    fn new() -> Self::State {
        twox_hash::XxHash3_64::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_be(out, s.finish());
        *s = Self::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_be(out, twox_hash::XxHash3_64::oneshot(data));
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_be(out, s.finish());
    }
}

pub(crate) struct Twox3_128;
impl Streaming for Twox3_128 {
    type State = twox_hash::XxHash3_128;
    fn new() -> Self::State {
        twox_hash::XxHash3_128::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.write(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        write_u128(out, s.finish_128());
        *s = Self::new();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        write_u128(out, twox_hash::XxHash3_128::oneshot(data));
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        write_u128(out, s.finish_128());
    }
}

/// twox-hash detects AVX2, then SSE2, at run time for xxh3's loop over inputs of more
/// than 240 B, on x86_64 only; it has no AVX-512 kernel
/// (twox-hash-2.1.5/src/xxhash3/large.rs:15-22, 100-121, src/xxhash3_64.rs:258-262).
pub(crate) fn twox_xxh3_backend() -> String {
    first_supported(TWOX_XXH3_RULE, "scalar")
}
const TWOX_XXH3_RULE: &[(&str, &[&str])] = &[
    ("avx2 (over 240 B)", &["x86_64", "avx2"]),
    ("sse2 (over 240 B)", &["x86_64", "sse2"]),
];

#[cfg(test)]
mod tests;
