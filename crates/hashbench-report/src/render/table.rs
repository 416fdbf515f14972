//! The pieces every table renderer shares: the terminal or Markdown [`Style`], escaping
//! for Markdown, an aligned or Markdown table, headings, and the run's header lines.

use crate::format::grid;
use hashbench_model::Run;

/// Where the same content goes: aligned text for a terminal, or Markdown tables.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(crate) enum Style {
    Terminal,
    Markdown,
}

/// Text made inert in Markdown: the one rule for outside text first
/// ([`hashbench_model::inert::escaped`]: a control character as `\u{1b}`, a line break
/// as a space, which would end the row), then the markup: a `|` would end a table cell
/// (and let a string from a result file forge a row), `<` and `>` would open HTML (a
/// `<script>` in a pasted report).
pub(crate) fn md_escape(text: &str) -> String {
    let text = hashbench_model::inert::escaped(text);
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '|' => out.push_str("\\|"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) fn table(style: Style, header: &[&str], rows: &[Vec<String>], right: &[bool]) -> String {
    table_in(style, header, rows, right, None)
}

/// [`table`] within `width` characters on a terminal (comfy-table wraps cells to fit);
/// Markdown tables are never cut.
pub(crate) fn table_in(
    style: Style,
    header: &[&str],
    rows: &[Vec<String>],
    right: &[bool],
    width: Option<usize>,
) -> String {
    let mut out = String::new();
    match style {
        Style::Markdown => {
            let row_of = |cells: &mut dyn Iterator<Item = &str>| {
                cells.map(md_escape).collect::<Vec<_>>().join(" | ")
            };
            out.push_str(&format!("| {} |\n", row_of(&mut header.iter().copied())));
            let rule: Vec<&str> = right
                .iter()
                .map(|r| if *r { "---:" } else { ":---" })
                .collect();
            out.push_str(&format!("| {} |\n", rule.join(" | ")));
            for row in rows {
                out.push_str(&format!(
                    "| {} |\n",
                    row_of(&mut row.iter().map(String::as_str))
                ));
            }
        }
        Style::Terminal => {
            let all: Vec<Vec<String>> =
                std::iter::once(header.iter().map(|h| h.to_string()).collect())
                    .chain(rows.iter().cloned())
                    .collect();
            out.push_str(&grid(&all, right, width));
        }
    }
    out
}

/// [`table`] fitted to `width` on a terminal by dropping columns in `drop`'s order and
/// cutting the names in column `name` ([`crate::render::fit`]), with a line naming the
/// columns left out; Markdown tables are never cut.
pub(crate) fn table_fitted(
    style: Style,
    header: &[&str],
    rows: &[Vec<String>],
    right: &[bool],
    drop: &[Option<u8>],
    width: Option<usize>,
) -> String {
    match style {
        Style::Markdown => table_in(style, header, rows, right, None),
        Style::Terminal => crate::render::fit::table(header, rows, right, drop, 0, width),
    }
}

pub(crate) fn heading(style: Style, level: usize, text: &str) -> String {
    match style {
        Style::Markdown => format!("{} {}\n\n", "#".repeat(level + 1), md_escape(text)),
        Style::Terminal => format!("{text}\n"),
    }
}

pub(crate) fn header_lines(run: &Run) -> Vec<String> {
    let mut lines = vec![format!(
        "hashbench {} on {} ({} logical cores), {}",
        run.tool.version,
        run.host.cpu_model,
        run.host.logical_cores,
        run.tsc_hz.map_or("no TSC".to_string(), |hz| format!(
            "TSC {:.3} GHz",
            hz / 1e9
        ))
    )];
    lines.push(format!(
        "build: {} profile, {}, target-cpu {}",
        run.build.profile,
        run.build.rustc,
        run.build.target_cpu.as_deref().unwrap_or("default")
    ));
    if let Some(v) = &run.config.verification {
        lines.push(v.to_string());
    }
    if !run.config.run_to_run.is_empty() {
        lines.push(run.config.run_to_run.to_string());
    }
    if !run.complete {
        lines.push("INCOMPLETE: the run was interrupted; planned cells are missing".to_string());
    }
    for f in &run.flags {
        lines.push(format!("FLAG {}: {}", f.code, f.reason));
    }
    lines
}

pub(crate) fn write_header(out: &mut String, run: &Run, style: Style) {
    for line in header_lines(run) {
        match style {
            Style::Markdown => out.push_str(&format!("{}  \n", md_escape(&line))),
            Style::Terminal => out.push_str(&format!("{line}\n")),
        }
    }
    out.push('\n');
}
