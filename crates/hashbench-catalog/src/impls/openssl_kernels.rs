//! Which kernel OpenSSL's libcrypto runs for each digest, re-derived from its own
//! capability vector.
//!
//! OpenSSL's x86_64 assembly picks a kernel on every call by testing bits of
//! `OPENSSL_ia32cap_P`, the vector `OPENSSL_cpuid_setup` filled from CPUID, the OS's
//! register support and the `OPENSSL_ia32cap` environment variable. The symbol is not
//! exported, but OpenSSL 3 prints the vector's first four words through
//! `OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS)` (crypto/info.c), so the label applies the
//! perlasm's own tests to the vector the library itself uses. The tests are those of
//! OpenSSL 1.1.1 to 3.5 (crypto/sha/asm/sha512-x86_64.pl and sha1-x86_64.pl; 3.6 added
//! a SHA512-instruction kernel and widened the vector), so other versions, builds
//! without assembly and other architectures are labelled "library dispatch (unknown
//! kernel)". The tests also assume the assembler knew AVX2 and the SHA extensions when
//! OpenSSL was built (any distribution's toolchain since 2014).

use std::ffi::{c_char, c_int, CStr};

use crate::cpu::{first_of, UNKNOWN_KERNEL};

/// The OpenSSL code a digest runs, by algorithm family.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Family {
    Md5,
    Sha1,
    /// SHA-224 and SHA-256 (`sha256_block_data_order`).
    Sha256,
    /// SHA-384, SHA-512 and SHA-512/256 (`sha512_block_data_order`).
    Sha512,
    Sha3,
    Blake2,
}

// Bits of the vector, as the perlasm tests them: word 0 is CPUID.1:EDX with bit 30
// repurposed as "Intel CPU", word 1 CPUID.1:ECX with bit 11 as AMD XOP, word 2
// CPUID.7.0:EBX.
fn ia32cap_fact(cap: [u32; 4], name: &str) -> bool {
    let (word, bit) = match name {
        "intel" => (0, 30),
        "ssse3" => (1, 9),
        "xop" => (1, 11),
        "avx" => (1, 28),
        "bmi1" => (2, 3),
        "avx2" => (2, 5),
        "bmi2" => (2, 8),
        "sha" => (2, 29),
        _ => return false,
    };
    cap[word] & (1 << bit) != 0
}

/// `sha256_block_data_order` (sha512-x86_64.pl with $SZ==4): SHA extensions, else
/// AVX2 with BMI1 and BMI2, else AVX and SSSE3 on an Intel CPU, else SSSE3.
const SHA256: &[(&str, &[&str])] = &[
    ("sha-ni", &["sha"]),
    ("avx2", &["avx2", "bmi1", "bmi2"]),
    ("avx", &["avx", "ssse3", "intel"]),
    ("ssse3", &["ssse3"]),
];
/// `sha512_block_data_order` ($SZ==8): AMD XOP, else AVX2 with BMI1 and BMI2, else AVX
/// and SSSE3 on an Intel CPU; no SSSE3 or SHA kernel.
const SHA512: &[(&str, &[&str])] = &[
    ("xop", &["xop"]),
    ("avx2", &["avx2", "bmi1", "bmi2"]),
    ("avx", &["avx", "ssse3", "intel"]),
];
/// `sha1_block_data_order` (sha1-x86_64.pl): without SSSE3 the integer code; else SHA
/// extensions, else AVX2 with BMI1 and BMI2, else AVX on an Intel CPU, else SSSE3.
const SHA1: &[(&str, &[&str])] = &[
    ("sha-ni", &["ssse3", "sha"]),
    ("avx2", &["ssse3", "avx2", "bmi1", "bmi2"]),
    ("avx", &["ssse3", "avx", "intel"]),
    ("ssse3", &["ssse3"]),
];

/// The kernel OpenSSL runs for `family`, given its capability vector (`None` where it
/// prints none: no assembly, or not x86).
pub(crate) fn kernel(family: Family, cap: Option<[u32; 4]>) -> String {
    if family == Family::Blake2 {
        // providers/implementations/digests/blake2*_prov.c: C on every platform.
        return "portable C".to_string();
    }
    let Some(cap) = cap else {
        return UNKNOWN_KERNEL.to_string();
    };
    let has = |name: &str| ia32cap_fact(cap, name);
    let integer = "integer assembly";
    match family {
        // md5-x86_64.pl and keccak1600-x86_64.pl have one kernel each; crypto/sha's
        // build.info leaves the AVX2/AVX-512 Keccak modules unused.
        Family::Md5 => "integer assembly (its only MD5 kernel)".to_string(),
        Family::Sha3 => "integer assembly (keccak1600-x86_64)".to_string(),
        Family::Sha1 => first_of(SHA1, integer, &has),
        Family::Sha256 => first_of(SHA256, integer, &has),
        Family::Sha512 => first_of(SHA512, integer, &has),
        Family::Blake2 => unreachable!("handled above"),
    }
}

/// The vector's four words from OpenSSL 3's CPU settings string,
/// `OPENSSL_ia32cap=0x<word1:word0>:0x<word3:word2>` (later versions print more words
/// after these; an `env:` suffix records the variable the vector already reflects).
fn parse_cpu_settings(settings: &str) -> Option<[u32; 4]> {
    let values = settings.strip_prefix("OPENSSL_ia32cap=")?;
    let values = values.split_whitespace().next()?;
    let mut words = values.split(':').map(|v| {
        let v = v.strip_prefix("0x").unwrap_or(v);
        u64::from_str_radix(v, 16).ok()
    });
    let low = words.next()??;
    let high = words.next()??;
    // Truncation intended: each 64-bit value holds two 32-bit words, low word first.
    Some([
        low as u32,
        (low >> 32) as u32,
        high as u32,
        (high >> 32) as u32,
    ])
}

/// Whether the runtime OpenSSL is one whose dispatch rules are written above: 3.0 to
/// 3.5 (`OPENSSL_VERSION_NUMBER` is 0xMNN00PP0 since 3.0).
fn audited(version_number: i64) -> bool {
    let major = version_number >> 28;
    let minor = (version_number >> 20) & 0xff;
    major == 3 && minor <= 5
}

// openssl-sys does not bind OPENSSL_info; it is in every libcrypto since 3.0.
extern "C" {
    fn OPENSSL_info(kind: c_int) -> *const c_char;
}
const OPENSSL_INFO_CPU_SETTINGS: c_int = 1008;

fn cpu_settings() -> Option<String> {
    // SAFETY: OPENSSL_info takes any int and returns NULL or a pointer to a static
    // NUL-terminated string.
    let ptr = unsafe { OPENSSL_info(OPENSSL_INFO_CPU_SETTINGS) };
    if ptr.is_null() {
        return None;
    }
    // SAFETY: non-null, static and NUL-terminated (above).
    Some(
        unsafe { CStr::from_ptr(ptr) }
            .to_string_lossy()
            .into_owned(),
    )
}

/// The label of an OpenSSL digest of `family` on this machine.
pub(crate) fn openssl_label(family: Family) -> String {
    let number = openssl::version::number();
    if !audited(number) {
        return format!("{UNKNOWN_KERNEL}: dispatch of OpenSSL {number:#x} not audited");
    }
    kernel(
        family,
        cpu_settings().as_deref().and_then(parse_cpu_settings),
    )
}

#[cfg(test)]
mod tests;
