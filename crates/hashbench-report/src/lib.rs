//! Rendering over the run model (`hashbench-model`) and its analysis
//! (`hashbench-analysis`): everything that writes a run out.
//!
//! - [`render`](mod@render): one [`Render`] trait and a module per format and layout
//!   (terminal, Markdown, CSV, JSON, HTML, the cycle view, the seed layouts), and the
//!   reports over more than one run (comparison, beside the published figures,
//!   crossover), over what `hashbench-analysis` computes;
//! - [`format`](mod@format): number, size and time formatting shared by every text
//!   renderer (the units are the model's, re-exported).
//!
//! Renderers read only the model and the analysis, so a saved JSON file renders exactly
//! as the run that wrote it. Nothing below this crate renders: the runner depends on the
//! analysis, never on a renderer.

pub mod format;
pub mod render;

pub use render::{
    render, render_run, render_with, renderer, renderer_with, ColorChoice, Format, Render,
    RenderError, RunFormat, TextOptions, View,
};
