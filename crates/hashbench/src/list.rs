//! `hashbench list`: the catalogue as this machine sees it. What is listed is
//! `hashbench-plan`'s (`list`), its text and JSON `hashbench-report`'s.

use anyhow::Result;
use hashbench_plan::Outcome;
use hashbench_report::render::list::{json, text};

use crate::{cli::emit, cli::select, cli::Format};

pub fn run(filter: &[String], runtimes: &[String], format: Format) -> Result<Outcome> {
    let selection = hashbench_plan::select::select(filter, runtimes, &mut crate::cli::note)?;
    let selected = if selection.asked {
        selection.local.clone()
    } else {
        select(filter)?
    };
    let mut asked: Vec<String> = runtimes.to_vec();
    asked.extend(selection.external.iter().map(|e| e.runtime.clone()));
    asked.dedup();
    let listing = hashbench_plan::list::listing(&selected, &selection, &asked);
    match format {
        Format::Json => emit(&json(&listing)?),
        Format::Table => emit(&text(&listing)),
    }
    Ok(Outcome::Done)
}
