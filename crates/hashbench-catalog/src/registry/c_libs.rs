//! The providers of the C libraries programs link for their checksums and hashes
//! (issue 24): zlib, zlib-ng, libdeflate, the xxHash C library, Intel ISA-L (loaded from
//! the system) and the Linux kernel's crypto API (AF_ALG); and the catalogue entries' helpers
//! for those whose availability is a run-time question.

use crate::algorithm::Algorithm;
use crate::implementation::{Implementation, Provider, ProviderKind};
use crate::impls::boxed;
use crate::impls::deflate_libs::*;
use crate::impls::isal::{isal_probe, isal_version, IsalEntry};
use crate::impls::kernel::{kernel_backend, kernel_probe, kernel_version, AfAlg, KernelHash};
use crate::impls::xxhash_c::xxhash_c_version;

const fn c_library(
    name: &'static str,
    crate_name: &'static str,
    runtime_version: fn() -> String,
    about: &'static str,
) -> Provider {
    Provider {
        name,
        kind: ProviderKind::CLibrary,
        crate_name,
        runtime_version: Some(runtime_version),
        about,
    }
}

pub static ZLIB: Provider = c_library(
    "zlib",
    "libz-sys",
    zlib_version,
    "zlib's crc32 and adler32, from the source bundled in libz-sys (static)",
);
pub static ZLIB_NG: Provider = c_library(
    "zlib-ng",
    "libz-ng-sys",
    zlib_ng_version,
    "zlib-ng's zng_crc32 and zng_adler32 (runtime SIMD dispatch), bundled in libz-ng-sys",
);
pub static LIBDEFLATE: Provider = c_library(
    "libdeflate",
    "libdeflate-sys",
    libdeflate_version,
    "libdeflate's crc32 and adler32 (runtime SIMD dispatch), bundled in libdeflate-sys",
);
pub static XXHASH_C: Provider = c_library(
    "xxhash-c",
    "xxhash-c-sys",
    xxhash_c_version,
    "the xxHash C library (xxhash.c) itself, bundled in xxhash-c-sys",
);
pub static ISAL: Provider = c_library(
    "isa-l",
    "libloading",
    isal_version,
    "Intel ISA-L's CRCs and isal_adler32 (runtime dispatch), from the system's libisal.so.2 \
     (Debian's libisal2), loaded at run time",
);
pub static KERNEL: Provider = c_library(
    "kernel",
    "libc",
    kernel_version,
    "the Linux kernel's crypto API through AF_ALG sockets (a send and a recv system call per digest)",
);

/// An entry whose availability is its probe's answer (the registry's `imp` with a probe;
/// written out here so that this module needs nothing of its parent).
const fn probed(
    id: &'static str,
    algorithm: &'static Algorithm,
    provider: &'static Provider,
    probe: fn() -> Result<(), crate::Unavailable>,
    backend: fn() -> String,
    new: fn() -> Box<dyn crate::Hasher>,
) -> Implementation {
    Implementation {
        id,
        algorithm,
        provider,
        variant: None,
        requires: &[],
        probe: Some(probe),
        parallel: false,
        backend,
        new,
    }
}

/// An ISA-L entry point, available where the system's library loads and has it.
pub(super) const fn isal<E: IsalEntry>(
    id: &'static str,
    algorithm: &'static Algorithm,
) -> Implementation {
    probed(
        id,
        algorithm,
        &ISAL,
        isal_probe::<E>,
        E::backend,
        boxed::<Checksum<E>>,
    )
}

/// A kernel hash through AF_ALG, available where the running kernel opens it.
pub(super) const fn kernel<H: KernelHash>(
    id: &'static str,
    algorithm: &'static Algorithm,
) -> Implementation {
    probed(
        id,
        algorithm,
        &KERNEL,
        kernel_probe::<H>,
        kernel_backend::<H>,
        boxed::<AfAlg<H>>,
    )
}
