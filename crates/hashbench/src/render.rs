//! Turning a run model into text: the one place the binary calls the renderers of
//! `hashbench-report` for `run`, `suite` and `report` (`render_run`, which dispatches
//! on the format), with the terminal's width and colour decided here, and writes the
//! result.

use std::io::IsTerminal;
use std::sync::OnceLock;

use anyhow::Result;
use hashbench_model::Run;
use hashbench_report::{ColorChoice, TextOptions};
pub(crate) use hashbench_report::{RunFormat, View};

use crate::cli::emit;
use crate::output::Destination;

/// The `--color` given on the command line, set once by `main`.
static COLOR: OnceLock<ColorChoice> = OnceLock::new();

/// Records the global `--color` choice for every later rendering.
pub(crate) fn set_color(choice: ColorChoice) {
    let _ = COLOR.set(choice);
}

/// Whether to colour: `always` and `never` as said; `auto` only when standard output is
/// a terminal (not a pipe, not `-o FILE`), `NO_COLOR` is unset or empty and `TERM` is not
/// `dumb` (no-color.org). Variables that force colour into pipes are not honoured: a
/// pipe gets plain text unless `--color always` says otherwise.
fn colour(to_file: bool) -> bool {
    match COLOR.get().copied().unwrap_or_default() {
        ColorChoice::Always => true,
        ColorChoice::Never => false,
        ColorChoice::Auto => {
            !to_file
                && std::io::stdout().is_terminal()
                && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
                && std::env::var_os("TERM").is_none_or(|t| t != "dumb")
        }
    }
}

/// The width to fit: `COLUMNS` if it is a number, else the terminal's width when standard
/// output is one (80 if it cannot be read), else none: a file or a pipe gets full width.
pub(crate) fn width(to_file: bool) -> Option<usize> {
    if to_file {
        return None;
    }
    if let Some(n) = std::env::var("COLUMNS")
        .ok()
        .and_then(|v| v.trim().parse::<usize>().ok())
        .filter(|n| *n > 0)
    {
        return Some(n);
    }
    if std::io::stdout().is_terminal() {
        return Some(
            terminal_size::terminal_size_of(std::io::stdout())
                .map_or(80, |(w, _)| usize::from(w.0)),
        );
    }
    None
}

/// `run` rendered in `format`; `view` chooses the tables (`--format table-full` is the
/// table with every section). The width and colour are decided here, for output to `to`
/// (standard output when `None`).
pub(crate) fn render(
    run: &Run,
    format: RunFormat,
    view: View,
    to: Option<&Destination>,
) -> Result<String> {
    let to_file = matches!(to, Some(Destination::File(_) | Destination::Stream(_)));
    let options = TextOptions {
        width: width(to_file),
        detail: false,
        color: colour(to_file),
    };
    // For a saved run from before runs recorded them: the catalogue's.
    let classes = hashbench_catalog::classes();
    let properties = hashbench_commands::recommend::properties();
    Ok(hashbench_report::render_run(
        run, format, view, options, classes, properties,
    )?)
}

/// Writes `text` to `output` (checked before the work began), or to standard output.
pub(crate) fn write_or_emit(output: Option<&Destination>, text: &str, quiet: bool) -> Result<()> {
    match output {
        Some(d) => {
            d.write(text)?;
            if !quiet && !matches!(d, Destination::Stdout) {
                crate::cli::say(&format!("wrote {}", d.describe()));
            }
        }
        None => emit(text),
    }
    Ok(())
}
