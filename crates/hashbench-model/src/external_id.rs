//! The id of an implementation in another runtime, measured through its adapter:
//! `<algorithm>/<runtime>:<library>` (`sha2-256/node:crypto`, `crc32c/go:hash/crc32`,
//! `sha2-256/java:MessageDigest`). In JSON, in filter terms and on the adapters' wire it
//! is that one string (docs/adapters.md); in code it is parsed once, here, into its parts.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// `<algorithm>/<runtime>:<library>`.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ExternalId {
    /// The catalogue's algorithm id: `sha2-256`.
    pub algorithm: String,
    /// The runtime, as its adapter folder is named: `node`.
    pub runtime: String,
    /// The library as its runtime names it, case kept: `crypto`, `hash/crc32`,
    /// `MessageDigest`.
    pub library: String,
}

/// Text that is not `<algorithm>/<runtime>:<library>`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "{id:?} is not an implementation in another runtime (<algorithm>/<runtime>:<library>): {why}"
)]
pub struct ExternalIdError {
    pub id: String,
    pub why: &'static str,
}

/// The longest part of an id any catalogue or adapter uses is far below this.
const MAX_PART: usize = 64;

/// An algorithm's or a runtime's name: lower-case letters, digits and `-_+.`, as the
/// catalogue's ids are.
pub(crate) fn is_name(part: &str) -> bool {
    !part.is_empty()
        && part.len() <= MAX_PART
        && part.chars().all(|c| {
            c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '+' | '.')
        })
}

/// A library as its runtime names it: letters of either case, digits and `-_+./`.
fn is_library(part: &str) -> bool {
    !part.is_empty()
        && part.len() <= MAX_PART
        && part
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '+' | '.' | '/'))
}

impl ExternalId {
    /// What a runtime's name may be, for a message: [`ExternalId::is_runtime_name`]'s rule.
    pub const RUNTIME_NAME_RULE: &'static str =
        "1 to 64 lowercase letters, digits, '-', '_', '+' or '.'";

    /// Whether `name` can be the runtime of an id (`alg/NAME:lib`): what an adapter's
    /// `hello` may call its runtime. One rule, here, for the ids and the adapters.
    #[must_use]
    pub fn is_runtime_name(name: &str) -> bool {
        is_name(name)
    }
}

impl FromStr for ExternalId {
    type Err = ExternalIdError;

    /// The algorithm ends at the first `/`, the runtime at the first `:` after it; the
    /// library is the rest (it may hold a `/`: `go:hash/crc32`).
    fn from_str(id: &str) -> Result<Self, Self::Err> {
        let bad = |why| ExternalIdError {
            id: id.to_string(),
            why,
        };
        let (algorithm, rest) = id.split_once('/').ok_or_else(|| bad("no '/'"))?;
        let (runtime, library) = rest
            .split_once(':')
            .ok_or_else(|| bad("no ':' after the '/'"))?;
        if !is_name(algorithm) {
            return Err(bad("the algorithm is not a catalogue name"));
        }
        if !is_name(runtime) {
            return Err(bad("the runtime is not a runtime name"));
        }
        if !is_library(library) {
            return Err(bad("the library is empty or has characters ids do not use"));
        }
        Ok(ExternalId {
            algorithm: algorithm.to_string(),
            runtime: runtime.to_string(),
            library: library.to_string(),
        })
    }
}

impl fmt::Display for ExternalId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}:{}", self.algorithm, self.runtime, self.library)
    }
}

#[cfg(test)]
mod tests;
