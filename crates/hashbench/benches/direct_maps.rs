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
//! summing what it finds; a build inserts the set's first keys, in their order, into a
//! map made empty and drops it when full, and churn removes the first key of a window
//! over both halves (shuffled) and inserts the one after its end, as `hashbench maps`
//! does (`map_loop::timed_builds`, `map_loop::timed_churn`). The key does not go through `black_box`, in this loop or the
//! catalogue's: that stores its address to the stack and loads it back before each lookup,
//! which a program's loop does not do. Each map is warmed as hashbench warms a round's
//! (until its passes stop getting faster, at most 0.1 s), then timed in batches of at
//! least 200 µs, the median of 31 or of those 0.1 s holds (five at least), on `MAPS` (5)
//! maps made anew, whose medians make one figure as `hashbench_stats::undisturbed` makes
//! one of rounds. hashbench's figure is `hashbench_commands::maps::measure_on`'s, the code
//! path of `hashbench maps`, asked for that one cell on the same key sets, in `MAPS` rounds
//! (each on a map made anew) of 0.1 s. The two
//! are taken one right after the other, cell by cell, `DIRECT_REPS` times (default 5), the
//! first of the two alternating by rep; a cell's ratio is the median of its reps' ratios,
//! each of which is listed. `DIRECT_MAPS_ONLY="miss 1024"` keeps the cells whose
//! "hasher keys size workload" holds every word given.
//!
//! A cell whose reps leave its ratio undecided (the median's interval, about 95 % from the
//! reps' order statistics, reaching across 0.90 or 1.10) gets more reps, in passes over
//! every such cell, up to `DIRECT_REPS_MOST` (default 15): lookups in a map past L2 wait
//! on memory, whose speed on the development VM moves 10-50 % within seconds, so that two
//! figures taken seconds apart read up to 15 % apart either way with nothing between them
//! but time (2026-12-01: SipHash's word hits at 262,144 keys read 83.6 ns direct in one
//! call and 55.6 in the next, their reps' ratios 0.80-1.03 and 0.96-1.15).
//!
//! Within: the ratio within 10 %; "undecided" where its interval still reaches across the
//! bar after the most reps. The table is Markdown, to paste into docs/hash-tables.md.

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

/// The direct loop's median ns per operation over `MAPS` maps, each made anew from a
/// settled heap, as hashbench makes each of its maps: otherwise the string keys' copies
/// reuse what the last map freed, scattered.
fn direct<K: Hash + Eq + Clone, B: BuildHasher + Clone>(
    build: &B,
    keys: &[K],
    n: usize,
    op: MapOp,
) -> f64 {
    let warm = Duration::from_millis(100);
    let rounds: Vec<hashbench_stats::Round> = (0..MAPS)
        .map(|r| {
            hashbench_engine::settle_heap();
            // Both halves of the set in a shuffled order: a lookup's visits, churn's
            // window. A build inserts the first half in the set's order.
            let mut order: Vec<u32> = (0..2 * n as u32).collect();
            let mut rng = SplitMix64::new(r);
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i as u64 + 1) as usize);
            }
            let ns = match op {
                MapOp::Build => map_loop::timed_builds(build, &keys[..n], warm),
                MapOp::Hit | MapOp::Miss => {
                    let map = filled(build, keys, &(0..n as u32).collect::<Vec<_>>());
                    // The keys to look up, in the order visited: what a program loops over.
                    let probes: Vec<K> = order
                        .iter()
                        .filter(|&&i| (i < n as u32) == (op == MapOp::Hit))
                        .map(|&i| keys[i as usize].clone())
                        .collect();
                    map_loop::timed(&map, &probes, warm)
                }
                MapOp::Churn => {
                    let mut map = filled(build, keys, &order[..n]);
                    map_loop::timed_churn(&mut map, keys, &order, warm)
                }
            };
            hashbench_stats::Round::exact(ns)
        })
        .collect();
    hashbench_stats::undisturbed(&rounds)
        .expect("rounds measured")
        .median_ns
}

/// A map made for the `keys` at `which` (values their index), with room for them.
fn filled<K: Hash + Eq + Clone, B: BuildHasher + Clone>(
    build: &B,
    keys: &[K],
    which: &[u32],
) -> HashMap<K, u32, B> {
    let mut map = HashMap::with_capacity_and_hasher(which.len(), build.clone());
    for &i in which {
        map.insert(keys[i as usize].clone(), i);
    }
    map
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
    let env = |name: &str, default: usize| -> usize {
        std::env::var(name)
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(default)
    };
    let reps = env("DIRECT_REPS", 5).max(1);
    let most = env("DIRECT_REPS_MOST", 15).max(reps);
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
                for op in MapOp::ALL {
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
    let mut pass = 0;
    loop {
        let todo: Vec<usize> = (0..cells.len())
            .filter(|&i| pairs[i].len() < reps || (pairs[i].len() < most && !decided(&pairs[i])))
            .collect();
        if todo.is_empty() {
            break;
        }
        pass += 1;
        eprintln!("pass {pass}: {} cells", todo.len());
        for i in todo {
            let (h, set, n, op) = cells[i];
            let rep = pairs[i].len();
            let (d, ours) = if rep.is_multiple_of(2) {
                let d = direct_of(h, &sets[set], n, op);
                (d, hashbench_of(cells[i], &sets))
            } else {
                let ours = hashbench_of(cells[i], &sets);
                (direct_of(h, &sets[set], n, op), ours)
            };
            pairs[i].push((d, ours));
        }
    }
    println!(
        "| hasher | keys | map size | workload | direct ns | hashbench ns | ratio [~95 %] | reps' ratios | within 10 % |"
    );
    println!("|---|---|---:|---|---:|---:|---:|---|---|");
    let (mut within_count, mut undecided_count) = (0, 0);
    for ((h, set, n, op), pair) in cells.iter().zip(&pairs) {
        let d = median_interval(&pair.iter().map(|p| p.0).collect::<Vec<_>>()).0;
        let ours = median_interval(&pair.iter().map(|p| p.1).collect::<Vec<_>>()).0;
        let ratios: Vec<f64> = pair.iter().map(|p| p.1 / p.0).collect();
        let (ratio, lo, hi) = median_interval(&ratios);
        let within = (ratio - 1.0).abs() <= BAR;
        within_count += usize::from(within);
        let verdict = if !decided(pair) {
            undecided_count += 1;
            if within {
                "yes (undecided)"
            } else {
                "no (undecided)"
            }
        } else if within {
            "yes"
        } else {
            "no"
        };
        let each: Vec<String> = ratios.iter().map(|r| format!("{r:.2}")).collect();
        println!(
            "| {h} | {} | {n} | {op} | {d:.2} | {ours:.2} | {ratio:.2} [{lo:.2}, {hi:.2}] | {} | {verdict} |",
            sets[*set].name,
            each.join(", "),
        );
    }
    println!();
    println!(
        "within 10 %: {within_count} of {} cells ({undecided_count} undecided after {most} reps)",
        cells.len()
    );
}

/// How far hashbench's figure may sit from the direct loop's.
const BAR: f64 = 0.10;

/// Whether a cell's reps place its median ratio on one side of the bar: its interval
/// wholly within 10 % of 1, or wholly outside.
fn decided(pairs: &[(f64, f64)]) -> bool {
    let ratios: Vec<f64> = pairs.iter().map(|p| p.1 / p.0).collect();
    let (_, lo, hi) = median_interval(&ratios);
    let inside = |r: f64| (r - 1.0).abs() <= BAR;
    (inside(lo) && inside(hi)) || hi < 1.0 - BAR || lo > 1.0 + BAR
}

/// The median of `v` and an interval for it from its order statistics: the `j`-th
/// smallest and largest, `j` the largest for which the interval covers the median with
/// probability at least 93 % (the sign test: 1 - 2 P(Binomial(n, 1/2) < j)), or the
/// least and greatest where no `j` does (five reps: 93.75 %; fifteen: j = 4, 96.5 %).
fn median_interval(v: &[f64]) -> (f64, f64, f64) {
    let mut s = v.to_vec();
    s.sort_by(f64::total_cmp);
    let n = s.len();
    let mut j = 1;
    while j < n / 2 && 1.0 - 2.0 * binomial_below(n, j + 1) >= 0.93 {
        j += 1;
    }
    (s[n / 2], s[j - 1], s[n - j])
}

/// P(Binomial(n, 1/2) < k).
fn binomial_below(n: usize, k: usize) -> f64 {
    let mut c = 1.0; // n choose 0
    let mut sum = 0.0;
    for i in 0..k {
        sum += c;
        c = c * (n - i) as f64 / (i + 1) as f64;
    }
    sum / 2f64.powi(n as i32)
}
