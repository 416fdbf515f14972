//! The flags of `run` (and of `suite`, which takes them all) and the request they make.
//! clap parses each value with `hashbench-plan`'s parsers; [`RunArgs::request`] hands the
//! options on, typed, to be resolved (over a suite's settings) into one plan.

use std::path::PathBuf;

use hashbench_catalog::Pattern;
use hashbench_model::Layout;
use hashbench_plan::values::{self, RuntimeList, ThreadCounts};
use hashbench_plan::{Given, RunRequest};
use hashbench_runner::{
    Metric, SizeSpec, DEFAULT_EQUIVALENCE, DEFAULT_PRECISION, DEFAULT_ROUNDS, DEFAULT_TIME_S,
};

use crate::choices::ModeArg;
use crate::render::RunFormat;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Algorithm ids, implementation ids, families, providers or classes; none runs the
    /// default suite: one implementation per algorithm, the fastest measured on the
    /// development machines (x86_64, AVX-512; docs/method.md), not chosen on this one.
    pub filter: Vec<String>,
    /// Input sizes: comma-separated, with k/KiB, m/MiB, g/GiB units; A..=B for calls of
    /// random lengths from A to B (each length once per period, in a seeded order;
    /// reported as their mean), every:A..=B for each length as its own size; or `cache`
    /// for half and twice each detected cache size [default: 64,384,4k,16k,64k,1m,4m].
    #[arg(long, value_parser = values::size_spec)]
    pub sizes: Option<SizeSpec>,
    /// throughput: independent calls on one input, which the CPU may overlap; latency:
    /// each call's first 8 input bytes XORed with the last digest, so calls run one after
    /// another (hash tables, chained records); both: each cell in both, with their ratio.
    #[arg(long, value_enum, default_value_t = ModeArg::Throughput)]
    pub mode: ModeArg,
    /// Thread counts (comma-separated) for implementations that split one message
    /// across threads (blake3+rayon) [default: one per logical CPU]; the others run with
    /// 1 and are reported as not applicable for more.
    #[arg(long, value_name = "N[,N...]", value_parser = values::thread_counts)]
    pub threads: Option<ThreadCounts>,
    /// Also measure N independent streams at once per (implementation, size): aggregate
    /// throughput and scaling efficiency, like `openssl speed -multi N`.
    #[arg(long, value_name = "N")]
    pub streams: Option<usize>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[arg(long, default_value_t = DEFAULT_TIME_S, value_parser = values::parse_seconds)]
    pub time: f64,
    /// Stop sampling a cell once the 95 % CI of its median is within +-this (0.01 or 1%).
    #[arg(long, default_value_t = DEFAULT_PRECISION, value_parser = values::parse_precision)]
    pub precision: f64,
    /// Output format: table (for a terminal), markdown, csv (one row per cell) or json
    /// (the whole run, docs/json-schema.md; `report` renders it again).
    #[arg(long, value_enum, default_value_t)]
    pub format: RunFormat,
    /// Write the result to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The table with every section: every cell, the cost model, the baselines and each
    /// flag's reason (the default table is compact: rankings, flags, skipped).
    #[arg(long)]
    pub detail: bool,
    /// Seed of the random input bytes [default: drawn from the clock, and recorded].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Measure every cell in at least this many short rounds, spread over the run (cells
    /// in a shuffled order each round, a fresh input placement per round); a cell whose
    /// rounds have not agreed on a figure within --precision gets up to three times as
    /// many, within --time. The figure is the median of its fastest rounds that agree
    /// (docs/method.md, "Numbers that reproduce").
    #[arg(long, default_value_t = DEFAULT_ROUNDS, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// The most rounds a cell gets while its rounds have not agreed on a figure within
    /// --precision, or have not yet run at the machine's speed (at least --rounds)
    /// [default: three times --rounds].
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u32).range(1..=i64::from(RunRequest::MOST_ROUNDS)))]
    pub max_rounds: Option<u32>,
    /// Practical-equivalence margin of rankings: implementations whose time ratio,
    /// measured side by side, lies within +-this are reported as equivalent (~N), not
    /// ranked (0.03 or 3%; 0 ranks every difference the run can show).
    #[arg(long, default_value_t = DEFAULT_EQUIVALENCE, value_parser = values::parse_margin)]
    pub equivalence: f64,
    /// API usage patterns to measure, comma-separated or repeated: oneshot, new, reuse,
    /// prealloc, alloc, hex, streaming:CHUNK (k/m suffixes), and for OpenSSL by-name and
    /// prefetched. A pattern a library cannot express is listed as skipped
    /// [default: oneshot].
    #[arg(long = "pattern", value_name = "P[,P...]", value_delimiter = ',',
          value_parser = values::pattern)]
    pub patterns: Vec<Pattern>,
    /// Include every (iterations, elapsed) sample in JSON output.
    #[arg(long)]
    pub raw: bool,
    /// Offset the input this many bytes from a 64-byte boundary (0 to 63).
    // Bounded: the input buffer is allocated with the offset added, so an unbounded
    // value aborted the process (allocation failure) or overflowed instead of being
    // refused, and an offset of 64 or more is the alignment of offset % 64 again.
    #[arg(long, default_value_t = 0,
          value_parser = clap::builder::RangedU64ValueParser::<usize>::new().range(0..64))]
    pub misalign: usize,
    /// Verify against the <algorithm>.json known answers in this directory instead of
    /// the set built into hashbench (as `verify --vectors`).
    #[arg(long, value_name = "DIR")]
    pub vectors: Option<PathBuf>,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
    /// Render tables in a seed benchmark's layout: default, divan, crystal, node,
    /// openssl-speed.
    #[arg(long, value_name = "NAME", value_parser = values::layout)]
    pub layout: Option<Layout>,
    /// Also save this run's JSON as baseline NAME (see `hashbench compare --baseline`).
    #[arg(long, value_name = "NAME")]
    pub save_baseline: Option<String>,
    /// After the run, compare it with the saved baseline NAME (report on standard error).
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,
    /// With --baseline: exit 1 if a cell is significantly slower by more than PCT.
    #[arg(long, value_name = "PCT", requires = "baseline", value_parser = values::percent)]
    pub fail_on_regression: Option<f64>,
    /// Exit with 1 when any guard raised a flag (after writing the output).
    #[arg(long)]
    pub strict: bool,
    /// Pin the measuring thread to this CPU (Linux, sched_setaffinity).
    #[arg(long, value_name = "CPU")]
    pub pin: Option<usize>,
    /// What table and Markdown show: time (rankings, throughput) or cycles (TSC cycles
    /// per call and per byte, hash-speedtest's layout). CSV and JSON carry both.
    #[arg(long, default_value = "time", value_parser = crate::choices::metric())]
    pub metric: Metric,
    /// Add a relative column, in every format (repeatable): `fastest` ("x slower than
    /// fastest"), `slowest` ("+% vs slowest"), or an implementation or baseline id, with
    /// @PATTERN if several were measured ("perf vs ID"); each compares a cell with the
    /// cells of its size [default: none; with --metric cycles, the first blake3
    /// implementation, else fastest].
    #[arg(long, value_name = "fastest|slowest|ID")]
    pub relative_to: Vec<String>,
    /// Allow --threads and --streams above 4 per logical CPU (up to 1024), where the
    /// figures measure the scheduler more than the hash.
    #[arg(long)]
    pub allow_oversubscribe: bool,
    /// Run a plan of more than 5,000 cells (sizes x implementations x patterns x thread
    /// counts) without refusing it.
    #[arg(long)]
    pub yes: bool,
    /// Also measure implementations in other runtimes, through their adapters
    /// (adapters/, docs/adapters.md): node, python, go, java, crystal (comma-separated)
    /// or all; those of the algorithms the filters select (every one without filters).
    /// A filter can also name a runtime (`node`) or one of its implementations
    /// (`sha2-256/node:crypto`).
    #[arg(long, value_name = "RUNTIME[,RUNTIME...]", value_parser = values::runtimes)]
    pub runtime: Option<RuntimeList>,
    /// Testing aid: once N cells have been measured (a cell in one round counts once),
    /// interrupt the run exactly as Ctrl-C does, by sending SIGINT to this process. The
    /// tests of interruption use it instead of a sleep that hopes to land mid-run.
    #[arg(long, hide = true, value_name = "N")]
    pub cancel_after_cells: Option<usize>,
    /// Testing aid: with --cancel-after-cells, send SIGTERM (what CI time-outs send)
    /// instead of SIGINT.
    #[arg(long, hide = true, requires = "cancel_after_cells")]
    pub cancel_with_sigterm: bool,
    /// Testing aid: draw the progress line even when standard error is not a terminal.
    #[arg(long, hide = true)]
    pub force_progress: bool,
    /// Testing aid: make implementation ID's timed calls PERCENT % slower (each batch
    /// makes that many more calls than it counts), a slowdown of known size that
    /// `compare` must find (scripts/aa); its cells' backend says so.
    #[arg(long, hide = true, value_name = "ID=PERCENT", value_parser = parse_slow_down)]
    pub slow_down: Option<(String, f64)>,
}

/// `ID=PERCENT` of `--slow-down`: an implementation id and a percentage from 0 to 100.
fn parse_slow_down(s: &str) -> Result<(String, f64), String> {
    let (id, percent) = s
        .split_once('=')
        .ok_or_else(|| format!("'{s}' is not ID=PERCENT"))?;
    let p: f64 = percent
        .parse()
        .ok()
        .filter(|p: &f64| (0.0..=100.0).contains(p))
        .ok_or_else(|| format!("'{percent}' is not a percentage from 0 to 100"))?;
    Ok((id.to_string(), p / 100.0))
}

impl Default for RunArgs {
    /// What `hashbench` with no command runs: `hashbench run`'s defaults, from its flags.
    fn default() -> Self {
        #[derive(clap::Parser)]
        struct Bare {
            #[command(flatten)]
            run: RunArgs,
        }
        <Bare as clap::Parser>::parse_from(["hashbench"]).run
    }
}

impl RunArgs {
    /// The run options these flags give (what to write and where is the binary's).
    pub fn request(&self) -> RunRequest {
        RunRequest {
            filters: self.filter.clone(),
            runtimes: self.runtime.clone().unwrap_or_default().0,
            sizes: self.sizes.clone(),
            modes: Some(self.mode.modes()),
            threads: self.threads.clone().map(|t| t.0),
            streams: self.streams,
            time_s: Some(self.time),
            precision: Some(self.precision),
            rounds: Some(self.rounds),
            max_rounds: self.max_rounds.map(|n| Given::flag("--max-rounds", n)),
            equivalence: Some(self.equivalence),
            patterns: (!self.patterns.is_empty())
                .then(|| Given::flag("--pattern", self.patterns.clone())),
            seed: self.seed,
            misalign: self.misalign,
            raw: self.raw,
            pin: self.pin,
            metric: Some(Given::flag("--metric", self.metric)),
            layout: self.layout.map(|l| Given::flag("--layout", l)),
            relative_to: (!self.relative_to.is_empty())
                .then(|| Given::flag("--relative-to", self.relative_to.clone())),
            vectors: self.vectors.clone(),
            allow_oversubscribe: self.allow_oversubscribe,
            yes: self.yes,
            ..RunRequest::default()
        }
    }
}
