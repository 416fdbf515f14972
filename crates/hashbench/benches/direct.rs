//! hashbench against a hand-written direct-call loop over the same crates, at small
//! inputs, interleaved in one session.
//!
//! ```sh
//! cargo bench -p hashbench --bench direct
//! ```
//!
//! For each implementation and size, the direct loop is `black_box(f(black_box(input)))`
//! over the crate's own one-call function, monomorphised, in batches calibrated to at
//! least 200 µs, median of 31 batches, at 16 placements of the input (as a run's rounds
//! place it), of which the figure is taken as hashbench takes it (the fastest
//! placements that agree). hashbench's figure is what `hashbench run` would
//! report: the runner library (`hashbench_runner::run`, the code path of the binary) with
//! its default budget, precision and rounds, no baselines, one run per implementation, its
//! sizes together. The two are taken one right after the other, implementation by
//! implementation, `DIRECT_REPS` times (default 3), the first of the two alternating by
//! rep; each figure is the median of its reps; `DIRECT_ONLY=id,id` keeps those cases
//! alone. Last, the harness floor: the catalogue's `empty` hasher (no work) through the
//! same kernel and timed loop every implementation uses.
//!
//! Within: hashbench within 10 % or 0.5 ns of the direct loop. A rep whose hashbench cell
//! carries a flag (`slow-phase`, `high-spread`: the run met a slow state of the machine,
//! and its figure is not a claim) does not count, nor does the direct loop's figure of
//! that rep; a cell with every rep flagged is `unsettled`, said apart, and neither within
//! nor out. The table is Markdown, to paste into docs/method.md.

use std::hint::black_box;
use std::sync::atomic::AtomicBool;

mod common;
use common::{direct_figure, floor_median, median, Batch};

use hashbench_plan::{RunPlan, SizeSpec};
use hashbench_runner::Quiet;

const SIZES: [u64; 3] = [16, 64, 256];

/// A direct loop over one call: `iters` calls of `$f` on `input`, each through
/// `black_box` both ways, compiled for `$f` alone.
macro_rules! direct {
    ($f:expr) => {
        |input: &[u8], iters: u64| {
            let f = $f;
            for _ in 0..iters {
                black_box(f(black_box(input)));
            }
        }
    };
}

/// The implementations compared: catalogue id, and the crate's own one-call function.
fn cases() -> Vec<(&'static str, Batch)> {
    vec![
        ("crc32c/crc-fast", direct!(crc_fast::crc32_iscsi)),
        ("crc32c/crc32c", direct!(crc32c::crc32c)),
        ("crc32/crc32fast", direct!(crc32fast::hash)),
        (
            "adler32/simd-adler32",
            direct!(|d: &[u8]| simd_adler32::adler32(&d)),
        ),
        ("xxh3-64/twox-hash", direct!(twox_hash::XxHash3_64::oneshot)),
        ("xxh3-64/xxhash-rust", direct!(xxhash_rust::xxh3::xxh3_64)),
        (
            "xxh64/xxhash-rust",
            direct!(|d: &[u8]| xxhash_rust::xxh64::xxh64(d, 0)),
        ),
        ("blake3/blake3", direct!(blake3::hash)),
        (
            "sha2-256/sha2",
            direct!(|d: &[u8]| <sha2::Sha256 as sha2::Digest>::digest(d)),
        ),
        // The hash-map hashers: the adapters' byte API, `write(bytes)` then `finish()` on a
        // hasher from the fixed-seed `BuildHasher` (impls/table.rs), or the crate's one call.
        (
            "foldhash-fast/foldhash",
            direct!(|d: &[u8]| write_finish(&foldhash::fast::FixedState::with_seed(0), d)),
        ),
        (
            "foldhash-quality/foldhash",
            direct!(|d: &[u8]| write_finish(&foldhash::quality::FixedState::with_seed(0), d)),
        ),
        (
            "fxhash/rustc-hash",
            direct!(|d: &[u8]| write_finish(&rustc_hash::FxBuildHasher, d)),
        ),
        (
            "ahash-fallback/ahash",
            direct!(|d: &[u8]| write_finish(&ahash::RandomState::with_seeds(0, 0, 0, 0), d)),
        ),
        ("rapidhash/rapidhash", direct!(rapidhash::v3::rapidhash_v3)),
        (
            "rapidhash-fast/rapidhash",
            direct!(|d: &[u8]| write_finish(
                &std::hash::BuildHasherDefault::<rapidhash::fast::RapidHasher<'static>>::default(),
                d
            )),
        ),
        (
            "wyhash-final4/wyhash-final4",
            direct!(|d: &[u8]| {
                use wyhash_final4::generics::WyHashVariant as _;
                wyhash_final4::WyHash64::hash(d)
            }),
        ),
    ]
}

/// One `write` of `data` on a hasher `build` makes, then `finish`.
#[inline(always)]
fn write_finish<B: std::hash::BuildHasher>(build: &B, data: &[u8]) -> u64 {
    use std::hash::Hasher as _;
    let mut h = build.build_hasher();
    h.write(data);
    h.finish()
}

/// One `hashbench run` of every case at every size: the figure in ns per call by (id,
/// size), and whether a guard flagged the cell.
fn hashbench_medians(ids: &[&str]) -> Vec<(String, u64, f64, bool)> {
    let implementations = ids
        .iter()
        .map(|id| hashbench_catalog::find_implementation(id).expect("in the catalogue"))
        .collect();
    let mut plan = RunPlan {
        implementations,
        baselines: false,
        ..RunPlan::default()
    };
    plan.options.sizes = SizeSpec::List(SIZES.iter().map(|&n| n.into()).collect());
    let measured =
        hashbench_runner::run(&plan, &mut Quiet, &AtomicBool::new(false)).expect("run measured");
    assert!(!measured.failed, "an implementation failed verification");
    measured
        .run
        .cells
        .iter()
        .map(|c| {
            (
                c.implementation.id().to_string(),
                c.size.max_bytes(),
                // The figure `hashbench run` reports (its fastest rounds that agree), not
                // the pooled median of every round, which a slow phase of the machine
                // drags up while the direct loop's 31 batches, milliseconds long, miss it.
                c.time_ns(),
                !c.flags.is_empty(),
            )
        })
        .collect()
}

/// One cell's reps: the direct loop's figure, and hashbench's where it made a claim.
type Reps = Vec<(f64, Option<f64>)>;

fn main() {
    let reps: usize = std::env::var("DIRECT_REPS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(3);
    // DIRECT_ONLY=id,id... keeps those cases alone: a quicker loop while working on one.
    let only = std::env::var("DIRECT_ONLY").ok();
    let cases: Vec<_> = cases()
        .into_iter()
        .filter(|(id, _)| {
            only.as_deref()
                .is_none_or(|o| o.split(',').any(|x| x == *id))
        })
        .collect();
    let ids: Vec<&str> = cases.iter().map(|c| c.0).collect();
    // pairs[case][size]: per rep, the direct loop's figure and hashbench's, `None` where
    // hashbench's cell carried a flag.
    let mut pairs: Vec<Vec<Reps>> = vec![vec![Vec::new(); SIZES.len()]; cases.len()];
    // Case by case, the direct loops and hashbench's run one right after the other (which
    // goes first alternating by rep), so that both meet the same state of the machine: on
    // the development VM its slow states last seconds, and a whole pass of direct loops
    // followed by one of hashbench compared one state with another (2026-11-30: the
    // direct loops up to 3.7x hashbench's figures in one such pass).
    for rep in 0..reps {
        eprintln!("rep {}/{reps}", rep + 1);
        for (c, (id, batch)) in cases.iter().enumerate() {
            let direct_now = || -> Vec<f64> {
                SIZES
                    .iter()
                    .map(|&size| direct_figure(*batch, size as usize))
                    .collect()
            };
            let first = (rep % 2 == 0).then(direct_now);
            let ours = hashbench_medians(&[id]);
            let direct = first.unwrap_or_else(direct_now);
            for (_, size, ns, flagged) in ours {
                let s = SIZES.iter().position(|&x| x == size).expect("asked for");
                pairs[c][s].push((direct[s], (!flagged).then_some(ns)));
            }
        }
    }
    println!(
        "| implementation | size | direct ns | hashbench ns | ratio | hashbench reps flagged | within 10 % or 0.5 ns |"
    );
    println!("|---|---:|---:|---:|---:|---:|---|");
    let (mut within_count, mut settled, mut unsettled) = (0, 0, 0);
    for (c, id) in ids.iter().enumerate() {
        for (s, size) in SIZES.iter().enumerate() {
            let reps_of = &pairs[c][s];
            let flagged_reps = reps_of.iter().filter(|p| p.1.is_none()).count();
            let flagged = format!("{flagged_reps} of {reps}");
            // Each figure over the same reps: those whose hashbench cell made a claim.
            let mut d: Vec<f64> = reps_of
                .iter()
                .filter(|p| p.1.is_some())
                .map(|p| p.0)
                .collect();
            let mut h: Vec<f64> = reps_of.iter().filter_map(|p| p.1).collect();
            if h.is_empty() {
                unsettled += 1;
                let d = median(&mut reps_of.iter().map(|p| p.0).collect::<Vec<_>>());
                println!("| {id} | {size} B | {d:.2} | - | - | {flagged} | unsettled |");
                continue;
            }
            let (d, h) = (median(&mut d), median(&mut h));
            let within = h <= d * 1.10 || h - d <= 0.5;
            settled += 1;
            within_count += usize::from(within);
            println!(
                "| {id} | {size} B | {d:.2} | {h:.2} | {:.2} | {flagged} | {} |",
                h / d,
                if within { "yes" } else { "no" }
            );
        }
    }
    println!();
    println!(
        "settled cells within: {within_count} of {settled}; unsettled (every rep flagged): \
         {unsettled}"
    );
    for size in SIZES {
        let ns = floor_median(size);
        println!("harness floor (empty hasher) at {size} B: {ns:.3} ns/call");
    }
}
