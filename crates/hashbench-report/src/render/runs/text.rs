//! The terminal and Markdown renderings: per-size rankings like the seeds' summaries, a detail
//! table, the cost model and the baselines.
//!
//! The terminal view is compact unless asked for detail ([`TextOptions`]): the rankings
//! ([`crate::render::ranking`], tie groups marked, fitted to the width), the sections a run asked
//! for (modes, runtimes, streams), one line per flagged cell and per skipped
//! implementation. `--detail` adds every cell, the cost model, the baselines and the
//! flags' reasons. Markdown is for files and always has everything.

use crate::format::grid;
use crate::format::{percent, rate, size, time_ns};
use crate::render::flags::flags_section;
use crate::render::options::{Paint, TextOptions};
use crate::render::renderer::{Render, RenderError};
use crate::render::sanitize::sanitized;
use crate::render::table::{
    header_lines, heading, md_escape, table, table_fitted, write_header, Style,
};
use hashbench_analysis::guards::codes;
use hashbench_analysis::relative::stored;
use hashbench_model::{Baseline, Cell, Mode, Run, Size, Subject};

/// Allocations or bytes per call: whole numbers as such, `-` when not counted.
fn per_call(v: Option<f64>) -> String {
    match v {
        None => "-".to_string(),
        Some(x) if x.fract() == 0.0 => format!("{x:.0}"),
        Some(x) => format!("{x:.2}"),
    }
}

/// The fraction of the read ceiling, or why there is none (a cell on N threads without
/// a read on N threads: one thread's read is no ceiling for it).
fn ceiling(cell: &Cell) -> String {
    match (cell.fraction_of_read_ceiling, cell.no_read_ceiling) {
        (Some(f), _) => format!("{:.0} % of read ceiling", f * 100.0),
        (None, Some(why)) => format!("- ({why})"),
        (None, None) => "-".to_string(),
    }
}

/// More sizes than this in a sweep, and the rankings give way to its staircase.
const MAX_RANKINGS: usize = 24;

fn render(run: &Run, style: Style, options: &TextOptions) -> String {
    let terminal = style == Style::Terminal;
    let full = !terminal || options.detail;
    let width = if terminal { options.width } else { None };
    let mut out = String::new();
    if terminal {
        out.push_str(&terminal_header(run, options));
    } else {
        write_header(&mut out, run, style);
    }
    out.push_str(&rankings(run, style, options));
    out.push_str(&crate::render::modes::section(run, style));
    out.push_str(&crate::render::runtimes::section(run, style));
    if full {
        // Fitted by columns like the rankings (wrapped by comfy-table, every figure would
        // break over lines), with a line naming what was left out.
        out.push_str(&detail_section(run, style, width));
        out.push_str(&cost_model_section(run, style, width));
        out.push_str(&crate::render::ranges::section(run, style));
    }
    out.push_str(&streams_section(run, style, width));
    if full {
        out.push_str(&baselines_section(run, style, width));
        out.push_str(&flags_section(run, style));
    } else {
        out.push_str(&compact_flags(run, options));
    }
    out.push_str(&skipped_section(run, style, options));
    if !full && !run.cells.is_empty() {
        let hint = options.fit("More: --detail (every cell, the cost model, the baselines)");
        out.push_str(&options.paint(Paint::Dim, &hint));
        out.push('\n');
    }
    out
}

/// The run's header lines for a terminal: cut to the width, except the warnings (an
/// interrupted run, run-wide flags), which wrap so that none of their words is lost.
fn terminal_header(run: &Run, options: &TextOptions) -> String {
    let mut out = String::new();
    for (i, line) in header_lines(run).into_iter().enumerate() {
        if i < 2 {
            out.push_str(&options.fit(&line));
            out.push('\n');
            continue;
        }
        for part in grid(&[vec![line]], &[], options.width).lines() {
            out.push_str(&options.paint(Paint::Alarm, part));
            out.push('\n');
        }
    }
    out.push('\n');
    out
}

/// The rankings per size and mode, or a sweep's staircase.
fn rankings(run: &Run, style: Style, options: &TextOptions) -> String {
    let mut out = String::new();
    let sizes = run.sizes();
    // A sweep's hundreds of rankings would bury everything else: its staircase says what
    // they would, and the detail table (and CSV, JSON) keeps every cell. The section is
    // empty when the run holds no sweep.
    let staircase = if sizes.len() > MAX_RANKINGS {
        crate::render::staircase::section(run, style)
    } else {
        String::new()
    };
    if !staircase.is_empty() {
        out.push_str(&staircase);
        out.push_str(&format!(
            "({} sizes: the rankings per size are left out; the detail table has every cell.)\n\n",
            sizes.len()
        ));
        return out;
    }
    let mut marks = crate::render::ranking::Marks::default();
    for s in sizes {
        for mode in [Mode::Throughput, Mode::Latency] {
            let (text, m) = if style == Style::Markdown {
                ranking_section(run, s, mode, style)
            } else {
                crate::render::ranking::section(run, s, mode, options)
            };
            out.push_str(&text);
            marks = marks.or(m);
        }
    }
    if style == Style::Markdown {
        // One paragraph per mark: Markdown joins consecutive lines.
        for line in crate::render::ranking::legend_lines(marks) {
            out.push_str(&format!("{line}\n\n"));
        }
    } else {
        out.push_str(&crate::render::ranking::legend(marks, options));
    }
    out
}

/// One line per flagged cell or baseline (its codes), and where the reasons are.
fn compact_flags(run: &Run, options: &TextOptions) -> String {
    let flagged = crate::render::flags::flagged(run);
    if flagged.is_empty() {
        return String::new();
    }
    let mut out = options.paint(
        Paint::Heading,
        "Flags (the numbers they mark are not to be trusted as they are)",
    );
    out.push('\n');
    for c in &flagged {
        let line = options.fit(&format!(
            "! {} at {}: {}",
            c.label(),
            size(c.size),
            codes(&c.flags)
        ));
        out.push_str(&options.paint(Paint::Warning, &line));
        out.push('\n');
    }
    let why = options.fit("Each flag's reason: --detail; what they mean: docs/method.md");
    out.push_str(&options.paint(Paint::Dim, &why));
    out.push_str("\n\n");
    out
}

/// The cells at `size` in `mode` ranked by throughput, with the relative columns, as a
/// Markdown table (the terminal has [`crate::render::ranking`]); empty when no cell has that
/// size and mode; and the tie marks it used.
fn ranking_section(
    run: &Run,
    s: Size,
    mode: Mode,
    style: Style,
) -> (String, crate::render::ranking::Marks) {
    let cells = crate::render::ranking::ranked(run, s, mode);
    if cells.is_empty() {
        return (String::new(), crate::render::ranking::Marks::default());
    }
    let empty = s.mean_bytes() == 0.0;
    let mut out = heading(style, 1, &crate::render::ranking::title(cells[0], s, mode));
    // The terminal's tie and equivalence marks, so that a pasted table claims no order
    // the run cannot support.
    let margin = hashbench_analysis::ties::margin_of(run);
    let places = hashbench_analysis::ties::stored_places(run, &cells);
    let ranks = crate::render::ranking::ranks(&places);
    let rows: Vec<Vec<String>> = cells
        .iter()
        .zip(&ranks)
        .map(|(c, rank)| {
            let mut row = vec![
                rank.clone(),
                c.label(),
                if empty {
                    time_ns(c.time_ns())
                } else {
                    rate(c.gb_per_sec())
                },
                format!("±{}", percent(c.ci_percent())),
            ];
            row.extend(run.relative_to.iter().map(|to| stored(to, c).shown()));
            row.push(ceiling(c));
            row.push(codes(&c.flags));
            row
        })
        .collect();
    let headings: Vec<String> = run.relative_to.iter().map(|to| to.heading(run)).collect();
    let mut header = vec![
        "#",
        "implementation",
        if empty { "time per call" } else { "throughput" },
        "95 % CI",
    ];
    header.extend(headings.iter().map(String::as_str));
    header.extend(["vs read", "flags"]);
    let mut right = vec![true, false, true, true];
    right.extend(run.relative_to.iter().map(|_| true));
    right.extend([false, false]);
    out.push_str(&table(style, &header, &rows, &right));
    out.push('\n');
    (
        out,
        crate::render::ranking::Marks::of(&cells, &places, margin),
    )
}

/// One row per cell with every figure.
fn detail_section(run: &Run, style: Style, width: Option<usize>) -> String {
    if run.cells.is_empty() {
        return String::new();
    }
    let mut out = heading(style, 1, "Detail");
    let rows: Vec<Vec<String>> = run.cells.iter().map(detail_row).collect();
    out.push_str(&table_fitted(
        style,
        &DETAIL_HEADER,
        &rows,
        &DETAIL_RIGHT,
        &DETAIL_DROP,
        width,
    ));
    out.push('\n');
    out
}

/// The detail table's columns (the HTML report shows the same table).
pub(crate) const DETAIL_HEADER: [&str; 14] = [
    "algorithm",
    "implementation",
    "pattern",
    "size",
    "in",
    "median",
    "throughput",
    "95 % CI",
    "TSC cycles/B",
    "samples",
    "allocs/call",
    "B alloc/call",
    "backend",
    "flags",
];

/// Which of [`DETAIL_HEADER`]'s columns are right-aligned.
pub(crate) const DETAIL_RIGHT: [bool; 14] = [
    false, false, false, true, false, true, true, true, true, true, true, true, false, false,
];

/// The order [`DETAIL_HEADER`]'s columns are dropped in to fit a narrow terminal (lowest
/// first): the allocation counts, cycles, samples and backend before the algorithm (the
/// implementation's id starts with it), where the input sat, the median (the throughput
/// says it at a size), the interval and the pattern; never the implementation, the size,
/// the throughput or the flags.
const DETAIL_DROP: [Option<u8>; 14] = [
    Some(6),
    None,
    Some(10),
    None,
    Some(7),
    Some(8),
    None,
    Some(9),
    Some(3),
    Some(4),
    Some(2),
    Some(1),
    Some(5),
    None,
];

/// One cell's row of the detail table.
pub(crate) fn detail_row(c: &Cell) -> Vec<String> {
    vec![
        c.algorithm.clone().unwrap_or_default(),
        {
            let mut name = c.implementation.to_string();
            if c.threads != 1 {
                name.push_str(&format!(" ({} threads)", c.threads));
            }
            if !c.mode.is_throughput() {
                name.push_str(&format!(" ({})", c.mode));
            }
            name
        },
        c.pattern.to_string(),
        size(c.size),
        c.cache_level.map_or("-".to_string(), |l| l.to_string()),
        time_ns(c.time_ns()),
        rate(c.gb_per_sec()),
        format!("±{}", percent(c.ci_percent())),
        c.tsc_cycles_per_byte
            .map_or("-".to_string(), |x| format!("{x:.2}")),
        c.summary.count.to_string(),
        per_call(c.allocations_per_call),
        per_call(c.bytes_allocated_per_call),
        c.backend.clone(),
        codes(&c.flags),
    ]
}

/// The baselines (`nop`, `memcpy`, `read`) with their times and rates.
fn baselines_section(run: &Run, style: Style, width: Option<usize>) -> String {
    if run.baselines.is_empty() {
        return String::new();
    }
    let mut out = heading(style, 1, "Baselines");
    let rows: Vec<Vec<String>> = run
        .baselines
        .iter()
        .map(|c| {
            vec![
                {
                    let name = match &c.implementation {
                        Subject::Baseline(b) => b.name(),
                        other => other.id(),
                    };
                    // The read a cell on N threads is set against.
                    if c.threads == 1 {
                        name.to_string()
                    } else {
                        format!("{name} ({} threads)", c.threads)
                    }
                },
                size(c.size),
                time_ns(c.time_ns()),
                if c.implementation == Subject::Baseline(Baseline::Nop) {
                    "-".to_string()
                } else {
                    rate(c.gb_per_sec())
                },
                format!("±{}", percent(c.ci_percent())),
                c.tsc_cycles_per_call
                    .map_or("-".to_string(), |x| format!("{x:.1}")),
                codes(&c.flags),
            ]
        })
        .collect();
    out.push_str(&table_fitted(
        style,
        &[
            "baseline",
            "size",
            "median",
            "throughput",
            "95 % CI",
            "TSC cycles/call",
            "flags",
        ],
        &rows,
        &[false, true, true, true, true, true, false],
        // The cycles, then the interval; never the kernel, its size or its figures.
        &[None, None, None, None, Some(2), Some(1), None],
        width,
    ));
    out.push('\n');
    out
}

/// What was not measured, and why: one line each (cut to the width on a terminal).
fn skipped_section(run: &Run, style: Style, options: &TextOptions) -> String {
    if run.skipped.is_empty() {
        return String::new();
    }
    let mut out = heading(style, 1, "Skipped");
    for s in &run.skipped {
        let mut line = match &s.pattern {
            Some(p) => format!("- {} [{p}]: {}", s.implementation, s.reason),
            None => format!("- {}: {}", s.implementation, s.reason),
        };
        if let Some(first) = s.details.first() {
            line.push_str(&format!(" ({first})"));
        }
        match style {
            Style::Markdown => out.push_str(&md_escape(&line)),
            Style::Terminal => out.push_str(&options.paint(Paint::Dim, &options.fit(&line))),
        }
        out.push('\n');
    }
    out.push('\n');
    out
}

/// Aligned text for a terminal with every section (as `--detail`), no width limit and
/// no colour.
pub fn terminal(run: &Run) -> String {
    terminal_with(
        run,
        &TextOptions {
            detail: true,
            ..TextOptions::default()
        },
    )
}

/// Aligned text for a terminal as `options` say: compact or detailed, within a width,
/// in colour or not. Control characters in the run's strings are escaped first.
pub fn terminal_with(run: &Run, options: &TextOptions) -> String {
    render(&sanitized(run), Style::Terminal, options)
}

/// GitHub-flavoured Markdown that pastes into a README: always every section.
pub fn markdown(run: &Run) -> String {
    render(&sanitized(run), Style::Markdown, &TextOptions::default())
}

/// The terminal table, as a [`Render`]; its options come from the caller (the binary
/// decides the width and colour).
#[derive(Clone, Copy, Debug, Default)]
pub struct Terminal {
    /// Width, detail and colour.
    pub options: TextOptions,
}

impl Render for Terminal {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(terminal_with(run, &self.options))
    }
}

/// The Markdown tables, as a [`Render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Markdown;

impl Render for Markdown {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(markdown(run))
    }
}

mod sections;
use sections::{cost_model_section, streams_section};
pub(crate) use sections::{COST_MODEL_HEADER, COST_MODEL_RIGHT};

#[cfg(test)]
mod tests;
