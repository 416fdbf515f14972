//! What a result file must not contradict: itself (one cell measured twice, at other
//! times) and the catalogue's shape (an implementation id names its algorithm before the
//! `/`, so a cell of `crc32/crc32fast` that says `"algorithm": "sha3-512"` is a lie any
//! answer built on it would repeat), and the bounds the command line keeps for the
//! settings a run records. Each check is linear in the cells: a file near the size limit
//! holds about a million.

use std::collections::HashMap;

use crate::cell::Cell;
use crate::run::{Run, RunConfig};
use crate::series::SeriesKey;
use crate::size::Size;
use crate::subject::Subject;

/// `name[i] (id at size B)`, as every error about a cell starts.
fn cell_at(list: &str, i: usize, c: &Cell) -> String {
    format!("{list}[{i}] ({} at {} B)", c.implementation, c.size)
}

/// The first cell of `cells` (named `list`) that repeats an earlier one's
/// (implementation, pattern, size, threads, mode), named with the first.
fn duplicate(list: &str, cells: &[Cell]) -> Result<(), String> {
    let mut seen: HashMap<(SeriesKey, Size), usize> = HashMap::with_capacity(cells.len());
    for (i, c) in cells.iter().enumerate() {
        if let Some(first) = seen.insert((c.series_key(), c.size), i) {
            return Err(format!(
                "{}: the same cell as {list}[{first}] (implementation, pattern, size, threads \
                 and mode): a run measures each cell once, so one of the two figures is not \
                 this run's",
                cell_at(list, i, c)
            ));
        }
    }
    Ok(())
}

/// The algorithm an implementation cell must say: the part of its id before the `/`
/// (`crc32` for `crc32/crc32fast`, `sha2-256` for `sha2-256/java:MessageDigest`), as
/// every catalogue id is written (its registry test holds each to it) and every
/// adapter's id is (`ExternalId`).
fn algorithm_agrees(list: &str, i: usize, c: &Cell) -> Result<(), String> {
    let Subject::Implementation(id) = &c.implementation else {
        return Ok(());
    };
    let Some((algorithm, _)) = id.split_once('/') else {
        return Ok(());
    };
    match c.algorithm.as_deref() {
        Some(a) if a == algorithm => Ok(()),
        Some(a) => Err(format!(
            "{}: algorithm: {a:?}, but {id} is an implementation of {algorithm}",
            cell_at(list, i, c)
        )),
        None => Err(format!(
            "{}: algorithm: missing; {id} is an implementation of {algorithm}, and every \
             implementation's cell says so",
            cell_at(list, i, c)
        )),
    }
}

/// The settings a run records, within the bounds the command line keeps: they are used
/// again when the file is read (the equivalence margin decides ties).
fn config(c: &RunConfig) -> Result<(), String> {
    if let Some(e) = c.equivalence {
        if !(e.is_finite() && (0.0..0.5).contains(&e)) {
            return Err(format!(
                "config.equivalence is {e:?}, not a margin from 0 to below 0.5 (as \
                 --equivalence takes it)"
            ));
        }
    }
    if !(c.precision.is_finite() && c.precision > 0.0 && c.precision < 1.0) {
        return Err(format!(
            "config.precision is {:?}, not a fraction above 0 and below 1 (as --precision \
             takes it)",
            c.precision
        ));
    }
    if !(c.time_budget_s.is_finite() && c.time_budget_s > 0.0 && c.time_budget_s <= 3600.0) {
        return Err(format!(
            "config.time_budget_s is {:?}, not a time from above 0 to an hour (as --time \
             takes it)",
            c.time_budget_s
        ));
    }
    Ok(())
}

/// Every check of this module over `run`; the error names the field.
pub(super) fn check(run: &Run) -> Result<(), String> {
    config(&run.config)?;
    for (list, cells) in [
        ("baselines", &run.baselines),
        ("cells", &run.cells),
        ("runtime_floors", &run.runtime_floors),
    ] {
        duplicate(list, cells)?;
    }
    for (i, c) in run.cells.iter().enumerate() {
        algorithm_agrees("cells", i, c)?;
    }
    Ok(())
}
