//! Why a request cannot become a plan, and where a bad value came from. Every error
//! here is the user's to mend (the binary exits 2), and names what the user wrote: a
//! flag they typed, or a suite file's key, never a flag standing in for a key.

use std::fmt;

use hashbench_catalog::FilterError;

/// Bad input from the user (beyond what the flag parser rejects): a value, a name, a
/// combination. The binary exits 2.
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(pub String);

/// A request that cannot be planned.
#[derive(Debug, thiserror::Error)]
pub enum PlanError {
    /// A bad value or combination, named by where it came from.
    #[error(transparent)]
    Usage(#[from] UsageError),
    /// An unknown filter term, with the catalogue's suggestions.
    #[error(transparent)]
    Filter(#[from] FilterError),
}

/// Where a value of the request came from: a flag (or its default), or a suite file's
/// key. Messages about the value name it so.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Source {
    /// A command-line flag, as spelled (`--relative-to`).
    Flag(&'static str),
    /// A suite file's key: the file as errors name it (`suites/x.toml`, a path) and the
    /// key (`relative_to`).
    Suite { origin: String, key: &'static str },
    /// A command's own rule (`recommend`'s race), named.
    Rule(&'static str),
}

impl Source {
    /// A usage error about the value `text` from here: `--relative-to X: why`, or
    /// `suite FILE: key `relative_to`: X: why`.
    #[must_use]
    pub fn bad(&self, text: &str, why: &str) -> UsageError {
        UsageError(match self {
            Source::Flag(flag) => format!("{flag} {text}: {why}"),
            Source::Suite { .. } | Source::Rule(_) => format!("{self}: {text}: {why}"),
        })
    }

    /// Whether the value came from a suite file.
    #[must_use]
    pub fn is_suite(&self) -> bool {
        matches!(self, Source::Suite { .. })
    }
}

impl fmt::Display for Source {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Source::Flag(flag) | Source::Rule(flag) => f.write_str(flag),
            Source::Suite { origin, key } => write!(f, "suite {origin}: key `{key}`"),
        }
    }
}

/// A value of the request and where it came from.
#[derive(Clone, Debug, PartialEq)]
pub struct Given<T> {
    pub value: T,
    pub from: Source,
}

impl<T> Given<T> {
    /// `value`, given by `flag`.
    pub fn flag(flag: &'static str, value: T) -> Self {
        Given {
            value,
            from: Source::Flag(flag),
        }
    }

    /// `value`, set by `key` in the suite file `origin`.
    pub fn suite(origin: &str, key: &'static str, value: T) -> Self {
        Given {
            value,
            from: Source::Suite {
                origin: origin.to_string(),
                key,
            },
        }
    }
}
