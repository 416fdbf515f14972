//! Which table layout a run is rendered in: hashbench's own or a seed benchmark's.

use serde::{Deserialize, Serialize};

/// A seed's layout.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, Default)]
#[serde(rename_all = "kebab-case")]
pub enum Layout {
    /// hashbench's own: per-size rankings, detail, baselines.
    #[default]
    Default,
    /// Seed 000/001 (divan): a "name - GB/s" summary, then a tree of fastest / slowest /
    /// median / mean per size.
    Divan,
    /// Seed 003 (Crystal's benchmark): `label size  op/s (mean) (±stddev %)  B/op  N× slower`.
    Crystal,
    /// Seed 004 (Node, nanobench-style): per size, op/s ascending, tolerance and the
    /// difference with the slowest.
    Node,
    /// `openssl speed`: one row per digest, thousands of bytes per second per size.
    OpensslSpeed,
}

impl Layout {
    /// Parses a layout name as written in suite files and on the command line.
    #[must_use]
    pub fn parse(name: &str) -> Option<Layout> {
        Some(match name {
            "default" => Layout::Default,
            "divan" => Layout::Divan,
            "crystal" => Layout::Crystal,
            "node" => Layout::Node,
            "openssl-speed" => Layout::OpensslSpeed,
            _ => return None,
        })
    }

    /// Every layout's name, for error messages.
    pub const NAMES: &'static [&'static str] =
        &["default", "divan", "crystal", "node", "openssl-speed"];
}
