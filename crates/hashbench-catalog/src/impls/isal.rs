//! Intel ISA-L's CRCs and Adler-32, from the system's shared library loaded at run time
//! (`libisal.so.2`: Debian's `libisal2`, which `scripts/bootstrap` installs when it runs
//! as root).
//!
//! Why loaded, not linked: the crates that bundle ISA-L's source build it with autotools
//! and nasm, which a fresh machine does not have; a distribution's build of the library
//! is what programs that use ISA-L link anyway. Loading it with `dlopen` keeps hashbench
//! building everywhere: where the library (or one of its functions, as
//! `crc64_rocksoft_refl` before ISA-L 2.31) is missing, that row is unavailable with the
//! reason, and nothing else changes.
//!
//! Every entry point takes the running value and hands back the next one, like zlib's
//! (`deflate_libs::Running`), except `crc32_iscsi`, which neither inverts its start nor
//! its result (isa-l crc/crc_base.c), so the inversions are done here.

use std::ffi::{c_int, c_void, CStr};
use std::sync::OnceLock;

use super::deflate_libs::Running;
use crate::Unavailable;

/// The library's soname, as Debian's libisal2 (ISA-L 2.30) installs it.
const SONAME: &str = "libisal.so.2";

type Crc32Fn = unsafe extern "C" fn(u32, *const u8, u64) -> u32;
type IscsiFn = unsafe extern "C" fn(*const u8, c_int, u32) -> u32;
type Crc64Fn = unsafe extern "C" fn(u64, *const u8, u64) -> u64;

/// The loaded library's entry points hashbench uses; `None` where this build of the
/// library lacks one.
pub(crate) struct Isal {
    /// The file the library was loaded from, without its directory (`libisal.so.2.0.30`).
    file: String,
    crc32_gzip_refl: Option<Crc32Fn>,
    crc32_iscsi: Option<IscsiFn>,
    crc64_ecma_refl: Option<Crc64Fn>,
    crc64_rocksoft_refl: Option<Crc64Fn>,
    isal_adler32: Option<Crc32Fn>,
    /// Held so that the functions above stay mapped for the life of the process.
    _library: libloading::Library,
}

static ISAL: OnceLock<Result<Isal, String>> = OnceLock::new();

fn isal() -> Result<&'static Isal, Unavailable> {
    ISAL.get_or_init(|| load(SONAME))
        .as_ref()
        .map_err(|why| Unavailable(why.clone()))
}

/// Loads `soname` and looks up the entry points. The error is the reason a user reads.
fn load(soname: &str) -> Result<Isal, String> {
    // SAFETY: loading runs the library's initialisers; ISA-L's only set up its dispatch
    // pointers, which are filled lazily on first call anyway.
    let library = unsafe { libloading::Library::new(soname) }.map_err(|e| {
        // libloading says `dlopen failed`; the loader's own words are its source.
        let why = std::error::Error::source(&e).map_or(e.to_string(), |s| s.to_string());
        format!(
            "{soname} could not be loaded ({why}): install Debian's libisal2 package \
             (scripts/bootstrap does, when run as root)"
        )
    })?;
    /// The symbol `name` as a function pointer of type `F`, if the library has it.
    fn symbol<F: Copy>(library: &libloading::Library, name: &str) -> Option<F> {
        // SAFETY: each `F` is the C prototype of `name` in ISA-L's headers (crc.h,
        // crc64.h, igzip_lib.h), and the pointer is used only while `library` is held.
        unsafe { library.get::<F>(name.as_bytes()).ok().map(|s| *s) }
    }
    let crc32_gzip_refl = symbol::<Crc32Fn>(&library, "crc32_gzip_refl");
    let file = crc32_gzip_refl
        .and_then(|f| file_of(f as *const c_void))
        .unwrap_or_else(|| soname.to_string());
    Ok(Isal {
        file,
        crc32_gzip_refl,
        crc32_iscsi: symbol(&library, "crc32_iscsi"),
        crc64_ecma_refl: symbol(&library, "crc64_ecma_refl"),
        crc64_rocksoft_refl: symbol(&library, "crc64_rocksoft_refl"),
        isal_adler32: symbol(&library, "isal_adler32"),
        _library: library,
    })
}

/// The file name (no directory: no machine path in a result) of the object holding
/// `address`, which says the library's version (`libisal.so.2.0.30` is ISA-L 2.30).
fn file_of(address: *const c_void) -> Option<String> {
    // SAFETY: dladdr only reads the loader's tables; `info` is plain data it fills.
    let mut info: libc::Dl_info = unsafe { std::mem::zeroed() };
    // SAFETY: as above; a zero return means no object holds the address.
    if unsafe { libc::dladdr(address, &mut info) } == 0 || info.dli_fname.is_null() {
        return None;
    }
    // SAFETY: dli_fname is a NUL-terminated string owned by the loader.
    let path = unsafe { CStr::from_ptr(info.dli_fname) }.to_string_lossy();
    // The loader names the soname's link (`libisal.so.2`); the file it points to carries
    // the full version.
    let real = std::fs::canonicalize(path.as_ref())
        .map_or(path.to_string(), |p| p.to_string_lossy().into_owned());
    real.rsplit('/').next().map(str::to_string)
}

/// `ISA-L (the system's libisal.so.2.0.30)`, or why it is absent.
pub(crate) fn isal_version() -> String {
    match isal() {
        Ok(l) => format!("ISA-L (the system's {})", l.file),
        Err(_) => format!("ISA-L ({SONAME} not found)"),
    }
}

/// One ISA-L entry point as a [`Running`] checksum, with its dispatch rule.
pub(crate) trait IsalEntry: Running {
    /// The C function's name, for the reason when this library lacks it.
    const SYMBOL: &'static str;
    fn present(isal: &Isal) -> bool;
    /// The kernel ISA-L's run-time dispatch picks on this CPU.
    fn backend() -> String;
}

/// Available when the library loads and has this entry point.
pub(crate) fn isal_probe<E: IsalEntry>() -> Result<(), Unavailable> {
    let l = isal()?;
    if E::present(l) {
        Ok(())
    } else {
        Err(Unavailable(format!(
            "{} has no {} (the function came in a later ISA-L release than this one)",
            l.file,
            E::SYMBOL
        )))
    }
}

/// The entry point, which the probe has found (`Implementation::instantiate` asks it
/// first).
fn entry<F>(get: impl FnOnce(&Isal) -> Option<F>, name: &str) -> F {
    isal()
        .ok()
        .and_then(get)
        .unwrap_or_else(|| panic!("ISA-L's {name} used without its probe"))
}

// ISA-L's x86-64 dispatch (isa-l v2.30.0 include/multibinary.asm and
// crc/crc_multibinary.asm), as pure functions of the CPU's facts: its 512-bit kernels
// need AVX, AVX2 and two groups of AVX-512 features (reg_sizes.asm
// FLAGS_CPUID7_EBX_AVX512_G1 and FLAGS_CPUID7_ECX_AVX512_G2).
const AVX512_G1_G2: &[&str] = &[
    "avx",
    "avx2",
    "avx512f",
    "avx512vl",
    "avx512bw",
    "avx512cd",
    "avx512dq",
    "avx512vbmi2",
    "gfni",
    "vaes",
    "vpclmulqdq",
    "avx512vnni",
    "avx512bitalg",
    "avx512vpopcntdq",
];

fn avx512(has: &dyn Fn(&str) -> bool) -> bool {
    AVX512_G1_G2.iter().all(|f| has(f))
}

/// `mbin_dispatch_init_clmul` (crc32_gzip_refl): base, by8 (SSE4.1 + PCLMULQDQ), by8_02
/// (+ AVX), by16_10 (+ AVX-512).
pub(crate) fn crc32_rule(has: &dyn Fn(&str) -> bool) -> &'static str {
    let clmul = has("sse4.1") && has("pclmulqdq");
    if clmul && avx512(has) {
        "by16_10 (avx512 vpclmulqdq)"
    } else if clmul && has("avx") {
        "by8_02 (pclmulqdq avx)"
    } else if clmul {
        "by8 (pclmulqdq)"
    } else {
        "base (table)"
    }
}

/// crc32_iscsi's own dispatch: base, 00 (SSE4.2's crc32 instruction), 01 (+ PCLMULQDQ),
/// by16_10 (+ AVX-512).
pub(crate) fn crc32c_rule(has: &dyn Fn(&str) -> bool) -> &'static str {
    let sse42 = has("sse4.2");
    if sse42 && has("pclmulqdq") && avx512(has) {
        "by16_10 (avx512 vpclmulqdq)"
    } else if sse42 && has("pclmulqdq") {
        "01 (crc32 instruction, pclmulqdq)"
    } else if sse42 {
        "00 (crc32 instruction)"
    } else {
        "base (table)"
    }
}

/// `mbin_dispatch_init7` (the CRC-64s): base, by8 (SSE4.2 and up), by16_10 (+ AVX-512).
pub(crate) fn crc64_rule(has: &dyn Fn(&str) -> bool) -> &'static str {
    if has("sse4.2") && avx512(has) {
        "by16_10 (avx512 vpclmulqdq)"
    } else if has("sse4.2") {
        "by8 (pclmulqdq)"
    } else {
        "base (table)"
    }
}

/// `mbin_dispatch_init5` (isal_adler32): base, sse (SSE4.2), avx2_4 (+ AVX, AVX2).
pub(crate) fn adler32_rule(has: &dyn Fn(&str) -> bool) -> &'static str {
    if has("sse4.2") && has("avx") && has("avx2") {
        "avx2_4"
    } else if has("sse4.2") {
        "sse"
    } else {
        "base (portable C)"
    }
}

/// A dispatch rule: the kernel a set of CPU facts gets.
type Rule = fn(&dyn Fn(&str) -> bool) -> &'static str;

fn backend_by(rule: Rule) -> String {
    crate::cpu::x86_rule(|has| rule(has).to_string())
}

/// An entry point that takes the running value first and the length as a 64-bit integer
/// (`crc32_gzip_refl`, `crc64_*_refl`, `isal_adler32`), as zlib's do.
macro_rules! isal_running {
    ($name:ident, $field:ident, $word:ty, $init:expr, $rule:expr) => {
        pub(crate) struct $name;
        impl Running for $name {
            type Word = $word;
            const INIT: $word = $init;
            #[inline(always)]
            fn step(previous: $word, data: &[u8]) -> $word {
                let f = entry(|l| l.$field, Self::SYMBOL);
                // SAFETY: `data` is readable for its length (a 64-bit integer here).
                unsafe { f(previous, data.as_ptr(), data.len() as u64) }
            }
        }
        impl IsalEntry for $name {
            const SYMBOL: &'static str = stringify!($field);
            fn present(isal: &Isal) -> bool {
                isal.$field.is_some()
            }
            fn backend() -> String {
                backend_by($rule)
            }
        }
    };
}
isal_running!(IsalCrc32, crc32_gzip_refl, u32, 0, crc32_rule);
isal_running!(IsalCrc64Xz, crc64_ecma_refl, u64, 0, crc64_rule);
isal_running!(IsalCrc64Nvme, crc64_rocksoft_refl, u64, 0, crc64_rule);
isal_running!(IsalAdler32, isal_adler32, u32, 1, adler32_rule);

pub(crate) struct IsalCrc32c;
impl Running for IsalCrc32c {
    type Word = u32;
    const INIT: u32 = 0;
    #[inline(always)]
    fn step(previous: u32, data: &[u8]) -> u32 {
        let f = entry(|l| l.crc32_iscsi, Self::SYMBOL);
        // The length is a C int: a longer buffer goes in pieces, as a caller passes it.
        data.chunks(c_int::MAX as usize)
            .fold(previous, |crc, part| {
                // SAFETY: `part` is readable for its length, which fits a C int.
                !unsafe { f(part.as_ptr(), part.len() as c_int, !crc) }
            })
    }
}
impl IsalEntry for IsalCrc32c {
    const SYMBOL: &'static str = "crc32_iscsi";
    fn present(isal: &Isal) -> bool {
        isal.crc32_iscsi.is_some()
    }
    fn backend() -> String {
        backend_by(crc32c_rule)
    }
}

#[cfg(test)]
mod tests;
