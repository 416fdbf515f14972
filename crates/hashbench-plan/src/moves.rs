//! The machine's memory of how far figures move from one run to the next: each cell's last
//! figure, and for each size class how far the figures moved between runs, so that a run
//! reaches its intervals as far as the machine has been seen to move them
//! ([`hashbench_model::RunToRun`] says why).
//!
//! Kept per machine and build of hashbench (the key of [`crate::memory::key`]: a build
//! places its code, and so its figures, its own way; the binary adds the flags it was
//! compiled with and OpenSSL's capability mask), for the last [`KEPT_BUILDS`] builds: each cell's last unflagged, settled figure with its last [`KEPT_CELL_MOVES`]
//! moves (at most [`KEPT_FIGURES`] cells, the oldest forgotten first) and the last
//! [`KEPT_MOVES`] moves of each size class, a move being `|new / last − 1|` for a cell
//! measured again within [`KEPT_DAYS`]. Nothing but
//! names of cells, times and dates. The binary reads and writes the file
//! (`figure-moves.json` in the data directory, docs/usage.md).

use std::collections::BTreeMap;

use hashbench_model::bounded::keep_newest;
use hashbench_model::{
    cell_key, CellWander, ClassWander, FlagCode, Run, RunToRun, SizeClass, StopReason,
    MIN_CELL_MOVES, MIN_MOVES, PREDICTION,
};
use serde::{Deserialize, Serialize};

use crate::memory::fresh;

/// Builds remembered (the one last added to kept longest).
pub const KEPT_BUILDS: usize = 4;
/// Cells whose last figure a build keeps.
pub const KEPT_FIGURES: usize = 2048;
/// Moves kept per size class.
pub const KEPT_MOVES: usize = 256;
/// Moves kept per cell: enough for its own to stand alone
/// ([`hashbench_model::CELL_ALONE_MOVES`]).
pub const KEPT_CELL_MOVES: usize = hashbench_model::CELL_ALONE_MOVES;
/// How old a cell's last figure may be, in days, for the next one to count as a move:
/// as the machine memory's runs ([`crate::memory::fresh`]).
pub const KEPT_DAYS: u64 = crate::memory::KEPT_DAYS;

/// The format version this hashbench writes.
pub const VERSION: u32 = 1;

/// The file's whole content.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MoveMemory {
    /// The format's version.
    pub version: u32,
    /// Per machine and build ([`crate::memory::key`]), what its runs left.
    pub builds: BTreeMap<String, Moves>,
}

/// What the runs of one build on one machine left.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct Moves {
    /// When a run last added to it, seconds since the Unix epoch.
    pub at: u64,
    /// Per cell ([`cell_key`]), its last figure.
    pub last: BTreeMap<String, LastFigure>,
    /// Per size class, how far figures moved from one run to the next, oldest first.
    pub moves: BTreeMap<SizeClass, Vec<f64>>,
}

/// A cell's last figure.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct LastFigure {
    /// When its run ended, seconds since the Unix epoch.
    pub at: u64,
    /// The figure, ns per call.
    pub median_ns: f64,
    /// How far its figures moved from one run to the next, oldest first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub moves: Vec<f64>,
}

impl MoveMemory {
    /// What the runs of the build `key` learned of each size class (the [`PREDICTION`]
    /// quantile of its moves, for a class with at least [`MIN_MOVES`] of them) and of each
    /// cell (the largest of its moves, for a cell with at least [`MIN_CELL_MOVES`]).
    #[must_use]
    pub fn recall(&self, key: &str) -> RunToRun {
        let Some(build) = self.builds.get(key) else {
            return RunToRun::default();
        };
        let classes = build
            .moves
            .iter()
            .filter_map(|(&class, moves)| {
                let mut sorted: Vec<f64> =
                    moves.iter().copied().filter(|m| plausible(*m)).collect();
                if sorted.len() < MIN_MOVES {
                    return None;
                }
                sorted.sort_by(f64::total_cmp);
                // The nearest rank at or above the quantile.
                let rank = ((PREDICTION * sorted.len() as f64).ceil() as usize).max(1);
                Some(ClassWander {
                    class,
                    reach: sorted[rank.min(sorted.len()) - 1],
                    moves: sorted.len(),
                })
            })
            .collect();
        let cells = build
            .last
            .iter()
            .filter_map(|(k, l)| {
                let moves: Vec<f64> = l.moves.iter().copied().filter(|m| plausible(*m)).collect();
                (moves.len() >= MIN_CELL_MOVES).then(|| {
                    let reach = moves.iter().copied().fold(0.0, f64::max);
                    (
                        k.clone(),
                        CellWander {
                            reach,
                            moves: moves.len(),
                        },
                    )
                })
            })
            .collect();
        RunToRun { classes, cells }
    }

    /// Adds `run`'s figures under the build `key` at `now`: a move for every cell whose
    /// last figure is fresh, then the cell's figure as its last. Only the implementations'
    /// cells count, not the baselines (hashbench's own loops, whose placement moves the
    /// `memcpy` at 64 B by up to 8 % between runs where the hashes move 1-3 %), and only
    /// a complete run's settled figures with no flag but `wide-interval`, neither cancelled nor from a run whose machine
    /// guard fired: a figure the run itself doubts says nothing of how the machine moves
    /// a good one. Returns whether it added anything.
    pub fn record(&mut self, key: &str, run: &Run, now: u64) -> bool {
        if !run.complete || !run.flags.is_empty() {
            return false;
        }
        let classes: Vec<(SizeClass, String, f64)> = run
            .cells
            .iter()
            .filter(|c| {
                // A wide interval is no doubt about the figure (as `compare` reads it),
                // and a cell flagged for it would otherwise never move again here.
                c.flags.iter().all(|f| f.code == FlagCode::WideInterval)
                    && c.stop_reason != StopReason::Cancelled
            })
            .filter_map(|c| {
                let figure = c.figure.as_ref().filter(|f| f.settled)?;
                (figure.median_ns.is_finite() && figure.median_ns > 0.0).then(|| {
                    (
                        SizeClass::of(&run.host, c.size.max_bytes()),
                        cell_key(c),
                        figure.median_ns,
                    )
                })
            })
            .collect();
        if classes.is_empty() {
            return false;
        }
        let build = self.builds.entry(key.to_string()).or_default();
        for (class, cell, median_ns) in classes {
            let mut own = Vec::new();
            if let Some(last) = build.last.get(&cell).filter(|l| fresh(l.at, now)) {
                // Kept to 1e-6 of the figure: the file stays small, and the intervals
                // it widens are read to a tenth of a per cent.
                let moved = ((median_ns / last.median_ns - 1.0).abs() * 1e6).round() / 1e6;
                let moves = build.moves.entry(class).or_default();
                moves.push(moved);
                let extra = moves.len().saturating_sub(KEPT_MOVES);
                moves.drain(..extra);
                own.clone_from(&last.moves);
                own.push(moved);
                let extra = own.len().saturating_sub(KEPT_CELL_MOVES);
                own.drain(..extra);
            }
            build.last.insert(
                cell,
                LastFigure {
                    at: now,
                    median_ns,
                    moves: own,
                },
            );
        }
        build.at = now;
        self.version = VERSION;
        self.forget(now);
        true
    }

    /// Drops stale figures, all but the newest [`KEPT_FIGURES`] of a build, and the
    /// builds last added to longest ago beyond [`KEPT_BUILDS`].
    fn forget(&mut self, now: u64) {
        for build in self.builds.values_mut() {
            build.last.retain(|_, l| fresh(l.at, now));
            keep_newest(&mut build.last, KEPT_FIGURES, |l| l.at);
        }
        self.builds.retain(|_, b| fresh(b.at, now));
        keep_newest(&mut self.builds, KEPT_BUILDS, |b| b.at);
    }
}

/// The largest move a memory is read with: a figure that doubled. Anything farther (or
/// negative, or not a number: a file edited by hand or damaged) is no speed state of
/// the machine's, and would reach an interval below zero.
pub const MAX_MOVE: f64 = 1.0;

/// Whether a remembered move is one a memory is read with ([`MAX_MOVE`]).
fn plausible(m: f64) -> bool {
    (0.0..=MAX_MOVE).contains(&m)
}

#[cfg(test)]
mod tests;
