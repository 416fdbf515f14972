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
