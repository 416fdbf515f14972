//! `recommend --need hash-table` answered from a map workload: the hash-table hashers
//! timed inside std's `HashMap` (as `hashbench maps` times them) on one key set at one map
//! size, the fastest admitted one the answer; then the answer and its closest rivals on
//! the other key sets of the same key type, to say which of them would change it.

use std::sync::atomic::AtomicBool;

use hashbench_catalog::map::MapOp;
use hashbench_catalog::Implementation;
use hashbench_model::{KeyKind, Pattern, Size, Verdict};
use hashbench_plan::UsageError;
use hashbench_quality::answer::{answer, closest, MapRecommendation};
use hashbench_quality::{KeySet, MapsDocument, MAP_ANSWER_SCHEMA_VERSION};

use hashbench_analysis::recommend::{Need, Request};

use crate::maps::{self, KeyFileArgs, MapsError};
use crate::quality::{hash_table_hashers, screen_one};

/// Rivals of the answer timed on the other key sets.
pub const RIVALS: usize = 3;

/// What `--need hash-table` times.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Workload {
    /// One `BuildHasher::hash_one` call per key (`run`'s `keys:*` pattern).
    Hash,
    /// A map workload, as `hashbench maps` times it.
    Map(MapOp),
}

/// `--quality`: the check a hasher must pass to be a candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum QualityNeed {
    /// `hashbench quality`'s screen, run here on each candidate.
    Screen,
    /// SMHasher3's published verdict: passes every test it was given.
    Smhasher3,
    /// Both.
    Both,
}

impl QualityNeed {
    #[must_use]
    pub fn name(self) -> &'static str {
        match self {
            QualityNeed::Screen => "screen",
            QualityNeed::Smhasher3 => "smhasher3",
            QualityNeed::Both => "both",
        }
    }
}

/// `recommend --need hash-table`'s map flags.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct MapOptions {
    /// With --need hash-table, what is timed: hit (lookups of keys in std's HashMap
    /// built with each hasher's BuildHasher), miss, build or churn (as `hashbench maps`),
    /// or hash (one BuildHasher::hash_one call per key) [default: hit; hash with --from,
    /// as a run file holds calls, not maps].
    #[cfg_attr(feature = "clap", arg(long, value_name = "NAME", value_parser = workload))]
    pub workload: Option<Workload>,
    /// With a map workload, the key set: serial, high-bits, high-random, random-u64 (u64
    /// keys), id16-random, id16-time (16-byte ids), words, urls (strings) [default: the
    /// key --size or --key implies: random-u64, id16-random or words].
    #[cfg_attr(
        feature = "clap",
        arg(long = "set", value_name = "NAME", conflicts_with = "keys")
    )]
    pub set: Option<String>,
    /// `--keys FILE`, `--key-bytes N`: answer on your own keys.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub key_file: KeyFileArgs,
    /// With a map workload, keys in the map (4k, 1m) [default: the host's smallest
    /// `hashbench maps` size, a table of at most half of L2].
    #[cfg_attr(feature = "clap", arg(long, value_name = "N"))]
    pub entries: Option<String>,
    /// With a map workload, only hashers that pass a quality check: screen (`hashbench
    /// quality`'s, run here on each candidate, a few seconds), smhasher3 (SMHasher3's
    /// published verdict passes) or both.
    #[cfg_attr(feature = "clap", arg(long, value_parser = quality))]
    pub quality: Option<QualityNeed>,
}

#[cfg(feature = "clap")]
fn workload(text: &str) -> Result<Workload, String> {
    match text.trim() {
        "hash" => Ok(Workload::Hash),
        other => other
            .parse()
            .map(Workload::Map)
            .map_err(|e: String| e.replace("workloads are:", "workloads are: hash,")),
    }
}

#[cfg(feature = "clap")]
fn quality(text: &str) -> Result<QualityNeed, String> {
    match text.trim() {
        "screen" => Ok(QualityNeed::Screen),
        "smhasher3" => Ok(QualityNeed::Smhasher3),
        "both" => Ok(QualityNeed::Both),
        other => Err(format!("'{other}': give screen, smhasher3 or both")),
    }
}

/// What a map answer is asked, from `recommend`'s flags.
pub struct MapQuestion<'a> {
    pub need: Need,
    pub options: &'a MapOptions,
    pub sizes: &'a [Size],
    /// `--key`, as given.
    pub key: Option<KeyKind>,
    /// The key `--size` implies when `--key` is not given.
    pub default_key: KeyKind,
    /// The need, `--keyed`, `--stable`, `--min-bits` at the first size: what admits a
    /// hasher.
    pub request: Request,
    pub time_s: f64,
    pub rounds: u32,
    pub equivalence: f64,
    /// The drift references' undisturbed times from earlier runs on this machine.
    pub remembered: hashbench_model::RememberedSpeeds,
    /// How far earlier runs on this machine saw figures move from one run to the next.
    pub run_to_run: hashbench_model::RunToRun,
    /// The first flag given that only a timing of calls reads (`--mode`, `--threads`,
    /// `--pinned`, `--plugin`).
    pub call_flag: Option<&'static str>,
}

impl MapQuestion<'_> {
    /// The map workload asked for, when `--need hash-table` is answered from one: by
    /// default (hit), unless `--workload hash` or an answer from a saved run.
    #[must_use]
    pub fn map_workload(&self, from_file: bool) -> Option<MapOp> {
        if self.need != Need::HashTable {
            return None;
        }
        match self.options.workload {
            Some(Workload::Map(op)) => Some(op),
            Some(Workload::Hash) => None,
            None => (!from_file).then_some(MapOp::Hit),
        }
    }

    /// Refuses map flags where no map is timed, and what a map answer cannot give.
    ///
    /// # Errors
    ///
    /// A map flag without a map workload; a map workload with `--from` or several sizes;
    /// a `--key` the key set does not hold.
    pub fn check_map(&self, from_file: bool) -> Result<(), UsageError> {
        let m = self.options;
        let map_flag = [
            (m.set.is_some(), "--set"),
            (m.key_file.keys.is_some(), "--keys"),
            (m.entries.is_some(), "--entries"),
            (m.quality.is_some(), "--quality"),
        ]
        .into_iter()
        .find_map(|(given, flag)| given.then_some(flag));
        let need = self.need.as_str();
        if self.need != Need::HashTable {
            if let Some(flag) = map_flag.or(m.workload.map(|_| "--workload")) {
                return Err(UsageError(format!(
                    "{flag} asks about a hash map: give it with --need hash-table, not {need}"
                )));
            }
            return Ok(());
        }
        if from_file && matches!(m.workload, Some(Workload::Map(_))) {
            return Err(UsageError(
                "--from answers from a run file's hash_one calls, which hold no map: give \
                 --workload hash, or measure the map workload without --from"
                    .into(),
            ));
        }
        let Some(op) = self.map_workload(from_file) else {
            let without = if from_file {
                "without --workload hash and without --from"
            } else {
                "without --workload hash"
            };
            return match map_flag {
                Some("--quality") => Err(UsageError(format!(
                    "--quality leaves out the hashers of poor quality from a map workload's \
                     answer; give it {without}"
                ))),
                Some(flag) => Err(UsageError(format!(
                    "{flag} chooses a map workload's keys: give it {without}"
                ))),
                None if self.sizes.is_empty() => Err(UsageError(
                    "--size is required when hash_one calls are timed (--workload hash or \
                     --from): the key's length in bytes, 8 for u64 keys, 16 for id16"
                        .into(),
                )),
                None => Ok(()),
            };
        };
        if let Some(flag) = self.call_flag {
            return Err(UsageError(format!(
                "{flag} is about timing calls: a map workload ({op}) times the catalogue's \
                 hash-table hashers inside a map; give --workload hash to time calls"
            )));
        }
        if self.sizes.len() > 1 {
            return Err(UsageError(format!(
                "--workload {op} answers for one key set, not per size: give one --size (or \
                 --workload hash to answer each size's hash_one calls)"
            )));
        }
        if let Some(name) = &m.set {
            let held = maps::set_kind(name).ok_or_else(|| unknown_set(name))?;
            if let Some(key) = self.key.filter(|&k| k != held) {
                return Err(UsageError(format!(
                    "--set {name} holds {} keys, not the {} --key asked for",
                    Pattern::Keys(held),
                    Pattern::Keys(key)
                )));
            }
        }
        if let Some(text) = m.entries.as_ref().filter(|t| t.contains(',')) {
            return Err(UsageError(format!(
                "--entries {text}: an answer is for one map size; give one count of keys"
            )));
        }
        Ok(())
    }

    /// The key set a map answer is for, with keys for a map of `entries` and as many to
    /// miss: `--keys`, `--set`, or the set of the key `--key` or `--size` implies.
    fn answer_set(&self, entries: usize) -> Result<(KeySet, KeyKind), MapsError> {
        if let Some(set) = self.options.key_file.load()? {
            let kind = set.keys.key_kind().ok_or(MapsError::UntypedKeys)?;
            if let Some(key) = self.key.filter(|&k| k != kind) {
                return Err(MapsError::OtherKeys(format!(
                    "{} holds {} keys, not the {} --key asked for",
                    set.name,
                    Pattern::Keys(kind),
                    Pattern::Keys(key)
                )));
            }
            return Ok((set, kind));
        }
        let kind = self.key.unwrap_or(self.default_key);
        let name = match (&self.options.set, kind) {
            (Some(name), _) => name.as_str(),
            (None, KeyKind::U64) => "random-u64",
            (None, KeyKind::Id16) => "id16-random",
            (None, KeyKind::Str) => "words",
        };
        let set = maps::generated(name, entries)?;
        let kind = set.keys.key_kind().unwrap_or(kind);
        Ok((set, kind))
    }

    /// Why `imp` is not a candidate, beyond what `hashbench maps` times: the need and
    /// `--keyed`, `--stable`, `--min-bits`, and SMHasher3's verdict for `--quality`.
    fn map_rejects(&self, imp: &Implementation) -> Option<String> {
        let props = hashbench_catalog::properties(imp.algorithm);
        if let Some(why) = self.request.rejects(&props) {
            return Some(why);
        }
        if matches!(
            self.options.quality,
            Some(QualityNeed::Smhasher3 | QualityNeed::Both)
        ) {
            let verdict = props.hash.as_ref().map(|h| h.smhasher3.verdict);
            if !matches!(verdict, Some(Verdict::Passes { .. })) {
                return Some(format!(
                    "SMHasher3: {} (--quality {})",
                    verdict.map_or("no verdict".into(), Verdict::describe),
                    self.options.quality.map_or("", QualityNeed::name)
                ));
            }
        }
        None
    }

    /// Times the hash-table hashers on the map workload `op`, answers, then times the
    /// answer and its closest rivals on the other key sets of its key type.
    ///
    /// # Errors
    ///
    /// A bad key file or size; an engine failure; no candidate.
    pub fn answer_map(
        &self,
        op: MapOp,
        notes: &mut dyn FnMut(&str),
        cancel: &AtomicBool,
    ) -> Result<MapRecommendation, MapsError> {
        let entries = match &self.options.entries {
            Some(text) => {
                self.maps_ask(op, Vec::new(), vec![text.clone()])
                    .entries()?
                    .0
            }
            None => maps::from_caches(&hashbench_host::Host::detect()).0,
        };
        let mut n = entries.first().copied().unwrap_or(1 << 12);
        let (set, kind) = self.answer_set(n)?;
        // A map of n keys takes 2n of the set: n to fill it, n to miss.
        let fills = set.keys.len() / 2;
        if n > fills {
            if self.options.entries.is_some() || fills == 0 {
                return Err(MapsError::TooFewKeys(format!(
                    "a map of {n} keys needs {} (as many again to miss); {} holds {}",
                    2 * n,
                    set.name,
                    set.keys.len()
                )));
            }
            notes(&format!(
                "{} holds {} keys: a map of {fills}, the other half its misses",
                set.name,
                set.keys.len()
            ));
            n = fills;
        }
        let hashers = hash_table_hashers();
        let mut rejected: Vec<(String, String)> = hashers
            .iter()
            .filter_map(|imp| Some((imp.id.to_string(), self.map_rejects(imp)?)))
            .collect();
        let mut screens = Vec::new();
        if matches!(
            self.options.quality,
            Some(QualityNeed::Screen | QualityNeed::Both)
        ) {
            let config = hashbench_quality::Config::standard();
            let sets = config.key_sets();
            for imp in &hashers {
                if rejected.iter().any(|(id, _)| id == imp.id) {
                    continue;
                }
                notes(&format!("quality screen: {}", imp.id));
                let failed =
                    screen_one(imp, &sets, &config).map_or(usize::MAX, |s| s.screen.failed());
                if failed > 0 {
                    rejected.push((
                        imp.id.to_string(),
                        format!("fails the quality screen (`hashbench quality {}`)", imp.id),
                    ));
                }
                screens.push((imp.id.to_string(), failed));
            }
        }
        let ids: Vec<String> = hashers.iter().map(|i| i.id.to_string()).collect();
        let size = vec![n.to_string()];
        let measured = maps::measure_on(
            &self.maps_ask(op, ids, size.clone()),
            std::slice::from_ref(&set),
            notes,
            &mut |_| {},
            cancel,
        )?;
        let rejects = |id: &str| {
            rejected
                .iter()
                .find(|(r, _)| r == id)
                .map(|(_, why)| why.clone())
        };
        let mut answer = answer(&measured.cells, &rejects, self.equivalence)
            .ok_or_else(|| MapsError::NoCandidate(no_candidate(&measured, &rejected)))?;
        let others: Vec<KeySet> = maps::sets_of(kind)
            .into_iter()
            .filter(|&name| name != set.name)
            .map(|name| maps::generated(name, n))
            .collect::<Result<_, _>>()?;
        let elsewhere_measured = if others.is_empty() {
            None
        } else {
            let rivals = closest(&answer, RIVALS);
            Some(maps::measure_on(
                &self.maps_ask(op, rivals, size),
                &others,
                notes,
                &mut |_| {},
                cancel,
            )?)
        };
        if let Some(d) = &elsewhere_measured {
            answer.compare_elsewhere(&d.cells);
        }
        let properties = hashers
            .iter()
            .find(|i| i.id == answer.answer.implementation)
            .and_then(|i| hashbench_catalog::properties(i.algorithm).hash);
        Ok(MapRecommendation {
            schema_version: MAP_ANSWER_SCHEMA_VERSION,
            answer,
            properties,
            quality: self.options.quality.map(|q| q.name().to_string()),
            screens,
            measured,
            elsewhere_measured,
        })
    }

    /// `hashbench maps`' question for `implementations` at `entries`.
    fn maps_ask(&self, op: MapOp, implementations: Vec<String>, entries: Vec<String>) -> maps::Ask {
        maps::Ask {
            implementations,
            sets: Vec::new(),
            key_file: KeyFileArgs::default(),
            workloads: vec![op],
            entries,
            time: self.time_s,
            rounds: u64::from(self.rounds),
            pin: None,
            remembered: self.remembered,
            run_to_run: self.run_to_run.clone(),
        }
    }
}

fn unknown_set(name: &str) -> UsageError {
    UsageError(format!(
        "unknown key set '{name}'; sets are: {}",
        maps::SET_NAMES.join(", ")
    ))
}

/// Why nothing could be the answer: every hasher left out (with the reasons), or none
/// timed (the measurement's own reasons).
fn no_candidate(measured: &MapsDocument, rejected: &[(String, String)]) -> String {
    let mut reasons: Vec<String> = rejected
        .iter()
        .map(|(id, why)| format!("{id}: {why}"))
        .collect();
    reasons.extend(
        measured
            .skipped
            .iter()
            .map(|s| format!("{}: {}", s.implementation, s.reason)),
    );
    reasons.join("; ")
}
