//! What a hash map sees of a hash: the keys' hashes placed as hashbrown (std's
//! `HashMap`) places them, and what its lookups then probe, beside the same figures for a
//! random function's hashes of as many keys. A slow map cell, or a crowded table that the
//! pass/fail checks do not name, shows why here: long probe sequences (the bucket index,
//! the hash's low bits, crowds some groups) or false tag matches (the 7-bit tag, the
//! hash's top bits, takes fewer than 128 values, so more keys are compared in vain).
//!
//! The model is hashbrown's SwissTable on x86-64 (SSE2): a table of a power of two
//! buckets, filled to at most 7/8; a key's probe starts at `hash & (buckets - 1)` and
//! reads 16 control bytes at a time (a group), stepping by 16, 32, 48, ... slots
//! (triangular probing); a full slot's control byte is the hash's top 7 bits; a lookup
//! compares the key of every slot in the group whose tag matches, and stops at a group
//! with an empty slot. Keys go into a table sized for them (`HashMap::with_capacity`), in
//! the set's order, with no removals.

mod table;

use serde::Serialize;

use crate::keys::KeySet;
use crate::rng::SplitMix64;

pub use table::{buckets_for, Placement, GROUP};

/// A table of one size filled with a key set, as the hash placed it and as a random
/// function would have.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapView {
    /// The key set's name.
    pub keys: String,
    /// The path hashed: `bytes`, or a map's `keys:u64`, `keys:id16`, `keys:str`.
    pub path: &'static str,
    /// Keys in the table: the set's first ones.
    pub len: usize,
    /// Lookups of keys not in the table: the set's next ones.
    pub misses: usize,
    /// The table's buckets, as hashbrown sizes a table for `len` keys.
    pub buckets: usize,
    pub observed: Placement,
    /// The same table filled with a random function's hashes (seeded: the same every
    /// run).
    pub random: Placement,
    /// The observed figures that are worse than the random function's by the margins in
    /// [`crowding`]: empty when the table looks as a random hash's would.
    pub crowded: Vec<String>,
}

impl MapView {
    /// The table's load: keys over buckets.
    #[must_use]
    pub fn load(&self) -> f64 {
        self.len as f64 / self.buckets as f64
    }
}

/// The table sizes a key set of `available` keys is viewed at: each of `sizes` that
/// leaves as many keys again for the misses, or half the set when none does (a set of
/// under 64 keys is not viewed).
#[must_use]
pub fn sizes_for(sizes: &[usize], available: usize) -> Vec<usize> {
    let half = available / 2;
    let mut out: Vec<usize> = sizes.iter().copied().filter(|&n| n <= half).collect();
    if out.is_empty() && half >= 2 * GROUP {
        out.push(half);
    }
    out
}

/// A random function's tables, each placed once: every key set of a screen, and every
/// seed of `--seeds`, is compared with the same table of its size, so none is placed
/// again.
#[derive(Debug)]
pub struct RandomTables {
    seed: u64,
    /// By (keys in the table, misses looked up).
    placed: Vec<((usize, usize), Placement)>,
}

impl RandomTables {
    /// `seed` draws the random function's hashes.
    #[must_use]
    pub fn new(seed: u64) -> Self {
        RandomTables {
            seed,
            placed: Vec::new(),
        }
    }

    /// The random function's table of `len` keys with `misses` lookups of absent keys.
    fn get(&mut self, len: usize, misses: usize) -> Placement {
        if let Some((_, p)) = self.placed.iter().find(|(k, _)| *k == (len, misses)) {
            return p.clone();
        }
        let mut rng = SplitMix64::new(self.seed ^ len as u64);
        let hashes: Vec<u64> = (0..len + misses).map(|_| rng.next_u64()).collect();
        let p = table::place(&hashes[..len], &hashes[len..]);
        self.placed.push(((len, misses), p.clone()));
        p
    }
}

/// `hashes` (the set's keys' hashes, in the set's order) viewed as tables of each of
/// `sizes` keys, each beside `random`'s table of its size.
#[must_use]
pub fn view(
    set: &KeySet,
    path: &'static str,
    hashes: &[u64],
    sizes: &[usize],
    random: &mut RandomTables,
) -> Vec<MapView> {
    sizes_for(sizes, hashes.len())
        .into_iter()
        .map(|len| {
            let misses = (hashes.len() - len).min(len);
            let observed = table::place(&hashes[..len], &hashes[len..len + misses]);
            let random = random.get(len, misses);
            let crowded = crowding(&observed, &random, len, misses);
            MapView {
                keys: set.name.clone(),
                path,
                len,
                misses,
                buckets: buckets_for(len),
                observed,
                random,
                crowded,
            }
        })
        .collect()
}

/// How far over a random function's figure an observed one may be before it is named:
/// half as much again, and, for a mean, more than [`Z`] standard errors above it (each
/// count taken as Poisson, whose variance is its mean: a lookup's extra groups and its
/// false tag matches are counts of rare events, and for a random function's a little less
/// spread than that), so that a random function's small tables are not named for chance.
/// The longest probe must also be more than two groups over a random function's.
const RATIO: f64 = 1.5;
const Z: f64 = 5.0;
const FLOOR_LONGEST: u32 = 2;

/// The observed figures worse than the random function's, each with both values; `hits`
/// and `misses` are the lookups each mean is over.
#[must_use]
pub fn crowding(
    observed: &Placement,
    random: &Placement,
    hits: usize,
    misses: usize,
) -> Vec<String> {
    let mut out = Vec::new();
    // `base` is what every lookup reads at least (one group; no false match).
    let mut mean = |name: &str, o: f64, r: f64, base: f64, n: usize| {
        let se = (((o - base) + (r - base)).max(0.0) / n.max(1) as f64).sqrt();
        if o > r * RATIO && o - r > Z * se {
            out.push(format!("{name} {o:.3} (random {r:.3})"));
        }
    };
    mean(
        "groups per hit",
        observed.groups_per_hit,
        random.groups_per_hit,
        1.0,
        hits,
    );
    mean(
        "groups per miss",
        observed.groups_per_miss,
        random.groups_per_miss,
        1.0,
        misses,
    );
    mean(
        "false tag matches per hit",
        observed.false_tags_per_hit,
        random.false_tags_per_hit,
        0.0,
        hits,
    );
    mean(
        "false tag matches per miss",
        observed.false_tags_per_miss,
        random.false_tags_per_miss,
        0.0,
        misses,
    );
    if f64::from(observed.longest) > f64::from(random.longest) * RATIO
        && observed.longest > random.longest + FLOOR_LONGEST
    {
        out.push(format!(
            "longest probe {} groups (random {})",
            observed.longest, random.longest
        ));
    }
    out
}

#[cfg(test)]
mod tests;
