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

use crate::render::flags::flags_text;
use crate::render::{Render, RenderError};
use hashbench_model::{Cell, Layout, RelativeTo, Run};

/// The label of `cell` in a seed layout.
#[must_use]
pub fn label(run: &Run, cell: &Cell) -> String {
    if let Some(suite) = &run.suite {
        let with_pattern = format!("{}@{}", cell.implementation, cell.pattern);
        if let Some(l) = suite
            .labels
            .get(&with_pattern)
            .or_else(|| suite.labels.get(cell.implementation.id()))
        {
            return l.clone();
        }
    }
    if cell.pattern.is_oneshot() {
        cell.implementation.to_string()
    } else {
        format!("{} ({})", cell.implementation, cell.pattern)
    }
}

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

/// Cells grouped by label, in first-seen order, each group's cells by size.
fn by_label(run: &Run) -> Vec<(String, Vec<&Cell>)> {
    let mut groups: Vec<(String, Vec<&Cell>)> = Vec::new();
    for c in &run.cells {
        let l = label(run, c);
        match groups.iter_mut().find(|(g, _)| *g == l) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((l, vec![c])),
        }
    }
    for (_, cells) in &mut groups {
        cells.sort_by_key(|c| c.size);
    }
    groups
}

/// The relative columns of a seed layout: the run's (`--relative-to`), else the seed's
/// own.
fn relative_columns(run: &Run, seed: RelativeTo) -> Vec<RelativeTo> {
    if run.relative_to.is_empty() {
        vec![seed]
    } else {
        run.relative_to.clone()
    }
}

/// What the relative columns are and how they were chosen.
fn relative_note(run: &Run, columns: &[RelativeTo]) -> String {
    let names: Vec<String> = columns.iter().map(|to| to.heading(run)).collect();
    let which = if columns.len() == 1 {
        "the last column compares".to_string()
    } else {
        format!("the last {} columns compare", columns.len())
    };
    format!(
        "{which} each row with the same size's ({}; --relative-to chooses)",
        names.join(", ")
    )
}
