//! How far a figure moves from one run to the next on this machine, as earlier runs of
//! the same build measured it: what a run cannot see of itself.
//!
//! A run's interval holds what its own rounds show: the spread among them, the
//! placements of the input and the stack they drew, the cluster its estimator chose
//! (`hashbench_stats::rounds`). What stays fixed for a process's whole life does not show
//! there: on the development VM (2026-11-30, `scripts/coverage`) every cell of one run
//! read 1-2 % faster or slower than the same cell a second later, all together, at
//! every size, and intervals of about 1 % then held the next run's figure for 41-88 % of
//! the cells. So the machine memory keeps, per build of hashbench, each cell's last
//! figure and how far each figure moved from the one before, and a run reaches every
//! interval at least as far as its size class moved in [`PREDICTION`] of the remembered
//! moves (each run weighing the same: a run moves its cells together, and is one draw of
//! the machine's state however many it holds), and as far as the cell itself moved in
//! any of its last few; a cell with [`CELL_ALONE_MOVES`] of its own, as far as those alone
//! ([`RunToRun::reach`]). Cells differ: at 64 B `adler32/simd-adler32` moved 0.3 % where
//! `sha2-256/openssl` moved 2-3 %, so a class's quantile alone is too narrow for some.
//!
//! The same is learned of each cell's moves *around its run's* ([`RunToRun::
//! around_machine`]): what `compare`, which divides the machine's move between two runs
//! out, has left to allow for.

use std::collections::BTreeMap;

use hashbench_host::Host;
use serde::{Deserialize, Serialize};

use crate::{Cell, Mode, Pattern, Size, Subject};

/// The share of remembered moves a learned reach covers: the interval's own level.
pub const PREDICTION: f64 = 0.95;

/// The fewest remembered moves of a size class that it learns a reach from.
pub const MIN_MOVES: usize = 20;

/// The fewest runs a size class learns its reach from: a run moves all its cells
/// together (on the development VM, 2026-11-30, one run in seven read 1-2 % slower or
/// faster than the one before, every cell alike), so the moves of one or two runs are
/// one or two draws of that, however many cells they hold.
pub const MIN_RUNS: usize = 3;

/// The fewest remembered moves of one cell that its own largest is taken from: the next
/// move exceeds the largest of `n` like it with probability `1 / (n + 1)`.
pub const MIN_CELL_MOVES: usize = 5;

/// The remembered moves of one cell from which its own largest stands alone, without its
/// class's reach beneath it: the largest of 19 is their 95th percentile
/// (`19 / (19 + 1)`, [`PREDICTION`]). A steady cell of a class with unsteady ones
/// (`xxh3-64/twox-hash` at 64 B moved under 1 % where `crc32c/crc-fast` moved 3-10 %)
/// then gets the interval it needs, not theirs.
pub const CELL_ALONE_MOVES: usize = 19;

/// Inputs under this many bytes are [`SizeClass::Small`].
pub const SMALL_BELOW: u64 = 1024;

/// The sizes whose figures move alike from run to run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum SizeClass {
    /// Under [`SMALL_BELOW`] bytes: a call of a few nanoseconds, where the code's and
    /// the input's placement levels show most.
    Small,
    /// Within the core's own caches.
    Core,
    /// Past them ([`Host::past_own_caches`]): the shared L3 and memory, which other
    /// cores and tenants use too.
    Shared,
    /// A `hashbench maps` cell whose map fits the core's own caches: a map's operations
    /// move between runs far more than a hash call does (each round is a new map, placed
    /// anew), so map cells learn from one another, not from hash calls.
    MapCore,
    /// A `hashbench maps` cell whose map is past the core's own caches.
    MapShared,
}

/// The classes of hash calls: what `run`, `suite` and `recommend` learn and assume.
pub const CALL_CLASSES: [SizeClass; 3] = [SizeClass::Small, SizeClass::Core, SizeClass::Shared];

/// The classes of map cells ([`SizeClass::of_map`]).
pub const MAP_CLASSES: [SizeClass; 2] = [SizeClass::MapCore, SizeClass::MapShared];

impl SizeClass {
    /// The class of an input of `bytes` on `host`.
    #[must_use]
    pub fn of(host: &Host, bytes: u64) -> Self {
        if host.past_own_caches(bytes) == Some(true) {
            SizeClass::Shared
        } else if bytes < SMALL_BELOW {
            SizeClass::Small
        } else {
            SizeClass::Core
        }
    }

    /// The class of a map cell whose map spans `bytes` on `host`.
    #[must_use]
    pub fn of_map(host: &Host, bytes: u64) -> Self {
        if host.past_own_caches(bytes) == Some(true) {
            SizeClass::MapShared
        } else {
            SizeClass::MapCore
        }
    }

    /// The name every output uses: `small`, `core`, `shared`, `map-core`, `map-shared`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            SizeClass::Small => "small",
            SizeClass::Core => "core",
            SizeClass::Shared => "shared",
            SizeClass::MapCore => "map-core",
            SizeClass::MapShared => "map-shared",
        }
    }
}

/// How far a run reaches the intervals of a size class in which this machine has not
/// yet moved figures [`MIN_MOVES`] times (a first run, a fresh CI runner, the memory
/// switched off), as a fraction of the figure: the 95th percentile of the moves between
/// runs that the development VM's figure memory held for the class, rounded up (see
/// docs/method.md, "A machine not yet learned"). A run cannot see how far the next
/// moves its figures (the machine's state and the process's placement hold for its whole
/// second), and an interval of its rounds alone held the next run's figure for 31-83 %
/// of the cells there; a machine that moves its figures less learns it from the next run
/// on, when its own moves replace these.
#[must_use]
pub fn assumed_reach(class: SizeClass) -> f64 {
    match class {
        SizeClass::Small => ASSUMED_SMALL,
        SizeClass::Core => ASSUMED_CORE,
        SizeClass::Shared => ASSUMED_SHARED,
        SizeClass::MapCore | SizeClass::MapShared => ASSUMED_MAP_REACH,
    }
}

/// How far the interval of a `hashbench maps` cell reaches at least while its map class
/// ([`SizeClass::MapCore`], [`SizeClass::MapShared`]) has learned nothing here and the
/// cell has fewer than [`MIN_CELL_MOVES`] remembered moves of its own: a map's lookups
/// move between processes far more than a hash call does (each round is a new map,
/// placed anew). On the development VM
/// (2026-11-30, `scripts/coverage -- maps ...`, 870 moves of 24 map cells) the 95th
/// percentile of map cells' moves was 11.5 % (hits) and 14.5 % (misses) at 8,192 keys
/// and 11.4 % for misses at 262,144; hits at 262,144 moved up to 4.4x, a slow level of
/// the machine (docs/hash-tables.md, "Not yet held") no interval can be made to cover.
pub const ASSUMED_MAP_REACH: f64 = 0.15;

/// [`assumed_reach`] under 1 KiB.
const ASSUMED_SMALL: f64 = 0.05;
/// [`assumed_reach`] within the core's caches.
const ASSUMED_CORE: f64 = 0.035;
/// [`assumed_reach`] past them.
const ASSUMED_SHARED: f64 = 0.02;

/// What earlier runs measured of one size class.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct ClassWander {
    pub class: SizeClass,
    /// How far a figure moved between runs in [`PREDICTION`] of the remembered moves,
    /// each run weighing the same, as a fraction of the figure.
    pub reach: f64,
    /// The remembered moves it rests on; 0 for a reach assumed ([`assumed_reach`]).
    pub moves: usize,
    /// The runs those moves came from; 0 for a reach assumed, and in files written
    /// before 2026-11-30's evening, when a class's moves were not kept run by run.
    #[serde(default)]
    pub runs: usize,
}

/// What one cell's own moves say: the largest of its last ones.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct CellWander {
    /// The largest of its remembered moves, as a fraction of the figure.
    pub reach: f64,
    /// The remembered moves it rests on.
    pub moves: usize,
}

/// What earlier runs learned: per size class ([`ClassWander`], none for a class with
/// fewer than [`MIN_MOVES`] remembered moves) and per cell ([`cell_key`]; none for a cell
/// with fewer than [`MIN_CELL_MOVES`]). Empty with the memory switched off. A run's file
/// keeps the cells it measured.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct RunToRun {
    pub classes: Vec<ClassWander>,
    #[serde(default, skip_serializing_if = "BTreeMap::is_empty")]
    pub cells: BTreeMap<String, CellWander>,
    /// The same of the moves *around the machine's*: each cell's move between two runs
    /// with the move of the run's `read` and `memcpy` baselines divided out, as `compare`
    /// divides its machine estimate out. What a figure's second interval
    /// (`RoundFigure::around_machine`) reaches; `None` until some was learned, and in
    /// files written before 2026-12-01.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub around_machine: Option<Box<RunToRun>>,
}

impl RunToRun {
    /// How far the interval of `cell` (its [`SizeClass`] `class`) reaches at least, a
    /// fraction of the figure: the larger of its class's learned reach and its own, or
    /// its own alone from [`CELL_ALONE_MOVES`] moves on.
    #[must_use]
    pub fn reach(&self, class: SizeClass, cell: &str) -> Option<f64> {
        let of_class = self
            .classes
            .iter()
            .find(|c| c.class == class)
            .map(|c| c.reach);
        let own = self.cells.get(cell);
        if let Some(own) = own.filter(|c| c.moves >= CELL_ALONE_MOVES) {
            return Some(own.reach).filter(|r| r.is_finite() && *r >= 0.0);
        }
        [of_class, own.map(|c| c.reach)]
            .into_iter()
            .flatten()
            .filter(|r| r.is_finite() && *r >= 0.0)
            .reduce(f64::max)
    }

    /// How far the interval around the machine's move of `cell` reaches at least
    /// ([`RunToRun::around_machine`], read as [`RunToRun::reach`]); `None` where nothing
    /// was learned of its class or of it.
    #[must_use]
    pub fn reach_around_machine(&self, class: SizeClass, cell: &str) -> Option<f64> {
        self.around_machine.as_ref()?.reach(class, cell)
    }

    /// The same, with only the cells `keep` says.
    #[must_use]
    pub fn only(&self, keep: impl Fn(&str) -> bool + Copy) -> RunToRun {
        RunToRun {
            classes: self.classes.clone(),
            cells: self
                .cells
                .iter()
                .filter(|(k, _)| keep(k))
                .map(|(k, v)| (k.clone(), *v))
                .collect(),
            around_machine: self
                .around_machine
                .as_ref()
                .map(|a| Box::new(a.only(keep)))
                .filter(|a| !a.is_empty()),
        }
    }

    /// The same, with the classes of `kinds` only ([`CALL_CLASSES`], [`MAP_CLASSES`]).
    #[must_use]
    pub fn of_classes(mut self, kinds: &[SizeClass]) -> RunToRun {
        self.classes.retain(|c| kinds.contains(&c.class));
        self.around_machine = self
            .around_machine
            .map(|a| Box::new(a.of_classes(kinds)))
            .filter(|a| !a.is_empty());
        self
    }

    /// The same, with every class of hash calls ([`CALL_CLASSES`]) that learned nothing
    /// reaching as far as [`assumed_reach`].
    #[must_use]
    pub fn or_assumed(self) -> RunToRun {
        self.or_assumed_of(&CALL_CLASSES)
    }

    /// The same, with every class of `kinds` that learned nothing reaching as far as
    /// [`assumed_reach`].
    #[must_use]
    pub fn or_assumed_of(mut self, kinds: &[SizeClass]) -> RunToRun {
        for &class in kinds {
            if !self.classes.iter().any(|c| c.class == class) {
                self.classes.push(ClassWander {
                    class,
                    reach: assumed_reach(class),
                    moves: 0,
                    runs: 0,
                });
            }
        }
        self.classes.sort_by_key(|c| c.class);
        self
    }

    /// Whether nothing was learned.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.classes.is_empty() && self.cells.is_empty()
    }
}

impl RunToRun {
    /// ` ±1.7 % (small, 150 moves in 9 runs), ..., and as far as their cell's largest
    /// recent move for 12 cells (0.3-2.9 %)`.
    fn write_reaches(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut sep = "";
        for c in &self.classes {
            if c.moves == 0 {
                write!(
                    f,
                    "{sep} ±{:.1} % ({}, assumed)",
                    c.reach * 100.0,
                    c.class.as_str()
                )?;
            } else {
                write!(
                    f,
                    "{sep} ±{:.1} % ({}, {} moves in {} runs)",
                    c.reach * 100.0,
                    c.class.as_str(),
                    c.moves,
                    c.runs
                )?;
            }
            sep = ",";
        }
        if !self.cells.is_empty() {
            let and = if self.classes.is_empty() { "" } else { ", and" };
            let n = self.cells.len();
            let s = if n == 1 { "" } else { "s" };
            let reach = |pick: fn(f64, f64) -> f64, start| {
                self.cells
                    .values()
                    .map(|c| c.reach * 100.0)
                    .fold(start, pick)
            };
            write!(
                f,
                "{and} as far as their cell's largest recent move for {n} cell{s} \
                 ({:.1}-{:.1} %)",
                reach(f64::min, f64::INFINITY),
                reach(f64::max, 0.0),
            )?;
        }
        Ok(())
    }
}

impl std::fmt::Display for RunToRun {
    /// `intervals reach at least ±1.7 % (small, 150 moves in 9 runs), ±1.3 % (core, 256
    /// moves in 4 runs),
    /// and as far as their cell's largest recent move for 12 cells (0.3-2.9 %): ...`, the
    /// header line of a run whose memory taught it something.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "intervals reach at least")?;
        self.write_reaches(f)?;
        write!(
            f,
            ": how far earlier runs of this build's lineage here moved figures \
             (figure-moves.json; HASHBENCH_MACHINE_MEMORY=off neither reads nor writes it)"
        )?;
        if let Some(around) = self.around_machine.as_ref().filter(|a| !a.is_empty()) {
            write!(f, "; around their run's move, which `compare` divides out:")?;
            around.write_reaches(f)?;
        }
        if self.classes.iter().any(|c| c.moves == 0) {
            write!(
                f,
                "; assumed: as far as figures moved on hashbench's development VM, until \
                 {MIN_MOVES} moves in {MIN_RUNS} runs of the class are learned here"
            )?;
        }
        Ok(())
    }
}

/// What names a cell across runs: what it timed, how, in which mode, on how many
/// threads, at what size.
#[must_use]
pub fn cell_key(cell: &Cell) -> String {
    key_of(
        &cell.implementation,
        &cell.pattern,
        cell.mode,
        cell.threads,
        &cell.size,
    )
}

/// [`cell_key`] from the parts that name a cell, before the cell is made (a run
/// reaches the figure's interval, and so its rates, before it assembles the cell).
#[must_use]
pub fn key_of(
    implementation: &Subject,
    pattern: &Pattern,
    mode: Mode,
    threads: usize,
    size: &Size,
) -> String {
    format!(
        "{implementation} | {pattern} | {} | {threads} threads | {size}",
        mode.as_str()
    )
}

#[cfg(test)]
mod tests;
