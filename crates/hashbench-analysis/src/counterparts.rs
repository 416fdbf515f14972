//! Which implementation here is like for like with a seed's row: the suites' labels
//! (`suites/*.toml`, `"blake3/blake3+avx2" = "BLAKE3-AVX2"`) read the other way round,
//! so the one mapping that names a suite's rows also pairs a plain run's cells with the
//! published figures.

use hashbench_model::Cell;

use crate::published::{RawFigure, Seed};

/// A suite label read as "this implementation (and pattern) is the seed's row".
#[derive(Clone, Debug, PartialEq)]
pub struct Counterpart {
    /// The suite the label comes from.
    pub suite: String,
    /// The seeds whose rows the suite's labels name; empty for any seed (a suite file
    /// that does not say).
    pub seeds: Vec<u32>,
    /// `implementation` or `implementation@pattern`.
    pub key: String,
    /// The seed's row name.
    pub label: String,
    /// Set when the suite names the row only for display: why the implementation is not
    /// like for like (another kernel or SIMD level than the seed's).
    pub stand_in: Option<String>,
}

fn leaf(label: &str) -> &str {
    label.rsplit('/').next().unwrap_or(label)
}

fn same_name(figure_label: &str, label: &str) -> bool {
    figure_label == label || leaf(figure_label) == label
}

impl Counterpart {
    /// Whether this label names the figure's row of `seed`: by the row's name (or, for
    /// divan's tree, its last part), or through another row of the same seed with that
    /// name and the same algorithm and variant: btrfs prints `BLAKE3  (AVX2)` in its
    /// table and `BLAKE3-AVX2` in its runs, both the AVX2 kernel.
    #[must_use]
    pub fn names(&self, seed: &Seed, figure: &RawFigure) -> bool {
        if !self.seeds.is_empty() && !self.seeds.contains(&seed.seed) {
            return false;
        }
        if same_name(&figure.label, &self.label) {
            return true;
        }
        figure.algorithm.is_some()
            && seed.figures.iter().any(|g| {
                same_name(&g.label, &self.label)
                    && g.algorithm == figure.algorithm
                    && g.variant == figure.variant
            })
    }

    /// Whether the cell is this implementation (and pattern, when the key names one).
    #[must_use]
    pub fn is_cell(&self, cell: &Cell) -> bool {
        match self.key.split_once('@') {
            Some((id, pattern)) => {
                cell.implementation.id() == id && cell.pattern.to_string() == pattern
            }
            None => cell.implementation.id() == self.key,
        }
    }
}
