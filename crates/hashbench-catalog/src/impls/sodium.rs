//! libsodium, built from the source bundled in `libsodium-sys-stable` (no system package).

use std::ffi::CStr;
use std::sync::Once;

use libsodium_sys as ffi;

use super::Streaming;

/// libsodium must be initialised once before use (it picks its CPU kernels then).
fn init() {
    static INIT: Once = Once::new();
    // SAFETY: sodium_init is thread-safe and idempotent; Once makes it run once anyway.
    INIT.call_once(|| unsafe {
        ffi::sodium_init();
    });
}

pub(crate) fn sodium_version() -> String {
    init();
    // SAFETY: sodium_version_string returns a pointer to a static NUL-terminated string.
    let s = unsafe { CStr::from_ptr(ffi::sodium_version_string()) };
    format!("libsodium {}", s.to_string_lossy())
}

/// crypto_generichash (BLAKE2b) dispatches to AVX2, SSE4.1, SSSE3 or reference C by
/// what `sodium_init` detected; libsodium reports those detections
/// (libsodium-stable/src/libsodium/crypto_generichash/blake2b/ref/blake2b-ref.c:411-437
/// in the crate's bundled source, whose configure finds the intrinsics headers with any
/// current compiler; the crate builds it for plain x86-64, without `--enable-opt`).
pub(crate) fn generichash_backend() -> String {
    init();
    // SAFETY: plain queries of flags set by sodium_init.
    let (avx2, sse41, ssse3) = unsafe {
        (
            ffi::sodium_runtime_has_avx2() != 0,
            ffi::sodium_runtime_has_sse41() != 0,
            ffi::sodium_runtime_has_ssse3() != 0,
        )
    };
    match (avx2, sse41, ssse3) {
        (true, _, _) => "avx2",
        (_, true, _) => "sse4.1",
        (_, _, true) => "ssse3",
        _ => "reference C",
    }
    .to_string()
}

/// libsodium's SHA-256 and SHA-512 are plain C with no runtime choice
/// (src/libsodium/crypto_hash/sha256/cp/hash_sha256_cp.c, sha512/cp/hash_sha512_cp.c).
pub(crate) fn sha2_backend() -> String {
    "portable C".to_string()
}

macro_rules! sodium_sha2 {
    ($name:ident, $len:expr, $state:ident, $init:ident, $update:ident, $final:ident, $oneshot:ident) => {
        pub(crate) struct $name;
        impl Streaming for $name {
            type State = Box<ffi::$state>;
            fn new() -> Self::State {
                init();
                // SAFETY: the state is plain old data that init fully writes.
                let mut s = Box::new(unsafe { std::mem::zeroed::<ffi::$state>() });
                // SAFETY: `s` points to a valid, writable state.
                unsafe { ffi::$init(&mut *s) };
                s
            }
            fn update(s: &mut Self::State, data: &[u8]) {
                // SAFETY: valid state; `data` is readable for its length.
                unsafe { ffi::$update(&mut **s, data.as_ptr(), data.len() as u64) };
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                assert_eq!(out.len(), $len);
                // SAFETY: valid state; `out` holds exactly the digest length (checked).
                unsafe {
                    ffi::$final(&mut **s, out.as_mut_ptr());
                    ffi::$init(&mut **s);
                }
            }
            fn reset(s: &mut Self::State) {
                // SAFETY: valid state.
                unsafe { ffi::$init(&mut **s) };
            }
            fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                init();
                assert_eq!(out.len(), $len);
                // SAFETY: `out` holds the digest length (checked); `data` is readable
                // for its length.
                unsafe { ffi::$oneshot(out.as_mut_ptr(), data.as_ptr(), data.len() as u64) };
            }
            const RESETS: bool = true;
            // The one-call function writes into the caller's buffer: `write_into` is it.
            const INTO_BUFFER: bool = true;
            fn finish_owned(mut s: Self::State, out: &mut [u8]) {
                assert_eq!(out.len(), $len);
                // SAFETY: valid state; `out` holds exactly the digest length (checked).
                unsafe { ffi::$final(&mut *s, out.as_mut_ptr()) };
            }
            fn fresh(data: &[u8], out: &mut [u8]) {
                init();
                assert_eq!(out.len(), $len);
                let mut s = std::mem::MaybeUninit::<ffi::$state>::uninit();
                // SAFETY: init fully writes the plain-old-data state before update and
                // final read it; `data` is readable for its length; `out` holds the
                // digest length (checked).
                unsafe {
                    ffi::$init(s.as_mut_ptr());
                    ffi::$update(s.as_mut_ptr(), data.as_ptr(), data.len() as u64);
                    ffi::$final(s.as_mut_ptr(), out.as_mut_ptr());
                }
            }
        }
    };
}
sodium_sha2!(
    SodiumSha256,
    32,
    crypto_hash_sha256_state,
    crypto_hash_sha256_init,
    crypto_hash_sha256_update,
    crypto_hash_sha256_final,
    crypto_hash_sha256
);
sodium_sha2!(
    SodiumSha512,
    64,
    crypto_hash_sha512_state,
    crypto_hash_sha512_init,
    crypto_hash_sha512_update,
    crypto_hash_sha512_final,
    crypto_hash_sha512
);

/// crypto_generichash with an output length of `LEN` bytes (32 or 64), unkeyed.
pub(crate) struct SodiumGenericHash<const LEN: usize>;
impl<const LEN: usize> Streaming for SodiumGenericHash<LEN> {
    type State = Box<ffi::crypto_generichash_state>;
    fn new() -> Self::State {
        init();
        // SAFETY: plain old data, fully written by init below.
        let mut s = Box::new(unsafe { std::mem::zeroed::<ffi::crypto_generichash_state>() });
        Self::reset(&mut s);
        s
    }
    fn update(s: &mut Self::State, data: &[u8]) {
        // SAFETY: valid state; `data` readable for its length.
        unsafe { ffi::crypto_generichash_update(&mut **s, data.as_ptr(), data.len() as u64) };
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        assert_eq!(out.len(), LEN);
        // SAFETY: valid state; `out` holds LEN bytes, the length init was given.
        unsafe { ffi::crypto_generichash_final(&mut **s, out.as_mut_ptr(), LEN) };
        Self::reset(s);
    }
    fn reset(s: &mut Self::State) {
        // SAFETY: valid state; no key; LEN is within 16..=64.
        unsafe { ffi::crypto_generichash_init(&mut **s, std::ptr::null(), 0, LEN) };
    }
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        init();
        assert_eq!(out.len(), LEN);
        // SAFETY: `out` holds LEN bytes; `data` readable for its length; no key.
        unsafe {
            ffi::crypto_generichash(
                out.as_mut_ptr(),
                LEN,
                data.as_ptr(),
                data.len() as u64,
                std::ptr::null(),
                0,
            )
        };
    }
    const RESETS: bool = true;
    // crypto_generichash writes into the caller's buffer: `write_into` is the one-call
    // function.
    const INTO_BUFFER: bool = true;
    fn finish_owned(mut s: Self::State, out: &mut [u8]) {
        assert_eq!(out.len(), LEN);
        // SAFETY: valid state; `out` holds LEN bytes, the length init was given.
        unsafe { ffi::crypto_generichash_final(&mut *s, out.as_mut_ptr(), LEN) };
    }
    fn fresh(data: &[u8], out: &mut [u8]) {
        init();
        assert_eq!(out.len(), LEN);
        // On the stack, as a C caller writes it (the type carries libsodium's 64-byte
        // alignment).
        let mut s = std::mem::MaybeUninit::<ffi::crypto_generichash_state>::uninit();
        // SAFETY: init fully writes the state before update and final use it; no key;
        // LEN is within 16..=64; `data` readable for its length; `out` holds LEN bytes.
        unsafe {
            ffi::crypto_generichash_init(s.as_mut_ptr(), std::ptr::null(), 0, LEN);
            ffi::crypto_generichash_update(s.as_mut_ptr(), data.as_ptr(), data.len() as u64);
            ffi::crypto_generichash_final(s.as_mut_ptr(), out.as_mut_ptr(), LEN);
        }
    }
}
