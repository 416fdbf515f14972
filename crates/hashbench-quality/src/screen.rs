//! The quality screen: a few statistical tests of a hash's output, each a statistic, a
//! threshold from the distribution a random function would give, and a verdict, over
//! deterministic inputs, so that one implementation always gets the same verdict. It
//! catches what breaks hash tables (a dead bit, low or high bits that do not move,
//! structure that collides) in about a second; it does not replace SMHasher3, whose
//! hundreds of tests run for minutes to hours (docs/quality.md).

mod avalanche;
mod buckets;
mod check;
mod collisions;
mod config;
mod subject;

use serde::Serialize;

pub use check::{Check, Test};
pub use config::Config;
pub use subject::Subject;

use crate::keys::{KeySet, Keys};
use crate::map::MapView;
use crate::rng::SplitMix64;

/// An implementation's screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Screen {
    /// Bits of the bytes path's output screened.
    pub bits: u32,
    /// Whether typed keys went through a map's `hash_one`.
    pub typed: bool,
    pub checks: Vec<Check>,
    /// Each key set in hash-map tables of [`Config::map_sizes`] keys: what a map's
    /// lookups probe, beside a random function's. Figures, not checks: they do not
    /// change the verdict.
    pub map: Vec<MapView>,
}

impl Screen {
    #[must_use]
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }

    #[must_use]
    pub fn failed(&self) -> usize {
        self.checks.iter().filter(|c| !c.pass).count()
    }
}

/// Screens `subject` with `config`'s avalanche inputs and `sets` (the generated ones,
/// [`Config::key_sets`], and the user's).
pub fn screen(subject: &mut dyn Subject, sets: &[KeySet], config: &Config) -> Screen {
    let typed = subject.typed();
    let avalanches = config.avalanche_lengths.len() + usize::from(typed);
    let per_check = config.alpha / (avalanches + 2 * sets.len()) as f64;
    let mut rng = SplitMix64::new(config.seed);
    let mut checks = Vec::new();
    let mut map = Vec::new();
    for &len in &config.avalanche_lengths {
        checks.push(avalanche::bytes(subject, len, config, per_check, &mut rng));
    }
    if typed {
        checks.push(avalanche::typed_u64(subject, config, per_check, &mut rng));
    }
    for set in sets {
        let (values, bits, path) = hashes(subject, &set.keys);
        checks.push(buckets::check(&values, bits, &config.table_bits, per_check).named(set, path));
        checks.push(collisions::check(&values, bits, per_check).named(set, path));
        map.extend(crate::map::view(
            set,
            path,
            &values,
            &config.map_sizes,
            config.seed,
        ));
    }
    Screen {
        bits: subject.bits(),
        typed,
        checks,
        map,
    }
}

/// Every key's hash, the bits it has, and the path it went through.
fn hashes(s: &mut dyn Subject, keys: &Keys) -> (Vec<u64>, u32, &'static str) {
    let typed = s.typed();
    let (bits, path) = match (typed, keys) {
        (true, Keys::U64(_)) => (64, "keys:u64"),
        (true, Keys::Id16(_)) => (64, "keys:id16"),
        (true, Keys::Str(_)) => (64, "keys:str"),
        _ => (s.bits(), "bytes"),
    };
    let values = match keys {
        Keys::U64(k) => k.iter().map(|&k| s.hash_u64(k)).collect(),
        Keys::Id16(k) => k.iter().map(|k| s.hash_id16(k)).collect(),
        Keys::Str(k) => k.iter().map(|k| s.hash_str(k)).collect(),
        Keys::Bytes(k) => k.iter().map(|k| s.hash_bytes(k)).collect(),
    };
    (values, bits, path)
}

#[cfg(test)]
mod tests;
