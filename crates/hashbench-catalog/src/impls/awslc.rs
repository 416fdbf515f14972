//! aws-lc-rs: AWS-LC (a BoringSSL fork) with its own CPU dispatch.

use super::ring::ring_like;
use super::ring::{NOHW, NOHW_NOT_INTEL};
use super::Streaming;
use crate::cpu::{first_of, x86_rule, UNKNOWN_KERNEL};

ring_like!(aws_lc_rs:
    AwsLcSha1 = SHA1_FOR_LEGACY_USE_ONLY,
    AwsLcSha224 = SHA224,
    AwsLcSha256 = SHA256,
    AwsLcSha384 = SHA384,
    AwsLcSha512 = SHA512,
    AwsLcSha512_256 = SHA512_256,
    AwsLcSha3_256 = SHA3_256,
    AwsLcSha3_384 = SHA3_384,
    AwsLcSha3_512 = SHA3_512,
);

// AWS-LC's dispatch on x86_64, in C over its capability vector: the `*_capable`
// functions of aws-lc-sys-0.47.0/aws-lc/crypto/fipsmodule/sha/internal.h:224-304, tried in
// the order of sha1.c:338-360, sha256.c:334-353 and sha512.c:631-652. The vector comes
// from CPUID with the OS's register support (crypto/fipsmodule/cpucap/cpu_intel.c:170-271),
// as std's detection does, unless the OPENSSL_ia32cap environment variable overrides it
// (cpu_intel.c:279-303); then the label says it cannot tell.

const SHA1: &[(&str, &[&str])] = &[
    ("sha-ni", &["sha", "ssse3"]),
    ("avx2", &["avx2", "bmi2", "bmi1", "ssse3"]),
    ("avx", &["avx", "ssse3", "intel"]),
    ("ssse3", &["ssse3"]),
];
const SHA256: &[(&str, &[&str])] = &[
    ("sha-ni", &["sha"]),
    ("avx", &["avx", "ssse3", "intel"]),
    ("ssse3", &["ssse3"]),
];
const SHA512: &[(&str, &[&str])] = &[
    ("avx", &["avx", "ssse3", "intel"]),
    (NOHW_NOT_INTEL, &["avx", "ssse3"]),
];

fn awslc_rule(rule: &[(&'static str, &[&str])], has: &dyn Fn(&str) -> bool) -> String {
    if !has("x86_64") {
        return UNKNOWN_KERNEL.to_string();
    }
    first_of(rule, NOHW, has)
}

fn awslc_label(rule: &[(&'static str, &[&str])]) -> String {
    if std::env::var_os("OPENSSL_ia32cap").is_some() {
        return format!("{UNKNOWN_KERNEL}: OPENSSL_ia32cap is set");
    }
    x86_rule(|has| awslc_rule(rule, has))
}

pub(crate) fn awslc_sha1_backend() -> String {
    awslc_label(SHA1)
}
pub(crate) fn awslc_sha256_backend() -> String {
    awslc_label(SHA256)
}
pub(crate) fn awslc_sha512_backend() -> String {
    awslc_label(SHA512)
}

/// AWS-LC's Keccak on x86_64 Linux and macOS is s2n-bignum's scalar assembly, its only
/// x86_64 one-state kernel; elsewhere on x86, C (crypto/fipsmodule/sha/internal.h:334-350,
/// keccak1600.c:335-391).
pub(crate) fn awslc_sha3_backend() -> String {
    let asm_os = cfg!(any(target_os = "linux", target_os = "macos"));
    x86_rule(|has| awslc_sha3_rule(asm_os, has))
}

fn awslc_sha3_rule(asm_os: bool, has: &dyn Fn(&str) -> bool) -> String {
    if has("x86_64") && asm_os {
        "scalar assembly (s2n-bignum keccak)".to_string()
    } else {
        "portable C".to_string()
    }
}

#[cfg(test)]
mod tests;
