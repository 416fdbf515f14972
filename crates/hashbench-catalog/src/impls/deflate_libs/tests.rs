use super::feature::*;
use super::*;
use crate::cpu::{cpu_with, first_of};

/// "123456789": CRC-32 cbf43926, Adler-32 091e01de (the catalogue's check values).
const CHECK: &[u8] = b"123456789";

fn checksum<R: Running<Word = u32>>(data: &[u8]) -> u32 {
    R::step(R::INIT, data)
}

#[test]
fn every_library_gives_the_check_values_in_one_call_and_in_pieces() {
    let crcs = [
        checksum::<ZlibCrc32>,
        checksum::<ZlibNgCrc32>,
        checksum::<LibdeflateCrc32>,
    ];
    for crc in crcs {
        assert_eq!(crc(CHECK), 0xcbf4_3926);
        assert_eq!(crc(b""), 0);
    }
    let adlers = [
        checksum::<ZlibAdler32>,
        checksum::<ZlibNgAdler32>,
        checksum::<LibdeflateAdler32>,
    ];
    for adler in adlers {
        assert_eq!(adler(CHECK), 0x091e_01de);
        assert_eq!(adler(b""), 1);
    }
    // The running value carries across calls, as a streaming caller uses it.
    let first = ZlibCrc32::step(ZlibCrc32::INIT, &CHECK[..4]);
    assert_eq!(ZlibCrc32::step(first, &CHECK[4..]), 0xcbf4_3926);
}

#[test]
fn the_adapter_writes_big_endian_and_restarts_after_finish() {
    let mut s = Checksum::<LibdeflateCrc32>::new();
    let mut out = [0u8; 4];
    Checksum::<LibdeflateCrc32>::update(&mut s, &CHECK[..3]);
    Checksum::<LibdeflateCrc32>::update(&mut s, &CHECK[3..]);
    Checksum::<LibdeflateCrc32>::finish(&mut s, &mut out);
    assert_eq!(out, [0xcb, 0xf4, 0x39, 0x26]);
    assert_eq!(s, 0);
}

#[test]
fn versions_are_the_bundled_sources() {
    assert!(zlib_version().starts_with("zlib 1."), "{}", zlib_version());
    assert!(
        zlib_ng_version().starts_with("zlib-ng 2."),
        "{}",
        zlib_ng_version()
    );
}

#[test]
fn libdeflate_crc32_dispatch_follows_its_feature_word() {
    let vl = VPCLMULQDQ | PCLMULQDQ | AVX512BW | AVX512VL | AVX | AVX2;
    assert_eq!(
        libdeflate_crc32_rule(vl | ZMM),
        "vpclmulqdq avx512 (512-bit)"
    );
    // An Intel CPU libdeflate keeps off zmm registers (Ice Lake): 256-bit.
    assert_eq!(libdeflate_crc32_rule(vl), "vpclmulqdq avx512 (256-bit)");
    let zen3 = VPCLMULQDQ | PCLMULQDQ | AVX | AVX2;
    assert_eq!(libdeflate_crc32_rule(zen3), "vpclmulqdq avx2");
    assert_eq!(libdeflate_crc32_rule(PCLMULQDQ | AVX), "pclmulqdq avx");
    assert_eq!(libdeflate_crc32_rule(PCLMULQDQ), "pclmulqdq");
    assert_eq!(libdeflate_crc32_rule(0), "portable C (slice-by-8)");
}

#[test]
fn libdeflate_adler32_dispatch_follows_its_feature_word() {
    let avx512 = AVX2 | AVX512BW | AVX512VL | AVX512VNNI;
    assert_eq!(
        libdeflate_adler32_rule(avx512 | ZMM),
        "avx512 vnni (512-bit)"
    );
    assert_eq!(libdeflate_adler32_rule(avx512), "avx512 vnni (256-bit)");
    assert_eq!(libdeflate_adler32_rule(AVX2 | AVXVNNI), "avx2 vnni");
    assert_eq!(libdeflate_adler32_rule(AVX2 | AVX512BW | AVX512VL), "avx2");
    assert_eq!(libdeflate_adler32_rule(0), "sse2");
}

#[test]
fn zlib_ng_dispatch_is_its_function_table_order() {
    let zen4 = cpu_with(&[
        "pclmulqdq",
        "vpclmulqdq",
        "avx512f",
        "avx512dq",
        "avx512bw",
        "avx512vl",
        "avx512vnni",
        "bmi2",
        "avx2",
        "ssse3",
        "sse4.1",
    ]);
    assert_eq!(
        first_of(ZLIB_NG_CRC32_RULE, "chorba sse2", &zen4),
        "vpclmulqdq (avx512)"
    );
    assert_eq!(
        first_of(ZLIB_NG_ADLER32_RULE, "portable C", &zen4),
        "avx512 vnni"
    );
    // AVX-512 without DQ is not zlib-ng's "common" AVX-512.
    let no_dq = cpu_with(&[
        "pclmulqdq",
        "vpclmulqdq",
        "avx512f",
        "avx512bw",
        "avx512vl",
        "bmi2",
        "avx2",
    ]);
    assert_eq!(
        first_of(ZLIB_NG_CRC32_RULE, "chorba sse2", &no_dq),
        "pclmulqdq"
    );
    assert_eq!(first_of(ZLIB_NG_ADLER32_RULE, "portable C", &no_dq), "avx2");
    let old = cpu_with(&["sse4.1", "ssse3"]);
    assert_eq!(
        first_of(ZLIB_NG_CRC32_RULE, "chorba sse2", &old),
        "chorba sse4.1"
    );
    assert_eq!(first_of(ZLIB_NG_ADLER32_RULE, "portable C", &old), "ssse3");
}
