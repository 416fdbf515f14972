//! The lookup loop the map benches share (`direct_maps`, `map_places`): a program's own
//! loop over a map, and how it is timed.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Batches per figure, and the least time one batch takes.
const SAMPLES: usize = 31;
const MIN_BATCH_NS: f64 = 200_000.0;

/// ns per lookup of `probes` in `map`: after `warm` of passes, the pass count doubled
/// until a batch takes 200 µs, then the median of 31 batches.
pub fn timed<K: Hash + Eq, B: BuildHasher>(
    map: &HashMap<K, u32, B>,
    probes: &[K],
    warm: Duration,
) -> f64 {
    let lap = |laps: u64| {
        let t0 = Instant::now();
        black_box(lookups(map, probes, laps));
        t0.elapsed().as_secs_f64() * 1e9 / (laps as f64 * probes.len() as f64)
    };
    let mut laps = 1;
    while lap(laps) * laps as f64 * probes.len() as f64 <= MIN_BATCH_NS {
        laps *= 2;
    }
    let start = Instant::now();
    while start.elapsed() < warm {
        lap(1);
    }
    let mut per: Vec<f64> = (0..SAMPLES).map(|_| lap(laps)).collect();
    per.sort_by(f64::total_cmp);
    per[SAMPLES / 2]
}

/// `laps` passes of [`lap_of`] over `probes`, the values found summed. The slice goes
/// through `black_box` once a pass, so that the optimiser cannot make one pass of
/// the same lookups count for all.
#[inline(never)]
fn lookups<K: Hash + Eq, B: BuildHasher>(map: &HashMap<K, u32, B>, probes: &[K], laps: u64) -> u64 {
    let mut sum = 0u64;
    for _ in 0..laps {
        sum = sum.wrapping_add(lap_of(map, black_box(probes)));
    }
    sum
}

/// `map.get` of each of `probes`, the values found summed: the program's loop, compiled
/// for `K` and `B` alone, a function of its own over a slice of keys as the catalogue's
/// is. Each key is read as it is: through `black_box` it would be stored to the stack and
/// loaded back before each lookup, which a program's loop does not do. Written with the
/// laps inside one function instead, the loop read well above hashbench's on misses at
/// 1,024 `u64` keys in one build and agreed with it in another (session 31): at a
/// nanosecond a lookup, how the compiler shapes and places the loop moves it
/// (docs/hash-tables.md, "Held to a direct loop").
#[inline(never)]
fn lap_of<K: Hash + Eq, B: BuildHasher>(map: &HashMap<K, u32, B>, probes: &[K]) -> u64 {
    let mut sum = 0u64;
    for k in probes {
        sum = sum.wrapping_add(u64::from(map.get(k).copied().unwrap_or(0)));
    }
    sum
}
