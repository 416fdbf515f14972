//! Implementations (or patterns of them) a run did not measure, and why.

use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;

/// Why an implementation, or one pattern of it, was not measured.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SkipReason {
    /// It cannot run on this machine (a CPU feature, a library missing).
    Unavailable,
    /// It gave a wrong answer for a known-answer vector: never timed.
    FailedVerification,
    /// Its digest of the run's input was wrong before the first timed batch.
    WrongDigestBeforeTiming,
    /// Its digest went wrong while it was being measured; its cells are dropped.
    WrongDigestUnderMeasurement,
    /// The library cannot express the pattern (`pattern` says which).
    PatternNotApplicable,
    /// `--threads` above 1 for an implementation that does not split one message.
    ThreadsNotApplicable,
    /// `--streams` for an implementation that already uses every thread.
    StreamsNotApplicable,
    /// The runtime's adapter failed while the implementation was measured: it exited,
    /// broke the protocol, hashed other bytes or reported an impossible time (`details`
    /// say which); its digests may well have been right.
    AdapterFailed,
    /// The measuring itself failed (its samples could not be summarised); `details` say
    /// why.
    MeasurementFailed,
}

impl SkipReason {
    /// Every reason, for documentation and tests.
    pub const ALL: [SkipReason; 9] = [
        SkipReason::Unavailable,
        SkipReason::FailedVerification,
        SkipReason::WrongDigestBeforeTiming,
        SkipReason::WrongDigestUnderMeasurement,
        SkipReason::PatternNotApplicable,
        SkipReason::ThreadsNotApplicable,
        SkipReason::StreamsNotApplicable,
        SkipReason::AdapterFailed,
        SkipReason::MeasurementFailed,
    ];

    /// The name JSON and tables use: `failed-verification`, ...
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SkipReason::Unavailable => "unavailable",
            SkipReason::FailedVerification => "failed-verification",
            SkipReason::WrongDigestBeforeTiming => "wrong-digest-before-timing",
            SkipReason::WrongDigestUnderMeasurement => "wrong-digest-under-measurement",
            SkipReason::PatternNotApplicable => "pattern-not-applicable",
            SkipReason::ThreadsNotApplicable => "threads-not-applicable",
            SkipReason::StreamsNotApplicable => "streams-not-applicable",
            SkipReason::AdapterFailed => "adapter-failed",
            SkipReason::MeasurementFailed => "measurement-failed",
        }
    }
}

impl std::fmt::Display for SkipReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

/// One implementation, or one pattern of it, that was not measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    pub implementation: String,
    /// The pattern skipped, when only one pattern of the implementation was; `None`
    /// when the whole implementation was skipped.
    #[serde(default)]
    pub pattern: Option<Pattern>,
    pub reason: SkipReason,
    /// The first failures, one line each, or why it cannot run.
    pub details: Vec<String>,
}

#[cfg(test)]
mod tests;
