//! The compact ranking of the terminal view: one line per implementation at a size,
//! fastest first, with tie groups marked (`=1` beside the cells that #1 cannot be told
//! apart from), the throughput and its interval, and the few columns that fit the width.
//!
//! Fitting is by columns, not by wrapping ([`crate::render::fit`]): the least useful optional
//! column is dropped until the row fits (backend, then the read-ceiling share, then the
//! relative columns, then the interval), and then the implementation's name is
//! ellipsized. Every row is then one line, which is also what lets the colour go on
//! after the layout.

use crate::format::{grid, rate, rate_interval, size, time_interval, time_ns};
use crate::render::fit::{fit, Column};
use crate::render::options::{Paint, TextOptions};
use hashbench_analysis::guards::codes;
use hashbench_analysis::relative::stored;
use hashbench_analysis::ties::{margin_of, stored_places, Place};
use hashbench_model::{Cell, Mode, Run, Size};
use hashbench_stats::rounds::Relation;

/// The cells at `s` in `mode`, fastest first (by time per call: the same order as by
/// throughput, and still an order at 0 bytes).
pub(crate) fn ranked(run: &Run, s: Size, mode: Mode) -> Vec<&Cell> {
    let mut cells: Vec<&Cell> = run
        .cells
        .iter()
        .filter(|c| c.size == s && c.mode == mode)
        .collect();
    cells.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
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

/// `1` for a group's leader, `=1` for a cell tied with #1, `~1` for one equivalent to it:
/// the marks of every format that ranks.
pub(crate) fn ranks(places: &[Place]) -> Vec<String> {
    places
        .iter()
        .enumerate()
        .map(|(i, p)| match p.relation {
            None => (i + 1).to_string(),
            Some(Relation::Equivalent) => format!("~{}", p.leader + 1),
            Some(_) => format!("={}", p.leader + 1),
        })
        .collect()
}

/// Which marks a ranking used, for the legend under the rankings.
#[derive(Clone, Copy, Debug, Default)]
pub(crate) struct Marks {
    /// Some cell ties with its leader (`=N`).
    pub tied: bool,
    /// Some cell is equivalent to its leader (`~N`).
    pub equivalent: bool,
    /// The ties were decided on paired rounds (cells with figures), not on intervals.
    pub paired: bool,
    /// The equivalence margin, a fraction.
    pub margin: f64,
}

impl Marks {
    pub(crate) fn of(cells: &[&Cell], places: &[Place], margin: f64) -> Marks {
        Marks {
            tied: places
                .iter()
                .any(|p| p.relation.is_some_and(|r| r != Relation::Equivalent)),
            equivalent: places
                .iter()
                .any(|p| p.relation == Some(Relation::Equivalent)),
            paired: cells.iter().any(|c| c.figure.is_some()),
            margin,
        }
    }

    /// Both rankings' marks together.
    pub fn or(self, other: Marks) -> Marks {
        Marks {
            tied: self.tied || other.tied,
            equivalent: self.equivalent || other.equivalent,
            paired: self.paired || other.paired,
            margin: if other.paired {
                other.margin
            } else {
                self.margin
            },
        }
    }
}

fn columns(run: &Run, cells: &[&Cell], places: &[Place], empty: bool) -> Vec<Column> {
    let each = |f: &dyn Fn(&Cell) -> String| cells.iter().map(|c| f(c)).collect::<Vec<_>>();
    let (figure, interval) = if empty {
        let time = |c: &Cell| time_ns(c.time_ns());
        let ci = |c: &Cell| {
            let (low, high) = c.time_ci();
            time_interval(low, high, c.time_ns())
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
        Column::new("#", ranks(places), true, None),
        Column::new("implementation", each(&|c| c.label()), false, None),
        figure,
        Column::new("95 % CI", interval, true, Some(4)),
    ];
    for to in &run.relative_to {
        let shown = |c: &Cell| stored(to, c).shown();
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

/// The compact ranking at `s` in `mode`, and the marks it used; empty when no cell has
/// that size and mode.
pub(crate) fn section(run: &Run, s: Size, mode: Mode, options: &TextOptions) -> (String, Marks) {
    let cells = ranked(run, s, mode);
    if cells.is_empty() {
        return (String::new(), Marks::default());
    }
    let margin = margin_of(run);
    let places = stored_places(run, &cells);
    let marks = Marks::of(&cells, &places, margin);
    let title = options.fit(&title(cells[0], s, mode));
    let mut out = options.paint(Paint::Heading, &title);
    out.push('\n');
    let mut columns = columns(run, &cells, &places, s.mean_bytes() == 0.0);
    if let Some(w) = options.width {
        // The compact view drops columns without a note: --detail has every one.
        fit(&mut columns, w, 1);
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
            r if places[r - 1].leader == 0 => options.paint(Paint::Winner, line),
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
    (out, marks)
}

/// The legend of tie and equivalence marks, shown once under the rankings that hold one;
/// empty when none does.
pub(crate) fn legend(marks: Marks, options: &TextOptions) -> String {
    let lines = legend_lines(marks);
    lines
        .iter()
        .map(|l| format!("{}\n", options.paint(Paint::Dim, &options.fit(l))))
        .chain((!lines.is_empty()).then(|| "\n".to_string()))
        .collect()
}

/// The legend's lines, one per mark used.
pub(crate) fn legend_lines(marks: Marks) -> Vec<String> {
    let mut lines = Vec::new();
    if marks.tied && !marks.paired {
        lines.push(
            "=N: tied with #N (their medians' 95 % CIs overlap: this run cannot order them)"
                .to_string(),
        );
    } else if marks.tied {
        lines.push(format!(
            "=N: tied with #N: measured side by side, this run cannot order them (±{:.0} %)",
            marks.margin * 100.0
        ));
    }
    if marks.equivalent {
        lines.push(format!(
            "~N: equivalent to #N: measured side by side, within ±{:.0} % of it",
            marks.margin * 100.0
        ));
    }
    lines
}
