use super::*;
use crate::cpu::cpu_with;

#[test]
fn blake2_simd_labels_name_the_one_message_kernel() {
    let avx2 = cpu_with(&["sse4.1", "avx2"]);
    let sse41 = cpu_with(&["sse4.1"]);
    let none = cpu_with(&[]);
    assert_eq!(first_of(BLAKE2B_SIMD_RULE, "portable", &avx2), "avx2");
    assert_eq!(first_of(BLAKE2B_SIMD_RULE, "portable", &sse41), "portable");
    assert_eq!(
        first_of(BLAKE2S_SIMD_RULE, "portable", &avx2),
        "sse4.1 (its one-message kernel, also on avx2)"
    );
    assert_eq!(first_of(BLAKE2S_SIMD_RULE, "portable", &sse41), "sse4.1");
    assert_eq!(first_of(BLAKE2S_SIMD_RULE, "portable", &none), "portable");
}
