//! What a non-cryptographic hash offers beyond its width, as data with its sources: its
//! SMHasher3 verdict, whether it takes a key (what resists hash flooding) and whether its
//! output is the same across versions and platforms (what storing a hash needs).
//!
//! The catalogue holds these for every non-cryptographic hash; a run records those of
//! the algorithms it measured ([`crate::Run::hash_properties`]), so a saved run renders
//! and is judged with them without the catalogue.

use serde::{Deserialize, Serialize};

/// SMHasher3's verdict on a hash: the summary table of its results file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "verdict", rename_all = "kebab-case")]
pub enum Verdict {
    /// Passes every one of the `tests` it was given.
    Passes { tests: u32 },
    /// Fails `failed` of the `of` tests it was given.
    Fails { failed: u32, of: u32 },
    /// Not in SMHasher3's results.
    NotTested,
}

impl Verdict {
    /// `passes 250/250`, `fails 27/250`, `not tested`.
    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Verdict::Passes { tests } => format!("passes {tests}/{tests}"),
            Verdict::Fails { failed, of } => format!("fails {failed}/{of}"),
            Verdict::NotTested => "not tested".to_string(),
        }
    }
}

/// SMHasher3's published result for one hash, with where it was read.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Smhasher3 {
    pub verdict: Verdict,
    /// SMHasher3's name of the hash (`XXH3-64`, `rust-ahash-fb`); empty when not tested.
    pub entry: String,
    /// The results file and the commit it was read at.
    pub source: String,
    /// The date of that commit (YYYY-MM-DD).
    pub date: String,
}

/// Whether the same input gives the same output on every platform and in every version
/// of the library, and why (what the crate documents).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Stability {
    pub stable: bool,
    pub reason: String,
}

/// What the key (seed) of a hash is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Key {
    /// No key or seed in the function as catalogued.
    Unkeyed,
    /// A seed of `bits` bits that varies the output, with no claim (or a refuted one) that
    /// a secret seed resists hash flooding (MurmurHash3 and CityHash have seed-independent
    /// collisions; xxHash's authors make no such claim).
    Seed { bits: u32 },
    /// Designed and documented by its authors to resist hash flooding with a secret key of
    /// `bits` bits (SipHash is a PRF with a security proof; others claim it).
    Keyed { bits: u32 },
}

impl Key {
    /// The key bits of a keyed hash (flood resistance claimed), `None` otherwise.
    #[must_use]
    pub fn flood_key_bits(self) -> Option<u32> {
        match self {
            Key::Keyed { bits } => Some(bits),
            _ => None,
        }
    }

    #[must_use]
    pub fn describe(self) -> String {
        match self {
            Key::Unkeyed => "unkeyed".to_string(),
            Key::Seed { bits } => format!("{bits}-bit seed (not flood-resistant)"),
            Key::Keyed { bits } => format!("keyed, {bits}-bit key"),
        }
    }
}

/// A non-cryptographic hash's properties beyond its width.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HashProperties {
    pub smhasher3: Smhasher3,
    /// Its key or seed, and whether a secret one is meant to resist hash flooding.
    pub key: Key,
    pub stability: Stability,
}

#[cfg(test)]
mod tests;
