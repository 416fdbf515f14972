//! Which renderer a format, metric and layout ask for.

use std::collections::BTreeMap;

use crate::render::options::TextOptions;
use crate::render::renderer::{Render, RenderError};
use crate::render::{csv, cycles, html, json, layouts, text};
use hashbench_model::{Layout, Metric, Run};

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
    /// One self-contained HTML page with SVG charts.
    Html,
}

/// The formats a command writes a run in (`run --format`, `report --format`): those of
/// [`Format`], and the terminal table with every section.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum RunFormat {
    #[default]
    Table,
    /// The table with every section, as `--detail`.
    TableFull,
    Json,
    Csv,
    Markdown,
    /// One self-contained HTML page with SVG charts (docs/usage.md, The HTML report).
    Html,
}

/// What tables to draw: the metric, the layout and whether every section (`--detail`).
#[derive(Clone, Copy, Debug)]
pub struct View {
    pub metric: Metric,
    pub layout: Layout,
    pub detail: bool,
}

/// `run` in `format`, as a command writes it: the terminal table drawn as `options` say
/// (the width and colour, which the caller decides), with every section when `view` or
/// [`RunFormat::TableFull`] asks; the HTML page with `classes` for a run that does not
/// record its own ([`Html::with_classes`](html::Html::with_classes)), and `properties`, the
/// catalogue's, likewise ([`Html::with_properties`](html::Html::with_properties)).
///
/// # Errors
///
/// As [`render`].
pub fn render_run(
    run: &Run,
    format: RunFormat,
    view: View,
    options: TextOptions,
    classes: BTreeMap<String, String>,
    properties: Vec<hashbench_model::AlgorithmProperties>,
) -> Result<String, RenderError> {
    let options = TextOptions {
        detail: options.detail || view.detail || format == RunFormat::TableFull,
        ..options
    };
    let format = match format {
        RunFormat::Html => {
            // The page completes the run itself, with its own columns.
            return html::Html::new(view.layout)
                .with_classes(classes)
                .with_properties(properties)
                .render(run);
        }
        RunFormat::Table | RunFormat::TableFull => Format::Table,
        RunFormat::Json => Format::Json,
        RunFormat::Csv => Format::Csv,
        RunFormat::Markdown => Format::Markdown,
    };
    render_with(run, format, view.metric, view.layout, &options)
}

/// The renderer for `format`, `metric` and `layout`: the data formats ignore the metric
/// and layout; for tables, the cycle view has its own layout, then a seed layout (with
/// the flags after it), else the ordinary tables.
#[must_use]
pub fn renderer(format: Format, metric: Metric, layout: Layout) -> Box<dyn Render> {
    renderer_with(format, metric, layout, &TextOptions::default())
}

/// [`renderer`] with the terminal table's options (width, detail, colour). Every text
/// rendering sees the run with its strings' control characters escaped
/// ([`sanitize`](crate::render::sanitize)).
#[must_use]
pub fn renderer_with(
    format: Format,
    metric: Metric,
    layout: Layout,
    options: &TextOptions,
) -> Box<dyn Render> {
    let cycles = metric == Metric::Cycles;
    match format {
        // Escaped first, then completed: the findings are never written, so the escape's
        // round trip through JSON would drop them, and their labels are the cells'.
        Format::Table | Format::Markdown => Box::new(Sanitized(Box::new(Completed {
            inner: pick(format, metric, layout, options),
            cycles,
            layout,
        }))),
        Format::Csv => Box::new(Completed {
            inner: pick(format, metric, layout, options),
            cycles,
            layout,
        }),
        // JSON writes the run as it is: a saved file comes out as it went in. The HTML
        // page completes the run itself, with its own columns.
        Format::Json | Format::Html => pick(format, metric, layout, options),
    }
}

/// A renderer over the run with its analysis ([`completion::completed`]): what a file written
/// before runs stored their rankings and relative columns lacks is filled here, once,
/// so that the renderers only read. `cycles` and `layout` say which view's own columns
/// it shows ([`layouts::own_columns`]).
///
/// [`completion::completed`]: hashbench_analysis::completion::completed
struct Completed {
    inner: Box<dyn Render>,
    cycles: bool,
    layout: Layout,
}

impl Render for Completed {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        let own = layouts::own_columns(run, self.cycles, self.layout);
        self.inner
            .render(&hashbench_analysis::completion::completed(run, &own))
    }
}

/// A text renderer over the run with control characters escaped.
struct Sanitized(Box<dyn Render>);

impl Render for Sanitized {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        self.0.render(&crate::render::sanitize::sanitized(run))
    }
}

fn pick(format: Format, metric: Metric, layout: Layout, options: &TextOptions) -> Box<dyn Render> {
    match (format, metric) {
        (Format::Table, Metric::Cycles) => Box::new(cycles::CyclesTerminal),
        (Format::Markdown, Metric::Cycles) => Box::new(cycles::CyclesMarkdown),
        (Format::Table, _) if layout != Layout::Default => Box::new(layouts::Seed(layout)),
        (Format::Markdown, _) if layout != Layout::Default => {
            Box::new(layouts::SeedMarkdown(layout))
        }
        (Format::Table, Metric::Time) => Box::new(text::Terminal { options: *options }),
        (Format::Markdown, Metric::Time) => Box::new(text::Markdown),
        (Format::Csv, _) => Box::new(csv::Csv),
        (Format::Json, _) => Box::new(json::Json),
        (Format::Html, _) => Box::new(html::Html::new(layout)),
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

/// `run` rendered in `format`, the terminal table drawn as `options` say.
pub fn render_with(
    run: &Run,
    format: Format,
    metric: Metric,
    layout: Layout,
    options: &TextOptions,
) -> Result<String, RenderError> {
    renderer_with(format, metric, layout, options).render(run)
}
