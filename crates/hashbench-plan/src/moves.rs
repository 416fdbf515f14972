//! The machine's memory of how far figures move from one run to the next: each cell's last
//! figure, and for each size class how far the figures moved between runs, so that a run
//! reaches its intervals as far as the machine has been seen to move them
//! ([`hashbench_model::RunToRun`] says why).
//!
//! Kept per machine and build of hashbench (the key of [`crate::memory::key`]: a build
//! places its code, and so its figures, its own way; the binary adds the flags it was
//! compiled with and OpenSSL's capability mask), for the last [`KEPT_BUILDS`] builds, and
//! read across the builds of one [`lineage`]: each cell's last unflagged, settled figure with its last [`KEPT_CELL_MOVES`]
//! moves (at most [`KEPT_FIGURES`] cells, the oldest forgotten first) and the moves of
//! each size class in its last [`KEPT_RUNS`] runs, run by run, a move being
//! `|new / last − 1|` for a cell measured again within [`KEPT_DAYS`]. Nothing but
//! names of cells, times and dates. The binary reads and writes the file
//! (`figure-moves.json` in the data directory, docs/usage.md).

use std::collections::BTreeMap;

use hashbench_model::bounded::keep_newest;
use hashbench_model::{
    cell_key, CellWander, ClassWander, FlagCode, Run, RunToRun, SizeClass, StopReason,
    MIN_CELL_MOVES, MIN_MOVES, MIN_RUNS, PREDICTION,
};
use serde::{Deserialize, Serialize};

use crate::memory::fresh;

/// Builds remembered (the one last added to kept longest).
pub const KEPT_BUILDS: usize = 8;
/// Cells whose last figure a build keeps.
pub const KEPT_FIGURES: usize = 2048;
/// Runs whose moves a size class keeps, each run one draw of the machine's state: a
/// whole-run move of a few per cent that one run in ten makes is in the window two or
/// three times, enough to reach the 95th percentile of its runs.
pub const KEPT_RUNS: usize = 24;
/// Points one run's moves of one class are kept as: their order statistics at evenly
/// spaced ranks, the smallest and the largest among them. A default `run` moves about
/// a hundred cells of one class at once.
pub const RUN_POINTS: usize = 32;
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
    /// Per size class, how far figures moved from one run to the next, oldest first, all
    /// runs together: files written before 2026-11-30's evening, read as one run. Empty
    /// from then on (and written still, so that older builds read the file).
    pub moves: BTreeMap<SizeClass, Vec<f64>>,
    /// Per size class, the moves of each of its last [`KEPT_RUNS`] runs, oldest first.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub runs: BTreeMap<SizeClass, Vec<RunMoves>>,
}

/// One run's moves of one size class.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunMoves {
    /// How many cells of the class moved.
    pub moves: usize,
    /// Their moves, ascending: all of them, or [`RUN_POINTS`] order statistics of them.
    pub points: Vec<f64>,
}

impl RunMoves {
    /// The moves of one run, kept as [`RUN_POINTS`] of them at most.
    #[must_use]
    pub fn of(mut moves: Vec<f64>) -> RunMoves {
        moves.retain(|m| plausible(*m));
        moves.sort_by(f64::total_cmp);
        let n = moves.len();
        let points = if n <= RUN_POINTS {
            moves
        } else {
            (0..RUN_POINTS)
                .map(|i| moves[(i * (n - 1) + (RUN_POINTS - 1) / 2) / (RUN_POINTS - 1)])
                .collect()
        };
        RunMoves { moves: n, points }
    }
}

/// A settled figure a command measured, to be remembered ([`MoveMemory::add`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Observed {
    /// The size class whose moves its move joins; `None` for a cell whose moves are its
    /// own only (a baseline, a map cell).
    pub class: Option<SizeClass>,
    /// What names it across runs ([`cell_key`], or a map cell's key).
    pub cell: String,
    /// The figure, ns per call.
    pub median_ns: f64,
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
    /// What the runs of the build `key`, and of the other builds of its lineage
    /// ([`lineage`]), learned of each size class (the [`PREDICTION`] quantile of the moves
    /// of its newest [`KEPT_RUNS`] runs, each run weighing the same however many cells it
    /// moved, for a class with at least [`MIN_MOVES`] moves in [`MIN_RUNS`] runs) and of
    /// each cell (the largest of its newest [`KEPT_CELL_MOVES`] moves, for a cell with at
    /// least [`MIN_CELL_MOVES`]), the build's own moves first. A move is always between
    /// two runs of one build, so a build's placement of the code is no move; how far the
    /// machine moves a cell's figures is the machine's, and a new commit would otherwise
    /// start every interval with nothing learned (session 29's `scripts/aa` found two
    /// false verdicts on a fresh commit and none once it had learned).
    #[must_use]
    pub fn recall(&self, key: &str) -> RunToRun {
        let own = lineage(key);
        let mut kin: Vec<(&String, &Moves)> = self
            .builds
            .iter()
            .filter(|(k, _)| lineage(k) == own)
            .collect();
        // The build's own first, then the other builds, the last added to first.
        kin.sort_by_key(|(k, b)| (k.as_str() != key, std::cmp::Reverse(b.at)));
        let mut pooled: BTreeMap<SizeClass, Vec<RunMoves>> = BTreeMap::new();
        let mut by_cell: BTreeMap<&String, Vec<f64>> = BTreeMap::new();
        for (_, build) in &kin {
            for (class, runs) in build.runs_newest_first() {
                let kept = pooled.entry(class).or_default();
                let room = KEPT_RUNS.saturating_sub(kept.len());
                kept.extend(runs.into_iter().take(room));
            }
            for (cell, last) in &build.last {
                newest_first(
                    by_cell.entry(cell).or_default(),
                    &last.moves,
                    KEPT_CELL_MOVES,
                );
            }
        }
        let classes = pooled
            .into_iter()
            .filter_map(|(class, runs)| {
                let moves = runs.iter().map(|r| r.moves).sum();
                if moves < MIN_MOVES || runs.len() < MIN_RUNS {
                    return None;
                }
                Some(ClassWander {
                    class,
                    reach: run_weighted_quantile(&runs, PREDICTION)?,
                    moves,
                    runs: runs.len(),
                })
            })
            .collect();
        let cells = by_cell
            .into_iter()
            .filter(|(_, moves)| moves.len() >= MIN_CELL_MOVES)
            .map(|(k, moves)| {
                let reach = moves.iter().copied().fold(0.0, f64::max);
                (
                    k.clone(),
                    CellWander {
                        reach,
                        moves: moves.len(),
                    },
                )
            })
            .collect();
        RunToRun { classes, cells }
    }

    /// Adds `run`'s figures under the build `key` at `now` ([`MoveMemory::add`]). The
    /// baselines' moves are their own only, not their class's: hashbench's own loops move
    /// more than the hashes (their placement moved the `memcpy` at 64 B by up to 8 %
    /// between runs where the hashes moved 1-3 %), and `baseline/nop` at 4 KiB moved 10 %
    /// where its class's reach was 3 % (session 29's `scripts/aa`). Only a complete run's
    /// settled figures with no flag but `wide-interval` count, neither cancelled nor from
    /// a run whose machine guard fired: a figure the run itself doubts says nothing of how
    /// the machine moves a good one. Returns whether it added anything.
    pub fn record(&mut self, key: &str, run: &Run, now: u64) -> bool {
        if !run.complete || !run.flags.is_empty() {
            return false;
        }
        let class = |c: &hashbench_model::Cell| SizeClass::of(&run.host, c.size.max_bytes());
        let figures: Vec<Observed> = run
            .cells
            .iter()
            .map(|c| (c, Some(class(c))))
            .chain(run.baselines.iter().map(|c| (c, None)))
            .filter(|(c, _)| {
                // A wide interval is no doubt about the figure (as `compare` reads it),
                // and a cell flagged for it would otherwise never move again here.
                c.flags.iter().all(|f| f.code == FlagCode::WideInterval)
                    && c.stop_reason != StopReason::Cancelled
            })
            .filter_map(|(c, class)| {
                let figure = c.figure.as_ref().filter(|f| f.settled)?;
                Some(Observed {
                    class,
                    cell: cell_key(c),
                    median_ns: figure.median_ns,
                })
            })
            .collect();
        self.add(key, figures, now)
    }

    /// Adds `figures` under the build `key` at `now`: a move for every cell whose last
    /// figure is fresh (into its class's moves too where it names one), then the cell's
    /// figure as its last. A figure that is not a positive number is left out. Returns
    /// whether it added anything.
    pub fn add(&mut self, key: &str, figures: Vec<Observed>, now: u64) -> bool {
        let figures: Vec<Observed> = figures
            .into_iter()
            .filter(|f| f.median_ns.is_finite() && f.median_ns > 0.0)
            .collect();
        if figures.is_empty() {
            return false;
        }
        let build = self.builds.entry(key.to_string()).or_default();
        let mut this_run: BTreeMap<SizeClass, Vec<f64>> = BTreeMap::new();
        for Observed {
            class,
            cell,
            median_ns,
        } in figures
        {
            let mut own = Vec::new();
            if let Some(last) = build.last.get(&cell).filter(|l| fresh(l.at, now)) {
                // Kept to 1e-6 of the figure: the file stays small, and the intervals
                // it widens are read to a tenth of a per cent.
                let moved = ((median_ns / last.median_ns - 1.0).abs() * 1e6).round() / 1e6;
                if let Some(class) = class {
                    this_run.entry(class).or_default().push(moved);
                }
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
        build.add_run(this_run);
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

impl Moves {
    /// Adds one run's moves, per class, as its newest run; a file's moves of all runs
    /// together (written before runs were kept apart) become its oldest run.
    fn add_run(&mut self, moves: BTreeMap<SizeClass, Vec<f64>>) {
        for (class, legacy) in std::mem::take(&mut self.moves) {
            self.runs
                .entry(class)
                .or_default()
                .insert(0, RunMoves::of(legacy));
        }
        for (class, moves) in moves {
            let runs = self.runs.entry(class).or_default();
            runs.push(RunMoves::of(moves));
            let extra = runs.len().saturating_sub(KEPT_RUNS);
            runs.drain(..extra);
        }
    }

    /// Per class, its runs' moves, the newest run first (a file's moves of all runs
    /// together last, as one run), each with its plausible moves only.
    fn runs_newest_first(&self) -> BTreeMap<SizeClass, Vec<RunMoves>> {
        let mut out: BTreeMap<SizeClass, Vec<RunMoves>> = BTreeMap::new();
        for (&class, runs) in &self.runs {
            out.entry(class)
                .or_default()
                .extend(runs.iter().rev().map(|r| {
                    let points: Vec<f64> =
                        r.points.iter().copied().filter(|m| plausible(*m)).collect();
                    // A point the file should not hold (edited by hand, damaged) takes the
                    // moves it stood for with it.
                    let moves = if points.len() == r.points.len() {
                        r.moves.max(points.len())
                    } else {
                        points.len()
                    };
                    RunMoves { moves, points }
                }));
        }
        for (&class, legacy) in &self.moves {
            out.entry(class)
                .or_default()
                .push(RunMoves::of(legacy.clone()));
        }
        for runs in out.values_mut() {
            runs.retain(|r| !r.points.is_empty());
        }
        out
    }
}

/// The `q` quantile of the moves of `runs`, each run weighing the same (its points
/// sharing its weight): the smallest move at or below which `q` of the weight lies.
fn run_weighted_quantile(runs: &[RunMoves], q: f64) -> Option<f64> {
    let mut weighted: Vec<(f64, f64)> = runs
        .iter()
        .filter(|r| !r.points.is_empty())
        .flat_map(|r| {
            let w = 1.0 / r.points.len() as f64;
            r.points.iter().map(move |&m| (m, w))
        })
        .collect();
    weighted.sort_by(|a, b| a.0.total_cmp(&b.0));
    let total: f64 = weighted.iter().map(|(_, w)| w).sum();
    let mut below = 0.0;
    for &(m, w) in &weighted {
        below += w;
        // A hair under: the sum of thirds is not exactly one.
        if below >= q * total - 1e-9 {
            return Some(m);
        }
    }
    weighted.last().map(|&(m, _)| m)
}

/// The largest move a memory is read with: a figure that doubled. Anything farther (or
/// negative, or not a number: a file edited by hand or damaged) is no speed state of
/// the machine's, and would reach an interval below zero.
pub const MAX_MOVE: f64 = 1.0;

/// Adds to `pooled` the plausible ones of `moves` (oldest first), newest first, until it
/// holds `most`.
fn newest_first(pooled: &mut Vec<f64>, moves: &[f64], most: usize) {
    let room = most.saturating_sub(pooled.len());
    pooled.extend(
        moves
            .iter()
            .rev()
            .copied()
            .filter(|m| plausible(*m))
            .take(room),
    );
}

/// What a build's key ([`crate::memory::key`] under
/// `hashbench_commands::memories::moves_key`) shares with the other builds whose moves
/// it may read: the machine, whether the build was optimised, and the settings after it
/// (compile flags, OpenSSL's mask), all but the version and commit. A key not of that
/// form is a lineage of its own.
#[must_use]
pub fn lineage(key: &str) -> String {
    let Some((machine, rest)) = key.split_once(" | hashbench ") else {
        return key.to_string();
    };
    let (build, settings) = rest.split_once(" | ").unwrap_or((rest, ""));
    let profile = if build.contains(" unoptimised") {
        "unoptimised"
    } else {
        "optimised"
    };
    format!("{machine} | {profile} | {settings}")
}

/// Whether a remembered move is one a memory is read with ([`MAX_MOVE`]).
fn plausible(m: f64) -> bool {
    (0.0..=MAX_MOVE).contains(&m)
}

#[cfg(test)]
mod tests;
