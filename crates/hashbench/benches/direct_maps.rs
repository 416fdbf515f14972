//! `hashbench maps` against a hand-written loop over the same `HashMap`, hasher and keys,
//! interleaved in one session: the map workloads' figures, held to what a program's own
//! loop takes.
//!
//! ```sh
//! cargo bench -p hashbench --bench direct_maps
//! ```
//!
//! For each hasher, key set and size, the direct loop fills
//! `HashMap::with_capacity_and_hasher`, made from a settled heap
//! (`hashbench_engine::settle_heap`) as hashbench makes its maps, with the set's first keys
//! (values their index, as `hashbench maps` does) and looks up, in a shuffled order, the
//! same keys (hit) or the set's next ones (miss), from a `Vec` of the keys in that order,
//! summing what it finds. The key does not go through `black_box`, in this loop or the
//! catalogue's: that stores its address to the stack and loads it back before each lookup,
//! which a program's loop does not do. Batches of at least 200 µs, median of 31, on `MAPS` (5)
//! maps made anew, whose medians make one figure as `hashbench_stats::undisturbed` makes
//! one of rounds. hashbench's figure is `hashbench_commands::maps::measure_on`'s, the code
//! path of `hashbench maps`, asked for that one cell on the same key sets, in `MAPS` rounds
//! (each on a map made anew) of 0.1 s. The two
//! are taken one right after the other, cell by cell, `DIRECT_REPS` times (default 3), the
//! first of the two alternating by rep; a cell's ratio is the median of its reps' ratios,
//! each of which is listed. `DIRECT_MAPS_ONLY="miss 1024"` keeps the cells whose
//! "hasher keys size workload" holds every word given.
//!
//! Within: the ratio within 10 %. The table is Markdown, to paste into
//! docs/hash-tables.md.

use std::collections::HashMap;
use std::hash::{BuildHasher, BuildHasherDefault, Hash};
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_catalog::map::MapOp;
use hashbench_commands::maps::{measure_on, Ask};
use hashbench_quality::keys::{random_u64, serial, words};
use hashbench_quality::rng::SplitMix64;
use hashbench_quality::{KeySet, Keys};

mod map_loop;

const SIZES: [usize; 2] = [1024, 262_144];
/// Maps per figure, each made anew, on each side: the direct loop's, and hashbench's
/// rounds. A map of 262,144 `words` reads up to 20 % apart from the next one made the
/// same way (where its strings and table land), so three on each side left the two
/// figures' ratio as wide as the bar (2026-11-30: 0.86-1.47 over the reps of one cell).
const MAPS: u64 = 5;
const SETS: [&str; 3] = ["serial", "random-u64", "words"];
const HASHERS: [&str; 4] = [
    "fxhash/rustc-hash",
    "foldhash-fast/foldhash",
    "ahash-fallback/ahash",
    "siphash-1-3/std",
];

/// The median ns per lookup of the direct loop, on a new map, and of two more.
fn direct<K: Hash + Eq + Clone, B: BuildHasher + Clone>(
    build: &B,
    keys: &[K],
    n: usize,
    op: MapOp,
) -> f64 {
    let rounds: Vec<hashbench_stats::Round> = (0..MAPS)
        .map(|r| {
            // From a settled heap, as hashbench makes each of its maps: otherwise the
            // string keys' copies reuse what the last map's freed, scattered.
            hashbench_engine::settle_heap();
            let mut map = HashMap::with_capacity_and_hasher(n, build.clone());
            for (i, k) in keys[..n].iter().enumerate() {
                map.insert(k.clone(), i as u32);
            }
            let mut order: Vec<usize> = match op {
                MapOp::Miss => (n..2 * n).collect(),
                _ => (0..n).collect(),
            };
            let mut rng = SplitMix64::new(r);
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            // The keys to look up, in the order visited: what a program loops over.
            let probes: Vec<K> = order.iter().map(|&i| keys[i].clone()).collect();
            hashbench_stats::Round::exact(map_loop::timed(&map, &probes, Duration::from_millis(20)))
        })
        .collect();
    hashbench_stats::undisturbed(&rounds)
        .expect("rounds measured")
        .median_ns
}

/// The direct figure of `hasher` on `set`, with the catalogue's seed for its build.
fn direct_of(hasher: &str, set: &KeySet, n: usize, op: MapOp) -> f64 {
    fn typed<B: BuildHasher + Clone>(b: &B, set: &KeySet, n: usize, op: MapOp) -> f64 {
        match &set.keys {
            Keys::U64(k) => direct(b, k, n, op),
            Keys::Id16(k) => direct(b, k, n, op),
            Keys::Str(k) => direct(b, k, n, op),
            Keys::Bytes(_) => unreachable!("generated sets are typed"),
        }
    }
    match hasher {
        "fxhash/rustc-hash" => typed(&rustc_hash::FxBuildHasher, set, n, op),
        "foldhash-fast/foldhash" => typed(&foldhash::fast::FixedState::with_seed(0), set, n, op),
        "ahash-fallback/ahash" => typed(&ahash::RandomState::with_seeds(0, 0, 0, 0), set, n, op),
        "siphash-1-3/std" => typed(
            &BuildHasherDefault::<std::hash::DefaultHasher>::default(),
            set,
            n,
            op,
        ),
        other => unreachable!("no direct loop for {other}"),
    }
}

/// A cell: (hasher, key set, map size, workload).
type Cell = (&'static str, usize, usize, MapOp);

/// hashbench's figure for one cell: `hashbench maps` restricted to it, on the same keys.
fn hashbench_of(cell: Cell, sets: &[KeySet]) -> f64 {
    let (h, set, n, op) = cell;
    let ask = Ask {
        implementations: vec![h.to_string()],
        sets: vec![sets[set].name.clone()],
        workloads: vec![op],
        entries: vec![n.to_string()],
        time: 0.1 * MAPS as f64,
        rounds: MAPS,
        ..Ask::default()
    };
    let doc = measure_on(
        &ask,
        std::slice::from_ref(&sets[set]),
        &mut |_| {},
        &mut |_| {},
        &AtomicBool::new(false),
    )
    .expect("maps measured");
    assert_eq!(doc.cells.len(), 1, "one cell asked for");
    doc.cells[0].ns
}

fn main() {
    let reps: usize = std::env::var("DIRECT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let largest = SIZES[SIZES.len() - 1];
    let sets = [
        serial(2 * largest),
        random_u64(2 * largest, 1),
        words(2 * largest, 2),
    ];
    assert!(sets.iter().map(|s| s.name.as_str()).eq(SETS));
    // DIRECT_MAPS_ONLY=miss (or "fxhash", "words 1024"...): the cells whose
    // "hasher set size workload" contains every word given.
    let only = std::env::var("DIRECT_MAPS_ONLY").unwrap_or_default();
    let mut cells: Vec<Cell> = Vec::new();
    for h in HASHERS {
        for (set, set_name) in SETS.iter().enumerate() {
            for n in SIZES {
                for op in [MapOp::Hit, MapOp::Miss] {
                    let name = format!("{h} {set_name} {n} {op}");
                    if only.split_whitespace().all(|w| name.contains(w)) {
                        cells.push((h, set, n, op));
                    }
                }
            }
        }
    }
    // Per cell and rep: the direct figure and hashbench's, taken one right after the
    // other (which goes first alternates by rep), so that both meet the same state of
    // the machine: on the development VM a state of the machine moves L2-sized lookups up
    // to 3x for seconds at a time, far longer than a cell and far shorter than a whole pass.
    let mut pairs: Vec<Vec<(f64, f64)>> = vec![Vec::new(); cells.len()];
    for rep in 0..reps {
        eprintln!("rep {}/{reps}", rep + 1);
        for (cell, pair) in cells.iter().zip(&mut pairs) {
            let (h, set, n, op) = *cell;
            let (d, ours) = if rep % 2 == 0 {
                let d = direct_of(h, &sets[set], n, op);
                (d, hashbench_of(*cell, &sets))
            } else {
                let ours = hashbench_of(*cell, &sets);
                (direct_of(h, &sets[set], n, op), ours)
            };
            pair.push((d, ours));
        }
    }
    println!(
        "| hasher | keys | map size | workload | direct ns | hashbench ns | ratio | reps' ratios | within 10 % |"
    );
    println!("|---|---|---:|---|---:|---:|---:|---|---|");
    let mut within_count = 0;
    for ((h, set, n, op), pair) in cells.iter().zip(&pairs) {
        let d = median(&mut pair.iter().map(|p| p.0).collect::<Vec<_>>());
        let ours = median(&mut pair.iter().map(|p| p.1).collect::<Vec<_>>());
        let mut ratios: Vec<f64> = pair.iter().map(|p| p.1 / p.0).collect();
        let ratio = median(&mut ratios);
        let within = (ratio - 1.0).abs() <= 0.10;
        within_count += usize::from(within);
        let each: Vec<String> = pair.iter().map(|p| format!("{:.2}", p.1 / p.0)).collect();
        println!(
            "| {h} | {} | {n} | {op} | {d:.2} | {ours:.2} | {ratio:.2} | {} | {} |",
            sets[*set].name,
            each.join(", "),
            if within { "yes" } else { "no" }
        );
    }
    println!();
    println!("within 10 %: {within_count} of {} cells", cells.len());
}

fn median(v: &mut [f64]) -> f64 {
    v.sort_by(f64::total_cmp);
    v[v.len() / 2]
}
