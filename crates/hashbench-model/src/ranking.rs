//! A run's rankings as data: per size and mode, the cells fastest first with the group
//! each belongs to (hashbench-analysis' `ties` decides them, on paired rounds
//! and the equivalence margin). Written into the JSON so that a reader (another tool, the
//! repeatability script) sees the order the run supports without re-deriving it.

use hashbench_stats::rounds::Relation;
use serde::{Deserialize, Serialize};

use crate::size::{Mode, Size};

/// The ranking of one size and mode.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ranking {
    pub size: Size,
    #[serde(default, skip_serializing_if = "Mode::is_throughput")]
    pub mode: Mode,
    /// Fastest first.
    pub order: Vec<Ranked>,
}

/// One cell in a ranking.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ranked {
    /// The cell's series label (`sha2-256/openssl`, with its pattern and threads when
    /// not `oneshot` and 1).
    pub implementation: String,
    /// Its group: the 1-based position of the group's leader (`=1`, `~1`).
    pub group: usize,
    /// How it stands to the leader (`equivalent` or `undecided`); absent for a leader.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub relation: Option<Relation>,
    /// Its time over the leader's, where computed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ratio: Option<f64>,
}
