//! How much the screen samples.

use serde::Serialize;

use crate::keys::KeySet;

/// How much the screen samples, and its overall cut.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Config {
    /// Every input (avalanche inputs and the generated key sets) is drawn from this.
    pub seed: u64,
    /// The chance that a truly random function fails the whole screen: divided among the
    /// checks and within each among its parts (Bonferroni).
    pub alpha: f64,
    /// Input lengths of the avalanche test, bytes.
    pub avalanche_lengths: Vec<usize>,
    /// Random inputs per avalanche length.
    pub avalanche_samples: usize,
    /// Keys per generated key set.
    pub keys: usize,
    /// The sparse key set's most bits set.
    pub sparse_bits: u32,
    /// Table sizes of the bucket test, as bits of the bucket index.
    pub table_bits: Vec<u32>,
    /// Keys in the hash-map tables each key set is viewed in ([`crate::map`]): a
    /// set's first keys fill the table, its next as many are looked up as misses.
    pub map_sizes: Vec<usize>,
    /// Seeds of a randomly seeded map hasher to view the typed key sets' tables with
    /// ([`crate::map::over_seeds`]); 0: the catalogue's one seed only.
    pub map_seeds: usize,
}

impl Config {
    /// The command's screen: about a second per implementation in a release build.
    #[must_use]
    pub fn standard() -> Self {
        Config {
            seed: 0x6861_7368_6265_6e63,
            alpha: 1e-6,
            avalanche_lengths: vec![8, 16, 64],
            avalanche_samples: 10_000,
            keys: 1 << 18,
            sparse_bits: 3,
            table_bits: vec![8, 12, 16],
            map_sizes: vec![1 << 10, 1 << 14, 1 << 17],
            map_seeds: 0,
        }
    }

    /// The same tests and thresholds' logic on fewer samples: fast in a debug build (the
    /// tests), blind only to weaker flaws.
    #[must_use]
    pub fn quick() -> Self {
        Config {
            avalanche_lengths: vec![8, 16],
            avalanche_samples: 400,
            keys: 1 << 13,
            sparse_bits: 2,
            table_bits: vec![6, 10],
            map_sizes: vec![1 << 8, 1 << 12],
            ..Config::standard()
        }
    }

    /// The generated key sets this configuration screens with.
    #[must_use]
    pub fn key_sets(&self) -> Vec<KeySet> {
        crate::keys::standard(self.keys, self.sparse_bits, self.seed)
    }
}
