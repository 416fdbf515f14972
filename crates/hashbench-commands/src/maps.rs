//! What `hashbench maps` measures: each hash-table hasher inside std's `HashMap`
//! (hashbrown), on key sets, at map sizes from the host's caches, through four workloads
//! ([`MapOp`]). Every cell is timed by the engine in rounds, each round a new map (a new
//! place in memory, as a run's rounds place an input), the hashers' rounds interleaved,
//! its figure and interval taken as `run` takes them; beside it, what the map saw of the set's hashes
//! (`hashbench_quality::map`). Only implementations that pass their known answers are
//! timed, and every timed operation's result is checked.

use std::sync::atomic::AtomicBool;

use hashbench_catalog::map::{MapOp, MapSpec};
use hashbench_catalog::Implementation;

use hashbench_model::{KeyKind, Pattern, Size};
use hashbench_plan::PlanError;
use hashbench_quality::keys::{self as key_sets, KeysError};
use hashbench_quality::map::{MapView, RandomTables};
use hashbench_quality::rng::SplitMix64;
use hashbench_quality::screen::map_views;
use hashbench_quality::{
    KeySet, MapCell, MapSkip, MapsConfig, MapsDocument, MapsMeasured, SetSummary,
};
use hashbench_verify::{Depth, Status, VectorSource};

mod sets;
mod sizes;
mod timing;

pub use sets::{set_kind, sets_of, DEFAULT_SETS, SET_NAMES};
use sizes::BUCKET_BYTES;
pub use sizes::{from_caches, DEFAULT_MAX_ENTRIES};

use hashbench_analysis::ties::DEFAULT_EQUIVALENCE;
use hashbench_quality::answer::rank_group;

pub use crate::key_file::KeyFileArgs;
use crate::quality::{hash_table_hashers, named, Catalogued};

/// The largest map: keys and their misses must fit in memory for every set.
pub const MAX_ENTRIES: usize = 1 << 24;

/// The seed of the generated keys and the lookup orders: the same every run.
const SEED: u64 = 0x6d61_7073;

/// The bytes a map cell of `entries` keys is sized by: its class's and its floor's.
fn map_bytes(entries: usize) -> u64 {
    entries as u64 * BUCKET_BYTES
}

/// The size class of a map cell of `entries` keys on `host` ([`SizeClass::of_map`]):
/// what its moves between runs are learned with, and what its interval reads back.
#[must_use]
pub fn map_class(host: &hashbench_host::Host, entries: usize) -> hashbench_model::SizeClass {
    hashbench_model::SizeClass::of_map(host, map_bytes(entries))
}

/// What `maps` is asked: each field is also its flag (with the `clap` feature).
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Implementation ids (`foldhash-fast/foldhash`), or algorithm ids; default: the
    /// hash-table hashers (those with a BuildHasher), one per algorithm.
    #[cfg_attr(feature = "clap", arg(value_name = "IMPL"))]
    pub implementations: Vec<String>,
    /// Key sets, comma-separated: serial, high-bits (i << 32), high-random (random u32 <<
    /// 32), random-u64, id16-random, id16-time (UUIDv7-like), words, urls [default:
    /// serial,high-bits,random-u64,id16-random,words].
    #[cfg_attr(
        feature = "clap",
        arg(long = "set", value_name = "NAME", value_delimiter = ',')
    )]
    pub sets: Vec<String>,
    /// `--keys FILE` and `--key-bytes N`: your own keys, beside the sets.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub key_file: KeyFileArgs,
    /// Workloads, comma-separated: build (insert into an empty map), hit (look up a key
    /// in the map), miss (look up one that is not), churn (remove one, insert another).
    #[cfg_attr(
        feature = "clap",
        arg(
            long = "workload",
            value_name = "NAME",
            value_delimiter = ',',
            default_value = "hit"
        )
    )]
    pub workloads: Vec<MapOp>,
    /// Keys in the map, comma-separated (4k, 1m); default: three sizes from the host's
    /// caches, half of L2, half of the last level, and twice the last level (at most 4m).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", value_delimiter = ','))]
    pub entries: Vec<String>,
    /// Seconds per cell, its rounds together.
    #[cfg_attr(feature = "clap", arg(long, value_name = "SECONDS", default_value_t = 0.1,
        value_parser = seconds))]
    pub time: f64,
    /// Rounds per cell, each on a new map.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 3,
        value_parser = clap::value_parser!(u64).range(1..=50)))]
    pub rounds: u64,
    /// Pin the measuring thread to this CPU (Linux, sched_setaffinity) once the hashers
    /// are verified, as `run --pin` does: the scheduler then does not move a map's
    /// lookups between cores mid-round, and a neighbour on another CPU stays there.
    #[cfg_attr(feature = "clap", arg(long, value_name = "CPU"))]
    pub pin: Option<usize>,
    /// The drift references' undisturbed times from earlier runs on this machine (the
    /// machine memory): not a flag.
    #[cfg_attr(feature = "clap", arg(skip))]
    pub remembered: hashbench_model::RememberedSpeeds,
    /// How far earlier runs on this machine saw figures move from one run to the next
    /// (the figure memory, `crate::memories::run_to_run`): not a flag.
    #[cfg_attr(feature = "clap", arg(skip))]
    pub run_to_run: hashbench_model::RunToRun,
}

#[cfg(feature = "clap")]
fn seconds(text: &str) -> Result<f64, String> {
    match text.trim().parse::<f64>() {
        Ok(s) if (0.001..=60.0).contains(&s) => Ok(s),
        _ => Err(format!("'{text}': give seconds per cell from 0.001 to 60")),
    }
}

/// Why `maps` cannot measure what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum MapsError {
    #[error(transparent)]
    Plan(#[from] PlanError),
    #[error(transparent)]
    Keys(#[from] KeysError),
    #[error("unknown key set '{0}'; sets are: {names}", names = SET_NAMES.join(", "))]
    UnknownSet(String),
    #[error("--entries '{0}': give a count of keys from 1 to {MAX_ENTRIES} (4k, 1m)")]
    BadEntries(String),
    #[error("{0}: known answers could not be loaded: {1}")]
    Vectors(String, String),
    #[error("--keys: keys with no type (lines that are not UTF-8, or records other than 8 or 16 bytes) are not a map's keys here")]
    UntypedKeys,
    #[error("--keys: {0}")]
    TooFewKeys(String),
    #[error("--keys: {0}")]
    OtherKeys(String),
    #[error("no hash-table hasher is a candidate: {0}")]
    NoCandidate(String),
    #[error("the measurement failed: {0}")]
    Engine(#[from] hashbench_engine::EngineError),
    #[error("{0}")]
    Pin(String),
}

impl MapsError {
    /// Whether the command was asked wrongly (exit 2) rather than failing while it ran.
    #[must_use]
    pub fn is_usage(&self) -> bool {
        !matches!(
            self,
            MapsError::Engine(_) | MapsError::Vectors(..) | MapsError::NoCandidate(_)
        )
    }
}

impl Ask {
    /// The map sizes, and where they came from.
    ///
    /// # Errors
    ///
    /// A size that is not a count from 1 to [`MAX_ENTRIES`].
    pub fn entries(&self) -> Result<(Vec<usize>, String), MapsError> {
        self.entries_on(&hashbench_host::Host::detect())
    }

    /// [`Ask::entries`] on `host`'s caches, for a caller that has detected it already.
    ///
    /// # Errors
    ///
    /// As [`Ask::entries`].
    pub fn entries_on(
        &self,
        host: &hashbench_host::Host,
    ) -> Result<(Vec<usize>, String), MapsError> {
        if self.entries.is_empty() {
            return Ok(from_caches(host));
        }
        let mut out = Vec::new();
        for text in &self.entries {
            let bad = || MapsError::BadEntries(text.clone());
            let sizes = hashbench_plan::values::parse_sizes(text).map_err(|_| bad())?;
            for size in sizes {
                let Size::Bytes(n) = size else {
                    return Err(bad());
                };
                let n = usize::try_from(n).map_err(|_| bad())?;
                if n == 0 || n > MAX_ENTRIES {
                    return Err(bad());
                }
                out.push(n);
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok((out, "given".to_string()))
    }

    /// The key sets, each with keys for the largest map and as many to miss.
    ///
    /// # Errors
    ///
    /// An unknown set's name, or a `--keys` file that cannot be used.
    pub fn key_sets(&self, largest: usize) -> Result<Vec<KeySet>, MapsError> {
        let names: Vec<&str> = if self.sets.is_empty() {
            DEFAULT_SETS.to_vec()
        } else {
            self.sets.iter().map(|s| s.trim()).collect()
        };
        let mut sets = Vec::new();
        for name in names {
            sets.push(generated(name, largest)?);
        }
        sets.extend(self.key_file.load()?);
        Ok(sets)
    }
}

/// The generated set `name`, with keys for a map of `largest` and as many to miss.
///
/// # Errors
///
/// An unknown set's name.
pub fn generated(name: &str, largest: usize) -> Result<KeySet, MapsError> {
    let n = 2 * largest;
    Ok(match name {
        "serial" => key_sets::serial(n),
        "high-bits" => key_sets::high_bits(n),
        "high-random" => key_sets::high_random(n, SEED ^ 5),
        "random-u64" => key_sets::random_u64(n, SEED),
        "id16-random" => key_sets::id16_random(n, SEED ^ 1),
        "id16-time" => key_sets::id16_time_ordered(n, SEED ^ 2),
        "words" => key_sets::words(n, SEED ^ 3),
        "urls" => key_sets::urls(n, SEED ^ 4),
        other => return Err(MapsError::UnknownSet(other.to_string())),
    })
}

/// Times every implementation `ask` names (or the hash-table hashers) on every key set,
/// map size and workload, telling `notes` what it does on the way and `observer` each
/// group of cells (one key set, size and workload, every hasher) as it is measured.
///
/// # Errors
///
/// An unknown implementation or set, bad sizes, a bad key file; an engine failure.
pub fn measure(
    ask: &Ask,
    notes: &mut dyn FnMut(&str),
    observer: &mut dyn FnMut(&[MapCell]),
    cancel: &AtomicBool,
) -> Result<MapsDocument, MapsError> {
    check_pin(ask)?;
    let (entries, _) = ask.entries()?;
    let largest = entries.last().copied().unwrap_or(1);
    let sets = ask.key_sets(largest)?;
    measure_on(ask, &sets, notes, observer, cancel)
}

/// [`measure`] on the key sets given (each with keys for the largest map and as many to
/// miss), not those `ask` names.
///
/// # Errors
///
/// An unknown implementation, bad sizes; an engine failure.
pub fn measure_on(
    ask: &Ask,
    sets: &[KeySet],
    notes: &mut dyn FnMut(&str),
    observer: &mut dyn FnMut(&[MapCell]),
    cancel: &AtomicBool,
) -> Result<MapsDocument, MapsError> {
    check_pin(ask)?;
    let host = hashbench_host::Host::detect();
    let measured = MapsMeasured {
        tool: hashbench_runner::tool(),
        timestamp: hashbench_runner::timestamp(std::time::SystemTime::now()),
        cpu: host.cpu_model.clone(),
        build: hashbench_runner::build_info(),
    };
    let implementations = implementations(ask, notes)?;
    let (entries, entries_from) = ask.entries_on(&host)?;
    let (timed, mut skipped) = verified(&implementations)?;
    // Pinned only now, as `run` is: what verification started keeps every CPU.
    if let Some(cpu) = ask.pin {
        hashbench_runner::pin_current_thread(cpu).map_err(|e| MapsError::Pin(e.to_string()))?;
    }
    // Lookups that hit, where none is named: what a map does most.
    let workloads = if ask.workloads.is_empty() {
        vec![MapOp::Hit]
    } else {
        ask.workloads.clone()
    };
    let mut config = MapsConfig {
        workloads: workloads.iter().map(|w| w.name().to_string()).collect(),
        entries: entries.clone(),
        entries_from,
        rounds: usize::try_from(ask.rounds).unwrap_or(1).max(1),
        time_per_cell_s: ask.time,
        seed: SEED,
        pin_cpu: ask.pin,
        run_to_run: hashbench_model::RunToRun::default(),
    };
    notes(&format!(
        "maps: {} hashers x {} key sets x {} sizes x {} workloads, {} rounds of {:.3} s each cell",
        timed.len(),
        sets.len(),
        entries.len(),
        workloads.len(),
        config.rounds,
        ask.time / config.rounds as f64,
    ));
    let mut cells = Vec::new();
    let mut random = RandomTables::new(SEED);
    for set in sets {
        // A size the set cannot fill (a small `--keys` file) is set aside once.
        let sizes: Vec<usize> = entries
            .iter()
            .copied()
            .filter(|&n| match spec(set, n, MapOp::Hit).check() {
                Ok(()) => true,
                Err(why) => {
                    skipped.push(MapSkip {
                        implementation: "every hasher".to_string(),
                        reason: format!("{} at {n} keys: {why}", set.name),
                    });
                    false
                }
            })
            .collect();
        let views: Vec<Vec<MapView>> = timed
            .iter()
            .map(|&imp| views(imp, set, &sizes, &mut random))
            .collect();
        for &n in &sizes {
            for &op in &workloads {
                let spec = spec(set, n, op);
                let mut group = Vec::new();
                let figures = timing::time_group(&timed, &spec, (&config, ask.remembered), cancel)?;
                for ((&imp, views), figure) in timed.iter().zip(&views).zip(figures) {
                    match figure {
                        Ok(t) => {
                            let view = (op != MapOp::Build)
                                .then(|| views.iter().find(|v| v.len == n).cloned())
                                .flatten();
                            let named = (imp.id, set.name.as_str(), op, n);
                            let bytes = map_bytes(n);
                            group.push(t.into_cell(named, view, (&host, &ask.run_to_run, bytes)));
                        }
                        Err(reason) => skipped.push(MapSkip {
                            implementation: imp.id.to_string(),
                            reason: format!("{} at {n} keys, {op}: {reason}", set.name),
                        }),
                    }
                }
                rank_group(&mut group, DEFAULT_EQUIVALENCE);
                observer(&group);
                cells.extend(group);
            }
        }
    }
    let keys: std::collections::BTreeSet<String> = cells.iter().map(MapCell::key).collect();
    config.run_to_run = ask.run_to_run.only(|k| keys.contains(k));
    Ok(MapsDocument {
        schema_version: hashbench_quality::MAPS_SCHEMA_VERSION,
        measured: Some(measured),
        config,
        key_sets: sets.iter().map(SetSummary::of).collect(),
        cells,
        skipped,
    })
}

/// A `--pin` CPU this process may not use is bad usage, found before anything is
/// generated, verified or measured.
fn check_pin(ask: &Ask) -> Result<(), MapsError> {
    match ask.pin {
        Some(cpu) => hashbench_runner::check_pin(cpu).map_err(|e| MapsError::Pin(e.to_string())),
        None => Ok(()),
    }
}

fn implementations(
    ask: &Ask,
    notes: &mut dyn FnMut(&str),
) -> Result<Vec<&'static Implementation>, PlanError> {
    if ask.implementations.is_empty() {
        return Ok(hash_table_hashers());
    }
    named(&ask.implementations, notes)
}

/// The implementations that pass the known answers a map's call relies on (the typed
/// keys among them), and the others with the reason.
fn verified(
    implementations: &[&'static Implementation],
) -> Result<(Vec<&'static Implementation>, Vec<MapSkip>), MapsError> {
    let outcomes = hashbench_verify::verify_at(
        implementations,
        &VectorSource::Embedded,
        Depth::Timed,
        &mut |_| {},
    )
    .map_err(|e| MapsError::Vectors("verification".to_string(), e.to_string()))?;
    let mut timed = Vec::new();
    let mut skipped = Vec::new();
    for imp in implementations {
        let map = imp.instantiate().map_err(|e| e.0).and_then(|h| {
            h.supports(Pattern::Keys(KeyKind::U64))
                .map_err(str::to_string)
        });
        if let Err(why) = map {
            skipped.push(MapSkip {
                implementation: imp.id.to_string(),
                reason: why,
            });
            continue;
        }
        let status = outcomes
            .iter()
            .find(|o| o.implementation == imp.id)
            .map(|o| o.status.clone());
        match status {
            Some(Status::Passed) => timed.push(*imp),
            Some(Status::Unavailable(why)) => skipped.push(MapSkip {
                implementation: imp.id.to_string(),
                reason: format!("unavailable here: {why}"),
            }),
            _ => skipped.push(MapSkip {
                implementation: imp.id.to_string(),
                reason: "failed its known answers: not timed (`hashbench verify` says which)"
                    .to_string(),
            }),
        }
    }
    Ok((timed, skipped))
}

/// The workload `op` on a map of `n` of `set`'s keys, visiting them in an order drawn
/// from the seed.
fn spec(set: &KeySet, n: usize, op: MapOp) -> MapSpec<'_> {
    let both = u32::try_from(2 * n).unwrap_or(u32::MAX);
    let mut order: Vec<u32> = (0..both).collect();
    let mut rng = SplitMix64::new(SEED ^ n as u64);
    for i in (1..order.len()).rev() {
        let j = rng.below(i as u64 + 1) as usize;
        order.swap(i, j);
    }
    MapSpec {
        keys: &set.keys,
        entries: n,
        op,
        order: order.into(),
        place: 0,
    }
}

/// What the map saw of `set`'s hashes under `imp`, at each of `entries`.
fn views(
    imp: &'static Implementation,
    set: &KeySet,
    entries: &[usize],
    random: &mut RandomTables,
) -> Vec<MapView> {
    let Ok(hasher) = imp.instantiate() else {
        return Vec::new();
    };
    let mut subject = Catalogued::new(hasher, imp.algorithm.output_bits);
    map_views(&mut subject, set, entries, random)
}

#[cfg(test)]
mod tests;
