use super::*;
use crate::cpu::cpu_with;

#[test]
fn ring_takes_avx_on_intel_only() {
    let zen4 = cpu_with(&["x86_64", "ssse3", "avx", "avx2", "sha"]);
    assert_eq!(ring_sha256_rule(&zen4), "sha-ni");
    assert_eq!(ring_sha512_rule(&zen4), NOHW_NOT_INTEL);
    let skylake = cpu_with(&["x86_64", "intel", "ssse3", "avx", "avx2"]);
    assert_eq!(ring_sha256_rule(&skylake), "avx");
    assert_eq!(ring_sha512_rule(&skylake), "avx");
    let old_amd = cpu_with(&["x86_64", "ssse3", "avx"]);
    assert_eq!(ring_sha256_rule(&old_amd), "ssse3");
    let bare = cpu_with(&["x86_64"]);
    assert_eq!(ring_sha256_rule(&bare), NOHW);
    assert_eq!(ring_sha512_rule(&bare), NOHW);
    let x86 = cpu_with(&["sha", "ssse3", "avx", "intel"]);
    assert_eq!(ring_sha256_rule(&x86), RING_FALLBACK);
    assert_eq!(ring_sha512_rule(&x86), RING_FALLBACK);
}
