//! What a cell measured: an implementation from the catalogue, or one of the engine's
//! baselines. In JSON both are one id string (`sha2-256/openssl`, `baseline/read`), as
//! they always were; in code the difference is a variant, not a prefix matched as text.

use std::cmp::Ordering;
use std::fmt;

use serde::{Deserialize, Serialize};

use crate::external_id::ExternalId;

/// The engine's calibration kernels, measured beside the hashes at every size.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Baseline {
    /// The timed loop around a call that does nothing: the per-call floor.
    Nop,
    /// Copying the input: a memory-bandwidth reference.
    Memcpy,
    /// Reading every byte of the input: the ceiling no hash can beat.
    Read,
}

impl Baseline {
    /// Every baseline, in the order runs measure and list them.
    pub const ALL: [Baseline; 3] = [Baseline::Nop, Baseline::Memcpy, Baseline::Read];

    /// `nop`, `memcpy`, `read`.
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            Baseline::Nop => "nop",
            Baseline::Memcpy => "memcpy",
            Baseline::Read => "read",
        }
    }

    /// The id cells carry: `baseline/nop`, `baseline/memcpy`, `baseline/read`.
    #[must_use]
    pub fn id(self) -> &'static str {
        match self {
            Baseline::Nop => "baseline/nop",
            Baseline::Memcpy => "baseline/memcpy",
            Baseline::Read => "baseline/read",
        }
    }

    /// The baseline with this id, if it is one.
    #[must_use]
    pub fn from_id(id: &str) -> Option<Baseline> {
        Baseline::ALL.into_iter().find(|b| b.id() == id)
    }
}

/// What one cell measured.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum Subject {
    /// One of the engine's baselines.
    Baseline(Baseline),
    /// An implementation id, `algorithm/implementation`.
    Implementation(String),
}

impl Subject {
    /// The id as JSON and every table write it.
    #[must_use]
    pub fn id(&self) -> &str {
        match self {
            Subject::Baseline(b) => b.id(),
            Subject::Implementation(id) => id,
        }
    }

    /// The id, as [`Subject::id`]: for code that treated ids as strings.
    #[must_use]
    pub fn as_str(&self) -> &str {
        self.id()
    }

    /// A baseline's id becomes that baseline; anything else is an implementation id
    /// (whether it names one the catalogue has is for the caller to judge).
    #[must_use]
    pub fn parse(id: &str) -> Subject {
        Baseline::from_id(id).map_or_else(
            || Subject::Implementation(id.to_string()),
            Subject::Baseline,
        )
    }

    #[must_use]
    pub fn is_baseline(&self) -> bool {
        matches!(self, Subject::Baseline(_))
    }

    #[must_use]
    pub fn baseline(&self) -> Option<Baseline> {
        match self {
            Subject::Baseline(b) => Some(*b),
            Subject::Implementation(_) => None,
        }
    }

    /// The implementation in another runtime this subject is (`sha2-256/node:crypto`),
    /// if it is one.
    #[must_use]
    pub fn external(&self) -> Option<ExternalId> {
        match self {
            Subject::Implementation(id) => id.parse().ok(),
            Subject::Baseline(_) => None,
        }
    }
}

impl fmt::Display for Subject {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

impl From<String> for Subject {
    fn from(id: String) -> Subject {
        Subject::parse(&id)
    }
}

impl From<&str> for Subject {
    fn from(id: &str) -> Subject {
        Subject::parse(id)
    }
}

impl From<Baseline> for Subject {
    fn from(b: Baseline) -> Subject {
        Subject::Baseline(b)
    }
}

impl From<Subject> for String {
    fn from(s: Subject) -> String {
        s.id().to_string()
    }
}

/// Ordered by id, as the text ids always sorted.
impl Ord for Subject {
    fn cmp(&self, other: &Self) -> Ordering {
        self.id().cmp(other.id())
    }
}

impl PartialOrd for Subject {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

#[cfg(test)]
mod tests;

/// The baselines `compare`'s machine estimate is made of, at every size both runs have
/// (beside the drift reference): what moves with the machine and with no code under
/// test. A run's move, for the figure memory, is theirs too.
pub const ESTIMATOR_BASELINES: [Baseline; 2] = [Baseline::Read, Baseline::Memcpy];
