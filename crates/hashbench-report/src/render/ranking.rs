//! The compact ranking of the terminal view: one line per implementation at a size,
//! fastest first, with tie groups marked (`=1` beside the cells that #1 cannot be told
//! apart from), the throughput and its interval, and the few columns that fit the width.
//!
//! Fitting is by columns, not by wrapping: the least useful optional column is dropped
//! until the row fits (backend, then the read-ceiling share, then the relative columns,
//! then the interval), and then the implementation's name is ellipsized
//! ([`super::options::ellipsized`]) but never below [`MIN_NAME`] characters. Every row is
//! then one line, which is also what lets the colour go on after the layout.

use crate::analysis::guards::codes;
use crate::analysis::relative::stored_or_computed;
use crate::analysis::ties::tie_groups;
use crate::format::{grid, rate, rate_interval, size, time_interval, time_ns};
use crate::render::options::{ellipsized, Paint, TextOptions};
use hashbench_model::{Cell, Mode, Run, Size};

/// The narrowest an implementation's name is cut to.
const MIN_NAME: usize = 12;

/// Two spaces between columns, as [`grid`] lays them out.
const GAP: usize = 2;

/// One column of the ranking: `drop` orders the optional ones (lowest dropped first).
struct Column {
    header: String,
    cells: Vec<String>,
    right: bool,
    drop: Option<u8>,
}

impl Column {
    fn new(header: &str, cells: Vec<String>, right: bool, drop: Option<u8>) -> Column {
        Column {
            header: header.to_string(),
            cells,
            right,
            drop,
        }
    }

    fn width(&self) -> usize {
        self.cells
            .iter()
            .chain(std::iter::once(&self.header))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    }
}

fn total(columns: &[Column]) -> usize {
    columns.iter().map(Column::width).sum::<usize>() + GAP * columns.len().saturating_sub(1)
}

/// Drops optional columns, then cuts the names (column 1), until `columns` fit `width`.
fn fit(columns: &mut Vec<Column>, width: usize) {
    while total(columns) > width {
        let Some(worst) = columns
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.drop.map(|d| (d, i)))
            .min()
        else {
            break;
        };
        columns.remove(worst.1);
    }
    let over = total(columns).saturating_sub(width);
    if over > 0 {
        let name = &mut columns[1];
        let max = name.width().saturating_sub(over).max(MIN_NAME);
        for cell in &mut name.cells {
            *cell = ellipsized(cell, max);
        }
    }
}

/// The cells at `s` in `mode`, fastest first (by time per call: the same order as by
/// throughput, and still an order at 0 bytes).
pub(crate) fn ranked(run: &Run, s: Size, mode: Mode) -> Vec<&Cell> {
    let mut cells: Vec<&Cell> = run
        .cells
        .iter()
        .filter(|c| c.size == s && c.mode == mode)
        .collect();
    cells.sort_by(|a, b| a.summary.median.get().total_cmp(&b.summary.median.get()));
    cells
}

/// A ranking's heading: the size, where the input sat (from the fastest cell) and the
/// mode; the terminal and Markdown rankings share it.
pub(crate) fn title(first: &Cell, s: Size, mode: Mode) -> String {
    let level = first
        .cache_level
        .map_or(String::new(), |l| format!(" (input in {l})"));
    let how = match mode {
        Mode::Throughput => "",
        Mode::Latency => ", latency mode (each call waits for the last)",
    };
    format!("Ranking at {}{level}{how}", size(s))
}

/// `1` for a group's leader, `=1` for a cell tied with #1.
fn ranks(groups: &[usize]) -> Vec<String> {
    groups
        .iter()
        .enumerate()
        .map(|(i, &g)| {
            if g == i {
                (i + 1).to_string()
            } else {
                format!("={}", g + 1)
            }
        })
        .collect()
}

fn columns(run: &Run, cells: &[&Cell], groups: &[usize], empty: bool) -> Vec<Column> {
    let each = |f: &dyn Fn(&Cell) -> String| cells.iter().map(|c| f(c)).collect::<Vec<_>>();
    let (figure, interval) = if empty {
        let time = |c: &Cell| time_ns(c.summary.median.get());
        let ci = |c: &Cell| {
            let ci = &c.summary.median_ci;
            time_interval(ci.low.get(), ci.high.get(), c.summary.median.get())
        };
        (
            Column::new("time per call", each(&time), true, None),
            each(&ci),
        )
    } else {
        let tp = |c: &Cell| rate(c.gb_per_sec());
        let ci = |c: &Cell| {
            let t = &c.throughput;
            match &t.upper {
                Some(up) => rate_interval(t.lower.gb_per_sec, up.gb_per_sec, c.gb_per_sec()),
                None => "unbounded".to_string(),
            }
        };
        (Column::new("throughput", each(&tp), true, None), each(&ci))
    };
    let mut out = vec![
        Column::new("#", ranks(groups), true, None),
        Column::new("implementation", each(&|c| c.label()), false, None),
        figure,
        Column::new("95 % CI", interval, true, Some(4)),
    ];
    for to in &run.relative_to {
        let shown = |c: &Cell| stored_or_computed(run, to, c).shown();
        out.push(Column::new(&to.heading(run), each(&shown), true, Some(3)));
    }
    let read = |c: &Cell| {
        c.fraction_of_read_ceiling
            .map_or("-".to_string(), |f| format!("{:.0} %", f * 100.0))
    };
    out.push(Column::new("of read", each(&read), true, Some(2)));
    out.push(Column::new(
        "backend",
        each(&|c| c.backend.clone()),
        false,
        Some(1),
    ));
    out.push(Column::new(
        "flags",
        each(&|c| codes(&c.flags)),
        false,
        None,
    ));
    out
}

/// The compact ranking at `s` in `mode`, and whether it holds a tie; empty when no cell
/// has that size and mode.
pub(crate) fn section(run: &Run, s: Size, mode: Mode, options: &TextOptions) -> (String, bool) {
    let cells = ranked(run, s, mode);
    if cells.is_empty() {
        return (String::new(), false);
    }
    let groups = tie_groups(&cells);
    let tied = groups.iter().enumerate().any(|(i, &g)| g != i);
    let title = options.fit(&title(cells[0], s, mode));
    let mut out = options.paint(Paint::Heading, &title);
    out.push('\n');
    let mut columns = columns(run, &cells, &groups, s.mean_bytes() == 0.0);
    if let Some(w) = options.width {
        fit(&mut columns, w);
    }
    // Flags are painted after the layout, so the column is known by its position.
    let flags_at = columns.len() - 1;
    let right: Vec<bool> = columns.iter().map(|c| c.right).collect();
    let mut rows = vec![columns.iter().map(|c| c.header.clone()).collect::<Vec<_>>()];
    rows.extend((0..cells.len()).map(|r| columns.iter().map(|c| c.cells[r].clone()).collect()));
    let text = grid(&rows, &right, None);
    for (r, line) in text.lines().enumerate() {
        let painted = match r {
            0 => options.paint(Paint::Heading, line),
            r if groups[r - 1] == 0 => options.paint(Paint::Winner, line),
            r => {
                let flags = &columns[flags_at].cells[r - 1];
                match line.strip_suffix(flags.as_str()) {
                    Some(head) if !flags.is_empty() => {
                        format!("{head}{}", options.paint(Paint::Warning, flags))
                    }
                    _ => line.to_string(),
                }
            }
        };
        out.push_str(&painted);
        out.push('\n');
    }
    out.push('\n');
    (out, tied)
}

/// The one-line legend of tie groups, shown once under the rankings that hold one.
pub(crate) fn legend(options: &TextOptions) -> String {
    let text = options
        .fit("=N: tied with #N (their medians' 95 % CIs overlap: this run cannot order them)");
    format!("{}\n\n", options.paint(Paint::Dim, &text))
}
