//! The HTML report (`--format html`): one self-contained page, no script and no request
//! (inline CSS, SVG charts drawn by plotters, a Content-Security-Policy that forbids
//! loading anything), that opens from a file anywhere.
//!
//! A run's page: a summary (what was measured, the leaders at each size) and the run's
//! flags; throughput against size (log-log)
//! per algorithm class with each median's 95 % CI as a band and the `read` and `memcpy`
//! baselines as dashed ceilings; rankings at each size as bars with CI whiskers; the cost
//! model's lines (fixed + n / rate) over the measured medians, with the crossovers of
//! the fitted lines marked; the cycle view, the seed layout and the detail table; then
//! the run's settings, host and build, folded.
//! [`compare_page`] draws a comparison: change bars with their intervals and the
//! thresholds, then the table.
//!
//! - `page`: escaping, HTML tables and the document (every string from a run is escaped
//!   there);
//! - `charts`: the plotters charts, over plain data;
//! - `figures`: a run's data turned into those charts;
//! - `summary`: the page's opening;
//! - `sections`: the run's facts and tables;
//! - `properties`: the measured algorithms' properties, with their sources.

mod charts;
mod compare;
mod figures;
mod machines;
pub(crate) mod page;
mod properties;
mod sections;
mod summary;

use std::collections::BTreeMap;

use hashbench_model::{AlgorithmProperties, Layout, Run};

use crate::render::renderer::{Render, RenderError};

pub use compare::{compare_page, Candidate};
pub use machines::machines_page;

/// The HTML report of a run, as a [`Render`].
#[derive(Clone, Debug, Default)]
pub struct Html {
    layout: Layout,
    classes: BTreeMap<String, String>,
    properties: Vec<AlgorithmProperties>,
}

impl Html {
    /// The report, with the seed layout's tables when `layout` is not the default (else
    /// the suite's layout, if the run came from a suite).
    #[must_use]
    pub fn new(layout: Layout) -> Self {
        Html {
            layout,
            classes: BTreeMap::new(),
            properties: Vec::new(),
        }
    }

    /// The class of each algorithm (`crc32` → `checksum`), one chart per class, for a
    /// run that does not record its classes (`Run::classes`, in files from before they
    /// were; this crate does not depend on the catalogue, which compiles the hash
    /// libraries, so the binary passes them). A run that records them is drawn with its
    /// own. Without either, or for an algorithm missing here, each algorithm gets its own
    /// charts.
    #[must_use]
    pub fn with_classes(mut self, classes: BTreeMap<String, String>) -> Self {
        self.classes = classes;
        self
    }

    /// Every algorithm's properties (with their sources), for a run that does not record
    /// them (`Run::properties`, in files from before they were; the binary passes the
    /// catalogue's, as for the classes). A run that records them is shown with its own.
    #[must_use]
    pub fn with_properties(mut self, properties: Vec<AlgorithmProperties>) -> Self {
        self.properties = properties;
        self
    }
}

impl Render for Html {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        let layout = if self.layout == Layout::Default {
            run.suite.as_ref().map_or(Layout::Default, |s| s.layout)
        } else {
            self.layout
        };
        // The page reads the run's analysis: what a file (or a library caller's run)
        // lacks of it is filled here, once: the rankings, and the relative figures of
        // its cycle tables' and its seed layout's own columns.
        let own = crate::render::layouts::own_columns(run, true, layout);
        let run = &*hashbench_analysis::completion::completed(run, &own);
        let mut body = summary::summary(run);
        body.push_str(&sections::notices(run));
        // The run's own classes; a file from before they were recorded, those given.
        let recorded: BTreeMap<String, String> = run
            .classes
            .iter()
            .map(|(id, class)| (id.clone(), class.as_str().to_string()))
            .collect();
        let classes = if recorded.is_empty() {
            &self.classes
        } else {
            &recorded
        };
        let groups = figures::groups(run, classes);
        body.push_str(&figures::throughput(run, &groups)?);
        body.push_str(&figures::rankings(run)?);
        body.push_str(&figures::cost_model(run, &groups)?);
        body.push_str(&sections::cost_model_table(run));
        body.push_str(&sections::cycles(run));
        body.push_str(&properties::section(run, &self.properties));
        body.push_str(&sections::layout(run, layout));
        body.push_str(&sections::detail(run));
        body.push_str(&sections::baselines(run));
        body.push_str(&sections::flags(run));
        body.push_str(&sections::skipped(run));
        body.push_str(&sections::facts(run));
        let title = match &run.suite {
            Some(s) => format!("hashbench suite {}: {}", s.name, run.timestamp),
            None => format!("hashbench run: {}", run.timestamp),
        };
        Ok(page::document(&title, &body))
    }
}

#[cfg(test)]
mod tests;
