//! A run: everything one `hashbench run` measured and how, serialised as the versioned
//! JSON contract (docs/json-schema.md).

use hashbench_host::{Build, Host};
use serde::{Deserialize, Serialize};

use crate::cell::{Cell, StreamsCell};
use crate::costfit::CostFit;
use crate::flag::Flag;
use crate::layout::Layout;
use crate::pattern::Pattern;
use crate::reference::{Checkpoint, DriftReference};
use crate::relative::RelativeTo;
use crate::size::{Mode, Size};
use crate::skip::Skipped;
use crate::subject::Baseline;

/// Incremented when a field is removed, renamed or changes meaning; adding fields does not.
/// Version 2: raw samples carry `elapsed_ns` and `tsc_ticks`; cells carry
/// `round_medians_ns`; TSC cycles are counted per sample, not derived from time.
pub const SCHEMA_VERSION: u32 = 2;

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Run {
    pub schema_version: u32,
    pub tool: Tool,
    /// The command line as given (program name first).
    pub command_line: Vec<String>,
    /// When the run started, RFC 3339 UTC.
    pub timestamp: String,
    pub host: Host,
    pub build: Build,
    /// TSC frequency measured against the monotonic clock at start-up, if the CPU has one.
    pub tsc_hz: Option<f64>,
    pub config: RunConfig,
    /// Versions of every provider whose implementations were measured.
    pub providers: Vec<ProviderVersion>,
    /// Implementations not measured, and why (failed verification, unavailable here).
    pub skipped: Vec<Skipped>,
    /// `nop`, `memcpy` and `read` at every size.
    pub baselines: Vec<Cell>,
    pub cells: Vec<Cell>,
    /// Each other runtime's own floor: its adapter's `nop/<runtime>` (a call that does
    /// nothing, through the same timed loop as its hashes) at every fixed size, when any
    /// implementation of that runtime was measured. Absent otherwise.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub runtime_floors: Vec<Cell>,
    /// With `--streams N`: aggregate throughput of N independent streams per
    /// (implementation, size).
    #[serde(default)]
    pub streams: Vec<StreamsCell>,
    /// time(n) = a + b·n fitted per (implementation, pattern, threads) measured at 3 sizes
    /// or more (`hashbench-analysis`' cost model).
    #[serde(default)]
    pub cost_model: Vec<CostFit>,
    /// False when the run was interrupted: the cells present are complete measurements,
    /// but some planned cells are missing.
    pub complete: bool,
    /// The suite this run came from (`hashbench suite NAME`), if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub suite: Option<SuiteInfo>,
    /// The drift reference: one fixed kernel timed at the start, after every round.
    #[serde(default)]
    pub reference: Option<DriftReference>,
    /// Flags about the run as a whole (`drift`); cells carry their own.
    #[serde(default)]
    pub flags: Vec<Flag>,
    /// The relative columns (`--relative-to`): `fastest`, `slowest` or an id each; every
    /// cell's and baseline's `relative` holds its figures in this order.
    #[serde(default)]
    pub relative_to: Vec<RelativeTo>,
    /// The machine's load, sampled at the start and after every round (Linux `/proc`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<MachineLoad>,
    /// The class of every measured algorithm (`checksum`, `non-cryptographic-hash`,
    /// `cryptographic-hash`), as the catalogue has it: what the HTML report groups its
    /// charts by. Absent in older files (the binary then takes them from its catalogue).
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub classes: std::collections::BTreeMap<String, crate::AlgorithmClass>,
    /// The quality, key and stability of every measured non-cryptographic hash, as the
    /// catalogue has them (`crate::HashProperties`). Absent in older files and in runs
    /// of no such hash.
    #[serde(default, skip_serializing_if = "std::collections::BTreeMap::is_empty")]
    pub hash_properties: std::collections::BTreeMap<String, crate::HashProperties>,
    /// The rankings per size and mode, with their tie and equivalence groups, as the run
    /// decided them. Absent in older files (a renderer decides them again).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rankings: Vec<crate::Ranking>,
    /// Every measured algorithm's properties with their sources (class, width, standard,
    /// SMHasher3 verdict, what it detects, FIPS approval), as the catalogue had them when
    /// the run was made, by id: the HTML report's properties table. Absent in older files
    /// (the binary then takes them from its catalogue, and the page says so).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub properties: Vec<crate::AlgorithmProperties>,
    /// What the analysis finds beside the rankings ([`crate::findings`]): never written,
    /// so `None` until `hashbench_analysis::completion` fills it for the renderers.
    #[serde(skip)]
    pub findings: Option<crate::findings::Findings>,
}

/// What a suite adds to a run: how to present it beside its seed.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SuiteInfo {
    pub name: String,
    /// The seed's table layout.
    pub layout: Layout,
    /// Display names: key `implementation` or `implementation@pattern`.
    pub labels: std::collections::BTreeMap<String, String>,
    /// How this suite differs from the seed benchmark, one point each.
    pub notes: Vec<String>,
}

/// The machine's load over a run: one sample at the start and one after every round.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MachineLoad {
    pub samples: Vec<LoadSample>,
}

/// One reading of `/proc/loadavg` and `/proc/stat`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LoadSample {
    /// `at start`, `after round 1`, ...
    pub at: Checkpoint,
    /// The 1, 5 and 15 minute load averages.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load_average: Option<[f64; 3]>,
    /// Runnable tasks system-wide at that moment (`procs_running`), hashbench's
    /// measuring thread included.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub procs_running: Option<u32>,
    /// CPU time the hypervisor stole since the previous sample, percent of all CPUs'
    /// time (`steal` in `/proc/stat`); `None` for the first.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub steal_percent: Option<f64>,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Tool {
    pub name: String,
    pub version: String,
    /// The git commit the binary was built from, when it was built in a checkout.
    pub git_commit: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunConfig {
    pub filters: Vec<String>,
    /// Input sizes: bytes, or ranges of lengths (`"1..=128"`).
    pub sizes: Vec<Size>,
    /// `--mode`: the modes the cells were measured in. Written only when it is not
    /// throughput alone: absent means `["throughput"]`.
    #[serde(
        default = "throughput_only",
        skip_serializing_if = "is_throughput_only"
    )]
    pub modes: Vec<Mode>,
    /// `--metric` (`time` or `cycles`): what the table showed, and what `report` shows
    /// again unless told otherwise. Absent in older files (then `time`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub metric: Option<String>,
    /// Per-cell time budget, seconds.
    pub time_budget_s: f64,
    /// Target relative half-width of the median's 95 % CI (0.01 = +-1 %).
    pub precision: f64,
    /// Minimum samples per round.
    pub min_samples: usize,
    /// Rounds every cell was measured in (passes over the cells in a shuffled order); a
    /// cell whose figure had not reached its precision got more, up to `max_rounds`.
    pub rounds: usize,
    /// The most rounds a cell could get. Absent in files from before adaptive rounds
    /// (every cell then had `rounds`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub max_rounds: Option<usize>,
    /// The practical-equivalence margin rankings and comparisons used (`--equivalence`,
    /// a fraction: 0.03 treats times within 3 % as the same). Absent in older files,
    /// which are read with the default.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub equivalence: Option<f64>,
    /// API usage patterns measured (`--pattern`), by their names.
    #[serde(default)]
    pub patterns: Vec<Pattern>,
    /// Seed of the random input bytes.
    pub seed: u64,
    /// Offset of the input from a 64-byte boundary.
    pub misalign: usize,
    /// Whether every (iterations, elapsed) pair is included.
    pub raw: bool,
    /// The CPU the measuring thread was pinned to (`--pin`), if any.
    #[serde(default)]
    pub pin_cpu: Option<usize>,
    /// `--threads`: thread counts for implementations that split one message; `None`
    /// when not given (those implementations then get one thread per logical CPU).
    #[serde(default)]
    pub threads: Option<Vec<usize>>,
    /// `--streams N`, when given.
    #[serde(default)]
    pub streams: Option<usize>,
    /// How the implementations were verified; absent in files from before 2026-11-29.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub verification: Option<crate::VerificationFacts>,
    /// How far earlier runs of this build on this machine saw figures move from one run
    /// to the next, per size class: every interval reaches at least that far
    /// (`crate::RunToRun`). Absent when the memory knew too little, was switched off, or
    /// in files from before 2026-11-30.
    #[serde(default, skip_serializing_if = "crate::RunToRun::is_empty")]
    pub run_to_run: crate::RunToRun,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ProviderVersion {
    pub provider: String,
    pub version: String,
    /// Where a user's implementation came from (`--plugin`): absent for the catalogue's
    /// providers and the runtimes', and in files written before it was recorded.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<Origin>,
}

/// Where a plugin came from, as data: what the user gave, the library loaded and its
/// hash, and for a folder built here, how (docs/plugins.md, "What the run records").
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Origin {
    /// The path given to `--plugin`.
    pub given: String,
    /// The shared library loaded: the path itself, or the one built from it.
    pub library: String,
    /// The library's sha256, hex.
    pub sha256: String,
    /// For a folder built here: the compiler's command (`cc`, or `$CC`'s words).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub compiler: Vec<String>,
    /// Its `--version`'s first line.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub compiler_version: Option<String>,
    /// The flags it was given besides the files (`-O3 -fPIC -shared`, then `--cflags`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub flags: Vec<String>,
}

fn throughput_only() -> Vec<Mode> {
    vec![Mode::Throughput]
}

fn is_throughput_only(modes: &[Mode]) -> bool {
    modes == [Mode::Throughput]
}

impl Run {
    /// What the analysis found in the run, as the renderers read it; none when no one
    /// completed it.
    #[must_use]
    pub fn findings(&self) -> &crate::findings::Findings {
        self.findings.as_ref().unwrap_or(&crate::findings::NONE)
    }

    /// The distinct sizes of the run's cells and baselines, ascending.
    pub fn sizes(&self) -> Vec<Size> {
        let mut sizes: Vec<Size> = self
            .cells
            .iter()
            .chain(&self.baselines)
            .map(|c| c.size)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        sizes
    }

    /// The baseline's cell at this size, if it was measured.
    pub fn baseline(&self, baseline: Baseline, size: Size) -> Option<&Cell> {
        self.baselines
            .iter()
            // One thread's: a read on N threads is the ceiling of the cells on N only.
            .find(|c| {
                c.size == size && c.implementation.baseline() == Some(baseline) && c.threads == 1
            })
    }
}

/// The heading depends on the run (a suite's display names), so it is defined beside it.
impl RelativeTo {
    /// The column heading in tables, with the suite's label for an id when it has one.
    #[must_use]
    pub fn heading(&self, run: &Run) -> String {
        match self {
            RelativeTo::Fastest => "× slower than fastest".to_string(),
            RelativeTo::Slowest => "+% vs slowest".to_string(),
            RelativeTo::Cell(id) => {
                let label = run
                    .suite
                    .as_ref()
                    .and_then(|s| s.labels.get(id))
                    .unwrap_or(id);
                format!("perf vs {label}")
            }
        }
    }
}
