//! RustCrypto's crates (md-5, sha1, sha2, sha3, blake2, ripemd, sm3, and the
//! extendable-output shake and k12) through the shared `digest` traits, plus the
//! single-algorithm crates md5, sha1_smol and tiny-keccak (SHA-3, SHAKE, KangarooTwelve),
//! and ascon-hash, which is still on the previous `digest` (0.10).

use std::marker::PhantomData;

use sha2::digest::{Digest, ExtendableOutput, ExtendableOutputReset, FixedOutputReset, Update};

use super::Streaming;
use crate::cpu::first_supported;

/// Any RustCrypto fixed-output hash.
pub(crate) struct RustCrypto<D>(PhantomData<D>);

impl<D> Streaming for RustCrypto<D>
where
    D: Digest + FixedOutputReset + Send + 'static,
{
    type State = D;
    fn new() -> D {
        D::new()
    }
    fn update(s: &mut D, data: &[u8]) {
        Digest::update(s, data);
    }
    fn finish(s: &mut D, out: &mut [u8]) {
        out.copy_from_slice(&s.finalize_reset());
    }
    fn reset(s: &mut D) {
        Digest::reset(s);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&D::digest(data));
    }
    const RESETS: bool = true;
    const INTO_BUFFER: bool = true;
    /// `finalize_into` writes into the caller's buffer, viewed as the crate's output array.
    fn write_into(_: &mut D, data: &[u8], out: &mut [u8]) {
        let mut h = D::new();
        Digest::update(&mut h, data);
        Digest::finalize_into(h, output_of::<D>(out));
    }
    fn finish_owned(s: D, out: &mut [u8]) {
        Digest::finalize_into(s, output_of::<D>(out));
    }
}

/// Any RustCrypto extendable-output function read to a fixed length: the catalogued
/// output is the first `out.len()` bytes its reader gives (`shake128-256` reads 32,
/// `shake256-512` 64, `k12-256` 32, with k12's default, empty customization string).
pub(crate) struct RustCryptoXof<D>(PhantomData<D>);

impl<D> Streaming for RustCryptoXof<D>
where
    D: Default + Update + ExtendableOutputReset + Send + 'static,
{
    type State = D;
    fn new() -> D {
        D::default()
    }
    fn update(s: &mut D, data: &[u8]) {
        Update::update(s, data);
    }
    fn finish(s: &mut D, out: &mut [u8]) {
        s.finalize_xof_reset_into(out);
    }
    fn reset(s: &mut D) {
        sha2::digest::Reset::reset(s);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        D::digest_xof(data, out);
    }
    const RESETS: bool = true;
    const INTO_BUFFER: bool = true;
    /// An XOF always reads into the caller's buffer: `digest_xof` is the one call.
    fn write_into(_: &mut D, data: &[u8], out: &mut [u8]) {
        D::digest_xof(data, out);
    }
    fn finish_owned(s: D, out: &mut [u8]) {
        ExtendableOutput::finalize_xof_into(s, out);
    }
}

/// `out` as the crate's output array type (same length by the Hasher contract).
fn output_of<D: Digest>(out: &mut [u8]) -> &mut sha2::digest::Output<D> {
    out.try_into()
        .expect("output buffer is the digest length (Hasher contract)")
}

/// sha2's SHA-256 family: the SHA extensions when `cpufeatures` finds "sha" and
/// "sse4.1" at run time, else its portable Rust ("soft") compression
/// (sha2-0.11.1/src/sha256.rs:50-72). As for every RustCrypto label here, a build that
/// overrides the crate's choice with its `sha2_backend` cfg is not detected.
pub(crate) fn sha256_backend() -> String {
    first_supported(SHA256_RULE, "soft")
}
const SHA256_RULE: &[(&str, &[&str])] = &[("sha-ni", &["sha", "sse4.1"])];

/// sha1's rule: the SHA extensions with SSE2, SSSE3 and SSE4.1, else soft
/// (sha1-0.11.0/src/compress.rs:39-59).
pub(crate) fn sha1_backend() -> String {
    first_supported(SHA1_RULE, "soft")
}
const SHA1_RULE: &[(&str, &[&str])] = &[("sha-ni", &["sha", "sse2", "ssse3", "sse4.1"])];

/// sha2's SHA-512 family: an AVX2 kernel when `cpufeatures` finds AVX2, else soft
/// (sha2-0.11.1/src/sha512.rs:47-69). There is no AVX-512 or SHA512-instruction kernel
/// on x86 in 0.11.
pub(crate) fn sha512_backend() -> String {
    first_supported(SHA512_RULE, "soft")
}
const SHA512_RULE: &[(&str, &[&str])] = &[("avx2", &["avx2"])];

/// md-5, sha3, shake and k12 (keccak) have no x86 kernel: portable Rust on x86; md-5 has LoongArch
/// assembly and keccak an ARMv8 SHA3 kernel, so elsewhere the label says it cannot tell
/// (md-5-0.11.0/src/compress.rs:1-12, keccak-0.2.2/src/lib.rs:58-92).
pub(crate) fn rustcrypto_portable_backend() -> String {
    first_supported(&[], "portable")
}

pub(crate) struct Md5Crate;
impl Streaming for Md5Crate {
    type State = md5::Context;
    fn new() -> Self::State {
        md5::Context::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.consume(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        let done = std::mem::replace(s, md5::Context::new());
        out.copy_from_slice(&done.finalize().0);
    }
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        out.copy_from_slice(&s.finalize().0);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&md5::compute(data).0);
    }
}

pub(crate) struct Sha1Smol;
impl Streaming for Sha1Smol {
    type State = sha1_smol::Sha1;
    fn new() -> Self::State {
        sha1_smol::Sha1::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        s.update(data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        out.copy_from_slice(&s.digest().bytes());
        s.reset();
    }
    fn reset(s: &mut Self::State) {
        s.reset();
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&sha1_smol::Sha1::from(data).digest().bytes());
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        out.copy_from_slice(&s.digest().bytes());
    }
}

/// tiny-keccak's hashes and extendable-output functions alike: `finalize` fills the
/// caller's buffer, whatever its length, with the first bytes of the output (a fixed-length
/// SHA-3 is given a buffer of its length).
macro_rules! tiny_keccak {
    ($name:ident, $state:ty, $ctor:expr) => {
        pub(crate) struct $name;
        impl Streaming for $name {
            type State = $state;
            fn new() -> Self::State {
                $ctor
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                tiny_keccak::Hasher::update(s, data);
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                let done = std::mem::replace(s, Self::new());
                tiny_keccak::Hasher::finalize(done, out);
            }
            fn finish_owned(s: Self::State, out: &mut [u8]) {
                tiny_keccak::Hasher::finalize(s, out);
            }
        }
    };
}
tiny_keccak!(TinyKeccak224, tiny_keccak::Sha3, tiny_keccak::Sha3::v224());
tiny_keccak!(TinyKeccak256, tiny_keccak::Sha3, tiny_keccak::Sha3::v256());
tiny_keccak!(TinyKeccak384, tiny_keccak::Sha3, tiny_keccak::Sha3::v384());
tiny_keccak!(TinyKeccak512, tiny_keccak::Sha3, tiny_keccak::Sha3::v512());
tiny_keccak!(TinyShake128, tiny_keccak::Shake, tiny_keccak::Shake::v128());
tiny_keccak!(TinyShake256, tiny_keccak::Shake, tiny_keccak::Shake::v256());
// KangarooTwelve with the empty customization string.
tiny_keccak!(
    TinyK12,
    tiny_keccak::KangarooTwelve<&'static [u8]>,
    tiny_keccak::KangarooTwelve::new(&[])
);

/// ascon-hash 0.3 (Ascon-Hash256 of NIST SP 800-232) implements `digest` 0.10, not the
/// 0.11 of the other RustCrypto crates here, so [`RustCrypto`] cannot take it: the same
/// calls through its own re-export.
pub(crate) struct AsconHash;

impl Streaming for AsconHash {
    type State = ascon_hash::AsconHash256;
    fn new() -> Self::State {
        ascon_hash::Digest::new()
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        ascon_hash::Digest::update(s, data);
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        out.copy_from_slice(&ascon_hash::Digest::finalize_reset(s));
    }
    fn reset(s: &mut Self::State) {
        ascon_hash::Digest::reset(s);
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        out.copy_from_slice(&<ascon_hash::AsconHash256 as ascon_hash::Digest>::digest(
            data,
        ));
    }
    const RESETS: bool = true;
}

#[cfg(test)]
mod tests;
