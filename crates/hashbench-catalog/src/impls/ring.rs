//! ring's `digest` module: BoringSSL-derived assembly with ring's own CPU dispatch.

use super::Streaming;
use crate::cpu::{first_of, x86_rule};

/// Generates one `Streaming` adapter per algorithm for a crate with ring's digest API
/// (`Context::new(&ALG)`, `update`, `finish(self)`, `digest(&ALG, data)`); aws-lc-rs
/// shares it.
macro_rules! ring_like {
    ($krate:ident: $($name:ident = $alg:ident),* $(,)?) => {
        $(
            pub(crate) struct $name;
            impl Streaming for $name {
                type State = $krate::digest::Context;
                fn new() -> Self::State {
                    $krate::digest::Context::new(&$krate::digest::$alg)
                }
                fn update(s: &mut Self::State, data: &[u8]) {
                    s.update(data);
                }
                fn finish(s: &mut Self::State, out: &mut [u8]) {
                    let done = std::mem::replace(s, Self::new());
                    out.copy_from_slice(done.finish().as_ref());
                }
                fn finish_owned(s: Self::State, out: &mut [u8]) {
                    out.copy_from_slice(s.finish().as_ref());
                }
                fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                    out.copy_from_slice($krate::digest::digest(&$krate::digest::$alg, data).as_ref());
                }
            }
        )*
    };
}
pub(crate) use ring_like;

ring_like!(ring:
    RingSha1 = SHA1_FOR_LEGACY_USE_ONLY,
    RingSha256 = SHA256,
    RingSha384 = SHA384,
    RingSha512 = SHA512,
    RingSha512_256 = SHA512_256,
);

/// ring's SHA-1 is Rust, with no assembly on any architecture
/// (ring-0.17.14/src/digest/sha1.rs:42-95).
pub(crate) fn ring_sha1_backend() -> String {
    "portable Rust (ring has no SHA-1 assembly)".to_string()
}

/// ring's SHA-256 on x86_64: SHA-NI with SSSE3, else AVX on Intel CPUs only, else SSSE3,
/// else its integer assembly; on 32-bit x86 its Rust fallback
/// (ring-0.17.14/src/digest/sha2/sha2_32.rs:44-60). ring's features come from CPUID
/// with the OS's register support (src/cpu/intel.rs:133-281), as std's detection does;
/// `intel` is its "Intel CPU" bit (crypto/cpu_intel.c:111-116).
pub(crate) fn ring_sha256_backend() -> String {
    x86_rule(ring_sha256_rule)
}

fn ring_sha256_rule(has: &dyn Fn(&str) -> bool) -> String {
    if !has("x86_64") {
        return RING_FALLBACK.to_string();
    }
    first_of(
        &[
            ("sha-ni", &["sha", "ssse3"]),
            ("avx", &["avx", "intel"]),
            ("ssse3", &["ssse3"]),
        ],
        NOHW,
        has,
    )
}

/// ring's SHA-512 family on x86_64: AVX on Intel CPUs only, else its integer assembly
/// (ring-0.17.14/src/digest/sha2/sha2_64.rs:44-56): no AVX2 or SHA512 kernel.
pub(crate) fn ring_sha512_backend() -> String {
    x86_rule(ring_sha512_rule)
}

fn ring_sha512_rule(has: &dyn Fn(&str) -> bool) -> String {
    if !has("x86_64") {
        return RING_FALLBACK.to_string();
    }
    first_of(
        &[("avx", &["avx", "intel"]), (NOHW_NOT_INTEL, &["avx"])],
        NOHW,
        has,
    )
}

const RING_FALLBACK: &str = "portable Rust (ring's fallback)";
/// The integer-only assembly kernel of BoringSSL-derived libraries (`*_nohw`).
pub(crate) const NOHW: &str = "integer assembly (nohw)";
/// The same, on a CPU with AVX that is not Intel's.
pub(crate) const NOHW_NOT_INTEL: &str = "integer assembly (nohw; avx kernel is Intel-only)";

#[cfg(test)]
mod tests;
