//! The machine's memory of how far figures move from one run to the next: each cell's last
//! figure, and for each size class how far the figures moved between runs, so that a run
//! reaches its intervals as far as the machine has been seen to move them
//! ([`hashbench_model::RunToRun`] says why).
//!
//! Kept per machine and build of hashbench (the key of [`crate::memory::key`]: a build
//! places its code, and so its figures, its own way; the binary adds the flags it was
//! compiled with and OpenSSL's capability mask), for the last [`KEPT_BUILDS`] builds, and
//! read across the builds of one [`lineage`]: each cell's last unflagged, settled figure
//! with its last [`KEPT_CELL_MOVES`] moves (at most [`KEPT_FIGURES`] cells, the oldest
//! forgotten first) and the moves of each size class in its last [`KEPT_RUNS`] runs, run
//! by run, a move being `|new / last − 1|` for a cell measured again within
//! [`KEPT_DAYS`]; and the same of the moves around each run's own ([`own`]), a cell's
//! last [`KEPT_AROUND_MOVES`]. Nothing but names of cells, times and dates. The binary
//! reads and writes the file (`figure-moves.json` in the data directory, docs/usage.md).

use std::collections::BTreeMap;

use hashbench_model::bounded::keep_newest;
use hashbench_model::{
    cell_key, FlagCode, Run, RunToRun, SizeClass, StopReason, Subject, ESTIMATOR_BASELINES,
};
use serde::{Deserialize, Serialize};

use crate::memory::fresh;

mod learn;
mod own;

use learn::{newest_first, newest_first_runs, plausible};
pub use learn::{RunMoves, MAX_MOVE, RUN_POINTS};

/// Builds remembered (the one last added to kept longest).
pub const KEPT_BUILDS: usize = 8;
/// Cells whose last figure a build keeps.
pub const KEPT_FIGURES: usize = 2048;
/// Runs whose moves a size class keeps, each run one draw of the machine's state: a
/// whole-run move of a few per cent that one run in ten makes is in the window two or
/// three times, enough to reach the 95th percentile of its runs.
pub const KEPT_RUNS: usize = 24;
/// Moves kept per cell: enough for its own to stand alone
/// ([`hashbench_model::CELL_ALONE_MOVES`]).
pub const KEPT_CELL_MOVES: usize = hashbench_model::CELL_ALONE_MOVES;
/// Moves around their runs' moves kept per cell: a cell's largest of them is its reach
/// around the machine, and the next move passes the largest of `n` like it with
/// probability `1 / (n + 1)`, 2.4 % here. More than [`KEPT_CELL_MOVES`]: some cells move
/// in bursts. On the development VM (2026-12-01, `scripts/aa`) `crc32c/crc-fast` at 64 B
/// moved under 2.5 % around its runs in 19 runs in a row and then 8.9 %; read from its
/// last 19, its interval had shrunk to ±2.5 %, and `compare` called the A/A pair
/// "slower" (whole-run moves, which the figure's own interval reaches, hid such bursts).
pub const KEPT_AROUND_MOVES: usize = 40;
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
    /// Per size class, the moves around the machine's ([`own::around_machine`]) of each
    /// of its last [`KEPT_RUNS`] runs, oldest first; empty in files written before
    /// 2026-12-01.
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub own_runs: BTreeMap<SizeClass, Vec<RunMoves>>,
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
    /// Whether it moves with the machine alone: a `read` or `memcpy` baseline or the
    /// drift reference, of which `compare`'s machine estimate is made; a run's move is
    /// theirs ([`own`]).
    pub machine: bool,
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
    /// How far they moved around their run's move ([`own::around_machine`]), oldest
    /// first.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_moves: Vec<f64>,
    /// The largest [`PEAKS`] of its moves no longer among `moves`, largest first, each
    /// while fresh ([`KEPT_DAYS`]); absent in files written before 2026-12-01.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub peaks: Vec<Peak>,
    /// The same of `own_moves`.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub own_peaks: Vec<Peak>,
}

/// A move a cell's kept moves no longer hold, kept for how far it reached.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Peak {
    /// The move, as the kept ones.
    pub moved: f64,
    /// When it was dropped from the kept moves, seconds since the Unix epoch.
    pub at: u64,
}

/// Past moves a cell keeps beside its last ones, the largest: its reach stays at least
/// the second largest of them ([`LastFigure::peaks`]). A count of moves forgets a burst
/// as fast as runs come: `scripts/aa` records 24 runs in 12 s, and on the development VM
/// (2026-12-01) `crc32c/crc-fast` at 64 B, after 40 runs within ±3.9 % of its run's move,
/// moved 6.7 % and an A/A pair read "slower". One past move is no burst (a glitch); two
/// are, and hold the cell's interval for [`KEPT_DAYS`].
pub const PEAKS: usize = 2;

impl MoveMemory {
    /// What the runs of the build `key`, and of the other builds of its lineage
    /// ([`lineage`]), learned of each size class (the 95th percentile,
    /// [`hashbench_model::PREDICTION`], of the moves of its newest [`KEPT_RUNS`] runs, each
    /// run weighing the same however many cells it moved, for a class with at least
    /// [`hashbench_model::MIN_MOVES`] moves in [`hashbench_model::MIN_RUNS`] runs) and of
    /// each cell (the largest of its newest [`KEPT_CELL_MOVES`] moves, for a cell with at
    /// least [`hashbench_model::MIN_CELL_MOVES`]), the build's own moves first; and the
    /// same of the moves around the runs' moves ([`RunToRun::around_machine`], a cell's
    /// from its newest [`KEPT_AROUND_MOVES`]). A move is always between
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
        let mut learned = learn(
            &kin,
            Moves::runs_newest_first,
            (|l| with_peaks(&l.moves, &l.peaks), KEPT_CELL_MOVES),
        );
        let around = learn(
            &kin,
            |b| newest_first_runs(&b.own_runs),
            (
                |l| with_peaks(&l.own_moves, &l.own_peaks),
                KEPT_AROUND_MOVES,
            ),
        );
        if !around.is_empty() {
            learned.around_machine = Some(Box::new(around));
        }
        learned
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
                    machine: matches!(c.implementation,
                        Subject::Baseline(b) if ESTIMATOR_BASELINES.contains(&b)),
                })
            })
            .chain(reference(run))
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
        // Each fresh move, with the run its last figure came from, for the moves around it.
        let moved: Vec<own::Moved> = figures
            .iter()
            .filter_map(|f| {
                let l = build.last.get(&f.cell).filter(|l| fresh(l.at, now))?;
                Some(own::Moved {
                    cell: &f.cell,
                    run: l.at,
                    ln: (f.median_ns / l.median_ns).ln(),
                    machine: f.machine,
                })
            })
            .collect();
        let around = own::around_machine(&moved);
        let mut this_run: BTreeMap<SizeClass, Vec<f64>> = BTreeMap::new();
        let mut this_run_own: BTreeMap<SizeClass, Vec<f64>> = BTreeMap::new();
        for Observed {
            class,
            cell,
            median_ns,
            ..
        } in figures
        {
            let mut own = (Vec::new(), Vec::new());
            let mut own_around = (Vec::new(), Vec::new());
            if let Some(last) = build.last.get(&cell).filter(|l| fresh(l.at, now)) {
                // Kept to 1e-6 of the figure: the file stays small, and the intervals
                // it widens are read to a tenth of a per cent.
                let moved = ((median_ns / last.median_ns - 1.0).abs() * 1e6).round() / 1e6;
                if let Some(class) = class {
                    this_run.entry(class).or_default().push(moved);
                }
                own = kept_with(
                    (&last.moves, &last.peaks),
                    Some(moved),
                    (KEPT_CELL_MOVES, now),
                );
                let around = around.get(&cell).copied();
                if let (Some(class), Some(m)) = (class, around) {
                    this_run_own.entry(class).or_default().push(m);
                }
                own_around = kept_with(
                    (&last.own_moves, &last.own_peaks),
                    around,
                    (KEPT_AROUND_MOVES, now),
                );
            }
            build.last.insert(
                cell,
                LastFigure {
                    at: now,
                    median_ns,
                    moves: own.0,
                    own_moves: own_around.0,
                    peaks: own.1,
                    own_peaks: own_around.1,
                },
            );
        }
        build.add_run(this_run);
        push_runs(&mut build.own_runs, this_run_own);
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
        push_runs(&mut self.runs, moves);
    }

    /// Per class, its runs' moves, the newest run first (a file's moves of all runs
    /// together last, as one run), each with its plausible moves only.
    fn runs_newest_first(&self) -> BTreeMap<SizeClass, Vec<RunMoves>> {
        let mut out = newest_first_runs(&self.runs);
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

/// What the builds `kin` (the one read for first) learned: per size class, the
/// [`PREDICTION`] quantile of the moves of the newest [`KEPT_RUNS`] runs `runs_of` gives
/// (each run weighing the same), for a class with [`MIN_MOVES`] in [`MIN_RUNS`] runs; per
/// cell, the largest of the newest `most` of `moves_of`, for a cell with
/// [`MIN_CELL_MOVES`].
fn learn(
    kin: &[(&String, &Moves)],
    runs_of: impl Fn(&Moves) -> BTreeMap<SizeClass, Vec<RunMoves>>,
    (moves_of, most): (impl Fn(&LastFigure) -> Vec<f64>, usize),
) -> RunToRun {
    let mut pooled: BTreeMap<SizeClass, Vec<RunMoves>> = BTreeMap::new();
    let mut by_cell: BTreeMap<&String, Vec<f64>> = BTreeMap::new();
    for (_, build) in kin {
        for (class, runs) in runs_of(build) {
            let kept = pooled.entry(class).or_default();
            let room = KEPT_RUNS.saturating_sub(kept.len());
            kept.extend(runs.into_iter().take(room));
        }
        for (cell, last) in &build.last {
            newest_first(by_cell.entry(cell).or_default(), &moves_of(last), most);
        }
    }
    learn::summarise(pooled, by_cell)
}

/// The drift reference's level as a figure that moves with the machine alone: `compare`
/// takes the machine's move as the median of its and the `read` and `memcpy` baselines'
/// ([`own`]).
fn reference(run: &Run) -> Option<Observed> {
    let r = run.reference.as_ref()?;
    let (level, _) = r.level()?;
    Some(Observed {
        class: None,
        cell: format!("drift reference | {} | {}", r.kernel, r.size),
        median_ns: level,
        machine: true,
    })
}

/// Adds one run's moves, per class, to `runs` as its newest, keeping [`KEPT_RUNS`].
fn push_runs(runs: &mut BTreeMap<SizeClass, Vec<RunMoves>>, moves: BTreeMap<SizeClass, Vec<f64>>) {
    for (class, moves) in moves {
        let runs = runs.entry(class).or_default();
        runs.push(RunMoves::of(moves));
        let extra = runs.len().saturating_sub(KEPT_RUNS);
        runs.drain(..extra);
    }
}

/// A cell's kept moves `kept` (oldest first) with `new` added where there is one, the
/// newest `most` of them; and its [`PEAKS`] largest past moves, from `peaks` (those
/// still fresh at `now`) and the moves just dropped.
fn kept_with(
    (kept, peaks): (&[f64], &[Peak]),
    new: Option<f64>,
    (most, now): (usize, u64),
) -> (Vec<f64>, Vec<Peak>) {
    let mut out: Vec<f64> = kept.iter().copied().chain(new).collect();
    let extra = out.len().saturating_sub(most);
    let dropped = out.drain(..extra).map(|moved| Peak { moved, at: now });
    let mut past: Vec<Peak> = peaks
        .iter()
        .copied()
        .filter(|p| fresh(p.at, now) && plausible(p.moved))
        .chain(dropped.filter(|p| plausible(p.moved)))
        .collect();
    past.sort_by(|a, b| b.moved.total_cmp(&a.moved));
    past.truncate(PEAKS);
    (out, past)
}

/// A cell's moves as its reach is read from: its kept ones (oldest first) and, as the
/// newest, the smallest of its [`PEAKS`] past ones when it has that many.
fn with_peaks(moves: &[f64], peaks: &[Peak]) -> Vec<f64> {
    let past =
        (peaks.len() >= PEAKS).then(|| peaks.iter().map(|p| p.moved).fold(f64::INFINITY, f64::min));
    moves.iter().copied().chain(past).collect()
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

#[cfg(test)]
mod tests;
