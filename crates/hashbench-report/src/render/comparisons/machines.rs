//! The machines view of `compare` (runs from different machines, or `--view machines`):
//! the machines, every cell with each machine's figure and interval and the ratio of
//! each machine to the first, then per size the rankings on each machine and where the
//! answer or the order changes. No verdicts: across machines there is no change of the
//! code to find.

use hashbench_analysis::machines::{MachinesView, Ratio, SizeRankings, SHOWN_PLACES};
use hashbench_model::Mode;
use serde::Serialize;

use crate::format::{size, time_ns};
use crate::render::table::{md_escape, table_fitted, Style};

/// `A`, `B`, ... : how the tables name the machines (the list above them says which).
#[must_use]
pub fn letter(i: usize) -> String {
    let letters = b"ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    match letters.get(i) {
        Some(&c) => char::from(c).to_string(),
        None => format!("M{}", i + 1),
    }
}

/// `1.42x`: a ratio, and `1.30..1.55`: its interval, in columns of their own so that a
/// narrow terminal can leave out the interval and keep the ratio.
fn ratio(r: Option<Ratio>) -> [String; 2] {
    r.map_or(["-".to_string(), String::new()], |r| {
        [
            format!("{:.2}x", r.ratio),
            format!("{:.2}..{:.2}", r.low, r.high),
        ]
    })
}

/// The cells' table: its header, rows and right-aligned columns (the HTML page shows
/// the same table).
pub(crate) fn cell_rows(v: &MachinesView) -> (Vec<String>, Vec<Vec<String>>, Vec<bool>) {
    let mut header: Vec<String> = ["implementation", "pattern", "size", "threads"]
        .map(String::from)
        .to_vec();
    let mut right = vec![false, false, true, true];
    for i in 0..v.machines.len() {
        header.push(format!("{} time", letter(i)));
        header.push(format!("{} interval", letter(i)));
        right.extend([true, true]);
    }
    for i in 1..v.machines.len() {
        header.push(format!("{}/{}", letter(i), letter(0)));
        header.push(format!("{}/{} interval", letter(i), letter(0)));
        right.extend([true, true]);
    }
    let rows = v
        .rows
        .iter()
        .map(|r| {
            let mut row = vec![
                r.key.series.implementation.to_string(),
                r.key.series.pattern.to_string(),
                size(r.key.size),
                r.key.series.threads.to_string(),
            ];
            for f in &r.figures {
                match f {
                    Some(f) => {
                        row.push(time_ns(f.median_ns));
                        row.push(format!("{}..{}", time_ns(f.low_ns), time_ns(f.high_ns)));
                    }
                    None => row.extend(["-".to_string(), String::new()]),
                }
            }
            row.extend(r.ratios.iter().flat_map(|x| ratio(*x)));
            row
        })
        .collect();
    (header, rows, right)
}

/// The order [`cell_rows`]' columns are dropped in to fit a terminal (lowest first):
/// threads, pattern, each machine's interval, then each ratio's interval; never the
/// name, the size, a time or a ratio.
fn cell_drops(machines: usize) -> Vec<Option<u8>> {
    let mut drop = vec![None, Some(1), None, Some(0)];
    for i in 0..machines {
        drop.extend([None, Some(2 + i as u8)]);
    }
    for i in 1..machines {
        drop.extend([None, Some((1 + machines + i) as u8)]);
    }
    drop
}

/// One line per machine: `A: file: CPU (N logical cores), build flags, time`.
pub(crate) fn machine_lines(v: &MachinesView) -> Vec<String> {
    v.machines
        .iter()
        .enumerate()
        .map(|(i, m)| {
            format!(
                "{}: {}: {} ({} logical cores{}){}, {}",
                letter(i),
                m.name,
                m.cpu_model,
                m.logical_cores,
                m.physical_cores
                    .map_or(String::new(), |p| format!(", {p} physical")),
                m.build_flags
                    .as_deref()
                    .map_or(String::new(), |f| format!(", RUSTFLAGS {f}")),
                m.timestamp
            )
        })
        .collect()
}

/// What the view is and is not, under the machines.
pub(crate) const EXPLAINED: &str = "Each figure is that machine's own median time per call \
    with its interval; B/A is B's time over A's (above 1: slower on B), with its interval \
    from both. No machine-speed adjustment and no verdicts: across machines every cell differs.";

/// The first line about a size's rankings: the answer on each machine and whether it
/// changes.
pub(crate) fn answer_line(r: &SizeRankings) -> String {
    let each: Vec<String> = r
        .answers
        .iter()
        .enumerate()
        .map(|(i, a)| format!("{}: {}", letter(i), a.join(" = ")))
        .collect();
    let verdict = if r.answer_changes {
        "the answer changes"
    } else {
        "the same answer"
    };
    format!(
        "{}{}: #1 on {}; {verdict}; {} in separate tie groups {} order",
        size(r.size),
        if r.mode == Mode::Latency {
            " (latency)"
        } else {
            ""
        },
        each.join(", on "),
        match r.reordered_pairs {
            1 => "1 pair".to_string(),
            n => format!("{n} pairs"),
        },
        if r.reordered_pairs == 1 {
            "changes"
        } else {
            "change"
        }
    )
}

/// The places table of one size: the first [`SHOWN_PLACES`] of any machine, each
/// machine's mark, `moved` where the order changes.
pub(crate) fn place_rows(
    r: &SizeRankings,
    machines: usize,
) -> (Vec<String>, Vec<Vec<String>>, Vec<bool>) {
    let mut header = vec!["implementation".to_string()];
    header.extend((0..machines).map(letter));
    header.push("order".to_string());
    let mut right = vec![false];
    right.extend((0..machines).map(|_| true));
    right.push(false);
    let rows = r
        .placed
        .iter()
        .filter(|p| p.places.iter().any(|x| x.position <= SHOWN_PLACES))
        .map(|p| {
            let mut row = vec![p.implementation.clone()];
            row.extend(p.places.iter().map(|x| x.mark()));
            row.push(if p.reordered { "moved" } else { "" }.to_string());
            row
        })
        .collect();
    (header, rows, right)
}

/// The text (or Markdown) machines view, tables within `width` on a terminal.
#[must_use]
pub fn render(
    v: &MachinesView,
    same_machine: bool,
    markdown: bool,
    width: Option<usize>,
) -> String {
    let inert = |text: String| if markdown { md_escape(&text) } else { text };
    let style = if markdown {
        Style::Markdown
    } else {
        Style::Terminal
    };
    let mut out = String::from(if same_machine {
        "machines view (asked for with --view machines: the runs are from one machine)\n"
    } else {
        "machines view: the runs come from different machines\n"
    });
    for line in machine_lines(v) {
        out.push_str(&inert(line));
        out.push('\n');
    }
    out.push_str(EXPLAINED);
    out.push_str("\n\n");
    let (header, rows, right) = cell_rows(v);
    out.push_str(&table_fitted(
        style,
        &strs(&header),
        &rows,
        &right,
        &cell_drops(v.machines.len()),
        width,
    ));
    out.push_str(&format!(
        "\nRankings of what every machine measured (the first {SHOWN_PLACES} of each; \
         =N tied with #N, ~N equivalent to it; moved: ahead of another in a separate tie \
         group on one machine, behind it on another):\n"
    ));
    for r in &v.rankings {
        out.push('\n');
        out.push_str(&inert(answer_line(r)));
        out.push('\n');
        let (header, rows, right) = place_rows(r, v.machines.len());
        out.push_str(&table_fitted(
            style,
            &strs(&header),
            &rows,
            &right,
            &[],
            width,
        ));
        if !r.not_everywhere.is_empty() {
            out.push_str(&inert(format!(
                "not ranked (measured on some machines only): {}\n",
                r.not_everywhere.join(", ")
            )));
        }
    }
    out
}

/// `compare --format json` in the machines view: `{"view": "machines", "machines",
/// "rows", "rankings"}`.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(v: &MachinesView) -> Result<String, serde_json::Error> {
    #[derive(Serialize)]
    struct Document<'a> {
        view: &'static str,
        #[serde(flatten)]
        machines: &'a MachinesView,
    }
    let mut s = serde_json::to_string_pretty(&Document {
        view: "machines",
        machines: v,
    })?;
    s.push('\n');
    Ok(s)
}

/// A header of owned strings as the tables take it.
fn strs(h: &[String]) -> Vec<&str> {
    h.iter().map(String::as_str).collect()
}

#[cfg(test)]
mod tests;
