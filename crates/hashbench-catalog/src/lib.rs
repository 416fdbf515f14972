//! The catalogue of hashbench: algorithms, the libraries that implement them, and the
//! one [`Hasher`] interface they all sit behind.
//!
//! ```
//! use hashbench_catalog::{registry, find_implementation};
//!
//! let imp = find_implementation("crc32/crc32fast").expect("in the catalogue");
//! let mut h = imp.instantiate().expect("runs everywhere");
//! let mut out = [0u8; 4];
//! h.oneshot(b"123456789", &mut out);
//! assert_eq!(out, [0xcb, 0xf4, 0x39, 0x26]); // big-endian, as the CRC catalogue prints
//! assert!(registry::IMPLEMENTATIONS.len() >= 50);
//! ```

pub mod algorithm;
mod barrier;
pub mod batch;
pub mod cpu;
pub mod defined;
pub mod detection;
pub mod feed;
pub mod filter;
pub mod hasher;
pub mod implementation;
mod impls;
pub mod keys;
pub mod map;
pub mod pattern;
pub mod reader;
pub mod registry;
pub mod versions;

pub use algorithm::{Algorithm, Class, ALGORITHMS};
pub use filter::{alias_of, Filter, FilterError, ALIASES};
/// What an implementation `requires` of the CPU ([`Implementation::requires`]).
pub use hashbench_host::CpuFeature;
pub use hasher::{empty, Empty, Hasher};
pub use implementation::{Availability, Implementation, Provider, ProviderKind, Unavailable};
pub(crate) use pattern::Pattern;
pub use reader::digest_reader;

/// The implementation with exactly this id.
pub fn find_implementation(id: &str) -> Option<&'static Implementation> {
    registry::IMPLEMENTATIONS.iter().find(|i| i.id == id)
}

/// The algorithm with exactly this id: the catalogue's, or one a plugin's manifest
/// defined in this process ([`defined`]).
pub fn find_algorithm(id: &str) -> Option<&'static Algorithm> {
    ALGORITHMS
        .iter()
        .find(|a| a.id == id)
        .or_else(|| defined::find(id))
}

/// The catalogue's algorithms, then those defined in this process ([`defined`]).
#[must_use]
pub fn all_algorithms() -> Vec<&'static Algorithm> {
    ALGORITHMS.iter().chain(defined::defined()).collect()
}

/// The class of every algorithm (`crc32` → `checksum`), by id: what the HTML report
/// draws one chart per, for a saved run that does not record its classes.
pub fn classes() -> std::collections::BTreeMap<String, String> {
    ALGORITHMS
        .iter()
        .map(|a| (a.id.to_string(), a.class.as_str().to_string()))
        .collect()
}

/// `a`'s properties as the run model and the analysis hold them: class, width, strength,
/// standard, SMHasher3 verdict, what it detects and its FIPS approval, with their sources.
#[must_use]
pub fn properties(a: &Algorithm) -> hashbench_model::AlgorithmProperties {
    hashbench_model::AlgorithmProperties {
        id: a.id.to_string(),
        class: a.class.model(),
        output_bits: a.output_bits,
        collision_bits: a.collision_bits,
        broken: a.broken,
        standard: a.standard.map(str::to_string),
        note: a.security_note.to_string(),
        hash: a.hash.map(|h| h.model()),
        detection: detection::detection(a),
        fips: detection::fips(a),
    }
}

/// Every implementation of `algorithm`, reference first.
pub fn implementations_of(algorithm: &str) -> impl Iterator<Item = &'static Implementation> + '_ {
    registry::IMPLEMENTATIONS
        .iter()
        .filter(move |i| i.algorithm.id == algorithm)
}
