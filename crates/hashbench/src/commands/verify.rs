//! `hashbench verify`: known answers in every mode, and agreement between implementations
//! (those in other runtimes through their adapters: `hashbench_commands::verify`); with
//! `--fuzz`, differential fuzzing (hashbench_verify::fuzz) instead.

use std::time::Instant;

use anyhow::Result;
use clap::Args;
use hashbench_commands::verify::{outcomes, Ask};
use hashbench_verify::report::{describe, describe_fuzz, FuzzDocument, Report};
use hashbench_verify::{FuzzConfig, Outcome};

use crate::{cli::emit, cli::Format};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    #[command(flatten)]
    ask: Ask,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: VerifyArgs) -> Result<hashbench_commands::Outcome> {
    let (ask, format) = (args.ask, args.format);
    if let Some(cases) = ask.fuzz {
        return fuzz(&ask, cases, format);
    }
    let selection = ask.selection(&mut crate::cli::say)?;
    let mut print_line = |o: &Outcome| {
        if matches!(format, Format::Table) {
            emit(&describe(o));
        }
    };
    let outcomes = outcomes(&selection, &ask.source(), &mut print_line)?;
    let report = Report::of(&outcomes);
    emit(&match format {
        Format::Table => report.summary(),
        Format::Json => report.json()?,
    });
    Ok(hashbench_commands::Outcome::failed_if(report.failed > 0))
}

fn fuzz(ask: &Ask, cases: u64, format: Format) -> Result<hashbench_commands::Outcome> {
    let selection = ask.selection(&mut crate::cli::say)?;
    let config = FuzzConfig::new(cases, ask.seed, ask.stop_after);
    let replay = config.replay(&ask.replay_terms());
    if matches!(format, Format::Table) {
        // Before the run, so that even a run cut short has told its seed.
        emit(&format!("fuzz: seed {} (replay: {replay})\n", config.seed));
    }
    let started = Instant::now();
    let report = hashbench_commands::verify::fuzz(&selection, &config)?;
    let elapsed_s = started.elapsed().as_secs_f64();
    emit(&match format {
        Format::Table => describe_fuzz(&report, elapsed_s),
        Format::Json => FuzzDocument::of(&report, elapsed_s, &replay).json()?,
    });
    Ok(hashbench_commands::Outcome::failed_if(
        report.disagreements > 0,
    ))
}
