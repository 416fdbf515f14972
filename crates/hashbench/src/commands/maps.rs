//! `hashbench maps`: hash-table hashers timed inside std's `HashMap`
//! (`hashbench_commands::maps`), each table as soon as its cells are measured.

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use anyhow::Result;
use hashbench_commands::maps::{measure, Ask};
use hashbench_report::render::maps::{footer, group, json};

use crate::cli::{emit, say, Format};
use crate::output::Destination;
use crate::render::write_or_emit;

#[derive(clap::Args, Debug)]
pub struct MapsArgs {
    #[command(flatten)]
    ask: Ask,
    /// `table`, or `json` (every cell's figure and interval, what the map saw, the
    /// configuration, the key sets).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Write the result to FILE (atomically) instead of standard output; checked before
    /// anything is measured.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// No notes on standard error while it measures (what is timed, what is skipped and
    /// why stays in the output).
    #[arg(short, long)]
    quiet: bool,
}

pub fn run(args: &MapsArgs) -> Result<hashbench_commands::Outcome> {
    // A full run takes minutes: an output that cannot be written is bad usage (exit 2),
    // found before anything is measured, as for `run`.
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    let to_stdout = destination
        .as_ref()
        .is_none_or(|d| matches!(d, Destination::Stdout));
    // Ctrl-C ends the command as a signal does: nothing is saved, so nothing is lost.
    let cancel = AtomicBool::new(false);
    let table = matches!(args.format, Format::Table);
    // Each group's table as it is measured on a terminal or pipe; into a file, the
    // whole text at the end (a reader never sees half of it). JSON waits for the whole
    // document either way.
    let mut tables = String::new();
    let mut show = |cells: &[_]| {
        if !table {
            return;
        }
        if to_stdout {
            emit(&group(cells));
        } else {
            tables.push_str(&group(cells));
        }
    };
    let ask = Ask {
        remembered: hashbench_commands::memories::recall(),
        run_to_run: hashbench_commands::memories::maps_run_to_run(),
        ..args.ask.clone()
    };
    let mut notes = |text: &str| {
        if !args.quiet {
            say(text);
        }
    };
    let doc = measure(&ask, &mut notes, &mut show, &cancel)?;
    if !cancel.load(std::sync::atomic::Ordering::SeqCst) {
        hashbench_commands::memories::record_maps(&doc.cells);
    }
    let text = if table {
        tables + &footer(&doc)
    } else {
        json(&doc)?
    };
    write_or_emit(destination.as_ref(), &text, args.quiet)?;
    Ok(hashbench_commands::Outcome::failed_if(doc.cells.is_empty()))
}
