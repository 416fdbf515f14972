//! `hashbench crossover A B`: the input size from which implementation A is faster than
//! B, measured over a size sweep (or read from a saved run). The pair, the sweep and the
//! series compared are `hashbench-plan`'s rules (`crossover`).

use std::path::PathBuf;

use anyhow::Result;
use hashbench_commands::crossover::Ask;
use hashbench_commands::Outcome;
use hashbench_report::render::crossover as crossover_render;

use crate::cli::{emit, Format};
use crate::obtain::saved_or_measured;

#[derive(clap::Args, Debug)]
pub struct CrossoverArgs {
    /// The pair and the sweep that measures them.
    #[command(flatten)]
    pub ask: Ask,
    /// Read the cells from this `hashbench run --format json` file instead of measuring.
    #[arg(long, value_name = "FILE", conflicts_with_all = ["sizes", "time", "precision", "seed"])]
    pub from: Option<PathBuf>,
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
    /// `table`, or `json`: the duels, the verdict and both fits as data.
    #[arg(long, value_enum, default_value_t)]
    pub format: Format,
}

pub fn run(args: CrossoverArgs, command_line: Vec<String>) -> Result<Outcome> {
    let ask = args.ask;
    let pair = ask.pair()?;
    // The table shows the run's strings (backends, host): escaped, as a run file can come
    // from anywhere; JSON keeps them exactly.
    let text = matches!(args.format, Format::Table);
    let measured = saved_or_measured(args.from.as_deref(), text, args.quiet, || {
        super::run::plan(ask.request(pair), None, command_line)
    })?;
    if measured.interrupted {
        return Ok(Outcome::Interrupted);
    }
    let run = &measured.run;
    let answer = pair.crossover(run)?;
    let as_json = matches!(args.format, Format::Json);
    emit(&crossover_render::document(&answer, as_json)?);
    Ok(Outcome::failed_if(measured.failed))
}
