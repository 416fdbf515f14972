//! `hashbench suite NAME [run options]`, `hashbench suite --list`,
//! `hashbench suite --file my.toml`: a suite (built in, or a TOML file read here) turned
//! into a `run`. The schema, the built-in suites and their parsing are
//! `hashbench-plan`'s (`suite`); docs/suites.md documents the format.

use std::path::{Path, PathBuf};

use anyhow::Result;
use hashbench_commands::Outcome;
use hashbench_model::bounded::read_file_at_most;
use hashbench_model::inert::escaped;
use hashbench_plan::suite::{self, Choice, Parsed};

use crate::args::RunArgs;
use crate::{cli::emit, cli::UsageError};

#[derive(clap::Args, Debug)]
#[command(mut_arg("filter", |a| a
    .value_name("NAME")
    .help("The suite's name (`hashbench suite --list`), then any `run` option")))]
pub struct SuiteArgs {
    /// List the built-in suites.
    #[arg(long, conflicts_with = "file")]
    pub list: bool,
    /// Run the suite in this TOML file instead of a built-in one.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The suite's name, then any `run` option (`--time`, `--format`, `-o`, ...); options
    /// given here override the suite's sizes and layout.
    #[command(flatten)]
    pub run: RunArgs,
}

/// The most bytes a suite file may have: the built-in ones are a few KiB; a bound keeps
/// a device or an endless pipe given as `--file` from filling memory.
const MAX_SUITE_BYTES: u64 = 1 << 20;

fn load(path: &Path) -> Result<Parsed> {
    let name = escaped(&path.display().to_string()).into_owned();
    let bytes = read_file_at_most(path, MAX_SUITE_BYTES, "a suite file")
        .map_err(|e| UsageError(format!("suite file {name}: {e}")))?;
    let text = String::from_utf8(bytes)
        .map_err(|e| UsageError(format!("suite file {name}: not UTF-8 ({e})")))?;
    Ok(suite::parse(&name, &text)?)
}

pub fn run(mut args: SuiteArgs, command_line: Vec<String>) -> Result<Outcome> {
    // Every built-in suite parses, or none runs (a defect the tests catch).
    suite::built_in()?;
    if args.list {
        emit(&suite::listing()?);
        return Ok(Outcome::Done);
    }
    // The filters name the suite here, not implementations.
    let names = std::mem::take(&mut args.run.options.filter);
    args.run.asked.forget("filter");
    let suite = match suite::choice(args.file.as_deref(), &names)? {
        Choice::File(path) => load(path)?,
        Choice::Named(name) => suite::named(name)?,
    };
    let plan = super::run::plan(args.run.request()?, Some(suite), command_line)?;
    super::run::run_plan(&plan, &args.run)
}
