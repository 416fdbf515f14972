//! Why a run could not be planned or measured. One enum for the crate, each variant with
//! the context a user needs (which flag, which implementation, which size); the binary
//! maps [`RunError::is_usage`] to exit code 2.

use hashbench_engine::{EngineError, KernelError};

/// A run refused before measuring, or stopped by an error while measuring.
#[derive(Debug, thiserror::Error)]
pub enum RunError {
    /// The plan asks for something this machine cannot do or that was not asked for
    /// knowingly (too many cells, oversubscription, sizes beyond memory).
    #[error("{0}")]
    Plan(String),
    /// `--pin`: a CPU this process may not use, or pinning is not supported here.
    #[error("{0}")]
    Pin(String),
    /// The known answers could not be read.
    #[error(transparent)]
    Vectors(#[from] hashbench_verify::VectorError),
    /// A kernel could not be made for an implementation verification had passed.
    #[error("{implementation}")]
    Kernel {
        implementation: String,
        #[source]
        source: KernelError,
    },
    /// The digest reference of an algorithm could not be instantiated.
    #[error("{implementation}: {why}")]
    Reference {
        implementation: String,
        why: hashbench_catalog::Unavailable,
    },
    /// An implementation of an algorithm a plugin's manifest defined (no in-process
    /// reference) could not give the untimed digest its samples are checked against.
    #[error("{implementation}: its untimed digest")]
    OwnDigest {
        implementation: String,
        #[source]
        source: hashbench_adapters::AdapterError,
    },
    /// A thread pool of `threads` threads could not be started.
    #[error("--threads {threads}")]
    Pool {
        threads: usize,
        #[source]
        source: EngineError,
    },
    /// The engine failed measuring `subject` at `size` bytes (`what` adds the streams).
    #[error("{subject} at {}{what}", hashbench_model::format::size(*size))]
    Measure {
        subject: String,
        size: hashbench_model::Size,
        what: String,
        /// Boxed: the one large variant would make every `Result` of the runner large.
        #[source]
        source: Box<EngineError>,
    },
    /// The drift reference could not be timed.
    #[error("timing the drift reference {at}")]
    DriftReference {
        at: hashbench_model::Checkpoint,
        #[source]
        source: EngineError,
    },
    /// A measured cell has no finite rate.
    #[error("{subject} at {}{what}: no finite rate", hashbench_model::format::size(*size))]
    Rate {
        subject: String,
        size: hashbench_model::Size,
        what: &'static str,
        #[source]
        source: hashbench_stats::ThroughputError,
    },
}

impl RunError {
    /// Whether the error is the user's to fix (exit 2) rather than a failure (exit 1).
    #[must_use]
    pub fn is_usage(&self) -> bool {
        matches!(
            self,
            RunError::Plan(_) | RunError::Pin(_) | RunError::Vectors(_)
        )
    }
}
