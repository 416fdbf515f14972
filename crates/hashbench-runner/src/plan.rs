//! The typed plan of a run, and the checks that need the machine. The binary builds a
//! [`RunPlan`] once from its flags (or a suite file, or `crossover`'s arguments); nothing
//! below re-reads text. Checks that only the host can answer (memory, logical CPUs, the
//! CPUs this process may use) run here, before anything is verified or measured.

use std::time::Duration;

use hashbench_catalog::{Implementation, Pattern};
use hashbench_host::Host;
use hashbench_model::{Layout, Mode, RelativeTo, Size, SuiteInfo};
use hashbench_verify::VectorSource;

use crate::RunError;

/// Seconds of measurement per cell unless `--time` says otherwise.
pub const DEFAULT_TIME_S: f64 = 0.3;
/// Target half-width of a cell median's 95 % CI, as a fraction, unless `--precision`.
pub const DEFAULT_PRECISION: f64 = 0.01;
/// The practical-equivalence margin unless `--equivalence` says otherwise.
pub use hashbench_analysis::ties::DEFAULT_EQUIVALENCE;

/// Rounds every cell is measured in unless `--rounds` says otherwise (docs/method.md,
/// "Numbers that reproduce", says why so many).
pub const DEFAULT_ROUNDS: u32 = 8;
/// A cell whose figure has not reached its precision after its rounds gets more, up to
/// this many times as many (within its time budget).
pub const MAX_ROUNDS_FACTOR: u32 = 3;
/// The seed benchmarks' sizes, 64 B to 4 MiB.
pub const DEFAULT_SIZES: &[u64] = &[64, 384, 4 << 10, 16 << 10, 64 << 10, 1 << 20, 4 << 20];
/// At most this many threads or streams per logical CPU without `--allow-oversubscribe`.
pub const OVERSUBSCRIBE_FACTOR: usize = 4;
/// The most threads or streams at all (a pool of more would exhaust the machine).
pub const MAX_THREADS: usize = 1024;
/// Plans of more cells than this need `--yes`.
pub const MAX_CELLS_WITHOUT_YES: usize = 5000;

/// Which sizes to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeSpec {
    /// Half and twice each detected cache size (`--sizes cache`).
    AroundCaches,
    /// These sizes (fixed sizes ascending, then ranges), without repeats.
    List(Vec<Size>),
}

impl Default for SizeSpec {
    fn default() -> Self {
        SizeSpec::List(DEFAULT_SIZES.iter().map(|&n| Size::Bytes(n)).collect())
    }
}

/// How the plan's errors name what the user gave, for the options checked against the
/// machine here: a command's own flag (`recommend --size`, not `--sizes`) or a suite
/// file's key, never a flag the user did not type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spelling {
    /// The sizes: `--sizes`, `--size`, or `suite FILE: key `sizes``.
    pub sizes: String,
    /// The thread counts: `--threads`.
    pub threads: String,
    /// The flag that measures beyond [`OVERSUBSCRIBE_FACTOR`] threads per CPU anyway,
    /// where the command has one (`recommend` has none).
    pub oversubscribe: Option<&'static str>,
}

impl Default for Spelling {
    /// `run`'s flags.
    fn default() -> Self {
        Spelling {
            sizes: "--sizes".to_string(),
            threads: "--threads".to_string(),
            oversubscribe: Some("--allow-oversubscribe"),
        }
    }
}

/// What the table and Markdown outputs show (`--metric`): the renderers' own type, which
/// the plan carries so that a run's default relative columns can follow it.
pub use hashbench_model::Metric;

/// Everything a run needs to know, typed. Built once; the runner only reads it.
#[derive(Clone, Debug)]
pub struct RunPlan {
    /// The filter terms as given, recorded in the result.
    pub filters: Vec<String>,
    /// The implementations they select, in catalogue order.
    pub implementations: Vec<&'static Implementation>,
    /// Implementations in other runtimes (`hashbench-adapters`), their adapters started.
    pub external: Vec<hashbench_adapters::External>,
    /// What the selection of other runtimes set aside (a runtime not set up, an
    /// implementation its adapter offers that hashbench cannot take): reported in the
    /// run's `skipped`.
    pub external_skipped: Vec<hashbench_model::Skipped>,
    /// Measure the baselines (nop, memcpy, read) at every size too.
    pub baselines: bool,
    pub sizes: SizeSpec,
    /// `--mode`: throughput, latency or both; deduplicated, never empty.
    pub modes: Vec<Mode>,
    /// Budget per cell in seconds (recorded as given, so kept as `f64`).
    pub time_s: f64,
    /// Target precision of each cell's median, as a fraction (0.01 is 1 %).
    pub precision: f64,
    pub rounds: u32,
    /// The practical-equivalence margin of rankings (`--equivalence`, a fraction).
    pub equivalence: f64,
    /// The most rounds a cell gets; `None`: [`MAX_ROUNDS_FACTOR`] x `rounds`.
    pub max_rounds: Option<u32>,
    /// Race (`recommend`): after `rounds` screening rounds, more rounds only for the
    /// cells that cannot yet be told apart from their size's leader.
    pub race: bool,
    /// The API usage patterns, deduplicated, never empty.
    pub patterns: Vec<Pattern>,
    /// `--threads`: thread counts for implementations that split one message, ascending.
    pub threads: Option<Vec<usize>>,
    /// `--streams N`.
    pub streams: Option<usize>,
    /// The input seed; drawn from the clock when `None`.
    pub seed: Option<u64>,
    /// Offset of the input from a 64-byte boundary (0 to 63).
    pub misalign: usize,
    /// Keep every raw sample in the result.
    pub raw: bool,
    /// Pin the measuring thread to this CPU.
    pub pin: Option<usize>,
    pub metric: Metric,
    pub layout: Layout,
    /// The relative columns asked for, checked against the selection.
    pub relative_to: Vec<RelativeTo>,
    /// Where the known answers come from.
    pub vectors: VectorSource,
    pub suite: Option<SuiteInfo>,
    pub allow_oversubscribe: bool,
    /// Run a plan of more than [`MAX_CELLS_WITHOUT_YES`] cells.
    pub yes: bool,
    /// The command line, recorded in the result.
    pub command_line: Vec<String>,
    /// What earlier runs on this machine remember of the drift reference's undisturbed
    /// time (the binary's machine memory, docs/method.md): not an option, a fact the run
    /// is given, so that a run spent wholly in a slow spell knows it.
    pub remembered: Option<hashbench_model::RememberedSpeed>,
    /// Testing aid (`--slow-down ID=PERCENT`): this implementation's timed calls each
    /// make this fraction more calls (`HashKernel::slow_down`), a slowdown of known size
    /// for the A/A script to find; its cells' backend says so.
    pub slow_down: Option<(String, f64)>,
    /// How errors name the sizes and threads given.
    pub spelling: Spelling,
}

impl Default for RunPlan {
    /// `hashbench run` with no flags, and nothing selected yet.
    fn default() -> Self {
        RunPlan {
            filters: Vec::new(),
            implementations: Vec::new(),
            external: Vec::new(),
            external_skipped: Vec::new(),
            baselines: true,
            sizes: SizeSpec::default(),
            modes: vec![Mode::Throughput],
            time_s: DEFAULT_TIME_S,
            precision: DEFAULT_PRECISION,
            rounds: DEFAULT_ROUNDS,
            equivalence: DEFAULT_EQUIVALENCE,
            max_rounds: None,
            race: false,
            patterns: vec![Pattern::Oneshot],
            threads: None,
            streams: None,
            seed: None,
            misalign: 0,
            raw: false,
            pin: None,
            metric: Metric::Time,
            layout: Layout::Default,
            relative_to: Vec::new(),
            vectors: VectorSource::Embedded,
            suite: None,
            allow_oversubscribe: false,
            yes: false,
            command_line: Vec::new(),
            remembered: None,
            slow_down: None,
            spelling: Spelling::default(),
        }
    }
}

impl RunPlan {
    /// The budget per cell.
    #[must_use]
    pub fn time_budget(&self) -> Duration {
        Duration::from_secs_f64(self.time_s)
    }

    /// The most rounds a cell is measured in ([`MAX_ROUNDS_FACTOR`] x `rounds`).
    #[must_use]
    pub fn max_rounds(&self) -> u32 {
        self.max_rounds
            .unwrap_or_else(|| self.rounds.saturating_mul(MAX_ROUNDS_FACTOR))
            .max(self.rounds)
            .max(1)
    }

    /// The most cells this plan can have (every implementation at every pattern and
    /// thread count, plus the baselines and the reads on several threads), before anything is known to be unavailable.
    #[must_use]
    pub fn at_most_cells(&self) -> usize {
        let thread_counts = self.threads.as_ref().map_or(1, Vec::len);
        self.sizes_len().saturating_mul(
            ((self.implementations.len() + self.external.len())
                * self.patterns.len().max(1)
                * thread_counts
                * self.modes.len().max(1))
            .saturating_add(if self.baselines {
                3 + self.wide_reads()
            } else {
                0
            }),
        )
    }

    /// The reads on several threads per size at most: one per thread count above 1 (one
    /// for the default, a thread per CPU) when an implementation splits one message.
    fn wide_reads(&self) -> usize {
        if !self.implementations.iter().any(|i| i.parallel) {
            return 0;
        }
        self.threads
            .as_ref()
            .map_or(1, |t| t.iter().filter(|&&n| n > 1).count())
    }

    fn sizes_len(&self) -> usize {
        match &self.sizes {
            SizeSpec::List(b) => b.len(),
            // At most a handful of cache levels, two sizes each.
            SizeSpec::AroundCaches => 0,
        }
    }
}

/// The sizes to measure on `host`, checked against its memory: the input and the
/// memcpy baseline's copy must both fit, with room to spare.
pub(crate) fn sizes_on(plan: &RunPlan, host: &Host) -> Result<Vec<Size>, RunError> {
    let max_size = host.memory_available_bytes.map_or(1 << 40, |m| m / 4);
    match &plan.sizes {
        SizeSpec::AroundCaches => {
            let sizes = host.sizes_around_caches().ok_or_else(|| {
                RunError::Plan(format!(
                    "{} cache: this machine's cache sizes are unknown (no \
                     /sys/devices/system/cpu/cpu0/cache); give sizes instead",
                    plan.spelling.sizes
                ))
            })?;
            Ok(sizes
                .into_iter()
                .filter(|&s| s <= max_size)
                .map(Size::Bytes)
                .collect())
        }
        SizeSpec::List(sizes) => {
            if let Some(&big) = sizes.iter().find(|s| s.max_bytes() > max_size) {
                return Err(RunError::Plan(format!(
                    "{}: {} ({big} B) is larger than this machine's memory allows ({} at \
                     most: a quarter of the memory available)",
                    plan.spelling.sizes,
                    hashbench_model::format::size(big),
                    hashbench_model::format::size(max_size)
                )));
            }
            Ok(sizes.clone())
        }
    }
}

/// Every check of the plan against the machine, before anything runs; returns the sizes.
pub(crate) fn check(plan: &RunPlan, host: &Host) -> Result<Vec<Size>, RunError> {
    let sizes = sizes_on(plan, host)?;
    if let Some(range) = sizes.iter().find(|s| s.fixed().is_none()) {
        if plan.streams.is_some() {
            return Err(RunError::Plan(format!(
                "--streams measures fixed sizes; {range} is a range of lengths: give fixed \
                 sizes ({}) with --streams",
                plan.spelling.sizes
            )));
        }
        if range.max_bytes() > u64::from(u32::MAX) {
            return Err(RunError::Plan(format!(
                "{}: {range}: a range's lengths must be below 4 GiB",
                plan.spelling.sizes
            )));
        }
    }
    if plan.streams == Some(0) {
        return Err(RunError::Plan(
            "bad --streams 0: give at least 1".to_string(),
        ));
    }
    check_oversubscription(plan, host.logical_cores)?;
    if let (Some(n), Some(available)) = (plan.streams, host.memory_available_bytes) {
        // Each stream hashes its own copy of the input.
        let largest = sizes.iter().map(|s| s.max_bytes()).max().unwrap_or(0);
        let need = largest.saturating_mul(n as u64);
        if need > available / 2 {
            return Err(RunError::Plan(format!(
                "--streams {n} at {largest} B needs {need} bytes of input, more than half of \
                 the {available} bytes of memory available: fewer streams or smaller sizes ({})",
                plan.spelling.sizes
            )));
        }
    }
    // The plan's size is known before anything runs: refuse a huge one unless asked.
    let checked = RunPlan {
        sizes: SizeSpec::List(sizes.clone()),
        ..plan.clone()
    };
    let at_most = checked.at_most_cells();
    if at_most > MAX_CELLS_WITHOUT_YES && !plan.yes {
        return Err(RunError::Plan(format!(
            "the plan has up to {at_most} cells ({} sizes x {} implementations x {} \
             patterns x {} thread counts, plus baselines), more than \
             {MAX_CELLS_WITHOUT_YES}: add --yes to run it, or select less",
            sizes.len(),
            plan.implementations.len(),
            plan.patterns.len().max(1),
            plan.threads.as_ref().map_or(1, Vec::len),
        )));
    }
    if let Some(cpu) = plan.pin {
        crate::pin::check(cpu)?;
    }
    Ok(sizes)
}

/// `--threads` and `--streams` against the machine: more than a few per logical CPU
/// measures the scheduler, not the hash, and is refused unless asked for (where the
/// command can ask: `recommend` cannot, and is told the most it may give).
fn check_oversubscription(plan: &RunPlan, logical_cpus: usize) -> Result<(), RunError> {
    let limit = OVERSUBSCRIBE_FACTOR * logical_cpus.max(1);
    let asked = [
        (
            plan.spelling.threads.as_str(),
            plan.threads
                .as_deref()
                .and_then(|t| t.iter().copied().max()),
        ),
        ("--streams", plan.streams),
    ];
    for (flag, n) in asked {
        let Some(n) = n else { continue };
        if n > MAX_THREADS {
            return Err(RunError::Plan(format!(
                "bad {flag} {n}: at most {MAX_THREADS}"
            )));
        }
        if n > limit && !plan.allow_oversubscribe {
            let remedy = match plan.spelling.oversubscribe {
                Some(allow) => format!("add {allow} to measure it anyway"),
                None => format!("give at most {limit}"),
            };
            return Err(RunError::Plan(format!(
                "{flag} {n} is more than {OVERSUBSCRIBE_FACTOR} per logical CPU ({limit} \
                 here): {remedy}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
