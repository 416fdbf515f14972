//! Known-answer tests of the renderers' *figures*: small hand-built runs (see
//! `hashbench_model::testutil`) whose every printed number follows by hand from the
//! times put in, so a wrong unit, factor, rounding or column shows up as a wrong string.
//! Each expected string says in a comment how its numbers follow.

mod beside;
mod compact;
mod csv;
mod cycles;
mod format;
mod layouts;
mod model;
mod published;
mod text;
