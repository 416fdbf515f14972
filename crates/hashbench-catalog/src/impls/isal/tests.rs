use super::*;
use crate::cpu::cpu_with;

/// The CRC catalogue's check values (the CRC of "123456789", reveng's catalogue) and
/// Adler-32's of the same bytes (RFC 1950's algorithm).
const CHECK: &[u8] = b"123456789";

fn run<E: IsalEntry>(data: &[u8]) -> u64 {
    E::step(E::INIT, data).into()
}

#[test]
fn a_missing_library_is_unavailable_with_what_to_install() {
    let Err(why) = load("libisal-not-here.so.9") else {
        panic!("a library that does not exist loaded");
    };
    assert!(why.contains("libisal-not-here.so.9"), "{why}");
    assert!(why.contains("libisal2"), "{why}");
    assert!(why.contains("scripts/bootstrap"), "{why}");
}

/// Where the system's ISA-L loads (scripts/bootstrap installs it as root, as in CI), its
/// entry points give the catalogue's check values through the wrappers here, the
/// inversions `crc32_iscsi` needs included; where it does not load, every row says why.
#[test]
fn the_system_library_gives_the_check_values_or_every_row_says_why() {
    match isal() {
        Ok(l) => {
            assert!(l.file.starts_with("libisal.so"), "{}", l.file);
            assert_eq!(run::<IsalCrc32>(CHECK), 0xCBF4_3926);
            assert_eq!(run::<IsalCrc32c>(CHECK), 0xE306_9283);
            assert_eq!(run::<IsalCrc64Xz>(CHECK), 0x995D_C9BB_DF19_39FA);
            assert_eq!(run::<IsalAdler32>(CHECK), 0x091E_01DE);
            if isal_probe::<IsalCrc64Nvme>().is_ok() {
                assert_eq!(run::<IsalCrc64Nvme>(CHECK), 0xAE8B_1486_0A79_9888);
            } else {
                let why = isal_probe::<IsalCrc64Nvme>().unwrap_err().0;
                assert!(why.contains("crc64_rocksoft_refl"), "{why}");
            }
            // Streaming is passing the running value back: two pieces, one answer.
            let (a, b) = CHECK.split_at(4);
            assert_eq!(IsalCrc32c::step(IsalCrc32c::step(0, a), b), 0xE306_9283);
        }
        Err(why) => {
            for probe in [
                isal_probe::<IsalCrc32>,
                isal_probe::<IsalCrc32c>,
                isal_probe::<IsalCrc64Xz>,
                isal_probe::<IsalCrc64Nvme>,
                isal_probe::<IsalAdler32>,
            ] {
                assert_eq!(probe().unwrap_err().0, why.0);
            }
            assert!(isal_version().contains("not found"));
        }
    }
}

#[test]
fn the_backends_follow_isa_l_s_dispatch() {
    let avx512 = {
        let mut all = vec!["sse4.1", "sse4.2", "pclmulqdq"];
        all.extend_from_slice(AVX512_G1_G2);
        all.leak()
    };
    let big = cpu_with(avx512);
    assert_eq!(crc32_rule(&big), "by16_10 (avx512 vpclmulqdq)");
    assert_eq!(crc32c_rule(&big), "by16_10 (avx512 vpclmulqdq)");
    assert_eq!(crc64_rule(&big), "by16_10 (avx512 vpclmulqdq)");
    assert_eq!(adler32_rule(&big), "avx2_4");
    // AVX2 and VPCLMULQDQ but not the AVX-512 groups (an AMD Zen 3): the 128-bit folds.
    let zen3 = cpu_with(&["sse4.1", "sse4.2", "pclmulqdq", "avx", "avx2", "vpclmulqdq"]);
    assert_eq!(crc32_rule(&zen3), "by8_02 (pclmulqdq avx)");
    assert_eq!(crc32c_rule(&zen3), "01 (crc32 instruction, pclmulqdq)");
    assert_eq!(crc64_rule(&zen3), "by8 (pclmulqdq)");
    let sse42 = cpu_with(&["sse4.1", "sse4.2"]);
    assert_eq!(crc32_rule(&sse42), "base (table)");
    assert_eq!(crc32c_rule(&sse42), "00 (crc32 instruction)");
    assert_eq!(adler32_rule(&sse42), "sse");
    let none = cpu_with(&[]);
    assert_eq!(crc64_rule(&none), "base (table)");
    assert_eq!(adler32_rule(&none), "base (portable C)");
}
