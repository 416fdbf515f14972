//! How a run's implementations were verified before they were timed.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Which implementations a run verified, and which the same code had proven before.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct VerificationFacts {
    /// Implementations verified in this run, before they were timed.
    pub verified: usize,
    /// Those passed on what the same code (this binary and the libraries it loaded,
    /// content-hashed, on this CPU) proved in an earlier run, by id.
    pub remembered: Vec<String>,
    /// The content hash naming that code, where the memory was used.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub code: Option<String>,
}

impl fmt::Display for VerificationFacts {
    /// `verified: 123 implementations, 121 by an earlier run of the same binary and
    /// libraries (...), 2 in this run`, or `verified: 5 implementations, in this run`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let all = self.verified + self.remembered.len();
        let s = if all == 1 { "" } else { "s" };
        write!(f, "verified: {all} implementation{s}, ")?;
        match self.remembered.len() {
            0 => write!(f, "in this run"),
            n => write!(
                f,
                "{n} by an earlier run of the same binary and libraries on this CPU \
                 (verified.json; HASHBENCH_PROOF_MEMORY=off verifies all again), {} in \
                 this run",
                self.verified
            ),
        }
    }
}

#[cfg(test)]
mod tests;
