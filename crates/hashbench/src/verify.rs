//! `hashbench verify`: known answers in every mode, and agreement between implementations;
//! with `--fuzz`, differential fuzzing (hashbench_verify::fuzz) instead.

use std::path::PathBuf;
use std::time::{Instant, SystemTime};

use anyhow::Result;
use clap::Args;
use hashbench_plan::select::Selection;
use hashbench_verify::report::{describe, describe_fuzz, FuzzDocument, Report};
use hashbench_verify::{FuzzConfig, Outcome, Status, VectorSource};

use crate::{cli::emit, cli::select, cli::Format};

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

pub fn run(args: VerifyArgs) -> Result<hashbench_plan::Outcome> {
    if let Some(cases) = args.fuzz {
        return fuzz(&args, cases);
    }
    let VerifyArgs {
        filter,
        format,
        vectors,
        runtime,
        ..
    } = args;
    let selection = hashbench_plan::select::select(
        &filter,
        &runtime.unwrap_or_default().0,
        &mut crate::cli::note,
    )?;
    let selected = if selection.asked {
        selection.local.clone()
    } else {
        select(&filter)?
    };
    let source = vectors.map_or(VectorSource::Embedded, VectorSource::Directory);
    let mut print_line = |o: &Outcome| {
        if matches!(format, Format::Table) {
            emit(&describe(o));
        }
    };
    let mut outcomes = hashbench_verify::verify(&selected, &source, &mut print_line)?;
    outcomes.extend(external_outcomes(&selection, &source, &mut print_line)?);
    let report = Report::of(&outcomes);
    emit(&match format {
        Format::Table => report.summary(),
        Format::Json => report.json()?,
    });
    Ok(hashbench_plan::Outcome::failed_if(report.failed > 0))
}

/// The outcomes of the selected implementations in other runtimes, every pattern each
/// offers, and of the runtimes that cannot run here (unavailable, with the command that
/// sets them up).
fn external_outcomes(
    selection: &Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>> {
    let mut outcomes = Vec::new();
    let unavailable = |id: String, algorithm: &str, why: String| Outcome {
        implementation: id,
        algorithm: algorithm.to_string(),
        status: Status::Unavailable(why),
        checks: 0,
        failed_checks: 0,
        failures: Vec::new(),
        reference: None,
    };
    for (runtime, why, setup) in &selection.unavailable {
        let o = unavailable(
            format!("runtime/{runtime}"),
            "",
            format!("{why}; set it up with: {setup}"),
        );
        observer(&o);
        outcomes.push(o);
    }
    for ext in &selection.external {
        for &pattern in &ext.patterns {
            let o = match hashbench_runner::verify_external(ext, pattern, source)? {
                Some((o, _)) => o,
                None => unavailable(
                    format!("{} [{pattern}]", ext.id),
                    ext.algorithm.id,
                    "no in-process implementation to check it against".to_string(),
                ),
            };
            observer(&o);
            outcomes.push(o);
        }
    }
    Ok(outcomes)
}

fn fuzz(args: &VerifyArgs, cases: u64) -> Result<hashbench_plan::Outcome> {
    let selected = select(&args.filter)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut replay = format!("hashbench verify --fuzz {cases} --seed {seed}");
    if let Some(n) = args.stop_after {
        replay.push_str(&format!(" --stop-after {n}"));
    }
    for term in &args.filter {
        replay.push(' ');
        replay.push_str(term);
    }
    if matches!(args.format, Format::Table) {
        // Before the run, so that even a run cut short has told its seed.
        emit(&format!("fuzz: seed {seed} (replay: {replay})\n"));
    }
    let config = FuzzConfig {
        cases,
        seed,
        stop_after: args.stop_after,
    };
    let started = Instant::now();
    let report = hashbench_verify::fuzz(&selected, &config)?;
    let elapsed_s = started.elapsed().as_secs_f64();
    emit(&match args.format {
        Format::Table => describe_fuzz(&report, elapsed_s),
        Format::Json => FuzzDocument::of(&report, elapsed_s, &replay).json()?,
    });
    Ok(hashbench_plan::Outcome::failed_if(report.disagreements > 0))
}
