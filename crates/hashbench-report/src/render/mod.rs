//! The renderers: one [`Render`] trait over a [`Run`], and one small module per format
//! and layout, as hyperfine's `src/export/` has one `Exporter` per format.
//!
//! - [`text`]: the terminal table and Markdown (rankings, detail, cost model, streams,
//!   baselines, flags, skipped);
//! - [`cycles`]: the cycle view (`--metric cycles`, btrfs hash-speedtest's layout);
//! - [`layouts`]: the seed benchmarks' own layouts (divan, Crystal, Node, `openssl speed`);
//! - [`csv`] and [`json`]: the data formats;
//! - [`compare`], [`beside`] and [`crossover`]: the reports over more than one run (two
//!   runs compared, a run beside the published figures, two implementations' crossover);
//! - [`table`] and [`flags`]: the pieces the table renderers share.
//!
//! [`renderer`] picks the renderer for a format, metric and layout; [`render`] renders
//! with it.

pub mod beside;
pub mod compare;
pub mod crossover;
pub mod csv;
pub mod cycles;
pub mod flags;
pub mod json;
pub mod layouts;
pub(crate) mod table;
#[cfg(test)]
mod tests;
pub mod text;

use hashbench_model::{Layout, Run};

pub use flags::flags_text;

/// One output format of a run.
pub trait Render {
    /// `run` in this format.
    fn render(&self, run: &Run) -> Result<String, RenderError>;
}

/// Why a run could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    #[error("serialising the run to JSON: {0}")]
    Json(#[from] serde_json::Error),
}

/// The output formats of a run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Format {
    /// Aligned text for a terminal.
    #[default]
    Table,
    Json,
    Csv,
    /// GitHub-flavoured Markdown.
    Markdown,
}

/// What the tables show: time and throughput, or TSC cycles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Metric {
    #[default]
    Time,
    Cycles,
}

/// The renderer for `format`, `metric` and `layout`: the data formats ignore the metric
/// and layout; for tables, the cycle view has its own layout, then a seed layout (with
/// the flags after it), else the ordinary tables.
#[must_use]
pub fn renderer(format: Format, metric: Metric, layout: Layout) -> Box<dyn Render> {
    match (format, metric) {
        (Format::Table, Metric::Cycles) => Box::new(cycles::CyclesTerminal),
        (Format::Markdown, Metric::Cycles) => Box::new(cycles::CyclesMarkdown),
        (Format::Table | Format::Markdown, _) if layout != Layout::Default => {
            Box::new(layouts::Seed(layout))
        }
        (Format::Table, Metric::Time) => Box::new(text::Terminal),
        (Format::Markdown, Metric::Time) => Box::new(text::Markdown),
        (Format::Csv, _) => Box::new(csv::Csv),
        (Format::Json, _) => Box::new(json::Json),
    }
}

/// `run` rendered in `format`; `metric` and `layout` choose the tables.
pub fn render(
    run: &Run,
    format: Format,
    metric: Metric,
    layout: Layout,
) -> Result<String, RenderError> {
    renderer(format, metric, layout).render(run)
}
