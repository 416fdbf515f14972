//! Where a map lands moves its lookups: the same keys, hasher and loop, timed on one map
//! after another in one process, each made anew from a settled heap. The figures behind
//! docs/hash-tables.md's "Interleaved cell by cell" and "Not yet held: maps larger than L2".
//!
//! ```sh
//! for i in 1 2 3; do cargo bench -p hashbench --bench map_places; done
//! for i in 1 2 3; do MAP_PLACES_KEEP=1 cargo bench -p hashbench --bench map_places; done
//! ```
//!
//! Two parts, each `MAP_PLACES_MAPS` maps (default 12) of 262,144 keys:
//! - aHash (the catalogue's seeds) on `random-u64` keys, lookups that miss, in a loop of
//!   the bench's own (`map_loop`, the one `direct_maps` times): each map's ns per lookup
//!   (median of 31 batches of at least 200 µs, or of those 0.1 s holds, five at least).
//!   With `MAP_PLACES_KEEP=1` every map is kept until the end, so each new one lands
//!   beside the others; otherwise each is dropped before the next is made.
//! - FxHash on `serial` keys, lookups that hit: the loop of the first part and
//!   `hashbench maps`' code path (`hashbench_commands::maps::measure_on`, one round, that
//!   one cell) taken in turn, a map each; then the catalogue's own map (`MapBench`, as
//!   `hashbench maps` makes it) timed by whole laps of its `run`, with no engine around it,
//!   and through the engine alone (one 0.1 s round a map).
//! - A map left alone goes cold: FxHash's maps again, each left unused for 50 ms, then
//!   timed in short batches after 0, 1 or 2 passes over it, and in an engine round.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use hashbench_catalog::map::MapOp;
use hashbench_commands::maps::{measure_on, Ask};
use hashbench_quality::keys::{random_u64, serial};
use hashbench_quality::rng::SplitMix64;
use hashbench_quality::Keys;

// Only its lookups: the builds and churn are `direct_maps`'.
#[allow(dead_code)]
mod map_loop;

const KEYS: usize = 262_144;

/// A map of `keys[..KEYS]` made from a settled heap, and the keys to look up (the next
/// `KEYS` for misses, the same for hits), shuffled by `seed`.
fn map_and_probes<B: BuildHasher + Clone>(
    build: &B,
    keys: &[u64],
    op: MapOp,
    seed: u64,
) -> (HashMap<u64, u32, B>, Vec<u64>) {
    hashbench_engine::settle_heap();
    let mut map = HashMap::with_capacity_and_hasher(KEYS, build.clone());
    for (i, k) in keys[..KEYS].iter().enumerate() {
        map.insert(*k, i as u32);
    }
    let mut probes: Vec<u64> = match op {
        MapOp::Miss => keys[KEYS..2 * KEYS].to_vec(),
        _ => keys[..KEYS].to_vec(),
    };
    let mut rng = SplitMix64::new(seed);
    for i in (1..probes.len()).rev() {
        probes.swap(i, rng.below(i as u64 + 1) as usize);
    }
    (map, probes)
}

fn u64_keys(set: &hashbench_quality::KeySet) -> &[u64] {
    match &set.keys {
        Keys::U64(k) => k,
        _ => unreachable!("a u64 set"),
    }
}

fn main() {
    let maps: u64 = std::env::var("MAP_PLACES_MAPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(12);
    let keep = std::env::var_os("MAP_PLACES_KEEP").is_some_and(|v| v == "1");

    let random = random_u64(2 * KEYS, 1);
    let ahash = ahash::RandomState::with_seeds(0, 0, 0, 0);
    let mut kept = Vec::new();
    let mut each = Vec::new();
    for m in 0..maps {
        let (map, probes) = map_and_probes(&ahash, u64_keys(&random), MapOp::Miss, m);
        each.push(format!(
            "{:.1}",
            map_loop::timed(&map, &probes, Duration::ZERO)
        ));
        if keep {
            kept.push(map);
        }
    }
    println!(
        "aHash, random-u64, {KEYS} keys, miss, ns per lookup, map by map ({}): {}",
        if keep { "all kept" } else { "each dropped" },
        each.join(", ")
    );
    drop(kept);

    let serial_keys = serial(2 * KEYS);
    let (mut direct, mut ours) = (Vec::new(), Vec::new());
    let ask = Ask {
        implementations: vec!["fxhash/rustc-hash".to_string()],
        sets: vec!["serial".to_string()],
        workloads: vec![MapOp::Hit],
        entries: vec![KEYS.to_string()],
        time: 0.1,
        rounds: 1,
        ..Ask::default()
    };
    for m in 0..maps {
        let build = rustc_hash::FxBuildHasher;
        let (map, probes) = map_and_probes(&build, u64_keys(&serial_keys), MapOp::Hit, m);
        direct.push(format!(
            "{:.1}",
            map_loop::timed(&map, &probes, Duration::ZERO)
        ));
        drop(map);
        let doc = measure_on(
            &ask,
            std::slice::from_ref(&serial_keys),
            &mut |_| {},
            &mut |_| {},
            &AtomicBool::new(false),
        )
        .expect("maps measured");
        let rounds = doc.cells[0].paired.as_ref().map(|p| p.round_medians_ns[0]);
        ours.push(format!("{:.1}", rounds.unwrap_or(doc.cells[0].ns)));
    }
    println!("FxHash, serial, {KEYS} keys, hit, ns per lookup, map by map:");
    println!("  the bench's loop: {}", direct.join(", "));
    println!("  hashbench maps' first round: {}", ours.join(", "));

    // The catalogue's map, as `hashbench maps` makes it (`MapBench`), timed by whole laps
    // of its own `run` with no engine around it: what is left of hashbench's slow maps
    // without its batches and warm-up.
    let imp =
        hashbench_catalog::find_implementation("fxhash/rustc-hash").expect("in the catalogue");
    let mut order: Vec<u32> = (0..u32::try_from(2 * KEYS).expect("fits")).collect();
    let mut rng = SplitMix64::new(7);
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i as u64 + 1) as usize);
    }
    let spec = hashbench_catalog::map::MapSpec {
        keys: &serial_keys.keys,
        entries: KEYS,
        op: MapOp::Hit,
        order: order.into(),
        place: 0,
    };
    let mut laps = Vec::new();
    for _ in 0..maps {
        hashbench_engine::settle_heap();
        let mut bench = imp
            .instantiate()
            .map_err(|e| e.0)
            .and_then(|h| h.map_bench(&spec))
            .expect("a map");
        let lap = |bench: &mut Box<dyn hashbench_catalog::map::MapBench>| {
            let t0 = Instant::now();
            bench.run(KEYS as u64);
            t0.elapsed().as_secs_f64() * 1e9 / KEYS as f64
        };
        lap(&mut bench);
        let mut per: Vec<f64> = (0..31).map(|_| lap(&mut bench)).collect();
        per.sort_by(f64::total_cmp);
        laps.push(format!("{:.1}", per[15]));
    }
    println!("  the catalogue's map by whole laps: {}", laps.join(", "));

    // The same map through the engine alone, one round each, as `maps` times a round
    // (`hashbench_engine::CellState::round` with a 0.1 s budget), without the drift
    // references or anything else of `maps::measure_on` around it.
    let engine = hashbench_engine::Config {
        time_budget: std::time::Duration::from_secs_f64(0.1),
        ..hashbench_engine::Config::default()
    };
    let mut rounds = Vec::new();
    for _ in 0..maps {
        hashbench_engine::settle_heap();
        let bench = imp
            .instantiate()
            .map_err(|e| e.0)
            .and_then(|h| h.map_bench(&spec))
            .expect("a map");
        rounds.push(format!("{:.1}", engine_round(imp, bench, &engine)));
    }
    println!(
        "  the catalogue's map through the engine: {}",
        rounds.join(", ")
    );
    cold_maps(imp, &spec, maps);
}

/// How long a map had been left alone: each of `maps` maps is made, left unused for
/// [`IDLE`] (the thread spins, reading nothing), then passed over 0, 1 or 2 times
/// (`MapBench::run` of a whole pass), then timed as an engine round times it at the
/// start (batches doubled until one takes 50 µs, then 15 of them, their median); and
/// one more map each, left alone as long, then one engine round (which makes its
/// kernel's own passes, `MapKernel::warm`).
fn cold_maps(
    imp: &'static hashbench_catalog::Implementation,
    spec: &hashbench_catalog::map::MapSpec<'_>,
    maps: u64,
) {
    const IDLE: Duration = Duration::from_millis(50);
    let make = || {
        hashbench_engine::settle_heap();
        let bench = imp
            .instantiate()
            .map_err(|e| e.0)
            .and_then(|h| h.map_bench(spec))
            .expect("a map");
        let idle = Instant::now();
        while idle.elapsed() < IDLE {
            std::hint::spin_loop();
        }
        bench
    };
    let mut lines: Vec<Vec<String>> = vec![Vec::new(); 4];
    for _ in 0..maps {
        for passes in 0..3u64 {
            let mut bench = make();
            bench.run(passes * bench.pass());
            let mut iters = 1u64;
            loop {
                let t0 = Instant::now();
                bench.run(iters);
                if t0.elapsed() >= Duration::from_micros(50) {
                    break;
                }
                iters *= 2;
            }
            let mut per: Vec<f64> = (0..15)
                .map(|_| {
                    let t0 = Instant::now();
                    bench.run(iters);
                    t0.elapsed().as_secs_f64() * 1e9 / iters as f64
                })
                .collect();
            per.sort_by(f64::total_cmp);
            lines[passes as usize].push(format!("{:.1}", per[7]));
        }
        let engine = hashbench_engine::Config {
            time_budget: Duration::from_secs_f64(0.1),
            ..hashbench_engine::Config::default()
        };
        lines[3].push(format!("{:.1}", engine_round(imp, make(), &engine)));
    }
    println!("FxHash, serial, {KEYS} keys, hit, each map left alone 50 ms, ns per lookup:");
    for (i, line) in lines.iter().enumerate() {
        let what = match i {
            0..=2 => format!("then {i} passes, short batches"),
            _ => "then an engine round".to_string(),
        };
        println!("  {what}: {}", line.join(", "));
    }
}

/// ns per lookup of one engine round on `bench` (`CellState::round`, as `maps` times a
/// round), its answers checked.
fn engine_round(
    imp: &'static hashbench_catalog::Implementation,
    bench: Box<dyn hashbench_catalog::map::MapBench>,
    engine: &hashbench_engine::Config,
) -> f64 {
    let mut kernel = hashbench_engine::MapKernel::new(imp.id, bench);
    let mut work = hashbench_engine::Workload::plain(hashbench_engine::Input::new(0, 0, 0));
    let mut state = hashbench_engine::CellState::new();
    state
        .round(
            &mut kernel,
            &mut work,
            engine,
            Some(&hashbench_engine::MAP_CORRECT),
            &AtomicBool::new(false),
        )
        .expect("a round");
    state.round_medians()[0]
}
