use super::*;
use crate::cpu::cpu_with;

#[test]
fn crc32c_crate_uses_the_instruction_on_x86_64_only() {
    let fallback = "software tables (slice-by-8)";
    let x64 = cpu_with(&["x86_64", "sse4.2"]);
    assert_eq!(
        first_of(CRC32C_CRATE_RULE, fallback, &x64),
        "sse4.2 crc32 instruction (3 streams)"
    );
    // 32-bit x86 with SSE4.2: the crate's hardware path is compiled for x86_64 only.
    assert_eq!(
        first_of(CRC32C_CRATE_RULE, fallback, &cpu_with(&["sse4.2"])),
        fallback
    );
}

#[test]
fn crc_fast_crc32c_names_its_fusion_kernel() {
    let tier = "x86_64-avx512-vpclmulqdq";
    let zen4 = cpu_with(&["x86_64", "sse4.2", "avx512vl", "vpclmulqdq"]);
    assert_eq!(
        crc_fast_crc32c_rule(tier, &zen4),
        "crc32 + avx512 vpclmulqdq fusion (to 256 B: crc32 alone)"
    );
    let skx = cpu_with(&["x86_64", "sse4.2", "avx512vl"]);
    assert_eq!(
        crc_fast_crc32c_rule("x86_64-avx512-pclmulqdq", &skx),
        "crc32 + avx512 pclmulqdq fusion (to 256 B: crc32 alone)"
    );
    let old = cpu_with(&["x86_64", "sse4.2"]);
    assert_eq!(
        crc_fast_crc32c_rule("x86_64-sse-pclmulqdq", &old),
        "crc32 + sse pclmulqdq fusion (to 256 B: crc32 alone)"
    );
    // No SSE4.2, or the table tier: crc-fast's own folding (or table) path.
    let no_crc = cpu_with(&["x86_64", "avx512vl", "vpclmulqdq"]);
    assert_eq!(crc_fast_crc32c_rule(tier, &no_crc), tier);
    assert_eq!(
        crc_fast_crc32c_rule("software-fallback-tables", &zen4),
        "software-fallback-tables"
    );
}

#[test]
fn crc64fast_folds_only_with_pclmulqdq_and_sse41() {
    let fallback = "table (slice-by-16)";
    let cpu = cpu_with(&["pclmulqdq", "sse2", "sse4.1", "vpclmulqdq", "avx2"]);
    assert_eq!(
        first_of(CRC64FAST_RULE, fallback, &cpu),
        "pclmulqdq (128-bit folds)"
    );
    assert!(first_of(CRC64FAST_NVME_RULE, fallback, &cpu).starts_with("pclmulqdq"));
    let no_sse41 = cpu_with(&["pclmulqdq", "sse2"]);
    assert_eq!(first_of(CRC64FAST_RULE, fallback, &no_sse41), fallback);
}
