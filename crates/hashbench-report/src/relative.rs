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
//! carries them and every renderer shows the same numbers.
//!
//! "Fastest" and "slowest" are chosen among the hash cells of a size that are physically
//! possible: a cell flagged `above-ceiling` (faster than reading its input) or
//! `flat-scaling` (calls that cost the same at any size) did not hash its input, and a
//! ratio against it would mislead every other row. Such a cell still gets its own ratio.
//! The other flags stay in the race: `not-scaling-with-iterations` and `high-spread` can
//! fire on a noisy but real measurement, and dropping a real cell would make "+% vs
//! slowest" negative for the truly slowest one.

use serde::{Deserialize, Serialize};

use crate::guards::FlagCode;
use crate::model::{Cell, Run};

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

    /// The column heading in tables, with the suite's label for an id when it has one.
    #[must_use]
    pub fn heading(&self, run: &Run) -> String {
        match self {
            RelativeTo::Fastest => "× slower than fastest".to_string(),
            RelativeTo::Slowest => "+% vs slowest".to_string(),
            RelativeTo::Cell(id) => {
                let label = run
                    .suite
                    .as_ref()
                    .and_then(|s| s.labels.get(id))
                    .unwrap_or(id);
                format!("perf vs {label}")
            }
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

/// Which cell a relative value was computed against.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct CellRef {
    pub implementation: String,
    pub pattern: String,
    pub threads: usize,
}

impl CellRef {
    fn of(cell: &Cell) -> CellRef {
        CellRef {
            implementation: cell.implementation.clone(),
            pattern: cell.pattern.clone(),
            threads: cell.threads,
        }
    }

    fn is(&self, cell: &Cell) -> bool {
        self.implementation == cell.implementation
            && self.pattern == cell.pattern
            && self.threads == cell.threads
    }
}

/// One cell's relative figure in one relative column.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Relative {
    /// The column: `fastest`, `slowest` or an id.
    pub to: RelativeTo,
    /// The cell compared with at this size; `None` when there is none (the id was not
    /// measured at this size, or no cell of the size is believable).
    pub reference: Option<CellRef>,
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

/// Flags that say a cell's time cannot be the hash's (noise cannot raise them), so it
/// cannot be the fastest or slowest that others are measured against.
const UNBELIEVABLE: &[FlagCode] = &[FlagCode::AboveCeiling, FlagCode::FlatScaling];

fn believable(cell: &Cell) -> bool {
    !cell.flags.iter().any(|f| UNBELIEVABLE.contains(&f.code))
}

/// The reference cell for `to` at `size`.
fn reference<'a>(run: &'a Run, to: &RelativeTo, size: u64) -> Option<&'a Cell> {
    let median = |c: &&Cell| c.summary.median.get();
    let candidates = || {
        run.cells
            .iter()
            .filter(move |c| c.size == size && believable(c) && median(c) > 0.0)
    };
    match to {
        RelativeTo::Fastest => candidates().min_by(|a, b| median(a).total_cmp(&median(b))),
        RelativeTo::Slowest => candidates().max_by(|a, b| median(a).total_cmp(&median(b))),
        RelativeTo::Cell(_) => {
            let (id, pattern) = to.id_and_pattern()?;
            // The first match in run order: the first pattern asked for, the fewest threads.
            run.cells.iter().chain(&run.baselines).find(|c| {
                c.size == size && c.implementation == id && pattern.is_none_or(|p| c.pattern == p)
            })
        }
    }
}

/// `cell` beside the reference for `to` in `run` (the cell need not be one of the run's
/// own: the seed layouts use this for their default column).
#[must_use]
pub fn relative(run: &Run, to: &RelativeTo, cell: &Cell) -> Relative {
    let reference = reference(run, to, cell.size);
    let time_ratio = reference.and_then(|r| {
        let (mine, theirs) = (cell.summary.median.get(), r.summary.median.get());
        (theirs > 0.0 && mine > 0.0).then(|| mine / theirs)
    });
    let value = time_ratio.map(|t| match to {
        RelativeTo::Slowest => (1.0 / t - 1.0) * 100.0,
        RelativeTo::Fastest | RelativeTo::Cell(_) => t,
    });
    let reference = reference.map(CellRef::of);
    Relative {
        to: to.clone(),
        is_reference: reference.as_ref().is_some_and(|r| r.is(cell)),
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

/// The stored figure of `cell` for `to` (computed afresh when the cell has none, as in a
/// file written before `relative` existed).
#[must_use]
pub fn stored_or_computed(run: &Run, to: &RelativeTo, cell: &Cell) -> Relative {
    cell.relative
        .iter()
        .find(|r| &r.to == to)
        .cloned()
        .unwrap_or_else(|| relative(run, to, cell))
}

#[cfg(test)]
mod tests_values;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::guards::Flag;
    use crate::testutil::{cell_with, run_with};

    fn run() -> Run {
        run_with(vec![
            cell_with("a/fast", 1, 1024, 100.0),
            cell_with("b/mid", 1, 1024, 200.0),
            cell_with("c/slow", 1, 1024, 400.0),
            cell_with("a/fast", 1, 4096, 300.0),
            cell_with("b/mid", 1, 4096, 300.0),
        ])
    }

    fn values(run: &Run, to: &RelativeTo, size: u64) -> Vec<(String, String)> {
        run.cells
            .iter()
            .filter(|c| c.size == size)
            .map(|c| (c.implementation.clone(), relative(run, to, c).shown()))
            .collect()
    }

    #[test]
    fn fastest_gives_times_slower_within_each_size() {
        let run = run();
        let v = values(&run, &RelativeTo::Fastest, 1024);
        let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
        // Medians 100, 200 and 400 ns (within the test cell's ±0.05 % spread).
        assert_eq!(shown, ["fastest", "2.00× slower", "4.00× slower"]);
        // At 4 KiB the two cells tie: the first is the fastest, the other 1.00x.
        let v = values(&run, &RelativeTo::Fastest, 4096);
        assert_eq!(v[0].1, "fastest");
        assert_eq!(v[1].1, "1.00× slower");
    }

    #[test]
    fn slowest_gives_percent_more_calls_per_second() {
        let run = run();
        let v = values(&run, &RelativeTo::Slowest, 1024);
        let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(shown, ["+300.00 %", "+100.00 %", "slowest"]);
    }

    #[test]
    fn perf_vs_an_id_is_a_time_ratio_and_missing_ids_show_a_dash() {
        let run = run();
        let to = RelativeTo::parse("b/mid");
        let v = values(&run, &to, 1024);
        let shown: Vec<&str> = v.iter().map(|(_, s)| s.as_str()).collect();
        assert_eq!(shown, ["0.500 (-50%)", "1.0", "2.000 (+100%)"]);
        let absent = relative(&run, &RelativeTo::parse("z/none"), &run.cells[0]);
        assert_eq!(absent.shown(), "-");
        assert_eq!(absent.reference, None);
    }

    #[test]
    fn a_pattern_after_at_picks_that_pattern() {
        let mut cells = vec![
            cell_with("a/x", 1, 64, 100.0),
            cell_with("a/x", 1, 64, 150.0),
        ];
        cells[1].pattern = "hex".to_string();
        let run = run_with(cells);
        let plain = relative(&run, &RelativeTo::parse("a/x"), &run.cells[1]);
        assert_eq!(
            plain.reference.as_ref().map(|r| r.pattern.as_str()),
            Some("oneshot")
        );
        let hex = relative(&run, &RelativeTo::parse("a/x@hex"), &run.cells[0]);
        assert!(!hex.is_reference);
        assert_eq!(hex.shown(), "0.667 (-33%)");
    }

    #[test]
    fn an_unbelievable_cell_is_never_the_fastest() {
        let mut run = run();
        // c/slow at 1 KiB "runs" at 10 ns: above the read ceiling, flagged.
        run.cells[2] = cell_with("c/slow", 1, 1024, 10.0);
        run.cells[2].flags.push(Flag {
            code: FlagCode::AboveCeiling,
            reason: "test".to_string(),
        });
        let v = values(&run, &RelativeTo::Fastest, 1024);
        assert_eq!(v[0].1, "fastest", "a/fast stays the fastest: {v:?}");
        // The flagged cell still gets its ratio against the believable fastest.
        assert_eq!(v[2].1, "10.00× faster");
    }

    #[test]
    fn apply_stores_the_columns_and_json_round_trips_them() {
        let mut run = run();
        apply(
            &mut run,
            &[RelativeTo::Fastest, RelativeTo::parse("b/mid@oneshot")],
        );
        assert_eq!(run.cells[2].relative.len(), 2);
        assert_eq!(run.cells[2].relative[0].value.map(|v| v.round()), Some(4.0));
        let json = serde_json::to_string(&run).expect("serialises");
        assert!(
            json.contains(r#""relative_to":["fastest","b/mid@oneshot"]"#),
            "{json}"
        );
        let back: Run = serde_json::from_str(&json).expect("parses");
        assert_eq!(back.relative_to, run.relative_to);
        assert_eq!(back.cells[2].relative, run.cells[2].relative);
    }
}
