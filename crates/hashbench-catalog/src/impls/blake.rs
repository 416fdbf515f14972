//! blake2b_simd / blake2s_simd (auto and forced portable) and blake3 (auto, rayon).

use super::Streaming;
use crate::cpu::{first_of, has_fact};

/// The `Streaming` of a blake2b_simd or blake2s_simd state (one message or a parallel
/// mode): `new` and `oneshot` given, the rest the crates' shared `update`/`finalize`.
macro_rules! blake2_streaming {
    ($name:ident, $state:ty, $new:expr, |$data:ident| $oneshot:expr) => {
        impl Streaming for $name {
            type State = $state;
            fn new() -> Self::State {
                $new
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                s.update(data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                out.copy_from_slice(s.finalize().as_bytes());
                *s = Self::new();
            }
            fn finish_owned(s: Self::State, out: &mut [u8]) {
                out.copy_from_slice(s.finalize().as_bytes());
            }
            #[inline(always)]
            fn oneshot(_: &mut Self::State, $data: &[u8], out: &mut [u8]) {
                out.copy_from_slice($oneshot.as_bytes());
            }
        }
    };
}

macro_rules! blake2_simd {
    ($name:ident, $krate:ident, $len:expr, portable = $portable:expr) => {
        pub(crate) struct $name;
        impl $name {
            fn params() -> $krate::Params {
                let mut p = $krate::Params::new();
                p.hash_length($len);
                if $portable {
                    // Hidden in the crate's docs but public, for its own benchmarks:
                    // pins the portable kernel whatever the CPU offers.
                    $krate::benchmarks::force_portable(&mut p);
                }
                p
            }
        }
        blake2_streaming!($name, $krate::State, Self::params().to_state(), |data| {
            Self::params().hash(data)
        });
    };
}
blake2_simd!(Blake2bSimd256, blake2b_simd, 32, portable = false);
blake2_simd!(Blake2bSimd512, blake2b_simd, 64, portable = false);
blake2_simd!(Blake2bSimd256Portable, blake2b_simd, 32, portable = true);
blake2_simd!(Blake2bSimd512Portable, blake2b_simd, 64, portable = true);
blake2_simd!(Blake2sSimd256, blake2s_simd, 32, portable = false);
blake2_simd!(Blake2sSimd256Portable, blake2s_simd, 32, portable = true);

/// BLAKE2bp and BLAKE2sp (the BLAKE2 paper's 4- and 8-leaf parallel modes) from
/// blake2b_simd's `blake2bp` and blake2s_simd's `blake2sp` modules, unkeyed, with their
/// default (full) output length.
macro_rules! blake2_parallel {
    ($name:ident, $module:ident) => {
        pub(crate) struct $name;
        blake2_streaming!($name, $module::State, $module::State::new(), |data| {
            $module::$module(data)
        });
    };
}
use blake2b_simd::blake2bp;
use blake2s_simd::blake2sp;
blake2_parallel!(Blake2bpSimd, blake2bp);
blake2_parallel!(Blake2spSimd, blake2sp);

/// blake2bp compresses its four leaves through `many::compress_many`, as many at once as
/// the detected kernel's degree: 4 with AVX2, 2 with SSE4.1, else one at a time
/// (blake2b_simd-1.0.5/src/blake2bp.rs:143, src/guts.rs:85-93).
pub(crate) fn blake2bp_simd_backend() -> String {
    first_of(BLAKE2BP_SIMD_RULE, "portable", &has_fact)
}
const BLAKE2BP_SIMD_RULE: &[(&str, &[&str])] = &[
    ("avx2 (4 leaves at once)", &["avx2"]),
    ("sse4.1 (2 leaves at once)", &["sse4.1"]),
];

/// blake2sp likewise, over eight leaves: 8 at once with AVX2, 4 with SSE4.1
/// (blake2s_simd-1.0.5/src/blake2sp.rs, src/guts.rs:85-93, 116-131).
pub(crate) fn blake2sp_simd_backend() -> String {
    first_of(BLAKE2SP_SIMD_RULE, "portable", &has_fact)
}
const BLAKE2SP_SIMD_RULE: &[(&str, &[&str])] = &[
    ("avx2 (8 leaves at once)", &["avx2"]),
    ("sse4.1 (4 leaves at once)", &["sse4.1"]),
];

/// blake2b_simd detects AVX2, then SSE4.1, at run time, but hashes one message with
/// its AVX2 kernel or else the portable one: its SSE4.1 kernel serves only the 2-way
/// parallel API (blake2b_simd-1.0.5/src/guts.rs:27-43, 95-113). On other architectures
/// it is always portable.
pub(crate) fn blake2b_simd_backend() -> String {
    first_of(BLAKE2B_SIMD_RULE, "portable", &has_fact)
}
const BLAKE2B_SIMD_RULE: &[(&str, &[&str])] = &[("avx2", &["avx2"])];

/// blake2s_simd makes the same detection, and hashes one message with its SSE4.1
/// kernel on AVX2 and SSE4.1 CPUs alike (blake2s_simd-1.0.5/src/guts.rs:95-113).
pub(crate) fn blake2s_simd_backend() -> String {
    first_of(BLAKE2S_SIMD_RULE, "portable", &has_fact)
}
const BLAKE2S_SIMD_RULE: &[(&str, &[&str])] = &[
    ("sse4.1 (its one-message kernel, also on avx2)", &["avx2"]),
    ("sse4.1", &["sse4.1"]),
];

/// The `+portable` variants: `force_portable`, which pins the portable kernel.
pub(crate) fn blake2_simd_forced_portable() -> String {
    "portable (forced)".to_string()
}

pub(crate) struct Blake3;
impl Streaming for Blake3 {
    // Boxed: the state holds a chunk stack of ~1.9 KiB that should not move on reset.
    type State = Box<blake3::Hasher>;
    fn new() -> Self::State {
        Box::new(blake3::Hasher::new())
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        out.copy_from_slice(s.finalize().as_bytes());
        s.reset();
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(blake3::hash(data).as_bytes());
    }
    const RESETS: bool = true;
    fn fresh(data: &[u8], out: &mut [u8]) {
        let mut h = blake3::Hasher::new();
        h.update(data);
        out.copy_from_slice(h.finalize().as_bytes());
    }
}

/// blake3 splitting each update across rayon's thread pool (`update_rayon`), as the
/// crate documents for inputs of 128 KiB and more.
pub(crate) struct Blake3Rayon;
impl Streaming for Blake3Rayon {
    type State = Box<blake3::Hasher>;
    fn new() -> Self::State {
        Box::new(blake3::Hasher::new())
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update_rayon(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        out.copy_from_slice(s.finalize().as_bytes());
        s.reset();
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    const RESETS: bool = true;
    fn fresh(data: &[u8], out: &mut [u8]) {
        let mut h = blake3::Hasher::new();
        h.update_rayon(data);
        out.copy_from_slice(h.finalize().as_bytes());
    }
}

/// blake3's own runtime choice, from the crate's (doc-hidden) platform module
/// (blake3-1.8.7/src/platform.rs:64-99).
pub(crate) fn blake3_backend() -> String {
    format!("{:?}", blake3::platform::Platform::detect()).to_lowercase()
}

pub(crate) fn blake3_rayon_backend() -> String {
    format!("{} x {} rayon threads", blake3_backend(), rayon_threads())
}

/// The size of rayon's global pool, which `update_rayon` uses (RAYON_NUM_THREADS or the
/// number of logical CPUs).
fn rayon_threads() -> usize {
    rayon_core::current_num_threads()
}

#[cfg(test)]
mod tests;
