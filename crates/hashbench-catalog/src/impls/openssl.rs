//! OpenSSL's EVP digests, through the `openssl` crate against the system libcrypto.
//!
//! Each algorithm is fetched once per process (`EVP_MD_fetch`) and the context is
//! re-initialised with that object, which is what `openssl speed -evp` does. OpenSSL 3
//! otherwise looks the algorithm up again on every init, which dominates small inputs.

use std::sync::OnceLock;

use openssl::md::Md;
use openssl::md_ctx::MdCtx;

use super::Streaming;

pub(crate) struct OsslState {
    ctx: MdCtx,
    md: &'static Md,
}

// SAFETY: an EVP_MD_CTX has no thread affinity; OpenSSL only forbids using one context
// from two threads at once, which `&mut self` access already rules out. `Md` is Sync.
unsafe impl Send for OsslState {}

/// An OpenSSL algorithm, fetched once by its OpenSSL 3 name.
pub(crate) trait OsslAlg: 'static {
    fn fetched() -> &'static Result<Md, String>;
}

macro_rules! ossl_alg {
    ($($ty:ident = $name:literal),* $(,)?) => {
        $(
            pub(crate) struct $ty;
            impl OsslAlg for $ty {
                fn fetched() -> &'static Result<Md, String> {
                    static MD: OnceLock<Result<Md, String>> = OnceLock::new();
                    MD.get_or_init(|| fetch($name))
                }
            }
        )*
    };
}

ossl_alg!(
    OsslMd5 = "MD5",
    OsslSha1 = "SHA1",
    OsslSha224 = "SHA2-224",
    OsslSha256 = "SHA2-256",
    OsslSha384 = "SHA2-384",
    OsslSha512 = "SHA2-512",
    OsslSha512_256 = "SHA2-512/256",
    OsslSha3_224 = "SHA3-224",
    OsslSha3_256 = "SHA3-256",
    OsslSha3_384 = "SHA3-384",
    OsslSha3_512 = "SHA3-512",
    OsslBlake2s256 = "BLAKE2S-256",
    OsslBlake2b512 = "BLAKE2B-512",
);

fn fetch(name: &str) -> Result<Md, String> {
    Md::fetch(None, name, None)
        .map_err(|e| format!("OpenSSL cannot fetch {name} (provider not loaded?): {e}"))
}

/// Availability probe: the algorithm must be fetchable from the loaded providers (a FIPS
/// configuration, for one, has no MD5 or BLAKE2).
pub(crate) fn probe<A: OsslAlg>() -> Result<(), String> {
    A::fetched().as_ref().map(|_| ()).map_err(Clone::clone)
}

pub(crate) struct Openssl<A>(std::marker::PhantomData<A>);

impl<A: OsslAlg> Streaming for Openssl<A> {
    type State = OsslState;
    fn new() -> OsslState {
        let md = match A::fetched() {
            Ok(md) => md,
            // The registry probes before constructing; reaching this is a bug.
            Err(e) => panic!("{e}"),
        };
        let mut ctx = MdCtx::new().expect("EVP_MD_CTX_new failed (out of memory)");
        ctx.digest_init(md).expect("EVP_DigestInit_ex failed");
        OsslState { ctx, md }
    }
    fn update(s: &mut OsslState, data: &[u8]) {
        s.ctx.digest_update(data).expect("EVP_DigestUpdate failed");
    }
    fn finish(s: &mut OsslState, out: &mut [u8]) {
        s.ctx.digest_final(out).expect("EVP_DigestFinal_ex failed");
        s.ctx.digest_init(s.md).expect("EVP_DigestInit_ex failed");
    }
    fn reset(s: &mut OsslState) {
        s.ctx.digest_init(s.md).expect("EVP_DigestInit_ex failed");
    }
}

pub(crate) fn openssl_version() -> String {
    openssl::version::version().to_string()
}

pub(crate) fn openssl_backend() -> String {
    "assembly (OpenSSL's OPENSSL_ia32cap dispatch)".to_string()
}
