//! The seed benchmarks' own table layouts, rendered from a run, so that a suite's output
//! can be read beside the published one line by line.
//!
//! Names in these layouts come from the run's suite labels
//! ([`hashbench_model::SuiteInfo::labels`]) when it has them (`blake2b.new`, `crypto sha256
//! (prealloc)`), else from the implementation id and pattern.

mod crystal;
mod divan;
mod node;
mod openssl_speed;
mod shared;

use crate::render::flags::flags_text;
use crate::render::renderer::{Render, RenderError};
use hashbench_model::{Layout, Run};

pub use shared::{label, own_column, own_columns};

/// Renders `run` in `layout` (for [`Layout::Default`], returns `None`: the caller uses
/// the ordinary renderers).
#[must_use]
pub fn render(run: &Run, layout: Layout) -> Option<String> {
    let mut out = match layout {
        Layout::Default => return None,
        Layout::Divan => divan::render(run),
        Layout::Crystal => crystal::render(run),
        Layout::Node => node::render(run),
        Layout::OpensslSpeed => openssl_speed::render(run),
    };
    if let Some(suite) = &run.suite {
        if !suite.notes.is_empty() {
            out.push_str("\nHow this differs from the seed:\n");
            for n in &suite.notes {
                out.push_str(&format!("- {n}\n"));
            }
        }
    }
    Some(out)
}

/// A seed layout in Markdown: its text (aligned columns, tree lines) is preformatted, so
/// it goes in a `<pre>` block, which keeps every space; inside it `&`, `<` and `>` are
/// HTML-escaped, so a label's `<script>` or `<img onerror>` shows as text and no string
/// can close the block. (A fenced code block would show `&lt;` as written.)
#[derive(Clone, Copy, Debug)]
pub struct SeedMarkdown(pub Layout);

impl Render for SeedMarkdown {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        let text = Seed(self.0).render(run)?;
        Ok(format!(
            "<pre>\n{}</pre>\n",
            html_escape::encode_text(&text)
        ))
    }
}

/// A seed layout with the run's flags after its tables (the seed layouts have no flags
/// column), as a [`Render`]; [`Layout::Default`] renders as nothing but the flags.
#[derive(Clone, Copy, Debug)]
pub struct Seed(pub Layout);

impl Render for Seed {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        let mut text = render(run, self.0).unwrap_or_default();
        let flags = flags_text(run);
        if !flags.is_empty() {
            text.push('\n');
            text.push_str(&flags);
        }
        Ok(text)
    }
}
