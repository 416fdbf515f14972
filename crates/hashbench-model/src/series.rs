//! The series a cell belongs to: one (implementation, pattern, threads, mode) measured at
//! several sizes.

use serde::{Deserialize, Serialize};

use crate::pattern::Pattern;
use crate::size::Mode;
use crate::subject::Subject;

/// What a series of cells (one per size) shares: the cost model fits one, relative
/// columns point at one, and comparisons join runs on it (plus the size).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SeriesKey {
    pub implementation: Subject,
    pub pattern: Pattern,
    pub threads: usize,
    /// Written only for latency: absent means throughput.
    #[serde(default, skip_serializing_if = "Mode::is_throughput")]
    pub mode: Mode,
}

impl SeriesKey {
    /// The implementation id, with the pattern when it is not `oneshot` and the thread
    /// count when it is not 1: `blake3/x [streaming:4k] (4 threads)`.
    #[must_use]
    pub fn label(&self) -> String {
        let mut label = self.implementation.to_string();
        if !self.pattern.is_oneshot() {
            label.push_str(&format!(" [{}]", self.pattern));
        }
        if self.threads != 1 {
            label.push_str(&format!(" ({} threads)", self.threads));
        }
        if !self.mode.is_throughput() {
            label.push_str(&format!(" ({})", self.mode));
        }
        label
    }
}

/// Ordered as the text of its parts, as series always sorted: by implementation id, then
/// the pattern's name, then the thread count.
impl Ord for SeriesKey {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.implementation
            .cmp(&other.implementation)
            .then_with(|| self.pattern.to_string().cmp(&other.pattern.to_string()))
            .then_with(|| self.threads.cmp(&other.threads))
            .then_with(|| self.mode.cmp(&other.mode))
    }
}

impl PartialOrd for SeriesKey {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}
