//! OpenSSL's EVP digests, through the `openssl` crate against the system libcrypto.
//!
//! Each algorithm is fetched once per process (`EVP_MD_fetch`) and every call uses that
//! object, as `openssl speed -evp` does: OpenSSL 3 otherwise looks the algorithm up again
//! on every init, which dominates small inputs. The one-call path is `EVP_Digest`, the
//! function `openssl speed -evp` times.
//!
//! In OpenSSL 3.0 each `EVP_DigestInit_ex` frees and re-creates the provider's context, a
//! cost comparable to hashing 64 bytes. So a finished context is re-initialised lazily, on
//! its next use, not eagerly after every digest: a `finalize_reset` followed by a
//! `oneshot` or a `reset` would otherwise pay for an init nobody uses.

use std::ffi::{c_int, c_uint, c_void, CStr};
use std::sync::OnceLock;

use foreign_types::ForeignTypeRef;
use openssl::md::Md;
use openssl::md_ctx::MdCtx;

use super::openssl_kernels::{openssl_label, Family};
use super::Streaming;
use crate::Unavailable;

pub(crate) struct OsslState {
    ctx: MdCtx,
    md: &'static Md,
    /// The context was finalised (or reset) and must be initialised before it absorbs or
    /// finalises again.
    needs_init: bool,
}

impl OsslState {
    fn ready(&mut self) {
        if self.needs_init {
            self.ctx
                .digest_init(self.md)
                .expect("EVP_DigestInit_ex failed");
            self.needs_init = false;
        }
    }
}

// openssl-sys does not bind EVP_Digest; it is in every libcrypto since 0.9.7.
extern "C" {
    fn EVP_Digest(
        data: *const c_void,
        count: usize,
        md: *mut u8,
        size: *mut c_uint,
        type_: *const openssl_sys::EVP_MD,
        engine: *mut openssl_sys::ENGINE,
    ) -> c_int;
}

// SAFETY: an EVP_MD_CTX has no thread affinity; OpenSSL only forbids using one context
// from two threads at once, which `&mut self` access already rules out. `Md` is Sync.
unsafe impl Send for OsslState {}

/// An OpenSSL algorithm, fetched once by its OpenSSL 3 name.
pub(crate) trait OsslAlg: 'static {
    /// The name `EVP_MD_fetch` takes.
    const NAME: &'static CStr;
    /// The OpenSSL code it runs, for its backend label.
    const FAMILY: Family;
    fn fetched() -> &'static Result<Md, Unavailable>;
}

macro_rules! ossl_alg {
    ($($ty:ident = $name:literal => $family:ident),* $(,)?) => {
        $(
            pub(crate) struct $ty;
            impl OsslAlg for $ty {
                const NAME: &'static CStr = $name;
                const FAMILY: Family = Family::$family;
                fn fetched() -> &'static Result<Md, Unavailable> {
                    static MD: OnceLock<Result<Md, Unavailable>> = OnceLock::new();
                    MD.get_or_init(|| fetch($name))
                }
            }
        )*
    };
}

ossl_alg!(
    OsslMd5 = c"MD5" => Md5,
    OsslSha1 = c"SHA1" => Sha1,
    OsslSha224 = c"SHA2-224" => Sha256,
    OsslSha256 = c"SHA2-256" => Sha256,
    OsslSha384 = c"SHA2-384" => Sha512,
    OsslSha512 = c"SHA2-512" => Sha512,
    OsslSha512_256 = c"SHA2-512/256" => Sha512,
    OsslSha3_224 = c"SHA3-224" => Sha3,
    OsslSha3_256 = c"SHA3-256" => Sha3,
    OsslSha3_384 = c"SHA3-384" => Sha3,
    OsslSha3_512 = c"SHA3-512" => Sha3,
    OsslBlake2s256 = c"BLAKE2S-256" => Blake2,
    OsslBlake2b512 = c"BLAKE2B-512" => Blake2,
);

fn fetch(name: &CStr) -> Result<Md, Unavailable> {
    let name = name.to_string_lossy();
    Md::fetch(None, &name, None).map_err(|e| {
        Unavailable(format!(
            "OpenSSL cannot fetch {name} (provider not loaded?): {e}"
        ))
    })
}

/// `EVP_Digest` of `data` with `md` into `out`.
///
/// # Safety
/// `md` must be a live `EVP_MD`; `out` must be the algorithm's output length (the Hasher
/// contract), which is what `EVP_Digest` writes for these fixed-length digests.
unsafe fn evp_digest(md: *const openssl_sys::EVP_MD, data: &[u8], out: &mut [u8]) {
    let mut written: c_uint = 0;
    // SAFETY: `data` is readable for its length; the caller vouches for `md` and `out`;
    // a null engine means the default.
    let ok = unsafe {
        EVP_Digest(
            data.as_ptr().cast(),
            data.len(),
            out.as_mut_ptr(),
            &mut written,
            md,
            std::ptr::null_mut(),
        )
    };
    assert!(ok == 1, "EVP_Digest failed");
    assert_eq!(
        written as usize,
        out.len(),
        "EVP_Digest wrote an unexpected length"
    );
}

/// Availability probe: the algorithm must be fetchable from the loaded providers (a FIPS
/// configuration, for one, has no MD5 or BLAKE2).
pub(crate) fn probe<A: OsslAlg>() -> Result<(), Unavailable> {
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
        let ctx = MdCtx::new().expect("EVP_MD_CTX_new failed (out of memory)");
        OsslState {
            ctx,
            md,
            needs_init: true,
        }
    }
    fn update(s: &mut OsslState, data: &[u8]) {
        s.ready();
        s.ctx.digest_update(data).expect("EVP_DigestUpdate failed");
    }
    fn finish(s: &mut OsslState, out: &mut [u8]) {
        s.ready();
        s.ctx.digest_final(out).expect("EVP_DigestFinal_ex failed");
        s.needs_init = true;
    }
    fn reset(s: &mut OsslState) {
        s.needs_init = true;
    }
    fn oneshot(s: &mut OsslState, data: &[u8], out: &mut [u8]) {
        // SAFETY: `s.md` is a live fetched EVP_MD (static); `out` is the output length by
        // the Hasher contract.
        unsafe { evp_digest(s.md.as_ptr(), data, out) };
    }
    const RESETS: bool = true;
    // EVP_Digest and EVP_DigestFinal_ex write into the caller's buffer.
    const INTO_BUFFER: bool = true;
    const BY_NAME: bool = true;
    /// `EVP_MD_fetch` by name on every call (what code that names its algorithm per
    /// call pays in OpenSSL 3: a name lookup and the provider's method cache), then
    /// `EVP_Digest`, then `EVP_MD_free`. The oneshot path is the prefetched one.
    fn by_name(_: &mut OsslState, data: &[u8], out: &mut [u8]) {
        // SAFETY: NAME is a NUL-terminated static string; null library context and
        // properties mean the defaults.
        let md = unsafe {
            openssl_sys::EVP_MD_fetch(std::ptr::null_mut(), A::NAME.as_ptr(), std::ptr::null())
        };
        assert!(!md.is_null(), "EVP_MD_fetch({:?}) failed", A::NAME);
        // SAFETY: `md` was just fetched and is freed only below; `out` is the output
        // length by the Hasher contract.
        unsafe {
            evp_digest(md, data, out);
            openssl_sys::EVP_MD_free(md);
        }
    }
}

pub(crate) fn openssl_version() -> String {
    openssl::version::version().to_string()
}

/// The kernel OpenSSL runs for `A` here (impls/openssl_kernels.rs).
pub(crate) fn openssl_backend<A: OsslAlg>() -> String {
    openssl_label(A::FAMILY)
}
