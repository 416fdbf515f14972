//! One measured cell (and one `--streams` cell).

use hashbench_host::CacheLevel;
use hashbench_stats::{RoundFigure, Summary, Throughput};
use serde::{Deserialize, Serialize};

use crate::flag::Flag;
use crate::machine::{CellLoad, SampleTrend};
use crate::pattern::Pattern;
use crate::relative::Relative;
use crate::scaling::IterationScaling;
use crate::series::SeriesKey;
use crate::size::{Mode, Size};
use crate::stop::StopReason;
use crate::subject::Subject;

/// Why a cell has no fraction of the read ceiling.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case", tag = "reason")]
pub enum NoReadCeiling {
    /// The run has no `read` baseline at the cell's size (`crossover` plans none).
    NoRead,
    /// The run has no `read` baseline at the cell's size on the cell's threads: one
    /// thread's read is no ceiling for a cell that reads on several.
    NoReadOnThreads { threads: usize },
}

impl std::fmt::Display for NoReadCeiling {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            NoReadCeiling::NoRead => f.write_str("no read baseline at this size"),
            NoReadCeiling::NoReadOnThreads { threads } => {
                write!(f, "no read baseline on {threads} threads at this size")
            }
        }
    }
}

/// One measured (implementation, pattern, size, threads).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Cell {
    /// `sha2-256/openssl`, or `baseline/read` for a baseline.
    pub implementation: Subject,
    /// The algorithm id; `None` for baselines.
    pub algorithm: Option<String>,
    /// What ran (detected backend), as `hashbench list` reports it.
    pub backend: String,
    /// How the implementation was called (`--pattern`): `oneshot`, `new`, `reuse`,
    /// `prealloc`, `alloc`, `hex`, `streaming:CHUNK`, `by-name`, `prefetched`; `oneshot`
    /// for baselines.
    pub pattern: Pattern,
    /// Threads working on each call: the pool size for implementations that split one
    /// message (`--threads`), else 1.
    pub threads: usize,
    /// Input bytes per call: a number, or a range (`"1..=128"`) whose lengths the calls
    /// take in turn (docs/method.md).
    pub size: Size,
    /// `throughput` (calls may overlap) or `latency` (each call waits for the last
    /// digest). Written only for latency: absent means throughput (and files from
    /// before latency mode read unchanged).
    #[serde(default, skip_serializing_if = "Mode::is_throughput")]
    pub mode: Mode,
    /// The smallest data cache the input fits in (`L1`, `L2`, `L3`, `memory`), from the
    /// host's cache sizes; `None` when they are unknown.
    #[serde(default)]
    pub cache_level: Option<CacheLevel>,
    pub iterations_per_sample: u64,
    /// Statistics of the time per call over the samples of every round, in nanoseconds:
    /// the cell under this run's load (a round that met a slow phase of the machine
    /// counts as much as any other).
    pub summary: Summary,
    /// The cell's figure: the median of its fastest cluster of rounds that agree with
    /// each other (the machine undisturbed), with an interval over those rounds
    /// (docs/method.md, "Numbers that reproduce"). Every ranking, comparison and rate
    /// uses it. Absent in files from before it was recorded, whose figure is `summary`'s
    /// median and CI ([`Cell::time_ns`]).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub figure: Option<RoundFigure>,
    /// Rates at the figure and at the ends of its interval.
    pub throughput: Throughput,
    /// Median over the samples of TSC ticks per call, read from the time-stamp counter
    /// around every timed batch, and that per byte (reference cycles at the TSC
    /// frequency, not core clock cycles). `None` off x86_64.
    pub tsc_cycles_per_call: Option<f64>,
    pub tsc_cycles_per_byte: Option<f64>,
    /// Throughput as a fraction of the `read` baseline's at this size and on this many
    /// threads (1.0 = as fast as merely reading the input). Files from before reads on
    /// several threads were measured set a cell of N threads against one thread's read
    /// (`load_run` keeps what a file says: the JSON is the contract).
    pub fraction_of_read_ceiling: Option<f64>,
    /// Why `fraction_of_read_ceiling` is absent, when it is (absent in older files).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub no_read_ceiling: Option<NoReadCeiling>,
    /// Median time per call of each round, nanoseconds, in round order. Far-apart values
    /// mean the machine's speed changed during the run.
    pub round_medians_ns: Vec<f64>,
    /// Samples each round took, in round order (absent in files from before it was
    /// recorded). With several rounds, `summary` uses the same number from each: the
    /// smallest of these.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_samples: Vec<usize>,
    /// The pass of the run each round belonged to, in round order: cells of one size
    /// with the same id were measured side by side, milliseconds apart, and are compared
    /// on the ratio of those rounds. Absent in older files: rounds are then numbered in
    /// order ([`Cell::round_id`]).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_ids: Vec<u32>,
    /// The share of each round's time the cell's threads waited for a CPU (Linux's run
    /// queue delay, percent of the time they wanted to run), parallel to
    /// `round_medians_ns`: what tells a multi-thread round that shared its CPUs with
    /// another task. Absent in older files and where the kernel does not say.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub round_wait_percent: Vec<f64>,
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
    /// How much the cell's threads shared their CPUs while it was measured (Linux);
    /// the `busy-machine` guard's evidence.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<CellLoad>,
    /// The first third of the samples against the last; the `short-budget` guard's
    /// evidence. `None` with fewer than 6 samples in every round.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub trend: Option<SampleTrend>,
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
    /// How much the streams' threads shared their CPUs while measured (Linux).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub load: Option<CellLoad>,
}

impl Cell {
    /// The series this cell belongs to.
    #[must_use]
    pub fn series_key(&self) -> SeriesKey {
        SeriesKey {
            implementation: self.implementation.clone(),
            pattern: self.pattern,
            threads: self.threads,
            mode: self.mode,
        }
    }

    /// Whether this cell belongs to the series `key`.
    #[must_use]
    pub fn is_in(&self, key: &SeriesKey) -> bool {
        self.implementation == key.implementation
            && self.pattern == key.pattern
            && self.threads == key.threads
            && self.mode == key.mode
    }

    /// The implementation id, with the pattern when it is not `oneshot` and the thread
    /// count when it is not 1: the name of the series this cell belongs to.
    pub fn label(&self) -> String {
        self.series_key().label()
    }

    pub fn gb_per_sec(&self) -> f64 {
        self.throughput.estimate.gb_per_sec
    }

    /// The cell's time per call, ns: its figure, or the summary's median in a file from
    /// before figures.
    #[must_use]
    pub fn time_ns(&self) -> f64 {
        self.figure
            .as_ref()
            .map_or(self.summary.median.get(), |f| f.median_ns)
    }

    /// The interval of [`Cell::time_ns`], ns: `(low, high)`.
    #[must_use]
    pub fn time_ci(&self) -> (f64, f64) {
        match &self.figure {
            Some(f) => (f.ci_low_ns, f.ci_high_ns),
            None => (
                self.summary.median_ci.low.get(),
                self.summary.median_ci.high.get(),
            ),
        }
    }

    /// Half-width of the time's interval relative to the time, percent.
    pub fn ci_percent(&self) -> Option<f64> {
        match &self.figure {
            Some(f) => Some(f.relative_half_width() * 100.0).filter(|p| p.is_finite()),
            None => self.summary.ci_relative_half_width_percent,
        }
    }

    /// The id of round `i` ([`Cell::round_ids`], or `i` in an older file).
    #[must_use]
    pub fn round_id(&self, i: usize) -> u32 {
        self.round_ids
            .get(i)
            .copied()
            .unwrap_or_else(|| u32::try_from(i).unwrap_or(u32::MAX))
    }

    /// Every round's id, as [`Cell::round_id`] gives them.
    #[must_use]
    pub fn round_id_list(&self) -> Vec<u32> {
        (0..self.round_medians_ns.len())
            .map(|i| self.round_id(i))
            .collect()
    }

    /// Whether the figure could not be made trustworthy: its rounds never agreed.
    #[must_use]
    pub fn unsettled(&self) -> bool {
        self.figure.as_ref().is_some_and(|f| !f.settled)
    }
}
