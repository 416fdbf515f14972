use super::*;
use crate::cpu::cpu_with;

#[test]
fn awslc_rules_follow_its_capable_functions() {
    let zen4 = cpu_with(&["x86_64", "ssse3", "avx", "avx2", "bmi1", "bmi2", "sha"]);
    assert_eq!(awslc_rule(SHA1, &zen4), "sha-ni");
    assert_eq!(awslc_rule(SHA256, &zen4), "sha-ni");
    assert_eq!(awslc_rule(SHA512, &zen4), NOHW_NOT_INTEL);
    let skylake = cpu_with(&["x86_64", "intel", "ssse3", "avx", "avx2", "bmi1", "bmi2"]);
    assert_eq!(awslc_rule(SHA1, &skylake), "avx2");
    assert_eq!(awslc_rule(SHA256, &skylake), "avx");
    assert_eq!(awslc_rule(SHA512, &skylake), "avx");
    let zen1_no_sha = cpu_with(&["x86_64", "ssse3", "avx", "avx2", "bmi2"]);
    assert_eq!(awslc_rule(SHA1, &zen1_no_sha), "ssse3");
    let bare = cpu_with(&["x86_64"]);
    assert_eq!(awslc_rule(SHA256, &bare), NOHW);
    assert_eq!(awslc_rule(SHA256, &cpu_with(&["sha"])), UNKNOWN_KERNEL);
    assert_eq!(
        awslc_sha3_rule(true, &bare),
        "scalar assembly (s2n-bignum keccak)"
    );
    assert_eq!(awslc_sha3_rule(false, &bare), "portable C");
}
