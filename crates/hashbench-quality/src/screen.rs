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
mod hashes;
mod seeds;
mod subject;

use serde::Serialize;

pub use check::{Check, Test};
pub use config::Config;
pub use hashes::map_views;
pub use seeds::{SeedSpread, Spread};
pub use subject::Subject;

use crate::keys::KeySet;
use crate::map::{MapView, RandomTables};
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
    /// With [`Config::map_seeds`] above 0: the typed key sets' tables over that many
    /// seeds of the map's hasher, each figure's least, median and greatest; empty when
    /// the hasher takes no seed here. `None` when not asked.
    pub map_seeds: Option<Vec<SeedSpread>>,
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
    let mut random = RandomTables::new(config.seed);
    for &len in &config.avalanche_lengths {
        checks.push(avalanche::bytes(subject, len, config, per_check, &mut rng));
    }
    if typed {
        checks.push(avalanche::typed_u64(subject, config, per_check, &mut rng));
    }
    for set in sets {
        let (values, bits, path) = hashes::of(subject, &set.keys);
        checks.push(buckets::check(&values, bits, &config.table_bits, per_check).named(set, path));
        checks.push(collisions::check(&values, bits, per_check).named(set, path));
        map.extend(crate::map::view(
            set,
            path,
            &values,
            &config.map_sizes,
            &mut random,
        ));
    }
    // Last: it leaves the subject seeded with its last seed, where the checks above
    // needed the catalogue's.
    let map_seeds = (config.map_seeds > 0).then(|| {
        seeds::over_seeds(
            subject,
            sets,
            &config.map_sizes,
            config.map_seeds,
            config.seed,
            &mut random,
        )
        .unwrap_or_default()
    });
    Screen {
        bits: subject.bits(),
        typed,
        checks,
        map,
        map_seeds,
    }
}

#[cfg(test)]
mod tests;
