use super::*;
use crate::cpu::{cpu_with, first_of};

#[test]
fn sha_rules_need_every_feature_the_crates_check() {
    let sha = cpu_with(&["sha", "sse2", "ssse3", "sse4.1", "avx2"]);
    assert_eq!(first_of(SHA256_RULE, "soft", &sha), "sha-ni");
    assert_eq!(first_of(SHA1_RULE, "soft", &sha), "sha-ni");
    assert_eq!(first_of(SHA512_RULE, "soft", &sha), "avx2");
    // SHA-NI without SSSE3 (no real CPU, but the rule says so): sha1 falls back,
    // sha2 does not ask for SSSE3.
    let odd = cpu_with(&["sha", "sse2", "sse4.1"]);
    assert_eq!(first_of(SHA256_RULE, "soft", &odd), "sha-ni");
    assert_eq!(first_of(SHA1_RULE, "soft", &odd), "soft");
    assert_eq!(first_of(SHA512_RULE, "soft", &odd), "soft");
}
