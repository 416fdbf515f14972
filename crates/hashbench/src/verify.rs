//! `hashbench verify`: known answers in every mode, and agreement between implementations
//! (those in other runtimes through their adapters: `hashbench_commands::verify`); with
//! `--fuzz`, differential fuzzing (hashbench_verify::fuzz) instead.

use std::path::PathBuf;
use std::time::Instant;

use anyhow::Result;
use clap::Args;
use hashbench_verify::report::{describe, describe_fuzz, FuzzDocument, Report};
use hashbench_verify::{FuzzConfig, Outcome, VectorSource};

use crate::{cli::emit, cli::Format};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Algorithm ids, implementation ids, families, providers or classes.
    filter: Vec<String>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Read known answers from this directory of <algorithm>.json files instead of
    /// the set built into hashbench.
    #[arg(long, value_name = "DIR", conflicts_with = "fuzz")]
    vectors: Option<PathBuf>,
    /// Instead of the known answers: CASES random inputs in all, shared round-robin by
    /// the selected algorithms, each through every implementation of its algorithm
    /// (one-shot and streamed), every digest compared with the others.
    #[arg(long, value_name = "CASES", value_parser = clap::value_parser!(u64).range(1..))]
    fuzz: Option<u64>,
    /// Seed of the fuzz cases (printed, to replay a run); default: from the clock.
    #[arg(long, value_name = "S", requires = "fuzz")]
    seed: Option<u64>,
    /// Also verify these runtimes' implementations through their adapters
    /// (comma-separated, or all); a filter can also name a runtime (`node`).
    #[arg(long, value_name = "RUNTIME[,RUNTIME...]", value_parser = hashbench_plan::values::runtimes, conflicts_with = "fuzz")]
    runtime: Option<hashbench_plan::values::RuntimeList>,
    /// Stop fuzzing after N disagreeing cases; default: run every case.
    #[arg(long, value_name = "N", requires = "fuzz", value_parser = clap::value_parser!(u64).range(1..))]
    stop_after: Option<u64>,
}

pub fn run(args: VerifyArgs) -> Result<hashbench_commands::Outcome> {
    if let Some(cases) = args.fuzz {
        return fuzz(&args, cases);
    }
    let runtimes = args.runtime.unwrap_or_default().0;
    let selection = hashbench_plan::select::select(
        &args.filter,
        &runtimes,
        (&[], &Default::default()),
        &mut crate::cli::note,
    )?;
    let source = args
        .vectors
        .map_or(VectorSource::Embedded, VectorSource::Directory);
    let format = args.format;
    let mut print_line = |o: &Outcome| {
        if matches!(format, Format::Table) {
            emit(&describe(o));
        }
    };
    let outcomes = hashbench_commands::verify::outcomes(&selection, &source, &mut print_line)?;
    let report = Report::of(&outcomes);
    emit(&match format {
        Format::Table => report.summary(),
        Format::Json => report.json()?,
    });
    Ok(hashbench_commands::Outcome::failed_if(report.failed > 0))
}

fn fuzz(args: &VerifyArgs, cases: u64) -> Result<hashbench_commands::Outcome> {
    let selected = hashbench_plan::select::local(&args.filter, &mut crate::cli::note)?;
    let config = FuzzConfig::new(cases, args.seed, args.stop_after);
    let replay = config.replay(&args.filter);
    if matches!(args.format, Format::Table) {
        // Before the run, so that even a run cut short has told its seed.
        emit(&format!("fuzz: seed {} (replay: {replay})\n", config.seed));
    }
    let started = Instant::now();
    let report = hashbench_verify::fuzz(&selected, &config)?;
    let elapsed_s = started.elapsed().as_secs_f64();
    emit(&match args.format {
        Format::Table => describe_fuzz(&report, elapsed_s),
        Format::Json => FuzzDocument::of(&report, elapsed_s, &replay).json()?,
    });
    Ok(hashbench_commands::Outcome::failed_if(
        report.disagreements > 0,
    ))
}
