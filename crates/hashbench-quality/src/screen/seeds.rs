//! A map's tables over many seeds: a hasher that a map seeds at random (foldhash's and
//! aHash's `RandomState`) places the same keys differently in every map, and a table
//! that is fine with one seed may be crowded with another (hashbrown #577: foldhash-fast's
//! collisions in a small map moved with the process's seed). The same key sets and
//! tables as the map view, once per seed.

use serde::Serialize;

use super::subject::Subject;
use crate::keys::KeySet;
use crate::map::{view, MapView, RandomTables};
use crate::rng::SplitMix64;

/// The least, median and greatest of a figure over the seeds.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Spread {
    pub min: f64,
    pub median: f64,
    pub max: f64,
}

impl Spread {
    /// Over `values`, at least one (a table per seed).
    fn of(mut values: Vec<f64>) -> Spread {
        values.sort_by(f64::total_cmp);
        let n = values.len();
        Spread {
            min: values[0],
            median: hashbench_stats::order::median_sorted(&values).unwrap_or(values[0]),
            max: values[n - 1],
        }
    }
}

/// One table (a key set at one size) over every seed.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct SeedSpread {
    pub keys: String,
    pub path: &'static str,
    pub len: usize,
    pub seeds: usize,
    /// Seeds whose table was worse than a random function's ([`crate::map::crowding`]).
    pub crowded: usize,
    pub groups_per_hit: Spread,
    pub longest: Spread,
    pub outside_home: Spread,
    pub false_tags_per_hit: Spread,
    pub false_tags_per_miss: Spread,
}

/// `subject`'s typed key sets among `sets` in tables of `sizes` keys, once for each of
/// `seeds` seeds drawn from `seed`, beside `random`'s tables; `None` when the subject has
/// no typed path or cannot be seeded (the map view of its one seed is all there is). The
/// subject is left seeded with the last seed.
pub(super) fn over_seeds(
    subject: &mut dyn Subject,
    sets: &[KeySet],
    sizes: &[usize],
    seeds: usize,
    seed: u64,
    random: &mut RandomTables,
) -> Option<Vec<SeedSpread>> {
    if seeds == 0 || !subject.typed() {
        return None;
    }
    let mut rng = SplitMix64::new(seed ^ 0x7365_6564_7321);
    // One entry per table, its views in seed order.
    let mut tables: Vec<Vec<MapView>> = Vec::new();
    for s in 0..seeds {
        if !subject.reseed(rng.next_u64()) {
            return None;
        }
        let mut t = 0;
        for set in sets {
            let (values, _, path) = super::hashes::of(subject, &set.keys);
            if path == "bytes" {
                continue;
            }
            for v in view(set, path, &values, sizes, random) {
                if s == 0 {
                    tables.push(Vec::with_capacity(seeds));
                }
                tables[t].push(v);
                t += 1;
            }
        }
    }
    Some(tables.into_iter().map(spread).collect())
}

fn spread(views: Vec<MapView>) -> SeedSpread {
    let of = |f: &dyn Fn(&MapView) -> f64| Spread::of(views.iter().map(f).collect());
    SeedSpread {
        keys: views[0].keys.clone(),
        path: views[0].path,
        len: views[0].len,
        seeds: views.len(),
        crowded: views.iter().filter(|v| !v.crowded.is_empty()).count(),
        groups_per_hit: of(&|v| v.observed.groups_per_hit),
        longest: of(&|v| f64::from(v.observed.longest)),
        outside_home: of(&|v| v.observed.outside_home),
        false_tags_per_hit: of(&|v| v.observed.false_tags_per_hit),
        false_tags_per_miss: of(&|v| v.observed.false_tags_per_miss),
    }
}
