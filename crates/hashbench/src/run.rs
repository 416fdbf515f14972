//! `hashbench run` (and `hashbench` alone): verify, then measure every selected
//! implementation and the baselines at every size, and render the run.

use std::io::IsTerminal;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant, SystemTime};

use anyhow::{Context, Result};
use hashbench_catalog::{Implementation, Pattern};
use hashbench_engine::{
    count_allocations, measure_streams, Allocations, CellResult, CellState, Config, EngineError,
    HashKernel, Input, Kernel, KernelError, Memcpy, Nop, Read, StreamsResult, ThreadPool,
};
use hashbench_host::{Build, Host, Tsc};
use hashbench_model::Layout;
use hashbench_model::{
    Cell, Checkpoint, ProviderVersion, RawSample, RelativeTo, Run, RunConfig, SkipReason, Skipped,
    StreamsCell, Subject as CellSubject, Tool, SCHEMA_VERSION,
};
use hashbench_report::Thresholds;
use hashbench_stats::Throughput;
use hashbench_verify::{Status, VectorSource};

use crate::output::Destination;
use crate::reference::Reference;
use crate::sizes::{parse_precision, parse_seconds, parse_sizes, DEFAULT_SIZES};
use crate::{emit, select, UsageError, EXIT_FAILED};

/// Rounds per cell unless `--rounds` says otherwise (docs/method.md says why).
const DEFAULT_ROUNDS: u32 = 3;

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum RunFormat {
    #[default]
    Table,
    Json,
    Csv,
    Markdown,
}

/// What the table and Markdown outputs show (`--metric`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, clap::ValueEnum)]
pub enum Metric {
    /// Time per call and throughput, with rankings.
    #[default]
    Time,
    /// TSC cycles per call and per byte, in btrfs hash-speedtest's layout.
    Cycles,
}

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    /// Algorithm ids, implementation ids, families, providers or classes; none runs the
    /// default suite (the fastest known implementation of every algorithm).
    pub filter: Vec<String>,
    /// Input sizes: comma-separated, with k/m/g suffixes for KiB/MiB/GiB, or `cache`
    /// for half and twice each detected cache size [default: 64,384,4k,16k,64k,1m,4m].
    #[arg(long)]
    pub sizes: Option<String>,
    /// Thread counts (comma-separated) for implementations that split one message
    /// across threads (blake3+rayon) [default: one per logical CPU]; the others run with
    /// 1 and are reported as not applicable for more.
    #[arg(long, value_name = "N[,N...]")]
    pub threads: Option<String>,
    /// Also measure N independent streams at once per (implementation, size): aggregate
    /// throughput and scaling efficiency, like `openssl speed -multi N`.
    #[arg(long, value_name = "N")]
    pub streams: Option<usize>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[arg(long, default_value = "0.3")]
    pub time: String,
    /// Stop sampling a cell once the 95 % CI of its median is within +-this (0.01 or 1%).
    #[arg(long, default_value = "1%")]
    pub precision: String,
    #[arg(long, value_enum, default_value_t)]
    pub format: RunFormat,
    /// Write the result to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// Seed of the random input bytes [default: drawn from the clock, and recorded].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Measure every cell in this many rounds, cells in a shuffled order each round, and
    /// pool the samples (each round gets 1/N of --time).
    #[arg(long, default_value_t = DEFAULT_ROUNDS, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub rounds: u32,
    /// API usage patterns to measure, comma-separated or repeated: oneshot, new, reuse,
    /// prealloc, alloc, hex, streaming:CHUNK (k/m suffixes), and for OpenSSL by-name and
    /// prefetched. A pattern a library cannot express is listed as skipped
    /// [default: oneshot].
    #[arg(long = "pattern", value_name = "P[,P...]")]
    pub patterns: Vec<String>,
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
    #[arg(long, value_name = "NAME")]
    pub layout: Option<String>,
    /// Set by `hashbench suite`: the suite's name, labels and notes.
    #[arg(skip)]
    pub suite: Option<hashbench_model::SuiteInfo>,
    /// Also save this run's JSON as baseline NAME (see `hashbench compare --baseline`).
    #[arg(long, value_name = "NAME")]
    pub save_baseline: Option<String>,
    /// After the run, compare it with the saved baseline NAME (report on standard error).
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,
    /// With --baseline: exit 1 if a cell is significantly slower by more than PCT.
    #[arg(long, value_name = "PCT", requires = "baseline")]
    pub fail_on_regression: Option<String>,
    /// Exit with 1 when any guard raised a flag (after writing the output).
    #[arg(long)]
    pub strict: bool,
    /// Pin the measuring thread to this CPU (Linux, sched_setaffinity).
    #[arg(long, value_name = "CPU")]
    pub pin: Option<usize>,
    /// What table and Markdown show: time (rankings, throughput) or cycles (TSC cycles
    /// per call and per byte, hash-speedtest's layout). CSV and JSON carry both.
    #[arg(long, value_enum, default_value_t)]
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
}

impl Default for RunArgs {
    /// What `hashbench` with no command runs: the same defaults as `hashbench run`.
    fn default() -> Self {
        RunArgs {
            filter: Vec::new(),
            sizes: None,
            threads: None,
            streams: None,
            time: "0.3".to_string(),
            precision: "1%".to_string(),
            format: RunFormat::Table,
            output: None,
            seed: None,
            rounds: DEFAULT_ROUNDS,
            patterns: Vec::new(),
            raw: false,
            misalign: 0,
            vectors: None,
            quiet: false,
            save_baseline: None,
            baseline: None,
            fail_on_regression: None,
            layout: None,
            suite: None,
            strict: false,
            pin: None,
            metric: Metric::Time,
            relative_to: Vec::new(),
            allow_oversubscribe: false,
            yes: false,
            cancel_after_cells: None,
            cancel_with_sigterm: false,
            force_progress: false,
        }
    }
}

/// The default suite: the fastest known implementation of every algorithm on x86_64
/// (docs/method.md says how they were chosen).
fn default_suite() -> Vec<&'static Implementation> {
    hashbench_catalog::registry::DEFAULT_SUITE
        .iter()
        .filter_map(|id| hashbench_catalog::find_implementation(id))
        .collect()
}

/// Sends SIGINT (or SIGTERM) to this process (the hidden `--cancel-after-cells`): the
/// run goes on exactly as after a real Ctrl-C at this point. The handlers installed in
/// `execute` set the cancel flag inside `raise`, before it returns, so the cell after
/// this one is never started.
fn interrupt_self(cancel: &AtomicBool, sigterm: bool) {
    #[cfg(unix)]
    {
        let _ = cancel;
        let signal = if sigterm { libc::SIGTERM } else { libc::SIGINT };
        // SAFETY: raise has no memory-safety preconditions.
        unsafe { libc::raise(signal) };
    }
    // Without signals, the flag itself.
    #[cfg(not(unix))]
    cancel.store(true, Ordering::SeqCst);
}

/// Progress on standard error, only when it is a terminal and not `--quiet`.
struct Progress {
    enabled: bool,
    total: usize,
    done: usize,
    started: Instant,
}

impl Progress {
    fn show(&self, what: &str) {
        if !self.enabled {
            return;
        }
        let eta = if self.done == 0 {
            "?".to_string()
        } else {
            let per = self.started.elapsed().as_secs_f64() / self.done as f64;
            format!("{:.0} s", per * (self.total - self.done) as f64)
        };
        eprint!(
            "\r\x1b[K[{}/{}] {what}  ETA {eta}",
            self.done + 1,
            self.total
        );
    }

    fn clear(&self) {
        if self.enabled {
            eprint!("\r\x1b[K");
        }
    }
}

/// RFC 3339 UTC, to the second, from the system clock (a clock before 1970 reads as the
/// epoch).
fn timestamp(now: SystemTime) -> String {
    let secs = now
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    i64::try_from(secs)
        .ok()
        .and_then(|s| jiff::Timestamp::from_second(s).ok())
        .unwrap_or(jiff::Timestamp::UNIX_EPOCH)
        .to_string()
}

fn build_info() -> Build {
    let rustflags = env!("HASHBENCH_RUSTFLAGS").to_string();
    let words: Vec<&str> = rustflags.split_whitespace().collect();
    let target_cpu = words.iter().enumerate().find_map(|(i, w)| {
        w.strip_prefix("-Ctarget-cpu=")
            .or_else(|| w.strip_prefix("target-cpu="))
            .map(str::to_string)
            .or_else(|| {
                (*w == "-C")
                    .then(|| words.get(i + 1).and_then(|n| n.strip_prefix("target-cpu=")))
                    .flatten()
                    .map(str::to_string)
            })
    });
    Build {
        rustc: env!("HASHBENCH_RUSTC").to_string(),
        profile: env!("HASHBENCH_PROFILE").to_string(),
        target: env!("HASHBENCH_TARGET").to_string(),
        target_cpu,
        target_features: Build::target_features_enabled(),
        rustflags,
        opt_level: env!("HASHBENCH_OPT_LEVEL").to_string(),
    }
}

/// Everything a cell needs besides its measurement.
struct CellMeta {
    implementation: CellSubject,
    algorithm: Option<String>,
    backend: String,
    pattern: Pattern,
    allocations: Option<Allocations>,
    threads: usize,
}

/// The `--pattern` values, each possibly a comma-separated list, parsed and deduplicated
/// in the order given; `oneshot` when none is given.
fn parse_patterns(values: &[String]) -> Result<Vec<Pattern>, UsageError> {
    let mut patterns = Vec::new();
    for text in values.iter().flat_map(|v| v.split(',')) {
        let p: Pattern = text
            .parse()
            .map_err(|e: hashbench_catalog::PatternError| UsageError(e.to_string()))?;
        if !patterns.contains(&p) {
            patterns.push(p);
        }
    }
    if patterns.is_empty() {
        patterns.push(Pattern::Oneshot);
    }
    Ok(patterns)
}

/// Untimed calls over which allocations are counted: enough to average out amortised
/// growth, few enough that a slow cell (tens of ms per call) adds little to the run.
fn counted_calls(median_ns: f64) -> u32 {
    const BUDGET_NS: f64 = 2e6;
    (BUDGET_NS / median_ns.max(1.0)).clamp(2.0, 16.0) as u32
}

fn cell(meta: CellMeta, size: u64, result: CellResult, raw: bool) -> Result<Cell> {
    let throughput = Throughput::from_summary(&result.summary, size, None)
        .with_context(|| format!("{} at {size} B: no finite rate", meta.implementation))?;
    let per_call = result.tsc_ticks_per_call;
    let raw = raw.then(|| {
        result
            .measurements
            .iter()
            .enumerate()
            .map(|(i, m)| RawSample {
                iterations: m.iterations,
                elapsed_ns: u64::try_from(m.elapsed.as_nanos()).unwrap_or(u64::MAX),
                tsc_ticks: result.tsc_ticks.as_ref().and_then(|t| t.get(i).copied()),
            })
            .collect()
    });
    Ok(Cell {
        implementation: meta.implementation,
        algorithm: meta.algorithm,
        backend: meta.backend,
        pattern: meta.pattern,
        threads: meta.threads,
        size,
        cache_level: None,
        iterations_per_sample: result.iterations_per_sample,
        summary: result.summary,
        throughput,
        tsc_cycles_per_call: per_call,
        tsc_cycles_per_byte: per_call.map(|c| c / size as f64),
        fraction_of_read_ceiling: None,
        round_medians_ns: result.rounds.iter().map(|r| r.median_ns).collect(),
        allocations_per_call: meta.allocations.map(|a| a.allocations_per_call),
        bytes_allocated_per_call: meta.allocations.map(|a| a.bytes_per_call),
        stop_reason: result.stop_reason,
        complete: result.complete,
        raw,
        iteration_scaling: result.iteration_scaling,
        flags: Vec::new(),
        relative: Vec::new(),
    })
}

/// Fisher-Yates shuffle driven by splitmix64 from `seed`: the cell order of a round is
/// reproducible from the run's seed.
fn shuffle<T>(items: &mut [T], seed: u64) {
    let mut state = seed;
    let mut next = move || {
        state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    };
    for i in (1..items.len()).rev() {
        let j = (next() % (i as u64 + 1)) as usize;
        items.swap(i, j);
    }
}

/// What a planned cell measures.
#[derive(Clone, Copy)]
enum Subject {
    Nop,
    Memcpy,
    Read,
    /// Index into the (implementation, pattern) kernels being measured.
    Hash(usize),
}

impl Subject {
    const BASELINES: [(Subject, &'static str); 3] = [
        (Subject::Nop, "nop"),
        (Subject::Memcpy, "memcpy"),
        (Subject::Read, "read"),
    ];
}

/// One (subject, size) and what has been measured of it so far.
struct Planned {
    subject: Subject,
    name: String,
    size: u64,
    threads: usize,
    state: CellState,
    expected: Option<Vec<u8>>,
    failed: bool,
    allocations: Option<Allocations>,
}

/// One implementation driven by one pattern.
struct PatternKernel {
    implementation: &'static Implementation,
    kernel: HashKernel,
}

/// The digest every sample of `imp` must reproduce: computed by the first available
/// implementation of the algorithm in the catalogue (the agreement reference that
/// verification compared `imp` with), not by `imp` itself.
fn expected_digest(imp: &Implementation, input: &[u8]) -> Result<Vec<u8>> {
    let reference = hashbench_catalog::implementations_of(imp.algorithm.id)
        .find(|i| i.availability().is_available())
        .unwrap_or(imp);
    let mut h = reference
        .instantiate()
        .map_err(|why| anyhow::anyhow!("{}: {why}", reference.id))?;
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    h.oneshot(input, &mut out);
    Ok(out)
}

/// What [`execute`] measured, before rendering.
pub struct Outcome {
    pub run: Run,
    /// An implementation failed verification or gave a wrong digest while measured.
    pub failed: bool,
    /// Ctrl-C stopped the run.
    pub interrupted: bool,
}

/// Parses `--threads 1,2,4`: thread counts of at least 1, each at most 1024.
pub fn parse_threads(text: &str) -> Result<Vec<usize>, UsageError> {
    let mut counts = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        match item.parse::<usize>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                if !counts.contains(&n) {
                    counts.push(n);
                }
            }
            _ => {
                return Err(UsageError(format!(
                    "bad thread count '{item}' in --threads: give whole numbers from 1 to {MAX_THREADS}, like 1,2"
                )))
            }
        }
    }
    counts.sort_unstable();
    Ok(counts)
}

/// At most this many threads or streams per logical CPU without `--allow-oversubscribe`.
pub const OVERSUBSCRIBE_FACTOR: usize = 4;
/// The most threads or streams at all (a pool of more would exhaust the machine).
pub const MAX_THREADS: usize = 1024;
/// Plans of more cells than this need `--yes`.
pub const MAX_CELLS_WITHOUT_YES: usize = 5000;

/// `--threads` and `--streams` against the machine: more than a few per logical CPU
/// measures the scheduler, not the hash, and is refused unless asked for.
fn check_oversubscription(
    threads: &[usize],
    streams: Option<usize>,
    logical_cpus: usize,
    allowed: bool,
) -> Result<(), UsageError> {
    let limit = OVERSUBSCRIBE_FACTOR * logical_cpus.max(1);
    let asked = [
        ("--threads", threads.iter().copied().max()),
        ("--streams", streams),
    ];
    for (flag, n) in asked {
        let Some(n) = n else { continue };
        if n > MAX_THREADS {
            return Err(UsageError(format!("bad {flag} {n}: at most {MAX_THREADS}")));
        }
        if n > limit && !allowed {
            return Err(UsageError(format!(
                "{flag} {n} is more than {OVERSUBSCRIBE_FACTOR} per logical CPU ({limit} \
                 here): add --allow-oversubscribe to measure it anyway"
            )));
        }
    }
    Ok(())
}

/// The sizes to measure: `--sizes cache` (around the detected cache sizes), a list, or
/// the default.
fn sizes_for(args: &RunArgs, host: &Host, max_size: u64) -> Result<Vec<u64>> {
    match args.sizes.as_deref().map(str::trim) {
        Some("cache") => {
            let sizes = host.sizes_around_caches().ok_or_else(|| {
                UsageError(
                    "--sizes cache: this machine's cache sizes are unknown (no /sys/devices/system/cpu/cpu0/cache); give sizes instead".to_string(),
                )
            })?;
            Ok(sizes.into_iter().filter(|&s| s <= max_size).collect())
        }
        Some(text) => Ok(parse_sizes(text, max_size)?),
        None => Ok(DEFAULT_SIZES.to_vec()),
    }
}

pub fn run(args: RunArgs, command_line: Vec<String>) -> Result<u8> {
    // Everything the user typed is checked before anything is measured (the rest in
    // `execute`).
    let layout = layout_for(args.layout.as_deref(), args.suite.as_ref(), args.metric)?;
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    // Baseline names, the directory they go to and the baseline to compare with are
    // checked before measuring.
    if let Some(name) = &args.save_baseline {
        let path = crate::compare::baseline_path(name)?;
        crate::output::check_dir(path.parent().unwrap_or(Path::new(".")))?;
    }
    let compare_with = args
        .baseline
        .as_deref()
        .map(crate::compare::load_baseline)
        .transpose()?;
    let fail_on_regression = args
        .fail_on_regression
        .as_deref()
        .map(|t| crate::sizes::parse_percent("--fail-on-regression", t))
        .transpose()?;
    let Outcome {
        run,
        failed,
        interrupted,
    } = execute(&args, command_line, true)?;
    let run = &run;
    let flags = hashbench_report::guards::count(run);
    let text = render(run, args.format, args.metric, layout)?;
    write_or_emit(destination.as_ref(), &text, args.quiet)?;
    if run.cells.is_empty() && !interrupted {
        // Every selected implementation was unavailable, failed verification or could not
        // express the patterns asked for: a run that measured nothing is no success (its
        // output, written above, lists why).
        let reasons: Vec<String> = run
            .skipped
            .iter()
            .map(|s| format!("{} ({})", s.implementation, s.reason))
            .collect();
        eprintln!(
            "hashbench: error: no implementation was measured: {}",
            if reasons.is_empty() {
                "nothing was selected".to_string()
            } else {
                reasons.join(", ")
            }
        );
        return Ok(EXIT_FAILED);
    }
    let mut regressed = 0;
    if let Some(name) = &args.save_baseline {
        if interrupted {
            eprintln!("hashbench: not saving baseline {name}: the run was interrupted");
        } else {
            let path = crate::compare::save_baseline(name, &hashbench_report::json(run)?)?;
            if !args.quiet {
                eprintln!("hashbench: saved baseline {name} ({})", path.display());
            }
        }
    }
    if let (Some(base), Some(name)) = (&compare_with, &args.baseline) {
        let comparison = hashbench_report::compare::compare(
            base,
            run,
            crate::compare::DEFAULT_NOISE_PERCENT / 100.0,
        );
        eprint!(
            "{}",
            hashbench_report::compare::render(
                &format!("baseline {name}"),
                base,
                "this run",
                run,
                &comparison,
                false
            )
        );
        regressed = crate::compare::regression_exit(&comparison, fail_on_regression);
    }
    if args.strict && flags > 0 {
        eprintln!("hashbench: --strict: {flags} flag(s) raised; see the output");
    }
    Ok(if interrupted {
        crate::signals::exit_code_if_stopped().unwrap_or(crate::signals::EXIT_SIGINT)
    } else if failed || (args.strict && flags > 0) {
        EXIT_FAILED
    } else {
        regressed
    })
}

/// The layout `--layout NAME` names, else the suite's, else the default. The cycle view
/// is a layout of its own (hash-speedtest's), so `--metric cycles` with another layout
/// is refused rather than one of them silently dropped.
pub(crate) fn layout_for(
    name: Option<&str>,
    suite: Option<&hashbench_model::SuiteInfo>,
    metric: Metric,
) -> Result<Layout, UsageError> {
    let layout = layout_named(name, suite)?;
    if metric == Metric::Cycles && layout != Layout::Default {
        return Err(UsageError(format!(
            "--metric cycles has its own layout (btrfs hash-speedtest's) and cannot be shown \
             in the {} layout: choose one",
            name.unwrap_or("suite's")
        )));
    }
    Ok(layout)
}

fn layout_named(
    name: Option<&str>,
    suite: Option<&hashbench_model::SuiteInfo>,
) -> Result<Layout, UsageError> {
    match name {
        None => Ok(suite.map(|s| s.layout).unwrap_or_default()),
        Some(name) => Layout::parse(name).ok_or_else(|| {
            UsageError(format!(
                "unknown --layout '{name}': one of {}",
                Layout::NAMES.join(", ")
            ))
        }),
    }
}

/// `run` rendered in `format`; `metric` and `layout` choose the tables.
pub(crate) fn render(
    run: &Run,
    format: RunFormat,
    metric: Metric,
    layout: Layout,
) -> Result<String> {
    Ok(match (format, metric) {
        (RunFormat::Table, Metric::Cycles) => hashbench_report::cycles_terminal(run),
        (RunFormat::Markdown, Metric::Cycles) => hashbench_report::cycles_markdown(run),
        (RunFormat::Table | RunFormat::Markdown, _) if layout != Layout::Default => {
            let mut text = hashbench_report::layouts::render(run, layout).unwrap_or_default();
            // The seed layouts have no flags column: the flags follow the tables.
            let flags = hashbench_report::flags_text(run);
            if !flags.is_empty() {
                text.push('\n');
                text.push_str(&flags);
            }
            text
        }
        (RunFormat::Table, Metric::Time) => hashbench_report::terminal(run),
        (RunFormat::Markdown, Metric::Time) => hashbench_report::markdown(run),
        (RunFormat::Csv, _) => hashbench_report::csv(run),
        (RunFormat::Json, _) => hashbench_report::json(run)?,
    })
}

/// Writes `text` to `output` (checked before the work began), or to standard output.
pub(crate) fn write_or_emit(output: Option<&Destination>, text: &str, quiet: bool) -> Result<()> {
    match output {
        Some(d) => {
            d.write(text)?;
            if !quiet && !matches!(d, Destination::Stdout) {
                eprintln!("hashbench: wrote {}", d.describe());
            }
        }
        None => emit(text),
    }
    Ok(())
}

/// `--relative-to`: `fastest`, `slowest`, or one of `ids` (with `@PATTERN`, one of
/// `patterns`) or a baseline. Repeats are dropped.
pub(crate) fn parse_relative_to(
    texts: &[String],
    ids: &[&str],
    patterns: &[String],
) -> Result<Vec<RelativeTo>, UsageError> {
    let mut out = Vec::new();
    for text in texts {
        let to = RelativeTo::parse(text.trim());
        if let Some((id, pattern)) = to.id_and_pattern() {
            let baseline = Subject::BASELINES
                .iter()
                .any(|(_, name)| format!("baseline/{name}") == id);
            if !baseline && !ids.contains(&id) {
                return Err(UsageError(format!(
                    "--relative-to {text}: give fastest, slowest, or one of the measured \
                     implementations ({}) or baseline/nop, baseline/memcpy, baseline/read",
                    ids.join(", ")
                )));
            }
            if let Some(p) = pattern {
                if baseline || !patterns.iter().any(|m| m == p) {
                    return Err(UsageError(format!(
                        "--relative-to {text}: pattern '{p}' is not measured (--pattern: {})",
                        patterns.join(", ")
                    )));
                }
            }
        }
        if !out.contains(&to) {
            out.push(to);
        }
    }
    Ok(out)
}

/// Verifies, then measures what `args` selects (the baselines too when `baselines`), and
/// returns the run model. Everything the user typed is checked before anything is
/// measured.
pub fn execute(args: &RunArgs, command_line: Vec<String>, baselines: bool) -> Result<Outcome> {
    let host = Host::detect();
    // The input and the memcpy baseline's copy must both fit, with room to spare.
    let max_size = host.memory_available_bytes.map_or(1 << 40, |m| m / 4);
    let sizes = sizes_for(args, &host, max_size)?;
    let time_budget = parse_seconds(&args.time)?;
    let precision = parse_precision(&args.precision)?;
    let patterns = parse_patterns(&args.patterns)?;
    let threads = args.threads.as_deref().map(parse_threads).transpose()?;
    let streams = args.streams;
    if streams == Some(0) {
        return Err(UsageError("bad --streams 0: give at least 1".to_string()).into());
    }
    check_oversubscription(
        threads.as_deref().unwrap_or(&[]),
        streams,
        host.logical_cores,
        args.allow_oversubscribe,
    )?;
    if let (Some(n), Some(available)) = (streams, host.memory_available_bytes) {
        // Each stream hashes its own copy of the input.
        let largest = sizes.iter().copied().max().unwrap_or(0);
        let need = largest.saturating_mul(n as u64);
        if need > available / 2 {
            return Err(UsageError(format!(
                "--streams {n} at {largest} B needs {need} bytes of input, more than half of \
                 the {available} bytes of memory available: fewer streams or smaller --sizes"
            ))
            .into());
        }
    }
    let selected = if args.filter.is_empty() {
        default_suite()
    } else {
        select(&args.filter)?
    };
    let relative_to = parse_relative_to(
        &args.relative_to,
        &selected.iter().map(|imp| imp.id).collect::<Vec<_>>(),
        &patterns.iter().map(Pattern::to_string).collect::<Vec<_>>(),
    )?;
    // The plan's size is known before anything runs: refuse a huge one unless asked.
    let thread_counts = threads.as_ref().map_or(1, Vec::len);
    let at_most = sizes.len().saturating_mul(
        (selected.len() * patterns.len().max(1) * thread_counts).saturating_add(if baselines {
            3
        } else {
            0
        }),
    );
    if at_most > MAX_CELLS_WITHOUT_YES && !args.yes {
        return Err(UsageError(format!(
            "the plan has up to {at_most} cells ({} sizes x {} implementations x {} \
             patterns x {thread_counts} thread counts, plus baselines), more than \
             {MAX_CELLS_WITHOUT_YES}: add --yes to run it, or select less",
            sizes.len(),
            selected.len(),
            patterns.len().max(1),
        ))
        .into());
    }
    if let Some(cpu) = args.pin {
        crate::pin::check(cpu)?;
    }
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64 | 1)
    });
    let started_at = SystemTime::now();

    // SIGINT and SIGTERM set this flag; the loops below stop at the next cell.
    let cancel = crate::signals::install();

    // Correctness first: nothing that fails verification is timed.
    let vectors = args
        .vectors
        .clone()
        .map_or(VectorSource::Embedded, VectorSource::Directory);
    let outcomes = hashbench_verify::verify(&selected, &vectors, &mut |_| {})?;
    let mut skipped = Vec::new();
    let mut failed = false;
    let mut to_measure = Vec::new();
    for (imp, outcome) in selected.iter().zip(&outcomes) {
        match &outcome.status {
            Status::Passed => to_measure.push(*imp),
            Status::Unavailable(why) => skipped.push(Skipped {
                implementation: imp.id.to_string(),
                pattern: None,
                reason: SkipReason::Unavailable,
                details: vec![why.clone()],
            }),
            Status::Failed => {
                failed = true;
                skipped.push(Skipped {
                    implementation: imp.id.to_string(),
                    pattern: None,
                    reason: SkipReason::FailedVerification,
                    details: outcome
                        .failures
                        .iter()
                        .map(|f| {
                            format!(
                                "{:?} mode {} vector {}: expected {} got {}",
                                f.check, f.mode, f.vector, f.expected, f.got
                            )
                        })
                        .collect(),
                });
            }
        }
    }

    // Pinned only now: a thread pool an implementation started while being verified
    // (blake3+rayon) keeps every CPU; the measuring thread gets one.
    if let Some(cpu) = args.pin {
        crate::pin::pin_current_thread(cpu)?;
    }
    let tsc_hz = Tsc::calibrate(Duration::from_millis(20)).map(|t| t.hz());
    let mut reference = Reference::new(seed);
    reference.time(Checkpoint::Start, &cancel)?;
    let rounds = args.rounds as usize;
    // Each round gets an equal share of the budget; its precision target is looser by
    // sqrt(rounds) so that the pooled samples of all rounds reach about --precision, and
    // a run with rounds takes no longer than one without.
    let per_round = Config {
        target_precision: precision * (rounds as f64).sqrt(),
        time_budget: Duration::from_secs_f64(time_budget) / args.rounds,
        // The cell's minimum is spread over its rounds, so a run with rounds does not
        // take more samples of slow cells (4 MiB SHA-3: tens of ms per call) than one
        // without.
        min_samples: Config::default().min_samples.div_ceil(rounds).max(3),
        ..Config::default()
    };
    // One kernel per (implementation, pattern) the library can express; the rest are
    // reported, never imitated with another call.
    let mut hash_kernels: Vec<PatternKernel> = Vec::new();
    for imp in &to_measure {
        for &pattern in &patterns {
            match HashKernel::for_pattern(imp, pattern) {
                Ok(kernel) => hash_kernels.push(PatternKernel {
                    implementation: imp,
                    kernel,
                }),
                Err(KernelError::NotApplicable { reason, .. }) => skipped.push(Skipped {
                    implementation: imp.id.to_string(),
                    pattern: Some(pattern),
                    reason: SkipReason::PatternNotApplicable,
                    details: vec![reason.to_string()],
                }),
                Err(e @ KernelError::Unavailable(_)) => {
                    return Err(anyhow::Error::new(e).context(imp.id));
                }
            }
        }
    }
    // Thread counts per implementation: those that split one message run at every
    // requested count (default: one thread per logical CPU, what rayon's global pool
    // would have); the others at 1, and are reported as not applicable for more.
    let parallel_counts = threads
        .clone()
        .unwrap_or_else(|| vec![host.logical_cores.max(1)]);
    let many: Vec<String> = threads
        .iter()
        .flatten()
        .filter(|&&n| n > 1)
        .map(|n| n.to_string())
        .collect();
    for imp in to_measure.iter().filter(|i| !i.parallel) {
        if !many.is_empty() {
            skipped.push(Skipped {
                implementation: imp.id.to_string(),
                pattern: None,
                reason: SkipReason::ThreadsNotApplicable,
                details: vec![format!(
                    "--threads {}: it does not split one message across threads; measured with 1 thread",
                    many.join(",")
                )],
            });
        }
    }
    let thread_plan: Vec<Vec<usize>> = hash_kernels
        .iter()
        .map(|k| {
            if k.implementation.parallel {
                parallel_counts.clone()
            } else {
                vec![1]
            }
        })
        .collect();
    let mut pools: Vec<ThreadPool> = Vec::new();
    for &n in thread_plan.iter().flatten() {
        if !pools.iter().any(|p| p.threads() == n) {
            pools.push(ThreadPool::new(n).with_context(|| format!("--threads {n}"))?);
        }
    }
    // The pool a parallel implementation's cell runs in; `None` for everything else.
    let parallel: Vec<bool> = hash_kernels
        .iter()
        .map(|k| k.implementation.parallel)
        .collect();
    let pool_for = |subject: Subject, n: usize| match subject {
        Subject::Hash(k) if parallel[k] => pools.iter().find(|p| p.threads() == n),
        _ => None,
    };
    let (mut nop, mut memcpy, mut read) = (Nop, Memcpy::default(), Read::default());
    let mut planned: Vec<Planned> = Vec::new();
    for &size in &sizes {
        let base = if baselines {
            &Subject::BASELINES[..]
        } else {
            &[]
        };
        let subjects = base
            .iter()
            .map(|&(s, name)| (s, format!("baseline/{name}"), 1))
            .chain(hash_kernels.iter().enumerate().flat_map(|(i, k)| {
                thread_plan[i]
                    .iter()
                    .map(move |&n| (Subject::Hash(i), k.kernel.name().to_string(), n))
            }));
        for (subject, name, threads) in subjects {
            planned.push(Planned {
                subject,
                name,
                size,
                threads,
                state: CellState::new(),
                expected: None,
                failed: false,
                allocations: None,
            });
        }
    }
    let streams_cells = streams.map_or(0, |_| {
        sizes.len() * to_measure.iter().filter(|i| !i.parallel).count()
    });
    if !args.quiet {
        // What is about to happen, and for how long at most: every cell gets its budget
        // (--time, spread over the rounds) unless it reaches --precision sooner.
        let cells = planned.len() + streams_cells;
        let most = cells as f64 * time_budget + 0.1 * (rounds as f64 + 1.0);
        eprintln!(
            "hashbench: plan: {} cells x {rounds} rounds{}, at most about {} s",
            planned.len(),
            if streams_cells > 0 {
                format!(" and {streams_cells} streams cells")
            } else {
                String::new()
            },
            if most < 10.0 {
                format!("{most:.1}")
            } else {
                format!("{most:.0}")
            }
        );
    }
    let mut progress = Progress {
        // A dumb terminal cannot erase a line; the progress line would pile up.
        enabled: args.force_progress
            || (!args.quiet
                && std::io::stderr().is_terminal()
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")),
        total: planned.len() * rounds + streams_cells,
        done: 0,
        started: Instant::now(),
    };
    let mut observer = hashbench_engine::NoopObserver;
    // Each round visits the sizes in a shuffled order, and the cells of a size in a
    // shuffled order, so that a slow spell of the machine lands on different cells in
    // different rounds instead of on one size or one implementation.
    'rounds: for round in 0..rounds {
        let round_seed = seed ^ (round as u64).wrapping_mul(0xA076_1D64_78BD_642F);
        let mut size_order: Vec<u64> = sizes.clone();
        shuffle(&mut size_order, round_seed);
        for &size in &size_order {
            let input = Input::new(size as usize, seed, args.misalign);
            let mut order: Vec<usize> = (0..planned.len())
                .filter(|&i| planned[i].size == size && !planned[i].failed)
                .collect();
            shuffle(&mut order, round_seed ^ size);
            for i in order {
                if cancel.load(Ordering::SeqCst) {
                    break 'rounds;
                }
                let p = &mut planned[i];
                progress.show(&format!(
                    "{} @ {} B, round {}/{rounds}",
                    p.name,
                    size,
                    round + 1
                ));
                let result = match p.subject {
                    // Each baseline is measured as its concrete type, monomorphised into
                    // the timed loop: the nop floor must measure the loop, not an indirect
                    // call.
                    Subject::Nop => {
                        p.state
                            .round(&mut nop, &input, &per_round, None, &cancel, &mut observer)
                    }
                    Subject::Memcpy => p.state.round(
                        &mut memcpy,
                        &input,
                        &per_round,
                        None,
                        &cancel,
                        &mut observer,
                    ),
                    Subject::Read => {
                        p.state
                            .round(&mut read, &input, &per_round, None, &cancel, &mut observer)
                    }
                    Subject::Hash(k) => {
                        if p.expected.is_none() {
                            p.expected = Some(expected_digest(
                                hash_kernels[k].implementation,
                                input.bytes(),
                            )?);
                        }
                        let pool = pool_for(p.subject, p.threads);
                        let kernel = &mut hash_kernels[k].kernel;
                        let (state, expected) = (&mut p.state, p.expected.as_deref());
                        let mut measure = || {
                            state.round(
                                kernel,
                                &input,
                                &per_round,
                                expected,
                                &cancel,
                                &mut hashbench_engine::NoopObserver,
                            )
                        };
                        // A parallel implementation is timed from inside its pool, so the
                        // library's rayon calls use exactly `threads` threads.
                        match pool {
                            Some(pool) => pool.install(measure),
                            None => measure(),
                        }
                    }
                };
                match (result, p.subject) {
                    (Ok(_), _) => {}
                    (Err(e), Subject::Hash(k)) => {
                        failed = true;
                        p.failed = true;
                        skipped.push(Skipped {
                            implementation: hash_kernels[k].implementation.id.to_string(),
                            pattern: Some(hash_kernels[k].kernel.pattern()),
                            reason: match e {
                                EngineError::WrongDigestBeforeTiming { .. } => {
                                    SkipReason::WrongDigestBeforeTiming
                                }
                                _ => SkipReason::WrongDigestUnderMeasurement,
                            },
                            details: vec![format!("at {size} B, {} threads: {e}", p.threads)],
                        });
                    }
                    (Err(e), _) => {
                        return Err(anyhow::Error::new(e).context(format!("{} at {size} B", p.name)))
                    }
                }
                progress.done += 1;
                if args.cancel_after_cells == Some(progress.done) {
                    interrupt_self(&cancel, args.cancel_with_sigterm);
                }
            }
        }
        progress.show("drift reference");
        reference.time(Checkpoint::AfterRound(round + 1), &cancel)?;
    }
    let streams_out = match streams {
        Some(n) => measure_all_streams(
            &to_measure,
            &sizes,
            n,
            seed,
            args.misalign,
            Config {
                target_precision: precision,
                time_budget: Duration::from_secs_f64(time_budget),
                ..Config::default()
            },
            tsc_hz,
            &cancel,
            &mut progress,
            &mut skipped,
            &mut failed,
        )?,
        None => Vec::new(),
    };
    progress.clear();
    let interrupted = cancel.load(Ordering::SeqCst);

    // Allocations per call, counted over untimed calls now that every round is done:
    // counting is off while samples are timed (docs/method.md).
    for &size in &sizes {
        let input = Input::new(size as usize, seed, args.misalign);
        for p in planned.iter_mut().filter(|p| p.size == size && !p.failed) {
            let Some(last) = p.state.rounds().last() else {
                continue;
            };
            let calls = counted_calls(last.median_ns);
            let bytes = input.bytes();
            p.allocations = match p.subject {
                Subject::Nop => count_allocations(&mut nop, bytes, calls),
                Subject::Memcpy => count_allocations(&mut memcpy, bytes, calls),
                Subject::Read => count_allocations(&mut read, bytes, calls),
                Subject::Hash(k) => {
                    let kernel = &mut hash_kernels[k].kernel;
                    let mut count = || count_allocations(kernel, bytes, calls);
                    match pool_for(p.subject, p.threads) {
                        Some(pool) => pool.install(count),
                        None => count(),
                    }
                }
            };
        }
    }

    let mut baselines = Vec::new();
    let mut cells = Vec::new();
    for p in planned {
        if p.failed || p.state.rounds().is_empty() {
            continue;
        }
        let result = p
            .state
            .finish(rounds, precision)
            .with_context(|| format!("{} at {} B", p.name, p.size))?;
        let meta = match p.subject {
            Subject::Hash(k) => {
                let imp = hash_kernels[k].implementation;
                CellMeta {
                    implementation: CellSubject::Implementation(imp.id.to_string()),
                    algorithm: Some(imp.algorithm.id.to_string()),
                    // Asked inside the pool, a rayon implementation reports its size.
                    backend: match pool_for(p.subject, p.threads) {
                        Some(pool) => pool.install(imp.backend),
                        None => (imp.backend)(),
                    },
                    pattern: hash_kernels[k].kernel.pattern(),
                    allocations: p.allocations,
                    threads: p.threads,
                }
            }
            _ => CellMeta {
                implementation: CellSubject::parse(&p.name),
                algorithm: None,
                backend: "compiled in".to_string(),
                pattern: Pattern::Oneshot,
                allocations: p.allocations,
                threads: 1,
            },
        };
        let mut c = cell(meta, p.size, result, args.raw)?;
        c.cache_level = (!host.caches.is_empty()).then(|| host.cache_level(p.size));
        if c.algorithm.is_some() {
            cells.push(c);
        } else {
            baselines.push(c);
        }
    }
    for c in &mut cells {
        let read = baselines
            .iter()
            .find(|b| b.size == c.size && b.implementation == "baseline/read")
            .map(Cell::gb_per_sec);
        c.fraction_of_read_ceiling = read.map(|r| c.gb_per_sec() / r);
    }

    let mut providers: Vec<ProviderVersion> = Vec::new();
    for imp in &to_measure {
        if !providers.iter().any(|p| p.provider == imp.provider.name) {
            providers.push(ProviderVersion {
                provider: imp.provider.name.to_string(),
                version: imp.provider.version(),
            });
        }
    }
    let mut run = Run {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "hashbench".to_string(),
            version: env!("CARGO_PKG_VERSION").to_string(),
            git_commit: Some(env!("HASHBENCH_GIT_COMMIT").to_string()).filter(|c| !c.is_empty()),
        },
        command_line,
        timestamp: timestamp(started_at),
        host,
        build: build_info(),
        tsc_hz,
        config: RunConfig {
            filters: args.filter.clone(),
            sizes: sizes.clone(),
            time_budget_s: time_budget,
            precision,
            min_samples: per_round.min_samples,
            rounds,
            patterns: patterns.clone(),
            seed,
            misalign: args.misalign,
            raw: args.raw,
            pin_cpu: args.pin,
            threads,
            streams,
        },
        providers,
        skipped,
        baselines,
        cells,
        streams: streams_out,
        cost_model: Vec::new(),
        complete: !interrupted,
        suite: args.suite.clone(),
        reference: Some(reference.finish()),
        flags: Vec::new(),
        relative_to: Vec::new(),
    };
    hashbench_report::guards::apply(&mut run, &Thresholds::default());
    run.cost_model = hashbench_report::cost_model(&run);
    // After the guards: a flagged cell is never the fastest or slowest others are
    // measured against.
    let relative_to = match (relative_to.is_empty(), args.metric) {
        (true, Metric::Cycles) => hashbench_report::cycles_default_relative_to(&run),
        _ => relative_to,
    };
    hashbench_report::relative::apply(&mut run, &relative_to);
    Ok(Outcome {
        run,
        failed,
        interrupted,
    })
}

/// `--streams N`: every implementation that does not split one message (those that do
/// are listed as not applicable), at every size, after the rounds.
#[allow(clippy::too_many_arguments)]
fn measure_all_streams(
    to_measure: &[&'static Implementation],
    sizes: &[u64],
    n: usize,
    seed: u64,
    misalign: usize,
    config: Config,
    tsc_hz: Option<f64>,
    cancel: &AtomicBool,
    progress: &mut Progress,
    skipped: &mut Vec<Skipped>,
    failed: &mut bool,
) -> Result<Vec<StreamsCell>> {
    let mut out = Vec::new();
    for imp in to_measure {
        if imp.parallel {
            skipped.push(Skipped {
                implementation: imp.id.to_string(),
                pattern: None,
                reason: SkipReason::StreamsNotApplicable,
                details: vec![
                    "it already spreads one message over every thread (--threads)".to_string(),
                ],
            });
            continue;
        }
        for &size in sizes {
            if cancel.load(Ordering::SeqCst) {
                return Ok(out);
            }
            progress.show(&format!("{} @ {size} B, {n} streams", imp.id));
            let expected = expected_digest(imp, Input::new(size as usize, seed, misalign).bytes())?;
            let make = || HashKernel::from_implementation(imp);
            match measure_streams(
                make,
                size as usize,
                seed,
                misalign,
                n,
                &config,
                Some(&expected),
                cancel,
            ) {
                Ok(r) => out.push(streams_cell(imp, size, &r, tsc_hz)?),
                Err(
                    e @ (EngineError::WrongDigest { .. }
                    | EngineError::WrongDigestBeforeTiming { .. }),
                ) => {
                    *failed = true;
                    skipped.push(Skipped {
                        implementation: imp.id.to_string(),
                        pattern: None,
                        reason: SkipReason::WrongDigestUnderMeasurement,
                        details: vec![format!("at {size} B, {n} streams: {e}")],
                    });
                }
                Err(e) => {
                    return Err(anyhow::Error::new(e)
                        .context(format!("{} at {size} B, {n} streams", imp.id)))
                }
            }
            progress.done += 1;
        }
    }
    Ok(out)
}

fn streams_cell(
    imp: &Implementation,
    size: u64,
    r: &StreamsResult,
    tsc_hz: Option<f64>,
) -> Result<StreamsCell> {
    let rates = |s: &hashbench_stats::Summary| {
        Throughput::from_summary(s, size, tsc_hz)
            .with_context(|| format!("{} at {size} B, streams: no finite rate", imp.id))
    };
    Ok(StreamsCell {
        implementation: imp.id.to_string(),
        algorithm: imp.algorithm.id.to_string(),
        backend: (imp.backend)(),
        size,
        streams: r.streams,
        iterations_per_sample: r.iterations_per_sample,
        single_throughput: rates(&r.single)?,
        aggregate_throughput: rates(&r.aggregate)?,
        single: r.single.clone(),
        aggregate: r.aggregate.clone(),
        scaling_efficiency: r.scaling_efficiency(),
        stop_reason: r.stop_reason,
    })
}

/// The availability of every implementation the default suite names, for tests.
#[cfg(test)]
mod tests {
    use super::*;
    use hashbench_catalog::Availability;

    #[test]
    fn timestamps_are_rfc3339_utc() {
        assert_eq!(timestamp(SystemTime::UNIX_EPOCH), "1970-01-01T00:00:00Z");
        let t = SystemTime::UNIX_EPOCH + Duration::from_secs(1_795_000_000);
        // Expected values from Python: datetime.utcfromtimestamp(1795000000).
        assert_eq!(timestamp(t), "2026-11-18T11:06:40Z");
        let leap = SystemTime::UNIX_EPOCH + Duration::from_secs(951_782_400);
        assert_eq!(timestamp(leap), "2000-02-29T00:00:00Z");
    }

    #[test]
    fn default_suite_names_one_available_implementation_per_algorithm() {
        let suite = default_suite();
        assert_eq!(suite.len(), hashbench_catalog::ALGORITHMS.len());
        assert_eq!(
            suite.len(),
            hashbench_catalog::registry::DEFAULT_SUITE.len()
        );
        for (imp, alg) in suite.iter().zip(hashbench_catalog::ALGORITHMS) {
            assert_eq!(imp.algorithm.id, alg.id);
            assert_eq!(imp.availability(), Availability::Available, "{}", imp.id);
        }
    }

    #[test]
    fn shuffle_is_a_reproducible_permutation() {
        let mut a: Vec<u32> = (0..50).collect();
        let mut b = a.clone();
        shuffle(&mut a, 7);
        shuffle(&mut b, 7);
        assert_eq!(a, b, "same seed, same order");
        assert_ne!(a, (0..50).collect::<Vec<_>>(), "the order changed");
        let mut sorted = a.clone();
        sorted.sort_unstable();
        assert_eq!(
            sorted,
            (0..50).collect::<Vec<_>>(),
            "nothing lost or repeated"
        );
        let mut c: Vec<u32> = (0..50).collect();
        shuffle(&mut c, 8);
        assert_ne!(a, c, "another seed, another order");
    }
}
