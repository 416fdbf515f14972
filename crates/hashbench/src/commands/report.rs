//! `hashbench report FILE`: renders a saved run (`hashbench run --format json`) again, in
//! any format, metric or layout, with other relative columns, without measuring anything
//! (what it is rendered with is `hashbench-plan`'s `report::view`).

use std::path::PathBuf;

use anyhow::Result;

use hashbench_commands::report::Ask;
use hashbench_commands::Outcome;

use crate::output::Destination;
use crate::render::{render, write_or_emit, RunFormat, View};

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    #[command(flatten)]
    pub ask: Ask,
    #[arg(long, value_enum, default_value_t)]
    pub format: RunFormat,
    /// Write to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
}

pub fn run(args: ReportArgs) -> Result<Outcome> {
    // As for `run`: an output that cannot be written is bad usage (exit 2), found before
    // anything is read or rendered.
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    let mut run = crate::store::read_run(&args.ask.file)?;
    // As it was shown (its metric, its suite's layout) unless flags say otherwise.
    let (metric, layout) = args.ask.view(&mut run)?;
    let view = View {
        metric,
        layout,
        detail: args.ask.detail,
    };
    let text = render(&run, args.format, view, destination.as_ref())?;
    write_or_emit(destination.as_ref(), &text, false)?;
    Ok(Outcome::Done)
}
