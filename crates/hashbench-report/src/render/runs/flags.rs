//! The run's flags as text, for the renderers whose tables only name flag codes.

use crate::format::size;
use crate::render::table::{heading, md_escape, Style};
use hashbench_model::{Cell, Run};

/// The run's flagged cells, then its flagged baselines: what the compact view lists by
/// code and the Flags section with reasons.
pub(crate) fn flagged(run: &Run) -> Vec<&Cell> {
    run.cells
        .iter()
        .chain(&run.baselines)
        .filter(|c| !c.flags.is_empty())
        .collect()
}

/// Every flagged cell and baseline with its reasons, one line per flag, after the
/// tables whose `flags` column names the codes.
pub(crate) fn flags_section(run: &Run, style: Style) -> String {
    let flagged = flagged(run);
    if flagged.is_empty() {
        return String::new();
    }
    let mut out = heading(style, 1, "Flags");
    for c in flagged {
        for f in &c.flags {
            let line = format!(
                "- {} at {} ({}): {}: {}",
                c.implementation,
                size(c.size),
                c.pattern,
                f.code,
                f.reason
            );
            // Markdown: a `<script>` in a flag's reason must not become HTML.
            match style {
                Style::Markdown => out.push_str(&md_escape(&line)),
                Style::Terminal => out.push_str(&line),
            }
            out.push('\n');
        }
    }
    out.push('\n');
    out
}

/// The run's flags as text: the `FLAG` lines of run-wide flags and a `Flags` section
/// listing every flagged cell with its reasons; empty when nothing was flagged. For
/// renderings (the seed layouts) whose own tables have no flags column.
#[must_use]
pub fn flags_text(run: &Run) -> String {
    let mut out: String = run
        .flags
        .iter()
        .map(|f| format!("FLAG {}: {}\n", f.code, f.reason))
        .collect();
    let cells = flags_section(run, Style::Terminal);
    if !out.is_empty() && !cells.is_empty() {
        out.push('\n');
    }
    out.push_str(&cells);
    out
}
