//! Analysis and rendering over the run model (`hashbench-model`): the guards, the cost
//! model, relative columns and comparison of runs, then a terminal table, Markdown, CSV
//! and JSON. Renderers read only the model, so a saved JSON file renders exactly as the
//! run that wrote it. [`published`] holds other people's published figures (the seeds)
//! as data.

pub mod beside;
pub mod compare;
pub mod costmodel;
mod csv;
mod cycles;
pub mod format;
pub mod guards;
pub mod layouts;
pub mod published;
pub mod relative;
#[cfg(test)]
mod render_tests;
mod text;

pub use costmodel::{cost_model, crossover, Crossover, Verdict};
pub use csv::csv;
pub use cycles::{
    cycles_markdown, cycles_terminal, default_relative_to as cycles_default_relative_to,
};
pub use guards::Thresholds;
pub use text::{markdown, terminal};

/// The run's flags as text: the `FLAG` lines of run-wide flags and a `Flags` section
/// listing every flagged cell with its reasons; empty when nothing was flagged. For
/// renderings (the seed layouts) whose own tables have no flags column.
pub fn flags_text(run: &hashbench_model::Run) -> String {
    let mut out: String = run
        .flags
        .iter()
        .map(|f| format!("FLAG {}: {}\n", f.code, f.reason))
        .collect();
    let cells = text::flags_section(run, text::Style::Terminal);
    if !out.is_empty() && !cells.is_empty() {
        out.push('\n');
    }
    out.push_str(&cells);
    out
}

/// Pretty JSON with a trailing newline.
pub fn json(run: &hashbench_model::Run) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(run).map(|mut s| {
        s.push('\n');
        s
    })
}
