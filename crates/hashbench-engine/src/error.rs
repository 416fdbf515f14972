//! Why a cell could not be measured.

use hashbench_stats::SampleError;
use thiserror::Error;

/// Why a cell could not be measured.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum EngineError {
    /// The kernel's first call, untimed, before anything was timed, did not give the
    /// expected digest: nothing was measured.
    #[error("wrong digest before timing (nothing measured): expected {expected}, got {got}")]
    WrongDigestBeforeTiming {
        /// Expected digest, lowercase hex.
        expected: String,
        /// What the kernel produced: lowercase hex, or the malformed result.
        got: String,
    },
    /// The kernel's output differed from the expected digest in the untimed check run
    /// after a timed batch.
    #[error("wrong digest after sample {sample_index}: expected {expected}, got {got}")]
    WrongDigest {
        /// Expected digest, lowercase hex.
        expected: String,
        /// Digest the kernel produced, lowercase hex.
        got: String,
        /// Index of the sample after which the check ran.
        sample_index: usize,
    },
    /// The expected digest's length is not the kernel's output length.
    #[error("expected digest has {expected_len} bytes but the kernel writes {kernel_len}")]
    OutputLength {
        /// Length of the expected digest.
        expected_len: usize,
        /// [`Kernel::output_len`].
        kernel_len: usize,
    },
    /// The configuration cannot be honoured.
    #[error("invalid configuration: {0}")]
    InvalidConfig(String),
    /// A stream's kernel could not be made.
    #[error("invalid configuration: {0}")]
    Kernel(#[from] crate::KernelError),
    /// The measurements could not be summarised.
    #[error("cannot summarise {samples} samples: {source}")]
    Stats {
        /// Number of measurements.
        samples: usize,
        /// The statistics error.
        #[source]
        source: SampleError,
    },
}

/// Lowercase hex of `bytes`.
pub(crate) fn hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}
