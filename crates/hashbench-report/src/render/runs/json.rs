//! JSON: the run model itself, pretty-printed (the contract of docs/json-schema.md).

use crate::render::renderer::{Render, RenderError};
use hashbench_model::Run;

/// Pretty JSON with a trailing newline.
pub fn json(run: &Run) -> Result<String, serde_json::Error> {
    serde_json::to_string_pretty(run).map(|mut s| {
        s.push('\n');
        s
    })
}

/// JSON, as a [`Render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Json;

impl Render for Json {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(json(run)?)
    }
}
