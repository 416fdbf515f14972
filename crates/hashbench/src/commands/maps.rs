//! `hashbench maps`: hash-table hashers timed inside std's `HashMap`
//! (`hashbench_commands::maps`), each table as soon as its cells are measured.

use std::sync::atomic::AtomicBool;

use anyhow::Result;
use hashbench_commands::maps::{measure, Ask};
use hashbench_report::render::maps::{footer, group, json};

use crate::cli::{emit, say, Format};

#[derive(clap::Args, Debug)]
pub struct MapsArgs {
    #[command(flatten)]
    ask: Ask,
    /// `table`, or `json` (every cell's figure and interval, what the map saw, the
    /// configuration, the key sets).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: &MapsArgs) -> Result<hashbench_commands::Outcome> {
    // Ctrl-C ends the command as a signal does: nothing is saved, so nothing is lost.
    let cancel = AtomicBool::new(false);
    let table = matches!(args.format, Format::Table);
    // Each group's table as it is measured; JSON waits for the whole document.
    let mut show = |cells: &[_]| {
        if table {
            emit(&group(cells));
        }
    };
    let ask = Ask {
        remembered: hashbench_commands::memories::recall(),
        ..args.ask.clone()
    };
    let doc = measure(&ask, &mut say, &mut show, &cancel)?;
    emit(&if table { footer(&doc) } else { json(&doc)? });
    Ok(hashbench_commands::Outcome::failed_if(doc.cells.is_empty()))
}
