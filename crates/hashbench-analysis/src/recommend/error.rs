//! Why `recommend` has no answer: each variant says what the run lacks, or what rules
//! its cells out (`missing.rs` picks which).

use thiserror::Error;

use hashbench_model::{Mode, Pattern, Size};

/// Why there is no recommendation.
#[derive(Debug, Error, PartialEq)]
pub enum RecommendError {
    /// No cell in the mode at all.
    #[error("the run has no {mode} cells at all (--mode chooses the mode answered for)")]
    ModeNotMeasured { mode: Mode },
    #[error("the run has no {mode} cells at {} (it has {mode} cells at: {have})", hashbench_model::format::size(*size))]
    SizeNotMeasured {
        size: Size,
        mode: Mode,
        have: String,
    },
    /// Cells at the size and mode, but none called the way the answer is for (a hash
    /// table's other key).
    #[error(
        "the run's {mode} cells at {} are called {have}, not {pattern}{why}",
        hashbench_model::format::size(*size)
    )]
    OtherPattern {
        size: Size,
        mode: Mode,
        pattern: Pattern,
        have: String,
        /// What chose the pattern asked for (`--key str`), when a flag did.
        why: String,
    },
    /// Cells at the size, mode and pattern, but on other thread counts.
    #[error(
        "the run's {mode} cells at {} are on {have} threads, not 1{}",
        hashbench_model::format::size(*size),
        if *threads > 1 { format!(" or {threads} (--threads)") } else { String::new() }
    )]
    OtherThreads {
        size: Size,
        mode: Mode,
        threads: usize,
        have: String,
    },
    /// Cells at the size, mode, pattern and threads, but of algorithms the catalogue
    /// does not know, whose properties no answer can weigh.
    #[error(
        "the run's {mode} cells at {} are of algorithms the catalogue does not know: {have}",
        hashbench_model::format::size(*size)
    )]
    UnknownAlgorithms {
        size: Size,
        mode: Mode,
        have: String,
    },
    #[error(
        "no implementation measured at {} satisfies --need {need}{bits} (measured: {measured})",
        hashbench_model::format::size(*size)
    )]
    NoCandidate {
        size: Size,
        need: &'static str,
        bits: String,
        measured: String,
    },
}
