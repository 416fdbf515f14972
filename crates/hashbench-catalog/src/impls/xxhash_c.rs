//! The xxHash C library itself (xxHash's own `xxhash.c`/`xxhash.h`, 0.8.3), compiled by
//! the `xxhash-c-sys` crate from the source it bundles: XXH32, XXH64, XXH3-64 and
//! XXH3-128, seed 0 and the default secret, as the catalogue's vectors hold them.

use std::ptr::NonNull;

use xxhash_c_sys as ffi;

use super::{write_be, Streaming};

/// The version the library reports (`XXH_versionNumber()`, 803 for 0.8.3).
pub(crate) fn xxhash_c_version() -> String {
    // SAFETY: a pure function of the compiled-in version macros.
    let n = unsafe { ffi::XXH_versionNumber() };
    format!("xxHash {}.{}.{}", n / 10_000, n / 100 % 100, n % 100)
}

/// XXH3's kernel is chosen when xxhash.h is compiled (`XXH_VECTOR`, xxhash.h:3972-3995 in
/// xxhash-c-sys-0.8.7 src/c): the crate's build passes no `-mavx2`/`-mavx512f`, so on
/// x86_64 it is SSE2 whatever the CPU has.
pub(crate) fn xxhash_c_xxh3_backend() -> String {
    if cfg!(target_arch = "x86_64") {
        "sse2 (chosen at compile time)".to_string()
    } else {
        crate::cpu::UNKNOWN_KERNEL.to_string()
    }
}

/// XXH32 and XXH64 are scalar C on every target.
pub(crate) fn xxhash_c_scalar_backend() -> String {
    "scalar C".to_string()
}

const SEED: u64 = 0;

/// The 128-bit canonical form: high half then low half, each big-endian.
fn write_128(out: &mut [u8], h: ffi::XXH128_hash_t) {
    let v = (u128::from(h.high64) << 64) | u128::from(h.low64);
    out.copy_from_slice(&v.to_be_bytes());
}

pub(crate) struct XxhC32;
impl Streaming for XxhC32 {
    type State = ffi::XXH32_state_t;
    fn new() -> Self::State {
        // SAFETY: the state is plain integers, all of which XXH32_reset writes, as a C
        // caller declares one on the stack and resets it.
        let mut s: Self::State = unsafe { std::mem::zeroed() };
        Self::reset(&mut s);
        s
    }
    #[inline(always)]
    fn update(s: &mut Self::State, data: &[u8]) {
        // SAFETY: valid state; `data` is readable for its length.
        unsafe { ffi::XXH32_update(s, data.as_ptr().cast(), data.len()) };
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        // SAFETY: valid state.
        write_be(out, unsafe { ffi::XXH32_digest(s) }.into());
        Self::reset(s);
    }
    #[inline(always)]
    fn reset(s: &mut Self::State) {
        // SAFETY: `s` points to a writable state.
        unsafe { ffi::XXH32_reset(s, SEED as u32) };
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        // SAFETY: `data` is readable for its length.
        write_be(
            out,
            unsafe { ffi::XXH32(data.as_ptr().cast(), data.len(), SEED as u32) }.into(),
        );
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        // SAFETY: valid state.
        write_be(out, unsafe { ffi::XXH32_digest(&s) }.into());
    }
}

pub(crate) struct XxhC64;
impl Streaming for XxhC64 {
    type State = ffi::XXH64_state_t;
    fn new() -> Self::State {
        // SAFETY: as for XXH32's state.
        let mut s: Self::State = unsafe { std::mem::zeroed() };
        Self::reset(&mut s);
        s
    }
    #[inline(always)]
    fn update(s: &mut Self::State, data: &[u8]) {
        // SAFETY: valid state; `data` is readable for its length.
        unsafe { ffi::XXH64_update(s, data.as_ptr().cast(), data.len()) };
    }
    fn finish(s: &mut Self::State, out: &mut [u8]) {
        // SAFETY: valid state.
        write_be(out, unsafe { ffi::XXH64_digest(s) });
        Self::reset(s);
    }
    #[inline(always)]
    fn reset(s: &mut Self::State) {
        // SAFETY: `s` points to a writable state.
        unsafe { ffi::XXH64_reset(s, SEED) };
    }
    #[inline(always)]
    fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
        // SAFETY: `data` is readable for its length.
        write_be(out, unsafe {
            ffi::XXH64(data.as_ptr().cast(), data.len(), SEED)
        });
    }
    const RESETS: bool = true;
    fn finish_owned(s: Self::State, out: &mut [u8]) {
        // SAFETY: valid state.
        write_be(out, unsafe { ffi::XXH64_digest(&s) });
    }
}

/// An XXH3 state from `XXH3_createState` (576 bytes, 64-byte aligned, allocated by the
/// library as its documentation asks), freed on drop.
pub(crate) struct Xxh3State(NonNull<ffi::XXH3_state_t>);
// SAFETY: the state is owned here alone; its one pointer (to the default secret) points
// to static data.
unsafe impl Send for Xxh3State {}
impl Xxh3State {
    fn create() -> Self {
        // SAFETY: allocation only; a null result (out of memory) is refused below.
        let p = unsafe { ffi::XXH3_createState() };
        Self(NonNull::new(p).expect("XXH3_createState: out of memory"))
    }
    #[inline(always)]
    fn ptr(&mut self) -> *mut ffi::XXH3_state_t {
        self.0.as_ptr()
    }
}
impl Drop for Xxh3State {
    fn drop(&mut self) {
        // SAFETY: created by XXH3_createState, freed once.
        unsafe { ffi::XXH3_freeState(self.0.as_ptr()) };
    }
}

macro_rules! xxh3_c {
    ($name:ident, $reset:ident, $update:ident, $digest:ident, $oneshot:ident, $write:expr) => {
        pub(crate) struct $name;
        impl Streaming for $name {
            type State = Xxh3State;
            fn new() -> Self::State {
                let mut s = Xxh3State::create();
                Self::reset(&mut s);
                s
            }
            #[inline(always)]
            fn update(s: &mut Self::State, data: &[u8]) {
                // SAFETY: valid state; `data` is readable for its length.
                unsafe { ffi::$update(s.ptr(), data.as_ptr().cast(), data.len()) };
            }
            fn finish(s: &mut Self::State, out: &mut [u8]) {
                // SAFETY: valid state.
                $write(out, unsafe { ffi::$digest(s.ptr()) });
                Self::reset(s);
            }
            #[inline(always)]
            fn reset(s: &mut Self::State) {
                // SAFETY: valid state.
                unsafe { ffi::$reset(s.ptr()) };
            }
            #[inline(always)]
            fn oneshot(_: &mut Self::State, data: &[u8], out: &mut [u8]) {
                // SAFETY: `data` is readable for its length.
                $write(out, unsafe {
                    ffi::$oneshot(data.as_ptr().cast(), data.len())
                });
            }
            const RESETS: bool = true;
            fn finish_owned(mut s: Self::State, out: &mut [u8]) {
                // SAFETY: valid state.
                $write(out, unsafe { ffi::$digest(s.ptr()) });
            }
        }
    };
}

xxh3_c!(
    XxhC3_64,
    XXH3_64bits_reset,
    XXH3_64bits_update,
    XXH3_64bits_digest,
    XXH3_64bits,
    write_be
);
xxh3_c!(
    XxhC3_128,
    XXH3_128bits_reset,
    XXH3_128bits_update,
    XXH3_128bits_digest,
    XXH3_128bits,
    write_128
);
