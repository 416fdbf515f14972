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
mod tests {
    use super::*;

    /// The vector OpenSSL 3.0.19 prints on the development machine (AMD EPYC, Zen 4).
    const ZEN4: &str = "OPENSSL_ia32cap=0xfffa3203078bffff:0x405fc6f1bf07ab";

    #[test]
    fn settings_parse_into_the_four_words() {
        let cap = parse_cpu_settings(ZEN4).expect("parses");
        assert_eq!(cap, [0x078b_ffff, 0xfffa_3203, 0xf1bf_07ab, 0x0040_5fc6]);
        let with_env = "OPENSSL_ia32cap=0x400:0x0 env:0x0:0x0";
        assert_eq!(parse_cpu_settings(with_env), Some([0x400, 0, 0, 0]));
        let wide = "OPENSSL_ia32cap=0x0000000000000001:0x0000000000000002:0x0:0x0:0x0";
        assert_eq!(parse_cpu_settings(wide), Some([1, 0, 2, 0]));
        assert_eq!(parse_cpu_settings("OPENSSL_armcap=0x3d"), None);
        assert_eq!(parse_cpu_settings("OPENSSL_ia32cap=0x1"), None);
        assert_eq!(parse_cpu_settings("OPENSSL_ia32cap=zz:0x1"), None);
    }

    #[test]
    fn the_development_machine_takes_sha_ni_and_avx2() {
        let cap = parse_cpu_settings(ZEN4);
        assert_eq!(kernel(Family::Sha256, cap), "sha-ni");
        assert_eq!(kernel(Family::Sha1, cap), "sha-ni");
        // No SHA-512 instructions; AVX2 with BMI1/BMI2 wins, on AMD as on Intel.
        assert_eq!(kernel(Family::Sha512, cap), "avx2");
        assert!(kernel(Family::Md5, cap).starts_with("integer"));
        assert!(kernel(Family::Sha3, cap).starts_with("integer"));
        assert_eq!(kernel(Family::Blake2, cap), "portable C");
    }

    #[test]
    fn avx_needs_the_intel_bit_and_ssse3_is_sha1s_gate() {
        const INTEL: u32 = 1 << 30;
        const SSSE3: u32 = 1 << 9;
        const AVX: u32 = 1 << 28;
        let amd_avx = Some([0, SSSE3 | AVX, 0, 0]);
        assert_eq!(kernel(Family::Sha256, amd_avx), "ssse3");
        assert_eq!(kernel(Family::Sha1, amd_avx), "ssse3");
        assert_eq!(kernel(Family::Sha512, amd_avx), "integer assembly");
        let intel_avx = Some([INTEL, SSSE3 | AVX, 0, 0]);
        assert_eq!(kernel(Family::Sha256, intel_avx), "avx");
        assert_eq!(kernel(Family::Sha1, intel_avx), "avx");
        assert_eq!(kernel(Family::Sha512, intel_avx), "avx");
        // SHA extensions without SSSE3: sha1 tests SSSE3 first, sha256 does not.
        let sha_only = Some([0, 0, 1 << 29, 0]);
        assert_eq!(kernel(Family::Sha1, sha_only), "integer assembly");
        assert_eq!(kernel(Family::Sha256, sha_only), "sha-ni");
        assert_eq!(kernel(Family::Sha512, Some([0, 1 << 11, 0, 0])), "xop");
        assert_eq!(kernel(Family::Sha256, None), UNKNOWN_KERNEL);
    }

    #[test]
    fn only_openssl_3_0_to_3_5_is_audited() {
        assert!(audited(0x3000_0130)); // 3.0.19
        assert!(audited(0x3050_0040)); // 3.5.4
        assert!(!audited(0x3060_0000)); // 3.6.0
        assert!(!audited(0x1010_117f)); // 1.1.1w
        assert!(!audited(0x4000_0000));
    }
}
