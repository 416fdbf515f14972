//! hashbench's typed-key cells (`keys:*`: `BuildHasher::hash_one` on a typed key, as a
//! hash map calls a hasher) against a hand-written direct loop over the same call,
//! interleaved in one session.
//!
//! ```sh
//! cargo bench -p hashbench --bench direct_keys
//! ```
//!
//! For each implementation and key, the direct loop is `black_box(build.hash_one(key))`
//! on the library's `BuildHasher` with the catalogue's fixed seed, the key made from the
//! input as a `keys:*` cell makes it (a `u64` read from its 8 bytes in each call, a
//! `[u8; 16]` copied from its 16 bytes in each call, a string made once), in batches
//! calibrated to at least 200 µs, median of 31 batches. hashbench's figure is what
//! `hashbench run --pattern keys:KIND` reports (throughput mode, the runner library
//! with its default budget, precision and rounds, no baselines). The two alternate
//! `DIRECT_REPS` times (default 3); each figure is the median of its reps. Within:
//! hashbench within 10 % or 0.5 ns of the direct loop, the bar of the byte API's bench
//! (`direct`). The table is Markdown, for docs/hash-tables.md.

use std::hash::BuildHasher;
use std::hint::black_box;
use std::sync::atomic::AtomicBool;

use hashbench_engine::Input;
use hashbench_model::{KeyKind, Pattern};
use hashbench_plan::{RunPlan, SizeSpec};
use hashbench_runner::Quiet;

mod common;
use common::{direct_median, floor_median, median, Batch};

/// The keys compared, each at its size: a `u64`, a 16-byte id, a 32-byte string.
const KEYS: [(KeyKind, u64); 3] = [(KeyKind::U64, 8), (KeyKind::Id16, 16), (KeyKind::Str, 32)];

/// The three direct loops of one `BuildHasher`, one per key kind, compiled for it.
macro_rules! direct_keys {
    ($build:expr) => {
        [
            |input: &[u8], iters: u64| {
                let b = $build;
                for _ in 0..iters {
                    let i = black_box(input);
                    let key = u64::from_le_bytes(*i.first_chunk::<8>().expect("8 bytes"));
                    black_box(b.hash_one(key));
                }
            },
            |input: &[u8], iters: u64| {
                let b = $build;
                for _ in 0..iters {
                    let key: [u8; 16] = *black_box(input).first_chunk().expect("16 bytes");
                    black_box(b.hash_one(&key));
                }
            },
            |input: &[u8], iters: u64| {
                let b = $build;
                let text: String = input.iter().map(|&c| char::from(c & 0x7f)).collect();
                for _ in 0..iters {
                    black_box(b.hash_one(black_box(text.as_str())));
                }
            },
        ] as [Batch; 3]
    };
}

/// The implementations compared: catalogue id, and its direct loops by key kind. The
/// `BuildHasher`s are those of crates/hashbench-catalog/src/impls/keyed.rs.
fn cases() -> Vec<(&'static str, [Batch; 3])> {
    vec![
        (
            "foldhash-fast/foldhash",
            direct_keys!(foldhash::fast::FixedState::with_seed(0)),
        ),
        (
            "foldhash-quality/foldhash",
            direct_keys!(foldhash::quality::FixedState::with_seed(0)),
        ),
        (
            "rapidhash-fast/rapidhash",
            direct_keys!(std::hash::BuildHasherDefault::<
                rapidhash::fast::RapidHasher<'static>,
            >::default()),
        ),
        ("fxhash/rustc-hash", direct_keys!(rustc_hash::FxBuildHasher)),
        (
            "ahash-fallback/ahash",
            direct_keys!(ahash::RandomState::with_seeds(0, 0, 0, 0)),
        ),
        (
            "wyhash-final4/wyhash-final4",
            direct_keys!(wyhash_final4::generics::WyHasher::<wyhash_final4::WyHash64>::default()),
        ),
        (
            "siphash-1-3/std",
            direct_keys!(std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default()),
        ),
        (
            "xxh3-64/xxhash-rust",
            direct_keys!(xxhash_rust::xxh3::Xxh3DefaultBuilder::new()),
        ),
    ]
}

/// One `hashbench run` of every case with `kind` at `size`: median ns per call by id.
fn hashbench_medians(ids: &[&str], kind: KeyKind, size: u64) -> Vec<(String, f64)> {
    let implementations = ids
        .iter()
        .map(|id| hashbench_catalog::find_implementation(id).expect("in the catalogue"))
        .collect();
    let mut plan = RunPlan {
        implementations,
        baselines: false,
        ..RunPlan::default()
    };
    plan.options.sizes = SizeSpec::List(vec![size.into()]);
    plan.options.patterns = vec![Pattern::Keys(kind)];
    let measured =
        hashbench_runner::run(&plan, &mut Quiet, &AtomicBool::new(false)).expect("run measured");
    assert!(!measured.failed, "an implementation failed verification");
    measured
        .run
        .cells
        .iter()
        .map(|c| (c.implementation.id().to_string(), c.time_ns()))
        .collect()
}

fn main() {
    let reps: usize = std::env::var("DIRECT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    let cases = cases();
    let ids: Vec<&str> = cases.iter().map(|c| c.0).collect();
    // direct[case][key] and ours[case][key]: one figure per rep.
    let mut direct = vec![vec![Vec::new(); KEYS.len()]; cases.len()];
    let mut ours = vec![vec![Vec::new(); KEYS.len()]; cases.len()];
    for rep in 0..reps {
        eprintln!("rep {}/{reps}: direct loops", rep + 1);
        for (c, (_, batches)) in cases.iter().enumerate() {
            for (k, &(_, size)) in KEYS.iter().enumerate() {
                let input = Input::new(size as usize, 1, 0);
                direct[c][k].push(direct_median(batches[k], input.bytes()));
            }
        }
        eprintln!("rep {}/{reps}: hashbench run", rep + 1);
        for (k, &(kind, size)) in KEYS.iter().enumerate() {
            for (id, ns) in hashbench_medians(&ids, kind, size) {
                let c = ids.iter().position(|&i| i == id).expect("asked for");
                ours[c][k].push(ns);
            }
        }
    }
    println!("| implementation | key | direct ns | hashbench ns | ratio | within 10 % or 0.5 ns |");
    println!("|---|---|---:|---:|---:|---|");
    let mut all_within = true;
    for (c, id) in ids.iter().enumerate() {
        for (k, &(kind, size)) in KEYS.iter().enumerate() {
            let d = median(&mut direct[c][k]);
            let h = median(&mut ours[c][k]);
            let within = h <= d * 1.10 || h - d <= 0.5;
            all_within &= within;
            println!(
                "| {id} | {} {size} B | {d:.2} | {h:.2} | {:.2} | {} |",
                Pattern::Keys(kind),
                h / d,
                if within { "yes" } else { "no" }
            );
        }
    }
    println!();
    println!(
        "every cell within: {}",
        if all_within { "yes" } else { "no" }
    );
    for &(_, size) in &KEYS {
        let ns = floor_median(size);
        println!("harness floor (empty hasher) at {size} B: {ns:.3} ns/call");
    }
}
