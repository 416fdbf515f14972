//! The flags of `run` (and of `suite`, which takes them all): the run options
//! (`hashbench_plan::RunOptions`, defined once for flags and suite files alike) and what
//! only the command line says (where and how to write the result, baselines, the
//! testing aids). [`RunArgs::request`] hands the options on, with where each came from,
//! to be resolved (over a suite's settings) into one plan.

use std::path::PathBuf;

use hashbench_plan::values;
use hashbench_plan::{Asked, RunOptions, RunRequest};

use crate::render::RunFormat;

#[derive(clap::Args, Debug)]
pub struct RunArgs {
    #[command(flatten)]
    pub options: RunOptions,
    /// The options the command line gave (`main` records them from clap's matches):
    /// a suite's settings stand in for the others.
    #[arg(skip)]
    pub asked: Asked,
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
    /// No progress display.
    #[arg(short, long)]
    pub quiet: bool,
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

impl RunArgs {
    /// The run options these flags give (what to write and where is the binary's).
    ///
    /// # Errors
    ///
    /// None in practice: the flags were parsed by the same parsers already.
    pub fn request(&self) -> Result<RunRequest, hashbench_plan::UsageError> {
        RunRequest::asked(self.asked.clone())
    }
}
