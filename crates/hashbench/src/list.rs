//! `hashbench list`: the catalogue as this machine sees it. What is listed is
//! `hashbench-plan`'s (`list`), its text and JSON `hashbench-report`'s.

use anyhow::Result;
use hashbench_commands::Outcome;
use hashbench_report::render::list::{json, text};

use crate::{cli::emit, cli::Format};

pub fn run(filter: &[String], runtimes: &[String], format: Format) -> Result<Outcome> {
    let listing = hashbench_commands::list::of(filter, runtimes, &mut crate::cli::note)?;
    match format {
        Format::Json => emit(&json(&listing)?),
        Format::Table => emit(&text(&listing)),
    }
    Ok(Outcome::Done)
}
