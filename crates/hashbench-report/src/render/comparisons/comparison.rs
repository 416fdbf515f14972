//! A comparison as `compare` writes it, in each of its formats: the text and Markdown
//! reports (`compare`), one JSON document, or one HTML page (`html::compare_page`).

use hashbench_analysis::machines::MachinesView;
use hashbench_model::Run;

use crate::render::compare::{json, render_within, Compared};
use crate::render::html::{compare_page, Candidate};
use crate::render::renderer::RenderError;

/// The formats of a comparison (`compare --format`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum CompareFormat {
    #[default]
    Table,
    Markdown,
    Json,
    /// One self-contained HTML page: change bars with their intervals, then the table.
    Html,
}

impl CompareFormat {
    /// Whether the format shows the runs' strings as text (the table and Markdown): a
    /// run file can come from anywhere, so their control characters are escaped first
    /// ([`sanitized`](crate::render::sanitize::sanitized)); JSON keeps the data exactly,
    /// HTML escapes for itself.
    #[must_use]
    pub fn is_text(self) -> bool {
        matches!(self, CompareFormat::Table | CompareFormat::Markdown)
    }
}

/// The comparison of each candidate with the base (`base_name`) in `format`: a report
/// per candidate as text or Markdown, one JSON document or one HTML page for them all;
/// `fail_on` is `--fail-on-regression`'s per cent, which the page draws; `width` is the
/// terminal's, which the text table is fitted to (`None`: full width).
///
/// # Errors
///
/// Serialising the JSON or drawing a chart of the page failed.
pub fn document(
    format: CompareFormat,
    base_name: &str,
    base: &Run,
    candidates: &[Candidate<'_>],
    fail_on: Option<f64>,
    width: Option<usize>,
) -> Result<String, RenderError> {
    Ok(match format {
        CompareFormat::Table | CompareFormat::Markdown => candidates
            .iter()
            .map(|c| {
                let markdown = format == CompareFormat::Markdown;
                let width = width.filter(|_| !markdown);
                render_within(
                    base_name,
                    base,
                    c.name,
                    c.run,
                    c.comparison,
                    markdown,
                    width,
                )
            })
            .collect(),
        CompareFormat::Json => json(
            base_name,
            &candidates
                .iter()
                .map(|c| Compared {
                    candidate: c.name,
                    comparison: c.comparison,
                })
                .collect::<Vec<_>>(),
        )?,
        CompareFormat::Html => compare_page(base_name, base, candidates, fail_on)?,
    })
}

/// The machines view (`compare --view machines`, `hashbench_analysis::machines::view`
/// of the runs) in `format`; `same` when they are all from one machine (the view was
/// asked for anyway); the table fitted to `width`.
///
/// # Errors
///
/// Serialising the JSON or drawing the page failed.
pub fn machines_document(
    format: CompareFormat,
    v: &MachinesView,
    same: bool,
    width: Option<usize>,
) -> Result<String, RenderError> {
    Ok(match format {
        CompareFormat::Table => crate::render::machines::render(v, same, false, width),
        CompareFormat::Markdown => crate::render::machines::render(v, same, true, None),
        CompareFormat::Json => crate::render::machines::json(v)?,
        CompareFormat::Html => crate::render::html::machines_page(v, same)?,
    })
}
