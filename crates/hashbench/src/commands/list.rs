//! `hashbench list`: the catalogue as this machine sees it. What is listed is
//! `hashbench-commands`' (`list`), its text and JSON `hashbench-report`'s.

use anyhow::Result;
use hashbench_commands::list::{of, Ask};
use hashbench_commands::Outcome;
use hashbench_report::render::list::{json, text};

use crate::{cli::emit, cli::Format};

#[derive(clap::Args, Debug)]
pub struct ListArgs {
    #[command(flatten)]
    ask: Ask,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: &ListArgs) -> Result<Outcome> {
    let listing = of(&args.ask, &mut crate::cli::say)?;
    match args.format {
        Format::Json => emit(&json(&listing)?),
        Format::Table => emit(&text(&listing)),
    }
    Ok(Outcome::Done)
}
