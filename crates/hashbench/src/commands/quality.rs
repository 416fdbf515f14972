//! `hashbench quality`: `hashbench-quality`'s screen of the implementations asked for
//! (`hashbench_commands::quality`), each printed as it is known, then the summary.

use anyhow::Result;
use hashbench_commands::quality::{screen, Ask};
use hashbench_report::render::quality::{json, screened, summary};

use crate::cli::{emit, say, Format};

#[derive(clap::Args, Debug)]
pub struct QualityArgs {
    #[command(flatten)]
    ask: Ask,
    /// `table`, or `json` (every check's figures, the configuration, the key sets).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

pub fn run(args: &QualityArgs) -> Result<hashbench_commands::Outcome> {
    let table = matches!(args.format, Format::Table);
    // Each screen as it is known in a table; JSON waits for the whole document.
    let mut show = |s: &_| emit(&if table { screened(s) } else { String::new() });
    let doc = screen(&args.ask, &args.ask.config(), &mut say, &mut show)?;
    emit(&if table { summary(&doc) } else { json(&doc)? });
    let failed = args.ask.strict && !doc.passed();
    Ok(hashbench_commands::Outcome::failed_if(failed))
}
