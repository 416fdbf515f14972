//! What `hashbench maps` measured, as data: each hasher's map workloads on each key set
//! and map size, timed, beside what the map saw of the hashes ([`crate::map`]), with the
//! configuration and the key sets, so that a saved answer says how it was made.

use serde::Serialize;

use crate::document::SetSummary;
use crate::map::MapView;

/// The version of the `maps --format json` document.
pub const MAPS_SCHEMA_VERSION: u32 = 1;

/// The whole answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapsDocument {
    pub schema_version: u32,
    /// Where, when and with which binary it was measured (absent in a document made by
    /// hand).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub measured: Option<MapsMeasured>,
    pub config: MapsConfig,
    pub key_sets: Vec<SetSummary>,
    /// One per (key set, map size, workload, implementation), in that order.
    pub cells: Vec<MapCell>,
    /// Hashers that were asked for and not timed, with the reason.
    pub skipped: Vec<MapSkip>,
}

/// Where, when and with which binary a document was measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapsMeasured {
    pub tool: hashbench_model::Tool,
    /// When the measurement started, RFC 3339 UTC.
    pub timestamp: String,
    /// The CPU's model name.
    pub cpu: String,
    /// How the binary was built: `-C target-cpu` and the flags decide what some hashers
    /// compile to (xxhash-rust chooses its SIMD at compile time).
    pub build: hashbench_host::Build,
}

/// How the cells were measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapsConfig {
    /// Workloads, by name (`build`, `hit`, `miss`, `churn`).
    pub workloads: Vec<String>,
    /// Keys in the map, each size's.
    pub entries: Vec<usize>,
    /// Where the default sizes came from (the host's caches), or `given`.
    pub entries_from: String,
    /// Rounds per cell: each round a new map, at a new place in memory.
    pub rounds: usize,
    /// Wall-clock budget per cell, seconds, its rounds together.
    pub time_per_cell_s: f64,
    /// The seed of the lookup orders and of the generated keys.
    pub seed: u64,
    /// The CPU the measuring thread was pinned to (`--pin`), if any.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub pin_cpu: Option<usize>,
    /// How far earlier runs on this machine saw these cells' figures (or their size
    /// classes') move from one run to the next, which their intervals reach at least
    /// (docs/method.md, "What a run cannot see of itself"), kept for the cells measured.
    #[serde(skip_serializing_if = "hashbench_model::RunToRun::is_empty")]
    pub run_to_run: hashbench_model::RunToRun,
}

/// What names a map cell across runs (the figure memory's key): its hasher, key set,
/// workload and map size, apart from every `run` cell's.
#[must_use]
pub fn map_cell_key(implementation: &str, key_set: &str, workload: &str, entries: usize) -> String {
    format!("map | {implementation} | {key_set} | {workload} | {entries} entries")
}

/// One timed workload.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapCell {
    /// The implementation's id (`foldhash-fast/foldhash`).
    pub implementation: String,
    pub key_set: String,
    /// `build`, `hit`, `miss` or `churn`.
    pub workload: String,
    /// Keys in the map.
    pub entries: usize,
    /// Nanoseconds per operation: the figure of the rounds that agree, as `run` takes it.
    pub ns: f64,
    /// Its interval, ns: the next run's figure is promised to fall within it.
    pub low_ns: f64,
    pub high_ns: f64,
    /// Whether at least three rounds agreed within 4 %, none ran faster than them by more
    /// than twice that cluster's width (from session 31 on), and some fell in sweeps at
    /// the machine's undisturbed speed.
    pub settled: bool,
    pub rounds: usize,
    pub samples: usize,
    /// What the map saw of this key set's hashes at this size, beside a random
    /// function's; absent for a build (its map grows through every size).
    pub view: Option<MapView>,
    /// The rounds, for comparisons paired round by round (absent in a cell made by
    /// hand: comparisons then fall back to the figures' intervals).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub paired: Option<PairedRounds>,
    /// Where it stands to its table's fastest (`answer::rank_group`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub standing: Option<Standing>,
}

impl MapCell {
    /// What names it across runs ([`map_cell_key`]).
    #[must_use]
    pub fn key(&self) -> String {
        map_cell_key(
            &self.implementation,
            &self.key_set,
            &self.workload,
            self.entries,
        )
    }
}

/// A cell's time over its table's fastest, paired sweep by sweep, and what that ratio
/// says with the equivalence margin.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Standing {
    pub ratio: hashbench_stats::Ratio,
    /// `fastest`, `equivalent` (within the margin), `undecided` (the ratio's interval
    /// reaches across the margin's edge) or `slower`.
    pub relation: &'static str,
}

/// A cell's rounds as a paired comparison reads them.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PairedRounds {
    /// The sweep each round ran in: rounds of one group's hashers with the same id ran
    /// side by side, within a fraction of a second.
    pub round_ids: Vec<u32>,
    /// Each round's median, ns.
    pub round_medians_ns: Vec<f64>,
    /// The figure with the rounds it rests on.
    pub figure: hashbench_stats::RoundFigure,
}

/// A hasher that was not timed.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MapSkip {
    pub implementation: String,
    pub reason: String,
}
