//! Turning a run model into text: the one place the binary calls the renderers of
//! `hashbench-report` for `run`, `suite` and `report`, and writes the result.

use anyhow::Result;
use hashbench_model::{Layout, Run};
use hashbench_report::{Format, Render};
use hashbench_runner::Metric;

use crate::output::Destination;
use crate::{cli::emit, cli::UsageError};

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum RunFormat {
    #[default]
    Table,
    Json,
    Csv,
    Markdown,
    /// One self-contained HTML page with SVG charts (docs/usage.md, The HTML report).
    Html,
}

/// The layout `--layout NAME` names, else the suite's, else the default. The cycle view
/// is a layout of its own (hash-speedtest's), so `--metric cycles` with another layout
/// is refused rather than one of them silently dropped.
pub(crate) fn layout_for(
    name: Option<Layout>,
    suite: Option<&hashbench_model::SuiteInfo>,
    metric: Metric,
) -> Result<Layout, UsageError> {
    let layout = name.unwrap_or_else(|| suite.map(|s| s.layout).unwrap_or_default());
    if metric == Metric::Cycles && layout != Layout::Default {
        return Err(UsageError(format!(
            "--metric cycles has its own layout (btrfs hash-speedtest's) and cannot be shown \
             in the {} layout: choose one",
            name.map_or("suite's", crate::values::layout_name)
        )));
    }
    Ok(layout)
}

/// `run` rendered in `format`; `metric` and `layout` choose the tables.
pub(crate) fn render(
    run: &Run,
    format: RunFormat,
    metric: Metric,
    layout: Layout,
) -> Result<String> {
    let format = match format {
        RunFormat::Html => {
            let html = hashbench_report::render::html::Html::new(layout).with_classes(classes());
            return Ok(html.render(run)?);
        }
        RunFormat::Table => Format::Table,
        RunFormat::Json => Format::Json,
        RunFormat::Csv => Format::Csv,
        RunFormat::Markdown => Format::Markdown,
    };
    Ok(hashbench_report::render(run, format, metric, layout)?)
}

/// The catalogue's class of every algorithm, for the HTML report's one chart per class
/// (the run model does not record classes).
pub(crate) fn classes() -> std::collections::BTreeMap<String, String> {
    hashbench_catalog::ALGORITHMS
        .iter()
        .map(|a| (a.id.to_string(), a.class.as_str().to_string()))
        .collect()
}

/// Writes `text` to `output` (checked before the work began), or to standard output.
pub(crate) fn write_or_emit(output: Option<&Destination>, text: &str, quiet: bool) -> Result<()> {
    match output {
        Some(d) => {
            d.write(text)?;
            if !quiet && !matches!(d, Destination::Stdout) {
                eprintln!("hashbench: wrote {}", d.describe());
            }
        }
        None => emit(text),
    }
    Ok(())
}
