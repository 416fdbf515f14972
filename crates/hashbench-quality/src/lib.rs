//! A quality screen in seconds for any hash whose output has 32 bits or more, and the
//! key sets it (and later a map workload) fills tables with.
//!
//! hashbench's quality column is SMHasher3's published verdict: it says nothing about a
//! hash SMHasher3 has not run, nor about a user's own. The screen runs here, on the
//! implementation itself, through its bytes path and, for a map's hasher, the typed
//! keys a map hashes: avalanche, bucket uniformity by low and high bits, and collisions
//! against the birthday expectation, each a statistic against a threshold derived from
//! what a random function would give ([`stats`]). Everything is seeded, so a verdict is
//! the same on every run. Pure: no printing, no hash library; an implementation comes in
//! as a [`Subject`].
//!
//! ```
//! use hashbench_quality::{screen, Config, Subject};
//!
//! /// Not a hash: the input's first 8 bytes.
//! struct Identity;
//! impl Subject for Identity {
//!     fn bits(&self) -> u32 { 64 }
//!     fn hash_bytes(&mut self, data: &[u8]) -> u64 {
//!         let mut b = [0u8; 8];
//!         let n = data.len().min(8);
//!         b[..n].copy_from_slice(&data[..n]);
//!         u64::from_le_bytes(b)
//!     }
//! }
//!
//! let config = Config::quick();
//! let result = screen(&mut Identity, &config.key_sets(), &config);
//! assert!(!result.passed());
//! ```

pub mod answer;
pub mod document;
pub mod keys;
pub mod map;
pub mod maps;
pub mod rng;
pub mod screen;
pub mod stats;
#[cfg(any(test, feature = "test-util"))]
pub mod testutil;

pub use answer::{MapAnswer, MAP_ANSWER_SCHEMA_VERSION};
pub use document::{Document, Screened, SetSummary, QUALITY_SCHEMA_VERSION};
pub use keys::{KeySet, Keys};
pub use maps::{
    map_cell_key, MapCell, MapSkip, MapsConfig, MapsDocument, MapsMeasured, PairedRounds,
    MAPS_SCHEMA_VERSION,
};
pub use screen::{screen, Check, Config, Screen, Subject, Test};
