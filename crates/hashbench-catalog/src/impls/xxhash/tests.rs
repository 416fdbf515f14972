use super::*;
use crate::cpu::{cpu_with, first_of};

#[test]
fn twox_hash_dispatches_on_x86_64_only() {
    let avx512 = cpu_with(&["x86_64", "sse2", "avx2", "avx512f"]);
    assert_eq!(
        first_of(TWOX_XXH3_RULE, "scalar", &avx512),
        "avx2 (over 240 B)"
    );
    let sse2 = cpu_with(&["x86_64", "sse2"]);
    assert_eq!(
        first_of(TWOX_XXH3_RULE, "scalar", &sse2),
        "sse2 (over 240 B)"
    );
    let x86 = cpu_with(&["sse2", "avx2"]);
    assert_eq!(first_of(TWOX_XXH3_RULE, "scalar", &x86), "scalar");
}
