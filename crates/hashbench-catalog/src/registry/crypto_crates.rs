//! The providers of the cryptographic hashes that are Rust crates: RustCrypto's (md-5,
//! sha1, sha2, sha3, shake, k12, ripemd, sm3, blake2), the single-algorithm crates and
//! the BLAKE2/BLAKE3 SIMD crates.

use crate::implementation::{Provider, ProviderKind};

/// A Rust crate as a provider (every provider in `registry` that is one).
pub(super) const fn rust_crate(name: &'static str, about: &'static str) -> Provider {
    Provider {
        name,
        kind: ProviderKind::RustCrate,
        crate_name: name,
        runtime_version: None,
        about,
    }
}

pub static MD_5: Provider = rust_crate("md-5", "RustCrypto MD5");
pub static MD5_CRATE: Provider = rust_crate("md5", "standalone MD5 crate");
pub static SHA1_CRATE: Provider = rust_crate("sha1", "RustCrypto SHA-1 (SHA-NI when present)");
pub static SHA1_SMOL: Provider = rust_crate("sha1_smol", "minimal dependency-free SHA-1");
pub static SHA2_CRATE: Provider =
    rust_crate("sha2", "RustCrypto SHA-2 (SHA-NI / AVX2 when present)");
pub static SHA3_CRATE: Provider = rust_crate("sha3", "RustCrypto SHA-3");
pub static TINY_KECCAK: Provider = rust_crate(
    "tiny-keccak",
    "compact Keccak / SHA-3 / SHAKE / KangarooTwelve",
);
pub static SHAKE_CRATE: Provider =
    rust_crate("shake", "RustCrypto SHAKE128/256 (split from sha3 0.12)");
pub static K12_CRATE: Provider = rust_crate("k12", "RustCrypto KangarooTwelve (KT128)");
pub static RIPEMD_CRATE: Provider = rust_crate("ripemd", "RustCrypto RIPEMD-160 (portable Rust)");
pub static SM3_CRATE: Provider = rust_crate("sm3", "RustCrypto SM3 (portable Rust)");
pub static ASCON_HASH_CRATE: Provider = rust_crate(
    "ascon-hash",
    "RustCrypto Ascon-Hash256 of NIST SP 800-232 (portable Rust)",
);
pub static BLAKE2_CRATE: Provider = rust_crate("blake2", "RustCrypto BLAKE2 (portable)");
pub static BLAKE2B_SIMD: Provider =
    rust_crate("blake2b_simd", "BLAKE2b with AVX2 / SSE4.1 kernels");
pub static BLAKE2S_SIMD: Provider =
    rust_crate("blake2s_simd", "BLAKE2s with AVX2 / SSE4.1 kernels");
pub static BLAKE3_CRATE: Provider =
    rust_crate("blake3", "the official BLAKE3 crate (SIMD, optional rayon)");
