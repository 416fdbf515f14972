//! What the remembered moves teach: per size class, a quantile of its runs' moves, each
//! run weighing the same; per cell, the largest of its own. And how a run's moves are
//! kept.

use std::collections::BTreeMap;

use hashbench_model::{
    CellWander, ClassWander, RunToRun, SizeClass, MIN_CELL_MOVES, MIN_MOVES, MIN_RUNS, PREDICTION,
};
use serde::{Deserialize, Serialize};

/// Points one run's moves of one class are kept as: their order statistics at evenly
/// spaced ranks, the smallest and the largest among them. A default `run` moves about
/// a hundred cells of one class at once.
pub const RUN_POINTS: usize = 32;
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

/// Per size class of `pooled` (each class's runs, newest first), the [`PREDICTION`]
/// quantile of its runs' moves, each run weighing the same, for a class with
/// [`MIN_MOVES`] in [`MIN_RUNS`] runs; per cell of `by_cell`, the largest of its moves,
/// for a cell with [`MIN_CELL_MOVES`].
pub(super) fn summarise(
    pooled: BTreeMap<SizeClass, Vec<RunMoves>>,
    by_cell: BTreeMap<&String, Vec<f64>>,
) -> RunToRun {
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
    RunToRun {
        classes,
        cells,
        around_machine: None,
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

/// Adds to `pooled` the plausible ones of `moves` (oldest first), newest first, until it
/// holds `most`.
pub(super) fn newest_first(pooled: &mut Vec<f64>, moves: &[f64], most: usize) {
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

/// Per class, the runs of `runs` (oldest first), the newest first, each with its
/// plausible moves only; a run left with none, left out.
pub(super) fn newest_first_runs(
    runs: &BTreeMap<SizeClass, Vec<RunMoves>>,
) -> BTreeMap<SizeClass, Vec<RunMoves>> {
    let mut out: BTreeMap<SizeClass, Vec<RunMoves>> = BTreeMap::new();
    for (&class, runs) in runs {
        out.entry(class)
            .or_default()
            .extend(runs.iter().rev().map(|r| {
                let points: Vec<f64> = r.points.iter().copied().filter(|m| plausible(*m)).collect();
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
    for runs in out.values_mut() {
        runs.retain(|r| !r.points.is_empty());
    }
    out
}

/// The largest move a memory is read with: a figure that doubled. Anything farther (or
/// negative, or not a number: a file edited by hand or damaged) is no speed state of
/// the machine's, and would reach an interval below zero.
pub const MAX_MOVE: f64 = 1.0;

/// Whether a remembered move is one a memory is read with ([`MAX_MOVE`]).
pub(super) fn plausible(m: f64) -> bool {
    (0.0..=MAX_MOVE).contains(&m)
}
