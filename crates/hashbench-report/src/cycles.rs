//! The cycle view (`--metric cycles`): per size, TSC cycles per call and per byte for
//! the `nop` and `memcpy` floors and every implementation, with "perf vs X" columns, in
//! the layout of btrfs' hash-speedtest (NULL-NOP, NULL-MEMCPY, then the hashes), so a
//! table from here sits beside the published one.

use crate::format::size;
use crate::guards::codes;
use crate::model::{Cell, Run};
use crate::text::{flags_section, heading, table, write_header, Style};

/// The row name: hash-speedtest's `NULL-NOP` / `NULL-MEMCPY` for the floors (and
/// `NULL-READ` for the ceiling), the implementation id otherwise.
fn row_name(run: &Run, cell: &Cell) -> String {
    match cell.implementation.strip_prefix("baseline/") {
        Some(b) => format!("NULL-{}", b.to_ascii_uppercase()),
        // A suite's label (hash-speedtest's `BLAKE3-AVX2`) where it has one.
        None => crate::layouts::label(run, cell),
    }
}

fn cycles(c: f64) -> String {
    if c >= 100.0 {
        format!("{c:.0}")
    } else {
        format!("{c:.1}")
    }
}

/// hash-speedtest's "perf vs X": this row's cycles over X's, `1.0` for X itself, else
/// with the difference in percent: `1.141 (+14%)`.
fn perf_vs(row: &Cell, reference: Option<&Cell>) -> String {
    let Some(reference) = reference else {
        return "-".to_string();
    };
    if std::ptr::eq(row, reference) {
        return "1.0".to_string();
    }
    match (row.tsc_cycles_per_call, reference.tsc_cycles_per_call) {
        (Some(a), Some(b)) if b > 0.0 => {
            let r = a / b;
            format!("{r:.3} ({:+.0}%)", (r - 1.0) * 100.0)
        }
        _ => "-".to_string(),
    }
}

/// The cells "perf vs" compares with at one size: each id of `relative_to` (an
/// implementation or baseline id), or by default the first blake3 implementation,
/// else the fastest implementation.
fn references<'a>(rows: &[&'a Cell], relative_to: &[String]) -> Vec<(String, Option<&'a Cell>)> {
    if !relative_to.is_empty() {
        return relative_to
            .iter()
            .map(|id| {
                let cell = rows.iter().copied().find(|c| &c.implementation == id);
                (id.clone(), cell)
            })
            .collect();
    }
    let hashes = rows.iter().copied().filter(|c| c.algorithm.is_some());
    let blake3 = hashes
        .clone()
        .find(|c| c.algorithm.as_deref() == Some("blake3"));
    let chosen = blake3.or_else(|| {
        hashes
            .filter(|c| c.tsc_cycles_per_call.is_some())
            .min_by(|a, b| a.summary.median.0.total_cmp(&b.summary.median.0))
    });
    chosen
        .map(|c| (c.implementation.clone(), Some(c)))
        .into_iter()
        .collect()
}

fn render(run: &Run, style: Style, relative_to: &[String]) -> String {
    let mut out = String::new();
    write_header(&mut out, run, style);
    let note = match run.tsc_hz {
        Some(hz) => format!(
            "Cycles are TSC reference cycles at {:.3} GHz (the time-stamp counter's constant \
             rate), not core clock cycles; per call = median over the samples of TSC ticks \
             per call.",
            hz / 1e9
        ),
        None => "No time-stamp counter on this machine: no cycles to show.".to_string(),
    };
    out.push_str(&note);
    out.push_str("\n\n");
    for s in run.sizes() {
        let floors = ["baseline/nop", "baseline/memcpy", "baseline/read"]
            .iter()
            .filter_map(|name| {
                run.baselines
                    .iter()
                    .find(|b| b.size == s && b.implementation == *name)
            });
        let rows: Vec<&Cell> = floors
            .chain(run.cells.iter().filter(|c| c.size == s))
            .collect();
        if rows.is_empty() {
            continue;
        }
        out.push_str(&heading(style, 1, &format!("Block size: {}", size(s))));
        let refs = references(&rows, relative_to);
        let mut header: Vec<String> = ["Hash", "Iterations", "Cycles/call", "Cycles/byte"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        header.extend(refs.iter().map(|(id, _)| format!("Perf vs {id}")));
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
                row.extend(refs.iter().map(|(_, r)| perf_vs(c, *r)));
                row.push(codes(&c.flags));
                row
            })
            .collect();
        // The seed right-aligns the names and the figures, left-aligns "perf vs".
        let mut right = vec![true, true, true, true];
        right.extend(refs.iter().map(|_| false));
        right.push(false);
        let header: Vec<&str> = header.iter().map(String::as_str).collect();
        out.push_str(&table(style, &header, &body, &right));
        out.push('\n');
    }
    out.push_str(&flags_section(run, style));
    out
}

/// The cycle view as aligned text.
#[must_use]
pub fn cycles_terminal(run: &Run, relative_to: &[String]) -> String {
    render(run, Style::Terminal, relative_to)
}

/// The cycle view as Markdown tables.
#[must_use]
pub fn cycles_markdown(run: &Run, relative_to: &[String]) -> String {
    render(run, Style::Markdown, relative_to)
}
