//! `hashbench crossover A B`: the input size from which implementation A is faster than
//! B, measured over a size sweep (or read from a saved run).

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::costmodel::{crossover, series};
use hashbench_model::Cell;
use hashbench_report::render::crossover as crossover_render;

use hashbench_runner::{RunPlan, SizeSpec, DEFAULT_PRECISION, DEFAULT_TIME_S};

use crate::values::{self, ThreadCounts};
use crate::{cli::emit, cli::UsageError};

/// Powers of two from 64 B to 4 MiB: fine enough to bracket a crossover within 2x.
fn default_sizes() -> Vec<hashbench_model::Size> {
    (6..=22)
        .map(|bits| hashbench_model::Size::Bytes(1u64 << bits))
        .collect()
}

#[derive(clap::Args, Debug)]
pub struct CrossoverArgs {
    /// The implementation expected to win from some size on (an implementation id).
    pub a: String,
    /// The implementation it is compared with.
    pub b: String,
    /// Sizes of the sweep [default: powers of two, 64 B to 4 MiB].
    #[arg(long, value_parser = values::size_spec)]
    pub sizes: Option<SizeSpec>,
    /// Threads for an implementation that splits one message (blake3+rayon)
    /// [default: one per logical CPU].
    #[arg(long, value_name = "N", value_parser = values::thread_counts)]
    pub threads: Option<ThreadCounts>,
    /// Time budget per cell, like 0.3, 300ms or 2s.
    #[arg(long, default_value_t = DEFAULT_TIME_S, value_parser = values::parse_seconds)]
    pub time: f64,
    /// Target precision of each cell's median (0.01 or 1%).
    #[arg(long, default_value_t = DEFAULT_PRECISION, value_parser = values::parse_precision)]
    pub precision: f64,
    /// Seed of the random input bytes [default: from the clock].
    #[arg(long)]
    pub seed: Option<u64>,
    /// Read the cells from this `hashbench run --format json` file instead of measuring.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sizes", "time", "precision", "seed"])]
    pub from: Option<PathBuf>,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
    /// `table`, or `json`: the duels, the verdict and both fits as data.
    #[arg(long, value_enum, default_value_t)]
    pub format: CrossoverFormat,
}

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum CrossoverFormat {
    #[default]
    Table,
    Json,
}

/// Checks that `id` names one implementation (not an algorithm or a provider).
fn implementation_id(id: &str) -> Result<&'static str> {
    if let Some(imp) = hashbench_catalog::find_implementation(id) {
        return Ok(imp.id);
    }
    // An unknown name gets the filter's "did you mean" error.
    let matched = hashbench_catalog::Filter::parse(&[id.to_string()])?.implementations();
    let examples: Vec<&str> = matched.iter().take(4).map(|i| i.id).collect();
    Err(UsageError(format!(
        "crossover compares two implementations, and '{id}' names {} of them; give one id, such as {}",
        matched.len(),
        examples.join(", ")
    ))
    .into())
}

pub fn run(args: CrossoverArgs, command_line: Vec<String>) -> Result<u8> {
    let a = implementation_id(&args.a)?;
    let b = implementation_id(&args.b)?;
    if a == b {
        return Err(UsageError(format!(
            "crossover needs two different implementations, got {a} twice"
        ))
        .into());
    }
    let threads = args.threads.as_ref().map(|t| t.0.clone());
    if threads.as_ref().is_some_and(|t| t.len() != 1) {
        return Err(UsageError("crossover takes one --threads count".to_string()).into());
    }
    let (run, failed) = match &args.from {
        // The same checks as `compare` and `report`: a file that is not ours, newer, cut
        // off or absurd is refused with its name.
        // The table shows the run's strings (backends, host): escaped, as a run file can
        // come from anywhere; JSON keeps them exactly.
        Some(path) => {
            let run = crate::store::read_run(path)?;
            match args.format {
                CrossoverFormat::Table => (
                    hashbench_report::render::sanitize::sanitized(&run).into_owned(),
                    false,
                ),
                CrossoverFormat::Json => (run, false),
            }
        }
        None => {
            let plan = RunPlan {
                filters: vec![a.to_string(), b.to_string()],
                implementations: crate::cli::select(&[a.to_string(), b.to_string()])?,
                baselines: false,
                sizes: args
                    .sizes
                    .clone()
                    .unwrap_or_else(|| SizeSpec::List(default_sizes())),
                threads: threads.clone(),
                time_s: args.time,
                precision: args.precision,
                seed: args.seed,
                command_line,
                ..RunPlan::default()
            };
            let outcome = crate::progress::measure(&plan, args.quiet)?;
            if outcome.interrupted {
                return Ok(crate::signals::interrupted_exit_code());
            }
            (outcome.run, outcome.failed)
        }
    };
    let want_threads = threads.map(|t| t[0]);
    let pick = |id: &str| -> Result<Vec<&Cell>> {
        let groups: Vec<Vec<&Cell>> = series(&run)
            .into_iter()
            .filter(|g| g[0].implementation == id && g[0].pattern.is_oneshot())
            .filter(|g| want_threads.is_none_or(|n| g[0].threads == n || g[0].threads == 1))
            .collect();
        // Several thread counts in a saved run: the most threads, unless --threads says.
        groups
            .into_iter()
            .max_by_key(|g| g[0].threads)
            .ok_or_else(|| {
                UsageError(format!(
                    "no measured cells of {id} (see the run's skipped list)"
                ))
                .into()
            })
    };
    let (ca, cb) = (pick(a)?, pick(b)?);
    let x = crossover(&ca[0].label(), &ca, &cb[0].label(), &cb);
    match args.format {
        CrossoverFormat::Table => emit(&crossover_render::table(&x, &ca, &cb, run.tsc_hz)),
        CrossoverFormat::Json => emit(&crossover_render::json(&x, &ca, &cb, run.tsc_hz)?),
    }
    Ok(if failed { crate::cli::EXIT_FAILED } else { 0 })
}

#[cfg(test)]
mod tests;
