//! Analysis and rendering over the run model (`hashbench-model`).
//!
//! - [`analysis`]: pure functions over a run: the guards, the cost model, relative
//!   columns and the comparison of runs;
//! - [`render`](mod@render): one [`Render`] trait and a module per format and layout (terminal,
//!   Markdown, CSV, JSON, the cycle view, the seed layouts), and the reports over more
//!   than one run (comparison, beside the published figures, crossover);
//! - [`published`]: other people's published figures (the seeds) as data, judged by
//!   [`analysis::plausibility`];
//! - [`format`](mod@format): number, size and time formatting shared by every text renderer.
//!
//! Renderers read only the model, so a saved JSON file renders exactly as the run that
//! wrote it. Dependencies point one way: `format` <- `analysis` <- `published` <-
//! `render`.

pub mod analysis;
pub mod format;
pub mod published;
pub mod render;

pub use analysis::costmodel::cost_model;
pub use analysis::guards::Thresholds;
pub use render::{
    render, render_with, renderer, renderer_with, Format, Metric, Render, RenderError, TextOptions,
};
