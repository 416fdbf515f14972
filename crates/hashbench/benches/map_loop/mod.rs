//! The loops the map benches share (`direct_maps`, `map_places`): a program's own
//! lookups, builds and churn over a map, and how they are timed.

use std::collections::HashMap;
use std::hash::{BuildHasher, Hash};
use std::hint::black_box;
use std::time::{Duration, Instant};

/// Batches per figure (at most, and at least), the least time one batch takes, and the
/// time after which no more batches are taken once the least are.
const SAMPLES: usize = 31;
const LEAST_SAMPLES: usize = 5;
const MIN_BATCH_NS: f64 = 200_000.0;
/// About an engine round's (`hashbench maps`' 0.1 s a round, 5 rounds a cell in
/// `direct_maps`): a map past L2 takes 10-90 ms a pass, and 31 of them took the direct
/// loop 0.3-3 s a map against hashbench's 0.1 s, so that the two figures of a pair met
/// the machine's memory at times seconds apart, and over spans of other lengths.
const SAMPLING: Duration = Duration::from_millis(100);

/// ns per lookup of `probes` in `map`, [`sampled`].
pub fn timed<K: Hash + Eq, B: BuildHasher>(
    map: &HashMap<K, u32, B>,
    probes: &[K],
    warm: Duration,
) -> f64 {
    sampled(
        |laps| {
            let t0 = Instant::now();
            black_box(lookups(map, probes, laps));
            (t0.elapsed().as_secs_f64() * 1e9, laps * probes.len() as u64)
        },
        warm,
    )
}

/// ns per insert of whole builds of a map of `keys` (each key's index its value), made
/// empty with nothing reserved and dropped when full, as a `build` cell does; [`sampled`].
pub fn timed_builds<K: Hash + Eq + Clone, B: BuildHasher + Clone>(
    build: &B,
    keys: &[K],
    warm: Duration,
) -> f64 {
    sampled(
        |laps| {
            let t0 = Instant::now();
            black_box(builds(build, keys, laps));
            (t0.elapsed().as_secs_f64() * 1e9, laps * keys.len() as u64)
        },
        warm,
    )
}

/// ns per step of churn over `map`, which holds the `n` keys of `order` from `*pos` on:
/// each step removes the key at `*pos` and inserts the one `n` further (wrapping), as a
/// `churn` cell does; a pass is `n` steps; [`sampled`].
pub fn timed_churn<K: Hash + Eq + Clone, B: BuildHasher>(
    map: &mut HashMap<K, u32, B>,
    keys: &[K],
    order: &[u32],
    warm: Duration,
) -> f64 {
    let n = map.len();
    let mut pos = 0;
    sampled(
        |laps| {
            let t0 = Instant::now();
            black_box(churns(map, keys, order, &mut pos, laps * n as u64));
            (t0.elapsed().as_secs_f64() * 1e9, laps * n as u64)
        },
        warm,
    )
}

/// ns per operation of `lap(laps)`, which does `laps` passes and says how long they took
/// (ns) and how many operations they were: the pass count doubled until a batch takes
/// 200 µs, warmed until steady for at most `warm`, then the median of 31 batches, or of
/// those taken in 0.1 s where that is fewer (five at least).
pub fn sampled(mut lap: impl FnMut(u64) -> (f64, u64), warm: Duration) -> f64 {
    let mut per_op = |laps: u64| {
        let (ns, ops) = lap(laps);
        (ns / ops as f64, ns)
    };
    let mut laps = 1;
    while per_op(laps).1 <= MIN_BATCH_NS {
        laps *= 2;
    }
    // Warmed as hashbench warms a round's map (`Kernel::warm`): batches until two in a row
    // are no more than 1 % faster than the fastest before them, for at most `warm`. A map
    // just made is slow for several passes; a fixed 20 ms left part of that in the figure
    // of a map past L2, whose pass alone takes 10-90 ms.
    let start = Instant::now();
    let mut warming = hashbench_engine::Warming::new();
    while start.elapsed() < warm && !warming.step(per_op(laps).0) {}
    let sampling = Instant::now();
    let mut per: Vec<f64> = Vec::with_capacity(SAMPLES);
    while per.len() < SAMPLES && (per.len() < LEAST_SAMPLES || sampling.elapsed() < SAMPLING) {
        per.push(per_op(laps).0);
    }
    per.sort_by(f64::total_cmp);
    per[per.len() / 2]
}

/// `laps` builds of a map of `keys`, each made empty and dropped when full: the sum of
/// their lengths.
#[inline(never)]
fn builds<K: Hash + Eq + Clone, B: BuildHasher + Clone>(build: &B, keys: &[K], laps: u64) -> usize {
    let mut total = 0;
    for _ in 0..laps {
        let mut map = HashMap::with_hasher(build.clone());
        for (i, k) in black_box(keys).iter().enumerate() {
            map.insert(k.clone(), i as u32);
        }
        total += map.len();
    }
    total
}

/// `steps` of churn: remove the key at `*pos` of `order`, insert the one `map.len()`
/// further; the count of keys that were not where they should have been (0).
#[inline(never)]
fn churns<K: Hash + Eq + Clone, B: BuildHasher>(
    map: &mut HashMap<K, u32, B>,
    keys: &[K],
    order: &[u32],
    pos: &mut usize,
    steps: u64,
) -> u64 {
    let (n, len) = (map.len(), order.len());
    let mut wrong = 0;
    for _ in 0..steps {
        wrong += u64::from(map.remove(&keys[order[*pos] as usize]).is_none());
        let i = order[(*pos + n) % len];
        wrong += u64::from(map.insert(keys[i as usize].clone(), i).is_some());
        *pos += 1;
        if *pos == len {
            *pos = 0;
        }
    }
    wrong
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
