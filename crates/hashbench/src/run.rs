//! `hashbench run` (and `hashbench` alone): flags in, a typed [`RunPlan`] built once,
//! the runner, the renderer, an exit code.

use std::path::{Path, PathBuf};

use anyhow::Result;
use hashbench_catalog::{Implementation, Pattern};
use hashbench_model::{Baseline, Layout, RelativeTo, SuiteInfo};
use hashbench_runner::{
    Measured, Metric, RunPlan, SizeSpec, DEFAULT_EQUIVALENCE, DEFAULT_PRECISION, DEFAULT_ROUNDS,
    DEFAULT_TIME_S,
};
use hashbench_verify::VectorSource;

use crate::output::Destination;
use crate::render::{layout_for, render, write_or_emit, RunFormat, View};
use crate::values::{self, ModeArg, ThreadCounts};
use crate::{cli::UsageError, cli::EXIT_FAILED};

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
    #[arg(long, default_value = "time", value_parser = values::metric())]
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
    #[arg(long, value_name = "RUNTIME[,RUNTIME...]", value_parser = crate::runtimes::runtimes_flag)]
    pub runtime: Option<crate::runtimes::RuntimeList>,
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

/// The default suite: the implementation of every algorithm that measured fastest on the
/// development machines (x86_64 VMs with AVX-512)
/// (docs/method.md says how they were chosen).
fn default_suite() -> Vec<&'static Implementation> {
    hashbench_catalog::registry::DEFAULT_SUITE
        .iter()
        .filter_map(|id| hashbench_catalog::find_implementation(id))
        .collect()
}

/// What a suite file sets, typed: the fallbacks for the flags not given.
pub struct SuiteDefaults {
    pub implementations: Vec<String>,
    pub sizes: Vec<hashbench_model::Size>,
    pub patterns: Vec<Pattern>,
    pub metric: Option<Metric>,
    pub layout: Option<Layout>,
    pub relative_to: Vec<String>,
    pub info: SuiteInfo,
}

/// The flags (and a suite's settings under them) as one typed plan, with every check
/// that needs no machine: the selection, the layout against the metric, the relative
/// columns against the selection.
pub fn plan(
    args: &RunArgs,
    suite: Option<SuiteDefaults>,
    command_line: Vec<String>,
) -> Result<RunPlan> {
    let mut filters = args.filter.clone();
    let mut sizes = args.sizes.clone();
    let mut patterns = args.patterns.clone();
    let mut metric = args.metric;
    let mut relative_texts = args.relative_to.clone();
    let mut suite_info = None;
    if let Some(s) = suite {
        filters = s.implementations;
        sizes = sizes.or(Some(SizeSpec::List(s.sizes)));
        if patterns.is_empty() {
            patterns = s.patterns;
        }
        if s.metric == Some(Metric::Cycles) {
            metric = Metric::Cycles;
        }
        if relative_texts.is_empty() {
            relative_texts = s.relative_to;
        }
        let mut info = s.info;
        info.layout = args.layout.or(s.layout).unwrap_or_default();
        suite_info = Some(info);
    }
    let layout = layout_for(args.layout, suite_info.as_ref(), metric)?;
    let mut unique: Vec<Pattern> = Vec::new();
    for p in patterns {
        if !unique.contains(&p) {
            unique.push(p);
        }
    }
    if unique.is_empty() {
        unique.push(Pattern::Oneshot);
    }
    let runtimes = args.runtime.clone().unwrap_or_default().0;
    let selection = crate::runtimes::select(&filters, &runtimes)?;
    let implementations = if selection.asked {
        selection.local
    } else {
        default_suite()
    };
    let mut external_skipped: Vec<hashbench_model::Skipped> = selection
        .unavailable
        .iter()
        .map(|(runtime, why, setup)| hashbench_model::Skipped {
            implementation: format!("runtime/{runtime}"),
            pattern: None,
            reason: hashbench_model::SkipReason::Unavailable,
            details: vec![why.clone(), format!("set it up with: {setup}")],
        })
        .collect();
    external_skipped.extend(
        selection
            .refused
            .iter()
            .map(|(id, why)| hashbench_model::Skipped {
                implementation: id.clone(),
                pattern: None,
                reason: hashbench_model::SkipReason::Unavailable,
                details: vec![format!(
                    "its adapter offers it, hashbench cannot take it: {why}"
                )],
            }),
    );
    let relative_to = parse_relative_to(
        &relative_texts,
        &implementations.iter().map(|imp| imp.id).collect::<Vec<_>>(),
        &unique.iter().map(Pattern::to_string).collect::<Vec<_>>(),
    )?;
    Ok(RunPlan {
        filters,
        implementations,
        external: selection.external,
        external_skipped,
        baselines: true,
        sizes: sizes.unwrap_or_default(),
        modes: args.mode.modes(),
        time_s: args.time,
        precision: args.precision,
        rounds: args.rounds,
        equivalence: args.equivalence,
        max_rounds: None,
        race: false,
        patterns: unique,
        threads: args.threads.clone().map(|t| t.0),
        streams: args.streams,
        seed: args.seed,
        misalign: args.misalign,
        raw: args.raw,
        pin: args.pin,
        metric,
        layout,
        relative_to,
        vectors: args
            .vectors
            .clone()
            .map_or(VectorSource::Embedded, VectorSource::Directory),
        suite: suite_info,
        allow_oversubscribe: args.allow_oversubscribe,
        yes: args.yes,
        command_line,
    })
}

/// Runs `plan`, drawing progress as `quiet`, `--force-progress` and the testing aids
/// say; SIGINT and SIGTERM stop it at the next cell.
pub fn measure(plan: &RunPlan, args: &RunArgs) -> Result<Measured> {
    // SIGINT and SIGTERM set this flag; the runner stops at the next cell.
    let cancel = crate::signals::install();
    let mut progress = crate::progress::ProgressLine::new(
        args.quiet,
        args.force_progress,
        args.cancel_after_cells
            .map(|n| (n, args.cancel_with_sigterm)),
        cancel.clone(),
    );
    Ok(hashbench_runner::run(plan, &mut progress, &cancel)?)
}

pub fn run(args: RunArgs, command_line: Vec<String>) -> Result<u8> {
    let plan = plan(&args, None, command_line)?;
    run_plan(&plan, &args)
}

/// Measures `plan`, renders and writes the result, saves and compares baselines, and
/// says how the process should exit. Everything the user typed is checked before
/// anything is measured (what needs the machine, by the runner).
pub fn run_plan(plan: &RunPlan, args: &RunArgs) -> Result<u8> {
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    // Baseline names, the directory they go to and the baseline to compare with are
    // checked before measuring.
    if let Some(name) = &args.save_baseline {
        let path = crate::store::baseline_path(name)?;
        crate::output::check_dir(path.parent().unwrap_or(Path::new(".")))?;
    }
    let compare_with = args
        .baseline
        .as_deref()
        .map(crate::store::load_baseline)
        .transpose()?;
    let fail_on_regression = args.fail_on_regression;
    let Measured {
        run,
        failed,
        interrupted,
    } = measure(plan, args)?;
    let run = &run;
    let flags = hashbench_analysis::guards::count(run);
    let view = View {
        metric: plan.metric,
        layout: plan.layout,
        detail: args.detail,
    };
    let text = render(run, args.format, view, destination.as_ref())?;
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
            let path =
                crate::store::save_baseline(name, &hashbench_report::render::json::json(run)?)?;
            if !args.quiet {
                eprintln!("hashbench: saved baseline {name} ({})", path.display());
            }
        }
    }
    if let (Some(base), Some(name)) = (&compare_with, &args.baseline) {
        let comparison = hashbench_analysis::compare::compare(
            base,
            run,
            crate::compare::DEFAULT_NOISE_PERCENT / 100.0,
        );
        eprint!(
            "{}",
            hashbench_report::render::compare::render(
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
        crate::signals::interrupted_exit_code()
    } else if failed || (args.strict && flags > 0) {
        EXIT_FAILED
    } else {
        regressed
    })
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
            let baseline = Baseline::from_id(id).is_some();
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

#[cfg(test)]
mod tests;
