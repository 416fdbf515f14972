//! `hashbench published`: the published results compiled into hashbench (the seeds'
//! figures, their machines, and the plausibility flags), as a table, JSON or CSV.

use anyhow::{Context, Result};
use clap::{Args, ValueEnum};
use hashbench_analysis::published::{self, Seed};

use crate::{cli::emit, cli::UsageError};

#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum PublishedFormat {
    #[default]
    Table,
    Json,
    Csv,
}

#[derive(Args, Debug)]
pub struct PublishedArgs {
    /// Only this seed (0 to 4, listed in docs/published.md); every seed without it.
    #[arg(long, value_name = "N")]
    seed: Option<u32>,
    /// Only the figures that carry a plausibility flag.
    #[arg(long)]
    flagged: bool,
    #[arg(long, value_enum, default_value_t)]
    format: PublishedFormat,
}

pub fn run(args: PublishedArgs) -> Result<hashbench_plan::Outcome> {
    // The data is compiled in: a load failure is a build defect, not bad input.
    let all = published::load().context("loading the compiled-in published results")?;
    let seeds: Vec<&Seed> = match args.seed {
        Some(n) => vec![all.seed(n).map_err(|e| UsageError(e.to_string()))?],
        None => all.seeds.iter().collect(),
    };
    match args.format {
        PublishedFormat::Table => emit(&hashbench_report::render::published::table(
            &seeds,
            args.flagged,
        )),
        PublishedFormat::Csv => emit(&hashbench_report::render::published::csv(
            &seeds,
            args.flagged,
        )),
        PublishedFormat::Json => {
            let doc = JsonDocument {
                schema_version: published::PUBLISHED_SCHEMA_VERSION,
                seeds: seeds
                    .into_iter()
                    .map(|s| {
                        let mut s = s.clone();
                        if args.flagged {
                            s.figures.retain(|f| !f.flags.is_empty());
                        }
                        s
                    })
                    .collect(),
            };
            emit(&format!("{}\n", serde_json::to_string_pretty(&doc)?));
        }
    }
    Ok(hashbench_plan::Outcome::Done)
}

#[derive(serde::Serialize)]
struct JsonDocument {
    schema_version: u32,
    seeds: Vec<Seed>,
}

#[cfg(test)]
mod tests;
