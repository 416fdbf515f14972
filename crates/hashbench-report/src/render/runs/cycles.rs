//! The cycle view (`--metric cycles`): per size, TSC cycles per call and per byte for
//! the `nop` and `memcpy` floors and every implementation, with "perf vs X" columns, in
//! the layout of btrfs' hash-speedtest (NULL-NOP, NULL-MEMCPY, then the hashes), so a
//! table from here sits beside the published one.

use crate::format::{capitalised, size};
use crate::render::flags::flags_section;
use crate::render::renderer::{Render, RenderError};
use crate::render::table::{heading, table, write_header, Style};
use hashbench_analysis::guards::codes;
use hashbench_analysis::relative::{default_relative_to, stored};
use hashbench_model::{Baseline, Cell, Run};

/// The row name: hash-speedtest's `NULL-NOP` / `NULL-MEMCPY` for the floors (and
/// `NULL-READ` for the ceiling), the implementation id otherwise.
fn row_name(run: &Run, cell: &Cell) -> String {
    match cell.implementation.baseline() {
        Some(b) => format!("NULL-{}", b.name().to_ascii_uppercase()),
        // A suite's label (hash-speedtest's `BLAKE3-AVX2`) where it has one.
        None => crate::render::layouts::label(run, cell),
    }
}

fn cycles(c: f64) -> String {
    if c >= 100.0 {
        format!("{c:.0}")
    } else {
        format!("{c:.1}")
    }
}

/// The note that says what the cycles are, and what "perf vs" means.
pub(crate) fn note(run: &Run) -> String {
    let note = match run.tsc_hz {
        Some(hz) => format!(
            "Cycles are TSC reference cycles at {:.3} GHz (the time-stamp counter's constant \
             rate), not core clock cycles; per call = median over the samples of TSC ticks \
             per call.",
            hz / 1e9
        ),
        None => "No time-stamp counter on this machine: no cycles to show.".to_string(),
    };
    format!(
        "{note} \"Perf vs\" is the ratio of median times per call (the TSC ticks at a constant \
         rate, so it is the ratio of cycles too)."
    )
}

/// One block size's table of the cycle view.
pub(crate) struct SizeTable {
    pub size: hashbench_model::Size,
    pub header: Vec<String>,
    pub rows: Vec<Vec<String>>,
    /// Which columns are right-aligned.
    pub right: Vec<bool>,
}

/// The cycle view's tables, one per size: the floors, then every implementation. The
/// terminal, Markdown and HTML renderings all lay out these.
pub(crate) fn size_tables(run: &Run) -> Vec<SizeTable> {
    // The view's own column when the run names none; its figures are stored
    // (`completion::completed`), as the run's own are.
    let refs = if run.relative_to.is_empty() {
        default_relative_to(run)
    } else {
        run.relative_to.clone()
    };
    let mut tables = Vec::new();
    for s in run.sizes() {
        let floors = Baseline::ALL.into_iter().filter_map(|floor| {
            run.baselines.iter().find(|b| {
                b.size == s && b.implementation.baseline() == Some(floor) && b.threads == 1
            })
        });
        let rows: Vec<&Cell> = floors
            .chain(run.cells.iter().filter(|c| c.size == s))
            .collect();
        if rows.is_empty() {
            continue;
        }
        let mut header: Vec<String> = ["Hash", "Iterations", "Cycles/call", "Cycles/byte"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        // hash-speedtest's headings start with a capital: "Perf vs BLAKE3".
        header.extend(refs.iter().map(|to| capitalised(&to.heading(run))));
        header.push("flags".to_string());
        let body: Vec<Vec<String>> = rows
            .iter()
            .map(|c| {
                let mut row = vec![
                    row_name(run, c),
                    c.summary.total_iterations.to_string(),
                    c.tsc_cycles_per_call.map_or("-".to_string(), cycles),
                    c.tsc_cycles_per_byte
                        .map_or("-".to_string(), |x| format!("{x:.3}")),
                ];
                row.extend(refs.iter().map(|to| stored(to, c).shown()));
                row.push(codes(&c.flags));
                row
            })
            .collect();
        // The seed right-aligns the names and the figures, left-aligns "perf vs".
        let mut right = vec![true, true, true, true];
        right.extend(refs.iter().map(|_| false));
        right.push(false);
        tables.push(SizeTable {
            size: s,
            header,
            rows: body,
            right,
        });
    }
    tables
}

fn render(run: &Run, style: Style) -> String {
    let mut out = String::new();
    write_header(&mut out, run, style);
    out.push_str(&note(run));
    out.push_str("\n\n");
    for t in size_tables(run) {
        out.push_str(&heading(style, 1, &format!("Block size: {}", size(t.size))));
        let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
        out.push_str(&table(style, &header, &t.rows, &t.right));
        out.push('\n');
    }
    out.push_str(&flags_section(run, style));
    out
}

/// The cycle view as aligned text.
#[must_use]
pub fn terminal(run: &Run) -> String {
    render(run, Style::Terminal)
}

/// The cycle view as Markdown tables.
#[must_use]
pub fn markdown(run: &Run) -> String {
    render(run, Style::Markdown)
}

/// The cycle view as aligned text, as a [`Render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CyclesTerminal;

impl Render for CyclesTerminal {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(terminal(run))
    }
}

/// The cycle view as Markdown tables, as a [`Render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct CyclesMarkdown;

impl Render for CyclesMarkdown {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(markdown(run))
    }
}
