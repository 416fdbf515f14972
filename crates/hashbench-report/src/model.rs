//! The run model: everything a `hashbench run` measured, serialised as the versioned JSON
//! contract (docs/json-schema.md). Every renderer reads only this.

use hashbench_engine::{IterationScaling, StopReason};
use hashbench_host::{Build, CacheLevel, Host};
use hashbench_stats::{Summary, Throughput};

use crate::costmodel::CostFit;
use serde::{Deserialize, Serialize};

use crate::guards::Flag;
use crate::relative::{Relative, RelativeTo};

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
    /// With `--streams N`: aggregate throughput of N independent streams per
    /// (implementation, size).
    #[serde(default)]
    pub streams: Vec<StreamsCell>,
    /// time(n) = a + b·n fitted per (implementation, pattern, threads) measured at 3 sizes
    /// or more (see [`crate::costmodel`]).
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
}

/// What a suite adds to a run: how to present it beside its seed.
#[derive(Clone, Debug, Default, Serialize, Deserialize)]
pub struct SuiteInfo {
    pub name: String,
    /// The seed's table layout.
    pub layout: crate::layouts::Layout,
    /// Display names: key `implementation` or `implementation@pattern`.
    pub labels: std::collections::BTreeMap<String, String>,
    /// How this suite differs from the seed benchmark, one point each.
    pub notes: Vec<String>,
}

/// A fixed kernel timed at several points of the run, to see whether the machine's
/// speed changed while the cells were measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriftReference {
    /// `baseline/read`.
    pub kernel: String,
    /// Input bytes per call.
    pub size: u64,
    /// In time order.
    pub points: Vec<ReferencePoint>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReferencePoint {
    /// `start`, `after round 1`, ...
    pub at: String,
    /// Median time per call, nanoseconds.
    pub median_ns: f64,
    /// Half-width of the median's 95 % CI, percent of the median.
    pub ci_percent: Option<f64>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Tool {
    pub name: String,
    pub version: String,
    /// The git commit the binary was built from, when it was built in a checkout.
    pub git_commit: Option<String>,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct RunConfig {
    pub filters: Vec<String>,
    /// Input sizes in bytes.
    pub sizes: Vec<u64>,
    /// Per-cell time budget, seconds.
    pub time_budget_s: f64,
    /// Target relative half-width of the median's 95 % CI (0.01 = +-1 %).
    pub precision: f64,
    /// Minimum samples per round.
    pub min_samples: usize,
    /// Rounds per cell: every cell is measured once per round, in a shuffled order, and
    /// its samples are pooled.
    pub rounds: usize,
    /// API usage patterns measured (`--pattern`), as named on the command line.
    #[serde(default)]
    pub patterns: Vec<String>,
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
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ProviderVersion {
    pub provider: String,
    pub version: String,
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Skipped {
    pub implementation: String,
    /// The pattern skipped, for `pattern-not-applicable`; `None` when the whole
    /// implementation was skipped.
    #[serde(default)]
    pub pattern: Option<String>,
    /// `failed-verification`, `unavailable`, `wrong-digest-under-measurement` or
    /// `pattern-not-applicable`.
    pub reason: String,
    /// The first failures, one line each, or why it cannot run.
    pub details: Vec<String>,
}

/// One measured (implementation, pattern, size, threads).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cell {
    /// `sha2-256/openssl`, or `baseline/read` for a baseline.
    pub implementation: String,
    /// The algorithm id; `None` for baselines.
    pub algorithm: Option<String>,
    /// What ran (detected backend), as `hashbench list` reports it.
    pub backend: String,
    /// How the implementation was called (`--pattern`): `oneshot`, `new`, `reuse`,
    /// `prealloc`, `alloc`, `hex`, `streaming:CHUNK`, `by-name`, `prefetched`; `oneshot`
    /// for baselines.
    pub pattern: String,
    /// Threads working on each call: the pool size for implementations that split one
    /// message (`--threads`), else 1.
    pub threads: usize,
    /// Input bytes per call.
    pub size: u64,
    /// The smallest data cache the input fits in (`L1`, `L2`, `L3`, `memory`), from the
    /// host's cache sizes; `None` when they are unknown.
    #[serde(default)]
    pub cache_level: Option<CacheLevel>,
    pub iterations_per_sample: u64,
    /// Statistics of the time per call, in nanoseconds.
    pub summary: Summary,
    /// Rates at the median and at the ends of its 95 % CI.
    pub throughput: Throughput,
    /// Median over the samples of TSC ticks per call, read from the time-stamp counter
    /// around every timed batch, and that per byte (reference cycles at the TSC
    /// frequency, not core clock cycles). `None` off x86_64.
    pub tsc_cycles_per_call: Option<f64>,
    pub tsc_cycles_per_byte: Option<f64>,
    /// Throughput as a fraction of the `read` baseline's at this size (1.0 = as fast as
    /// merely reading the input).
    pub fraction_of_read_ceiling: Option<f64>,
    /// Median time per call of each round, nanoseconds, in round order. Far-apart values
    /// mean the machine's speed changed during the run.
    pub round_medians_ns: Vec<f64>,
    /// Heap allocations through Rust's global allocator per call, counted over untimed
    /// calls after the cell was measured; `None` when not counted. C libraries' own
    /// `malloc`s are not seen.
    #[serde(default)]
    pub allocations_per_call: Option<f64>,
    /// Bytes those allocations requested, per call.
    #[serde(default)]
    pub bytes_allocated_per_call: Option<f64>,
    pub stop_reason: StopReason,
    /// Whether every round ran to its minimum sample count.
    pub complete: bool,
    /// Every sample, with `--raw`.
    pub raw: Option<Vec<RawSample>>,
    /// A batch of the cell's size and one of twice it, timed after sampling: the
    /// evidence the `not-scaling-with-iterations` guard judges.
    #[serde(default)]
    pub iteration_scaling: Option<IterationScaling>,
    /// Guards that fired for this cell (docs/method.md).
    #[serde(default)]
    pub flags: Vec<Flag>,
    /// This cell beside the references of the run's `relative_to`, in that order.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub relative: Vec<Relative>,
}

/// One timed batch, as `--raw` reports it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RawSample {
    /// Kernel calls in the batch.
    pub iterations: u64,
    /// Monotonic-clock time of the whole batch.
    pub elapsed_ns: u64,
    /// TSC ticks of the whole batch (x86_64 only).
    pub tsc_ticks: Option<u64>,
}

/// `--streams N`: N threads each hashing its own copy of the input at once.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct StreamsCell {
    pub implementation: String,
    pub algorithm: String,
    pub backend: String,
    pub size: u64,
    pub streams: usize,
    /// Calls per stream per sample.
    pub iterations_per_sample: u64,
    /// One stream alone: time per call.
    pub single: Summary,
    pub single_throughput: Throughput,
    /// All streams together: wall time per call over every stream's calls, so its rates
    /// are the aggregate's.
    pub aggregate: Summary,
    pub aggregate_throughput: Throughput,
    /// Aggregate GB/s over (streams x single-stream GB/s); 1.0 is perfect scaling.
    pub scaling_efficiency: f64,
    pub stop_reason: StopReason,
}

impl Cell {
    /// The implementation id, with the pattern when it is not `oneshot` and the thread
    /// count when it is not 1: the name of the series this cell belongs to.
    pub fn label(&self) -> String {
        let mut label = self.implementation.clone();
        if self.pattern != "oneshot" {
            label.push_str(&format!(" [{}]", self.pattern));
        }
        if self.threads != 1 {
            label.push_str(&format!(" ({} threads)", self.threads));
        }
        label
    }

    pub fn gb_per_sec(&self) -> f64 {
        self.throughput.estimate.gb_per_sec
    }

    /// Half-width of the median's CI relative to the median, percent.
    pub fn ci_percent(&self) -> Option<f64> {
        self.summary.ci_relative_half_width_percent
    }
}

impl Run {
    /// The distinct sizes of the run's cells and baselines, ascending.
    pub fn sizes(&self) -> Vec<u64> {
        let mut sizes: Vec<u64> = self
            .cells
            .iter()
            .chain(&self.baselines)
            .map(|c| c.size)
            .collect();
        sizes.sort_unstable();
        sizes.dedup();
        sizes
    }

    pub fn baseline(&self, name: &str, size: u64) -> Option<&Cell> {
        self.baselines
            .iter()
            .find(|c| c.size == size && c.implementation == format!("baseline/{name}"))
    }
}
