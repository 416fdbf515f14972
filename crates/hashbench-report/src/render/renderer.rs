//! The [`Render`] trait every run renderer implements, and its error.

use hashbench_model::Run;

/// One output format of a run.
pub trait Render {
    /// `run` in this format.
    fn render(&self, run: &Run) -> Result<String, RenderError>;
}

/// Why a run could not be rendered.
#[derive(Debug, thiserror::Error)]
pub enum RenderError {
    /// JSON serialisation failed (serde_json's own message, unchanged).
    #[error(transparent)]
    Json(#[from] serde_json::Error),
    /// A chart of the HTML report could not be drawn (plotters' message).
    #[error("drawing a chart: {0}")]
    Chart(String),
}
