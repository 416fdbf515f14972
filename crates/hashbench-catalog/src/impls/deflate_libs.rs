//! The checksums of the C compression libraries programs link: zlib (`crc32`,
//! `adler32`), zlib-ng (`zng_crc32`, `zng_adler32`) and libdeflate (`libdeflate_crc32`,
//! `libdeflate_adler32`), each built from the source its `-sys` crate bundles (no system
//! package). Intel ISA-L's, loaded from the system, are in `isal.rs`.
//!
//! All six share one API shape: `checksum(previous, buffer, length)`, the running value
//! held by the caller and started from the library's initial value (0 for a CRC, 1 for
//! Adler-32). The caller's integer is the whole state, so streaming is calling again with
//! the last value, as zlib's own users do.

use std::ffi::CStr;
use std::marker::PhantomData;

use super::{write_be, Streaming};
use crate::cpu::{first_supported, x86_rule};

/// One library's running checksum: the initial value and one call over a buffer.
pub(crate) trait Running: 'static {
    /// The check value's integer (u32 for the CRC-32s and Adler-32, u64 for a CRC-64).
    type Word: Copy + Into<u64> + Send + 'static;
    const INIT: Self::Word;
    fn step(previous: Self::Word, data: &[u8]) -> Self::Word;
}

/// A [`Running`] checksum as a [`Streaming`] adapter: the state is the caller's value.
pub(crate) struct Checksum<R>(PhantomData<fn() -> R>);
impl<R: Running> Streaming for Checksum<R> {
    type State = R::Word;
    fn new() -> R::Word {
        R::INIT
    }
    #[inline(always)]
    fn update(s: &mut R::Word, data: &[u8]) {
        *s = R::step(*s, data);
    }
    #[inline(always)]
    fn finish(s: &mut R::Word, out: &mut [u8]) {
        write_be(out, (*s).into());
        *s = R::INIT;
    }
    #[inline(always)]
    fn oneshot(_: &mut R::Word, data: &[u8], out: &mut [u8]) {
        write_be(out, R::step(R::INIT, data).into());
    }
}

/// zlib and zlib-ng take the length as a C `unsigned int`: a buffer over 4 GiB goes in
/// pieces, as a caller must pass it. One call for everything shorter.
#[inline(always)]
fn by_uint(previous: u32, data: &[u8], call: impl Fn(u32, &[u8]) -> u32) -> u32 {
    if data.len() <= u32::MAX as usize {
        return call(previous, data);
    }
    data.chunks(u32::MAX as usize).fold(previous, call)
}

// ---- zlib ----

pub(crate) struct ZlibCrc32;
impl Running for ZlibCrc32 {
    type Word = u32;
    const INIT: u32 = 0;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        by_uint(previous, data, |c, part| {
            // SAFETY: `part` is readable for its length, which fits an unsigned int.
            unsafe { libz_sys::crc32(c.into(), part.as_ptr(), part.len() as u32) as u32 }
        })
    }
}

pub(crate) struct ZlibAdler32;
impl Running for ZlibAdler32 {
    type Word = u32;
    const INIT: u32 = 1;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        by_uint(previous, data, |a, part| {
            // SAFETY: as above.
            unsafe { libz_sys::adler32(a.into(), part.as_ptr(), part.len() as u32) as u32 }
        })
    }
}

/// The version the linked zlib reports (`zlibVersion()`): the bundled source's, as
/// libz-sys builds it with its `static` feature.
pub(crate) fn zlib_version() -> String {
    // SAFETY: zlibVersion returns a pointer to a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(libz_sys::zlibVersion()) };
    format!("zlib {} (bundled)", v.to_string_lossy())
}

/// zlib's crc32 and adler32 are portable C with no run-time choice on x86 (its only
/// hardware CRC is ARMv8's, compiled in only for an aarch64 target with `crc`):
/// libz-sys-1.1.31 src/zlib/crc32.c (the braided loop), build.rs:147-152.
pub(crate) fn zlib_backend() -> String {
    x86_rule(|_| "portable C (braided tables)".to_string())
}

pub(crate) fn zlib_adler_backend() -> String {
    "portable C".to_string()
}

// ---- zlib-ng ----

pub(crate) struct ZlibNgCrc32;
impl Running for ZlibNgCrc32 {
    type Word = u32;
    const INIT: u32 = 0;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        by_uint(previous, data, |c, part| {
            // SAFETY: `part` is readable for its length, which fits an unsigned int.
            unsafe { libz_ng_sys::crc32(c, part.as_ptr(), part.len() as u32) }
        })
    }
}

pub(crate) struct ZlibNgAdler32;
impl Running for ZlibNgAdler32 {
    type Word = u32;
    const INIT: u32 = 1;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        by_uint(previous, data, |a, part| {
            // SAFETY: as above.
            unsafe { libz_ng_sys::adler32(a, part.as_ptr(), part.len() as u32) }
        })
    }
}

pub(crate) fn zlib_ng_version() -> String {
    // SAFETY: zlibng_version returns a pointer to a static NUL-terminated string.
    let v = unsafe { CStr::from_ptr(libz_ng_sys::zlibVersion()) };
    format!("zlib-ng {} (bundled)", v.to_string_lossy())
}

/// zlib-ng fills its function table once, the last matching kernel winning
/// (libz-ng-sys-1.1.32 src/zlib-ng/functable.c:120-217; the facts as
/// arch/x86/x86_features.c:95-126 sets them, AVX-512 "common" being F, DQ, BW, VL and
/// BMI2).
pub(crate) const ZLIB_NG_CRC32_RULE: &[(&str, &[&str])] = &[
    (
        "vpclmulqdq (avx512)",
        &[
            "pclmulqdq",
            "vpclmulqdq",
            "avx512f",
            "avx512dq",
            "avx512bw",
            "avx512vl",
            "bmi2",
        ],
    ),
    ("pclmulqdq", &["pclmulqdq"]),
    ("chorba sse4.1", &["sse4.1"]),
];
pub(crate) const ZLIB_NG_ADLER32_RULE: &[(&str, &[&str])] = &[
    ("avx512 vnni", &["avx512vnni"]),
    (
        "avx512",
        &["avx512f", "avx512dq", "avx512bw", "avx512vl", "bmi2"],
    ),
    ("avx2", &["avx2", "bmi2"]),
    ("ssse3", &["ssse3"]),
];

pub(crate) fn zlib_ng_crc32_backend() -> String {
    first_supported(ZLIB_NG_CRC32_RULE, "chorba sse2")
}

pub(crate) fn zlib_ng_adler32_backend() -> String {
    first_supported(ZLIB_NG_ADLER32_RULE, "portable C")
}

// ---- libdeflate ----

pub(crate) struct LibdeflateCrc32;
impl Running for LibdeflateCrc32 {
    type Word = u32;
    const INIT: u32 = 0;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        // SAFETY: `data` is readable for its length (a size_t: no pieces).
        unsafe { libdeflate_sys::libdeflate_crc32(previous, data.as_ptr().cast(), data.len()) }
    }
}

pub(crate) struct LibdeflateAdler32;
impl Running for LibdeflateAdler32 {
    type Word = u32;
    const INIT: u32 = 1;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        // SAFETY: as above.
        unsafe { libdeflate_sys::libdeflate_adler32(previous, data.as_ptr().cast(), data.len()) }
    }
}

/// libdeflate has no version call; the version is its header's
/// (`LIBDEFLATE_VERSION_STRING` in libdeflate-sys-1.26.1 libdeflate/libdeflate.h).
pub(crate) fn libdeflate_version() -> String {
    "libdeflate 1.26 (bundled)".to_string()
}

/// libdeflate's own CPU feature word (lib/x86/cpu_features.h of 1.26): the bits its
/// dispatch reads, `ZMM` being its own judgement of whether 512-bit vectors pay off on
/// this CPU (not on Intel before Ice Lake's successors, lib/x86/cpu_features.c:112-137).
pub(crate) mod feature {
    pub const PCLMULQDQ: u32 = 1 << 1;
    pub const AVX: u32 = 1 << 2;
    pub const AVX2: u32 = 1 << 3;
    pub const ZMM: u32 = 1 << 5;
    pub const AVX512BW: u32 = 1 << 6;
    pub const AVX512VL: u32 = 1 << 7;
    pub const VPCLMULQDQ: u32 = 1 << 8;
    pub const AVX512VNNI: u32 = 1 << 9;
    pub const AVXVNNI: u32 = 1 << 10;
}

#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
extern "C" {
    /// Set by libdeflate on its first checksum or (de)compression call.
    static libdeflate_x86_cpu_features: u32;
}

/// The feature word libdeflate detected (after one call, so that it has detected).
#[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
fn libdeflate_features() -> u32 {
    LibdeflateCrc32::step(0, b"");
    // SAFETY: a plain read of a u32 the library wrote once; it is declared volatile
    // in C, and read once here.
    unsafe { std::ptr::read_volatile(std::ptr::addr_of!(libdeflate_x86_cpu_features)) }
}

const fn all(word: u32, bits: u32) -> bool {
    word & bits == bits
}

/// libdeflate's crc32 dispatch (lib/x86/crc32_impl.h:127-157) over its feature word.
pub(crate) fn libdeflate_crc32_rule(f: u32) -> &'static str {
    use feature::*;
    let vpcl512 = VPCLMULQDQ | PCLMULQDQ | AVX512BW | AVX512VL;
    if all(f, vpcl512 | ZMM) {
        "vpclmulqdq avx512 (512-bit)"
    } else if all(f, vpcl512) {
        "vpclmulqdq avx512 (256-bit)"
    } else if all(f, VPCLMULQDQ | PCLMULQDQ | AVX2) {
        "vpclmulqdq avx2"
    } else if all(f, PCLMULQDQ | AVX) {
        "pclmulqdq avx"
    } else if all(f, PCLMULQDQ) {
        "pclmulqdq"
    } else {
        "portable C (slice-by-8)"
    }
}

/// libdeflate's adler32 dispatch (lib/x86/adler32_impl.h:105-133); SSE2 is always there
/// on x86_64.
pub(crate) fn libdeflate_adler32_rule(f: u32) -> &'static str {
    use feature::*;
    if all(f, ZMM | AVX512BW | AVX512VNNI) {
        "avx512 vnni (512-bit)"
    } else if all(f, AVX512BW | AVX512VL | AVX512VNNI) {
        "avx512 vnni (256-bit)"
    } else if all(f, AVX2 | AVXVNNI) {
        "avx2 vnni"
    } else if all(f, AVX2) {
        "avx2"
    } else {
        "sse2"
    }
}

pub(crate) fn libdeflate_crc32_backend() -> String {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    return libdeflate_crc32_rule(libdeflate_features()).to_string();
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    return crate::cpu::UNKNOWN_KERNEL.to_string();
}

pub(crate) fn libdeflate_adler32_backend() -> String {
    #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
    return libdeflate_adler32_rule(libdeflate_features()).to_string();
    #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
    return crate::cpu::UNKNOWN_KERNEL.to_string();
}

#[cfg(test)]
mod tests;
