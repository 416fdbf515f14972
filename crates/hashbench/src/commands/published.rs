//! `hashbench published`: the published results compiled into hashbench (the seeds'
//! figures, their machines, and the plausibility flags), as a table, JSON or CSV
//! (`hashbench-report`'s `render::published::document`).

use anyhow::{Context, Result};
use clap::Args;
use hashbench_analysis::published;
use hashbench_report::render::published::{document, PublishedFormat};

use crate::{cli::emit, cli::UsageError};

#[derive(Args, Debug)]
pub struct PublishedArgs {
    /// Only this seed benchmark (0 to 4: the public benchmarks hashbench began from, listed
    /// in docs/published.md; not an input seed); every one without it.
    #[arg(long, value_name = "N")]
    seed: Option<u32>,
    /// Only the figures that carry a plausibility flag.
    #[arg(long)]
    flagged: bool,
    #[arg(long, value_enum, default_value_t)]
    format: PublishedFormat,
}

pub fn run(args: PublishedArgs) -> Result<hashbench_commands::Outcome> {
    // The data is compiled in: a load failure is a build defect, not bad input.
    let all = published::load().context("loading the compiled-in published results")?;
    let seeds = all
        .seeds_or_all(args.seed)
        .map_err(|e| UsageError(e.to_string()))?;
    emit(&document(&seeds, args.flagged, args.format)?);
    Ok(hashbench_commands::Outcome::Done)
}

#[cfg(test)]
mod tests;
