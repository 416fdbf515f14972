//! The renderers: one [`Render`] trait over a [`Run`](hashbench_model::Run), and one
//! small module per format and layout, as hyperfine's `src/export/` has one `Exporter`
//! per format. They live in three rooms by what they render, `runs/` (a run),
//! `comparisons/` (runs side by side) and `answers/` (a command's answer), and each keeps
//! its path here (`render::text`, `render::compare`, ...).
//!
//! - [`text`]: the terminal table and Markdown (rankings, detail, cost model, streams,
//!   baselines, flags, skipped);
//! - [`cycles`]: the cycle view (`--metric cycles`, btrfs hash-speedtest's layout);
//! - [`layouts`]: the seed benchmarks' own layouts (divan, Crystal, Node, `openssl speed`);
//! - [`csv`] and [`json`]: the data formats;
//! - [`html`]: one self-contained HTML page with SVG charts (a run, or a comparison);
//! - [`compare`], [`beside`] and [`crossover`]: the reports over more than one run (two
//!   runs compared, a run beside the published figures, two implementations' crossover);
//!   [`comparison`], a comparison in the format `compare` is asked for;
//! - [`recommend`]: `hashbench recommend`'s answer, as text or JSON;
//! - [`published`]: the published seed figures as a table, CSV or JSON;
//! - [`sum`]: `hashbench sum`'s lines, as sha256sum writes them;
//! - `table` and [`flags`]: the pieces the table renderers share; `ranking`, the compact
//!   ranking; [`TextOptions`], the terminal's width, detail and colour; [`sanitize`],
//!   control characters in a run's strings made harmless.
//!
//! [`renderer`] picks the renderer for a format, metric and layout; [`render`] renders
//! with it; [`render_run`], as a command writes a run ([`RunFormat`], [`View`]).

mod answers;
mod comparisons;
mod options;
mod renderer;
mod runs;
pub mod sanitize;
mod select;
pub(crate) mod table;

// Known-answer tests of the renderers' *figures*, one file per renderer or topic: small
// hand-built runs (see `hashbench_model::testutil`) whose every printed number follows by
// hand from the times put in, so a wrong unit, factor, rounding or column shows up as a
// wrong string. Each expected string says in a comment how its numbers follow.
#[cfg(test)]
mod tests_format;
#[cfg(test)]
mod tests_model;

// Each renderer keeps its path (`render::text`, `render::compare`, ...) wherever its
// folder is.
pub use answers::{crossover, list, map_answer, maps, published, quality, recommend, sum};
pub use comparisons::{compare, compare_published, comparison, machines};
pub use runs::{csv, cycles, flags, html, json, layouts, runtimes, text};
pub(crate) use runs::{fit, modes, ranges, ranking, staircase};

pub use flags::flags_text;
pub use options::{ellipsized, ColorChoice, TextOptions};
pub use renderer::{Render, RenderError};
pub use select::{
    render, render_run, render_with, renderer, renderer_with, Format, RunFormat, View,
};
