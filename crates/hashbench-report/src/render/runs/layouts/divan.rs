//! divan's layout: a summary of each function's throughput at the largest size, then
//! a tree of functions and sizes with fastest, slowest, median and mean time, and rates.

use super::shared::{by_label, relative_note};
use crate::format::{aligned, capitalised, rate, size, time_ns};
use hashbench_analysis::relative::stored;
use hashbench_model::Run;

pub(super) fn render(run: &Run) -> String {
    let mut out = String::new();
    // The summary: each function's median throughput at the largest size it ran.
    let groups = by_label(run);
    let mut summary: Vec<(String, f64)> = groups
        .iter()
        .filter_map(|(l, cells)| cells.last().map(|c| (l.clone(), c.gb_per_sec())))
        .collect();
    summary.sort_by(|a, b| b.1.total_cmp(&a.1));
    let width = summary.iter().map(|(l, _)| l.len()).max().unwrap_or(0);
    if let Some(largest) = groups
        .iter()
        .filter_map(|(_, c)| c.last())
        .map(|c| c.size)
        .max()
    {
        out.push_str(&format!("Median throughput at {}:\n", size(largest)));
    }
    for (l, gbps) in &summary {
        out.push_str(&format!("{l:<width$} - {}\n", rate(*gbps)));
    }
    out.push('\n');
    // divan has no relative column; --relative-to adds them after `iters`.
    let extra = run.relative_to.len();
    let mut rows = vec![[
        "name", "fastest", "slowest", "median", "mean", "samples", "iters",
    ]
    .iter()
    .map(|h| h.to_string())
    .chain(run.relative_to.iter().map(|to| to.heading(run)))
    .collect::<Vec<_>>()];
    for (gi, (l, cells)) in groups.iter().enumerate() {
        let last_group = gi + 1 == groups.len();
        let mut group_row = vec![String::new(); 7 + extra];
        group_row[0] = format!("{}─ {l}", if last_group { "╰" } else { "├" });
        rows.push(group_row);
        for (i, c) in cells.iter().enumerate() {
            let stem = if last_group { "   " } else { "│  " };
            let branch = if i + 1 == cells.len() { "╰" } else { "├" };
            let s = &c.summary;
            let bytes = c.size.mean_bytes();
            let gbps = |ns: f64| rate(bytes / ns);
            let mut time_row = vec![
                format!("{stem}{branch}─ {}", c.size),
                time_ns(s.min.get()),
                time_ns(s.max.get()),
                // The cell's figure (its undisturbed rounds), as every other view shows
                // it; fastest, slowest and mean are of all samples, as divan's are.
                time_ns(c.time_ns()),
                time_ns(s.mean.get()),
                s.count.to_string(),
                s.total_iterations.to_string(),
            ];
            time_row.extend(run.relative_to.iter().map(|to| stored(to, c).shown()));
            rows.push(time_row);
            let mut rate_row = vec![
                format!("{stem}{}", if i + 1 == cells.len() { "   " } else { "│  " }),
                gbps(s.min.get()),
                gbps(s.max.get()),
                gbps(c.time_ns()),
                gbps(s.mean.get()),
            ];
            rate_row.resize(7 + extra, String::new());
            rows.push(rate_row);
        }
    }
    let mut right = vec![false, false, false, false, false, true, true];
    right.resize(7 + extra, true);
    out.push_str(&aligned(&rows, &right));
    if extra > 0 {
        let note = capitalised(&relative_note(run, &run.relative_to));
        out.push_str(&format!("\n{note}.\n"));
    }
    out
}
