//! Relative columns (`--relative-to`): every cell beside a reference cell of the same
//! size, in the three forms the seeds print them:
//!
//! - `fastest`: "× slower than fastest" (seed 003, Crystal's benchmark): this cell's
//!   median time over the fastest cell's, so 1.00 is the fastest and 2.50 is 2.5x slower;
//! - `slowest`: "+% vs slowest" (seed 004, Node): how many percent more calls per second
//!   this cell makes than the slowest cell;
//! - an implementation (or `implementation@pattern`, or a baseline): "perf vs ID" (seed
//!   002, btrfs' hash-speedtest): this cell's time over ID's, 1.141 (+14%) being 14 %
//!   slower than ID.
//!
//! The values are computed once from the run ([`apply`]) and stored in the cells, so JSON
//! carries them and every renderer shows the same numbers; [`default_relative_to`] says
//! which columns a cycles run gets when it names none.
//!
//! "Fastest" and "slowest" are chosen among the hash cells of a size that are physically
//! possible: a cell flagged `above-ceiling` (faster than reading its input) or
//! `flat-scaling` (calls that cost the same at any size) did not hash its input, and a
//! ratio against it would mislead every other row. Such a cell still gets its own ratio.
//! The other flags stay in the race: `not-scaling-with-iterations` and `high-spread` can
//! fire on a noisy but real measurement, and dropping a real cell would make "+% vs
//! slowest" negative for the truly slowest one.

use hashbench_model::FlagCode;
use hashbench_model::{Cell, Mode, Relative, RelativeTo, Run, Size, Subject};

/// Flags that say a cell's time cannot be the hash's (noise cannot raise them), so it
/// cannot be the fastest or slowest that others are measured against.
const UNBELIEVABLE: &[FlagCode] = &[FlagCode::AboveCeiling, FlagCode::FlatScaling];

fn believable(cell: &Cell) -> bool {
    !cell.flags.iter().any(|f| UNBELIEVABLE.contains(&f.code))
}

/// The reference cell for `to` at `size` in `mode`: latency cells are set beside latency
/// cells. A named reference measured only in the other mode (a baseline, which always
/// runs in throughput mode) is taken from that mode.
fn reference<'a>(run: &'a Run, to: &RelativeTo, size: Size, mode: Mode) -> Option<&'a Cell> {
    let median = |c: &&Cell| c.time_ns();
    let candidates = || {
        run.cells
            .iter()
            .filter(move |c| c.size == size && c.mode == mode && believable(c) && median(c) > 0.0)
    };
    match to {
        RelativeTo::Fastest => candidates().min_by(|a, b| median(a).total_cmp(&median(b))),
        RelativeTo::Slowest => candidates().max_by(|a, b| median(a).total_cmp(&median(b))),
        RelativeTo::Cell(_) => {
            let (id, pattern) = to.id_and_pattern()?;
            let subject = Subject::parse(id);
            // The first match in run order: the first pattern asked for, the fewest threads.
            let named = |c: &&Cell| {
                c.size == size
                    && c.implementation == subject
                    && pattern.is_none_or(|p| c.pattern.to_string() == p)
            };
            let all = || run.cells.iter().chain(&run.baselines);
            all()
                .find(|c| named(c) && c.mode == mode)
                .or_else(|| all().find(named))
        }
    }
}

/// `cell` beside the reference for `to` in `run` (the cell need not be one of the run's
/// own: the seed layouts use this for their default column).
#[must_use]
pub fn relative(run: &Run, to: &RelativeTo, cell: &Cell) -> Relative {
    let reference = reference(run, to, cell.size, cell.mode);
    let time_ratio = reference.and_then(|r| {
        let (mine, theirs) = (cell.time_ns(), r.time_ns());
        (theirs > 0.0 && mine > 0.0).then(|| mine / theirs)
    });
    let value = time_ratio.map(|t| match to {
        RelativeTo::Slowest => (1.0 / t - 1.0) * 100.0,
        RelativeTo::Fastest | RelativeTo::Cell(_) => t,
    });
    let reference = reference.map(Cell::series_key);
    Relative {
        to: to.clone(),
        is_reference: reference.as_ref().is_some_and(|r| cell.is_in(r)),
        reference,
        time_ratio,
        value,
    }
}

/// Stores the relative columns `to` in `run`: the list in `run.relative_to`, each cell's
/// and baseline's figures in its `relative`, in the same order.
pub fn apply(run: &mut Run, to: &[RelativeTo]) {
    run.relative_to = to.to_vec();
    let per_cell = |run: &Run, cells: &[Cell]| -> Vec<Vec<Relative>> {
        cells
            .iter()
            .map(|c| to.iter().map(|t| relative(run, t, c)).collect())
            .collect()
    };
    let cells = per_cell(run, &run.cells);
    let baselines = per_cell(run, &run.baselines);
    for (c, r) in run.cells.iter_mut().zip(cells) {
        c.relative = r;
    }
    for (c, r) in run.baselines.iter_mut().zip(baselines) {
        c.relative = r;
    }
}

/// The figure `cell` stored for the column `to`; a column it never stored reads "-".
/// The runner stores every column of the run, and [`complete`] fills them once for a
/// file written before cells stored them, so a renderer reads and never computes.
#[must_use]
pub fn stored(to: &RelativeTo, cell: &Cell) -> Relative {
    cell.relative
        .iter()
        .find(|r| &r.to == to)
        .cloned()
        .unwrap_or_else(|| Relative {
            to: to.clone(),
            reference: None,
            time_ratio: None,
            value: None,
            is_reference: false,
        })
}

/// The columns a view shows: the run's own, else the view's (`own`: the cycle view's,
/// a seed layout's).
fn shown_columns(run: &Run, own: &[RelativeTo]) -> Vec<RelativeTo> {
    if run.relative_to.is_empty() {
        own.to_vec()
    } else {
        run.relative_to.clone()
    }
}

/// Whether every cell (and baseline) stores a figure for each column a view shows: the
/// run's own, else `own`.
#[must_use]
pub fn is_complete(run: &Run, own: &[RelativeTo]) -> bool {
    let columns = shown_columns(run, own);
    run.cells.iter().chain(&run.baselines).all(|c| {
        columns
            .iter()
            .all(|to| c.relative.iter().any(|r| &r.to == to))
    })
}

/// Adds to each cell (and baseline) the figures it lacks of the columns a view shows:
/// the run's own, else `own` (a file written before cells stored them, or a view's own
/// column), so that the renderers read them.
pub fn complete(run: &mut Run, own: &[RelativeTo]) {
    let columns = shown_columns(run, own);
    let shared: &Run = run;
    let missing = |cells: &[Cell]| -> Vec<(usize, Relative)> {
        cells
            .iter()
            .enumerate()
            .flat_map(|(i, c)| {
                columns
                    .iter()
                    .filter(|to| !c.relative.iter().any(|r| &r.to == *to))
                    .map(move |to| (i, relative(shared, to, c)))
            })
            .collect()
    };
    let (cells, baselines) = (missing(&shared.cells), missing(&shared.baselines));
    for (i, r) in cells {
        run.cells[i].relative.push(r);
    }
    for (i, r) in baselines {
        run.baselines[i].relative.push(r);
    }
}

/// The relative columns of the cycle view (`--metric cycles`) when the run names none:
/// "perf vs" the first blake3 implementation (hash-speedtest's reference), else "×
/// slower than fastest". The runner applies them to a cycles run that asks for none; the
/// cycle view falls back on them for a saved run that has none.
#[must_use]
pub fn default_relative_to(run: &Run) -> Vec<RelativeTo> {
    let blake3 = run
        .cells
        .iter()
        .find(|c| c.algorithm.as_deref() == Some("blake3"));
    vec![match blake3 {
        Some(c) => RelativeTo::Cell(c.implementation.to_string()),
        None => RelativeTo::Fastest,
    }]
}

#[cfg(test)]
mod tests_values;

#[cfg(test)]
mod tests;
