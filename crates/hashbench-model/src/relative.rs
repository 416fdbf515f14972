//! Relative columns (`--relative-to`): what a column compares with, and one cell's figure
//! in it. Computing the figures is analysis (`hashbench-analysis`); the figures are stored
//! in the cells so that JSON carries them and every renderer shows the same numbers.

use serde::{Deserialize, Serialize};

use crate::series::SeriesKey;

/// What a relative column compares with.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", from = "String")]
pub enum RelativeTo {
    /// The fastest believable hash cell of the same size.
    Fastest,
    /// The slowest believable hash cell of the same size.
    Slowest,
    /// An implementation or baseline id, optionally `@pattern`.
    Cell(String),
}

impl RelativeTo {
    /// `fastest`, `slowest`, or an id as written on the command line. Whether the id names
    /// something measured is for the caller to check.
    #[must_use]
    pub fn parse(text: &str) -> RelativeTo {
        match text {
            "fastest" => RelativeTo::Fastest,
            "slowest" => RelativeTo::Slowest,
            id => RelativeTo::Cell(id.to_string()),
        }
    }

    /// The implementation id and the pattern (if one was given) of a [`RelativeTo::Cell`].
    #[must_use]
    pub fn id_and_pattern(&self) -> Option<(&str, Option<&str>)> {
        match self {
            RelativeTo::Cell(id) => Some(match id.split_once('@') {
                Some((id, pattern)) => (id, Some(pattern)),
                None => (id.as_str(), None),
            }),
            _ => None,
        }
    }

    /// The CSV column name: ASCII, no spaces, one per relative column.
    #[must_use]
    pub fn csv_column(&self) -> String {
        match self {
            RelativeTo::Fastest => "x_slower_than_fastest".to_string(),
            RelativeTo::Slowest => "pct_vs_slowest".to_string(),
            RelativeTo::Cell(id) => format!("perf_vs_{id}"),
        }
    }
}

impl std::fmt::Display for RelativeTo {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RelativeTo::Fastest => f.write_str("fastest"),
            RelativeTo::Slowest => f.write_str("slowest"),
            RelativeTo::Cell(id) => f.write_str(id),
        }
    }
}

impl From<RelativeTo> for String {
    fn from(r: RelativeTo) -> String {
        r.to_string()
    }
}

impl From<String> for RelativeTo {
    fn from(s: String) -> RelativeTo {
        RelativeTo::parse(&s)
    }
}

/// One cell's relative figure in one relative column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Relative {
    /// The column: `fastest`, `slowest` or an id.
    pub to: RelativeTo,
    /// The cell compared with at this size; `None` when there is none (the id was not
    /// measured at this size, or no cell of the size is believable).
    pub reference: Option<SeriesKey>,
    /// This cell's median time per call over the reference's (below 1: faster).
    pub time_ratio: Option<f64>,
    /// The figure in the column's own unit: the time ratio for `fastest` and an id, the
    /// percentage of extra calls per second over the slowest for `slowest`.
    pub value: Option<f64>,
    /// Whether this cell is the reference itself.
    pub is_reference: bool,
}

impl Relative {
    /// The figure as tables print it: `fastest` / `2.50× slower` (`× faster` below 1),
    /// `slowest` /
    /// `+25.00 %`, `1.0` / `1.141 (+14%)`; `-` when there is no reference.
    #[must_use]
    pub fn shown(&self) -> String {
        let Some(value) = self.value else {
            return "-".to_string();
        };
        match (&self.to, self.is_reference) {
            (RelativeTo::Fastest, true) => "fastest".to_string(),
            // A baseline, or a cell too fast to be believed, is faster than the fastest.
            (RelativeTo::Fastest, false) if value < 1.0 => format!("{:.2}× faster", 1.0 / value),
            (RelativeTo::Fastest, false) => format!("{value:.2}× slower"),
            (RelativeTo::Slowest, true) => "slowest".to_string(),
            (RelativeTo::Slowest, false) => format!("{value:+.2} %"),
            (RelativeTo::Cell(_), true) => "1.0".to_string(),
            (RelativeTo::Cell(_), false) => {
                format!("{value:.3} ({:+.0}%)", (value - 1.0) * 100.0)
            }
        }
    }
}
