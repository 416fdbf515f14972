//! The warm-up floor: before an implementation (or baseline) is first measured in a
//! run, it runs untimed for at least [`FLOOR`], in slices of [`SLICE`], until two
//! slices in a row agree within [`STABLE`] (at most [`CEILING`]). The engine's own
//! warm-up is a tenth of each round's budget, 1.7 ms per round with `--time 0.05`; a
//! library whose first calls run slow (lazy initialisation, the clock ramping up, a
//! cold instruction cache for a large kernel) then reads low however the budget is
//! spent. The floor is paid once per implementation and thread count, not per cell or
//! round, so a default run takes a few tenths of a second longer, not a multiple.

use std::collections::{BTreeMap, BTreeSet};
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use hashbench_engine::{CellState, Config, EngineError, Workload};

use crate::cells::{Cells, Kind};
use crate::RunError;

/// The least warm-up per implementation.
pub(crate) const FLOOR: Duration = Duration::from_millis(20);
/// The most: a machine too noisy for two slices to agree does not warm up for ever.
pub(crate) const CEILING: Duration = Duration::from_millis(100);
/// One slice: a throw-away round of the cell, sampled for this long.
const SLICE: Duration = Duration::from_millis(8);
/// The one slice `recommend`'s race gives each candidate before its screening
/// ([`Level::Slice`]). 2 ms, not a whole [`SLICE`]: over 16 runs of `recommend --size
/// 4k --need checksum` with this slice at 0, 0.5, 2 and 8 ms, a candidate's first
/// screening round read no slower against its next two at 2 ms than at 8 ms (the ratio's
/// 90th percentile 1.34 and 1.25, the machine's own phases, never the same candidate
/// twice), and only with no slice at all did a cold start show (xxHash's C library,
/// 3x); at ~120 candidates the 6 ms saved each were a third of the answer's time
/// (docs/method.md, "recommend races").
const SCREEN_SLICE: Duration = Duration::from_millis(2);
/// Two slices' medians within 2 % of each other: the per-batch time is stable.
const STABLE: f64 = 0.02;

/// What one warm-up serves: planned cell `i`'s implementation (or baseline) and thread
/// count.
fn key(cells: &Cells, i: usize) -> (String, usize) {
    let p = &cells.planned[i];
    let id = match p.kind {
        Kind::Hash(k) => cells.kernels[k].passed.implementation.id.to_string(),
        Kind::Baseline(b) => b.id().to_string(),
        Kind::External(j) => cells.externals[j].id().to_string(),
    };
    (id, p.threads)
}

/// The most the warm-ups of `cells` take: [`CEILING`] for each implementation and
/// thread count, and in a race ([`Level::Slice`] first) a [`SLICE`] more (a slice of
/// calls slower than a slice may run past it).
pub(crate) fn at_most(cells: &Cells, race: bool) -> Duration {
    let keys: BTreeSet<(String, usize)> = (0..cells.planned.len()).map(|i| key(cells, i)).collect();
    let each = if race { CEILING + SLICE } else { CEILING };
    each * u32::try_from(keys.len()).unwrap_or(u32::MAX)
}

/// How long a warm-up lasts: the floor ([`FLOOR`] to [`CEILING`], until two slices
/// agree), or one slice, which `recommend`'s race gives every candidate before its
/// screening rounds: a candidate that races on gets the floor before its next round,
/// and one screened after a single slice drops out only when far slower than the
/// leader (`race::COLD_DROP`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) enum Level {
    Slice,
    Floor,
}

/// How far each (implementation, threads) has been warmed up in this run.
#[derive(Default)]
pub(crate) struct Warmed(BTreeMap<(String, usize), Level>);

impl Warmed {
    /// Whether planned cell `i`'s implementation has had the warm-up floor.
    pub fn floor(&self, cells: &Cells, i: usize) -> bool {
        self.0.get(&key(cells, i)) == Some(&Level::Floor)
    }

    /// Warms up planned cell `i` on `work` to `level` unless its implementation at its
    /// thread count already was. The cell's own measurement state is left as it was:
    /// the slices are measured in a throw-away state and forgotten.
    pub fn ensure(
        &mut self,
        cells: &mut Cells,
        i: usize,
        work: &mut Workload,
        (level, cancel): (Level, &AtomicBool),
    ) -> Result<Result<(), EngineError>, RunError> {
        let k = key(cells, i);
        if self.0.get(&k).is_some_and(|&done| done >= level) || cancel.load(Ordering::SeqCst) {
            return Ok(Ok(()));
        }
        self.0.insert(k, level);
        let (floor, ceiling) = match level {
            Level::Slice => (SCREEN_SLICE, SCREEN_SLICE),
            Level::Floor => (FLOOR, CEILING),
        };
        let config = Config {
            time_budget: if level == Level::Slice {
                SCREEN_SLICE
            } else {
                SLICE
            },
            // Never reached: each slice samples for its whole time.
            target_precision: 0.0,
            min_samples: 3,
            ..Config::default()
        };
        let saved = std::mem::replace(&mut cells.planned[i].state, CellState::new());
        let t0 = Instant::now();
        let mut last: Option<f64> = None;
        let outcome = loop {
            cells.planned[i].state = CellState::new();
            match cells.round(i, work, &config, cancel) {
                Ok(Ok(())) => {}
                other => break other,
            }
            let median = cells.planned[i].state.rounds().last().map(|r| r.median_ns);
            let stable = match (last, median) {
                (Some(a), Some(b)) if a > 0.0 => (b / a - 1.0).abs() <= STABLE,
                _ => false,
            };
            let spent = t0.elapsed();
            if (spent >= floor && stable) || spent >= ceiling || cancel.load(Ordering::SeqCst) {
                break Ok(Ok(()));
            }
            last = median;
        };
        cells.planned[i].state = saved;
        outcome
    }
}
