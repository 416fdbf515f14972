//! What `hashbench quality` answers, as data: each implementation's screen beside the
//! SMHasher3 verdict the catalogue carries for its algorithm (next to it, never in its
//! place: the screen is minutes of SMHasher3 condensed into a second, and says less),
//! with the configuration and the key sets, so that a saved answer says how it was made.

use serde::Serialize;

use crate::keys::KeySet;
use crate::screen::{Config, Screen};

/// The version of the `quality --format json` document.
pub const QUALITY_SCHEMA_VERSION: u32 = 1;

/// The whole answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Document {
    pub schema_version: u32,
    pub config: Config,
    pub key_sets: Vec<SetSummary>,
    pub screens: Vec<Screened>,
}

/// A key set, without its keys.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SetSummary {
    pub name: String,
    /// `u64`, `id16`, `str` or `bytes`.
    pub kind: &'static str,
    pub count: usize,
}

impl SetSummary {
    #[must_use]
    pub fn of(set: &KeySet) -> Self {
        SetSummary {
            name: set.name.clone(),
            kind: set.keys.kind(),
            count: set.keys.len(),
        }
    }
}

/// One implementation's screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Screened {
    /// The implementation's id (`xxh3-64/xxhash-rust`).
    pub implementation: String,
    pub algorithm: String,
    /// The algorithm's output bits (the screen reads at most the first 64).
    pub output_bits: u32,
    /// Whether every check passed.
    pub passed: bool,
    pub screen: Screen,
    /// SMHasher3's published verdict for the algorithm, where the catalogue carries one
    /// (the non-cryptographic hashes).
    pub smhasher3: Option<hashbench_model::Smhasher3>,
}

impl Document {
    /// Whether every implementation passed.
    #[must_use]
    pub fn passed(&self) -> bool {
        self.screens.iter().all(|s| s.screen.passed())
    }
}
