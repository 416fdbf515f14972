//! aws-lc-rs: AWS-LC (a BoringSSL fork) with its own CPU dispatch.

use super::ring::ring_like;
use super::Streaming;

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

pub(crate) fn awslc_backend() -> String {
    "assembly (AWS-LC's runtime CPU dispatch)".to_string()
}
