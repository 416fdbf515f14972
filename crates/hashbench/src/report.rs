//! `hashbench report FILE`: renders a saved run (`hashbench run --format json`) again, in
//! any format, metric or layout, with other relative columns, without measuring anything
//! (what it is rendered with is `hashbench-plan`'s `report::view`).

use std::path::PathBuf;

use anyhow::Result;

use hashbench_commands::Outcome;
use hashbench_model::Layout;
use hashbench_model::Metric;

use crate::output::Destination;
use crate::render::{render, write_or_emit, RunFormat, View};

#[derive(clap::Args, Debug)]
pub struct ReportArgs {
    /// A result file of `hashbench run --format json` (or of `suite`).
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    #[arg(long, value_enum, default_value_t)]
    pub format: RunFormat,
    /// What table and Markdown show: time or cycles (as for `run`) [default: what the run
    /// was shown with, else time].
    #[arg(long, value_parser = hashbench_plan::values::metric())]
    pub metric: Option<Metric>,
    /// A seed benchmark's layout: default, divan, crystal, node, openssl-speed [default:
    /// the run's suite's, else default].
    #[arg(long, value_name = "NAME", value_parser = hashbench_plan::values::layout)]
    pub layout: Option<Layout>,
    /// Relative columns instead of the run's own (as for `run`; repeatable): fastest,
    /// slowest, or an implementation or baseline id in the file, with @PATTERN.
    #[arg(long, value_name = "fastest|slowest|ID")]
    pub relative_to: Vec<String>,
    /// Write to FILE (atomically) instead of standard output.
    #[arg(short, long, value_name = "FILE")]
    pub output: Option<PathBuf>,
    /// The table with every section (as for `run`).
    #[arg(long)]
    pub detail: bool,
}

pub fn run(args: ReportArgs) -> Result<Outcome> {
    // As for `run`: an output that cannot be written is bad usage (exit 2), found before
    // anything is read or rendered.
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    let mut run = crate::store::read_run(&args.file)?;
    // As it was shown (its metric, its suite's layout) unless flags say otherwise.
    let (metric, layout) =
        hashbench_commands::report::view(&mut run, args.metric, args.layout, &args.relative_to)?;
    let view = View {
        metric,
        layout,
        detail: args.detail,
    };
    let text = render(&run, args.format, view, destination.as_ref())?;
    write_or_emit(destination.as_ref(), &text, false)?;
    Ok(Outcome::Done)
}
