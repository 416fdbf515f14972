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
use hashbench_model::{Cell, Mode, Relative, RelativeTo, Run, Size};

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
            // The first match in run order: the first pattern asked for, the fewest threads.
            let named = |c: &&Cell| {
                c.size == size
                    && c.implementation == id
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
mod tests {
    use super::*;
    use hashbench_model::testutil::{cell_with, run_with};
    use hashbench_model::Flag;

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
            .map(|c| (c.implementation.to_string(), relative(run, to, c).shown()))
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
        cells[1].pattern = hashbench_model::Pattern::Hex;
        let run = run_with(cells);
        let plain = relative(&run, &RelativeTo::parse("a/x"), &run.cells[1]);
        assert_eq!(
            plain
                .reference
                .as_ref()
                .map(|r| r.pattern.to_string())
                .as_deref(),
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
