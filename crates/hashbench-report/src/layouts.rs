//! The seed benchmarks' own table layouts, rendered from a run, so that a suite's output
//! can be read beside the published one line by line.
//!
//! Names in these layouts come from the run's suite labels
//! ([`hashbench_model::SuiteInfo::labels`]) when it has them (`blake2b.new`, `crypto sha256
//! (prealloc)`), else from the implementation id and pattern.

use crate::format::{aligned, capitalised, rate, size, time_ns};
use crate::relative::stored_or_computed;
use hashbench_model::{Cell, Run};
use hashbench_model::{Layout, Relative, RelativeTo};

/// The label of `cell` in a seed layout.
#[must_use]
pub fn label(run: &Run, cell: &Cell) -> String {
    if let Some(suite) = &run.suite {
        let with_pattern = format!("{}@{}", cell.implementation, cell.pattern);
        if let Some(l) = suite
            .labels
            .get(&with_pattern)
            .or_else(|| suite.labels.get(cell.implementation.id()))
        {
            return l.clone();
        }
    }
    if cell.pattern.is_oneshot() {
        cell.implementation.to_string()
    } else {
        format!("{} ({})", cell.implementation, cell.pattern)
    }
}

/// Renders `run` in `layout` (for [`Layout::Default`], returns `None`: the caller uses
/// the ordinary renderers).
#[must_use]
pub fn render(run: &Run, layout: Layout) -> Option<String> {
    let mut out = match layout {
        Layout::Default => return None,
        Layout::Divan => divan(run),
        Layout::Crystal => crystal(run),
        Layout::Node => node(run),
        Layout::OpensslSpeed => openssl_speed(run),
    };
    if let Some(suite) = &run.suite {
        if !suite.notes.is_empty() {
            out.push_str("\nHow this differs from the seed:\n");
            for n in &suite.notes {
                out.push_str(&format!("- {n}\n"));
            }
        }
    }
    Some(out)
}

/// Cells grouped by label, in first-seen order, each group's cells by size.
fn by_label(run: &Run) -> Vec<(String, Vec<&Cell>)> {
    let mut groups: Vec<(String, Vec<&Cell>)> = Vec::new();
    for c in &run.cells {
        let l = label(run, c);
        match groups.iter_mut().find(|(g, _)| *g == l) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((l, vec![c])),
        }
    }
    for (_, cells) in &mut groups {
        cells.sort_by_key(|c| c.size);
    }
    groups
}

fn divan(run: &Run) -> String {
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
            let bytes = c.size as f64;
            let gbps = |ns: f64| rate(bytes / ns);
            let mut time_row = vec![
                format!("{stem}{branch}─ {}", c.size),
                time_ns(s.min.get()),
                time_ns(s.max.get()),
                time_ns(s.median.get()),
                time_ns(s.mean.get()),
                s.count.to_string(),
                s.total_iterations.to_string(),
            ];
            time_row.extend(
                run.relative_to
                    .iter()
                    .map(|to| stored_or_computed(run, to, c).shown()),
            );
            rows.push(time_row);
            let mut rate_row = vec![
                format!("{stem}{}", if i + 1 == cells.len() { "   " } else { "│  " }),
                gbps(s.min.get()),
                gbps(s.max.get()),
                gbps(s.median.get()),
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

/// `1.67M`, `947.11k`: op/s as Crystal's benchmark prints it.
fn crystal_rate(ops: f64) -> String {
    if ops >= 1e6 {
        format!("{:.2}M", ops / 1e6)
    } else if ops >= 1e3 {
        format!("{:.2}k", ops / 1e3)
    } else {
        format!("{ops:.2}")
    }
}

/// The relative columns of a seed layout: the run's (`--relative-to`), else the seed's
/// own.
fn relative_columns(run: &Run, seed: RelativeTo) -> Vec<RelativeTo> {
    if run.relative_to.is_empty() {
        vec![seed]
    } else {
        run.relative_to.clone()
    }
}

fn crystal(run: &Run) -> String {
    let columns = relative_columns(run, RelativeTo::Fastest);
    let mut rows = Vec::new();
    for s in run.sizes() {
        let cells: Vec<&Cell> = run.cells.iter().filter(|c| c.size == s).collect();
        for c in cells {
            // The median, not Crystal's mean: on a shared machine a few preempted samples
            // move the mean far from what a call costs.
            let mean = c.summary.median.get();
            let sd_pct = c.summary.std_dev.get() / c.summary.mean.get() * 100.0;
            let mut row = vec![
                format!("{} {}", label(run, c), s),
                crystal_rate(1e9 / mean),
                format!("({})", time_ns(mean)),
                format!("(±{sd_pct:5.2}%)"),
                crystal_bytes(c.bytes_allocated_per_call),
            ];
            row.extend(
                columns
                    .iter()
                    .map(|to| stored_or_computed(run, to, c).shown()),
            );
            rows.push(row);
        }
    }
    let right = vec![true; 5 + columns.len()];
    let mut out = aligned(&rows, &right);
    out.push_str(
        "\nop/s and time are at the median (Crystal prints the mean, which a few preempted \
         samples on a shared machine move far), ± is the standard deviation as a percentage of \
         the mean (as Crystal prints it); B/op counts Rust allocations only (C libraries' \
         own mallocs are not seen)",
    );
    out.push_str(&format!("; {}.\n", relative_note(run, &columns)));
    out
}

/// Bytes allocated per call as Crystal's benchmark prints them (`0.0B/op`, `592B/op`,
/// `1.07kB/op`); `n/a` where they were not counted.
fn crystal_bytes(bytes: Option<f64>) -> String {
    match bytes {
        None => "n/a".to_string(),
        Some(b) if b < 1000.0 => {
            if b == b.trunc() && b > 0.0 {
                format!("{b:.0}B/op")
            } else {
                format!("{b:.1}B/op")
            }
        }
        Some(b) if b < 1e6 => format!("{:.2}kB/op", b / 1e3),
        Some(b) => format!("{:.2}MB/op", b / 1e6),
    }
}

/// What the relative columns are and how they were chosen.
fn relative_note(run: &Run, columns: &[RelativeTo]) -> String {
    let names: Vec<String> = columns.iter().map(|to| to.heading(run)).collect();
    let which = if columns.len() == 1 {
        "the last column compares".to_string()
    } else {
        format!("the last {} columns compare", columns.len())
    };
    format!(
        "{which} each row with the same size's ({}; --relative-to chooses)",
        names.join(", ")
    )
}

/// Node's "Difference with slowest": blank for the slowest, `+ 12.34 %` otherwise; the
/// other relative columns as every table prints them.
fn node_relative(r: &Relative) -> String {
    match (&r.to, r.is_reference, r.value) {
        (RelativeTo::Slowest, true, Some(_)) => String::new(),
        (RelativeTo::Slowest, false, Some(v)) => format!("+ {v:.2} %"),
        _ => r.shown(),
    }
}

fn node(run: &Run) -> String {
    let columns = relative_columns(run, RelativeTo::Slowest);
    let mut out = String::new();
    for s in run.sizes() {
        let mut cells: Vec<&Cell> = run.cells.iter().filter(|c| c.size == s).collect();
        if cells.is_empty() {
            continue;
        }
        cells.sort_by(|a, b| {
            a.throughput
                .estimate
                .ops_per_sec
                .total_cmp(&b.throughput.estimate.ops_per_sec)
        });
        out.push_str(&format!("### {}\n\n", size(s)));
        let mut header: Vec<String> = ["Test", "Samples", "Result", "Tolerance"]
            .iter()
            .map(|h| h.to_string())
            .collect();
        header.extend(columns.iter().map(|to| match to {
            RelativeTo::Slowest => "Difference with slowest".to_string(),
            _ => to.heading(run),
        }));
        let width = header.len();
        let row = |c: &Cell| {
            let ops = c.throughput.estimate.ops_per_sec;
            let mut row = vec![
                label(run, c),
                c.summary.count.to_string(),
                format!("{ops:.2} op/sec"),
                c.ci_percent()
                    .map_or("-".into(), |p| format!("± {p:5.2} %")),
            ];
            row.extend(
                columns
                    .iter()
                    .map(|to| node_relative(&stored_or_computed(run, to, c))),
            );
            row
        };
        let mut rows = vec![header];
        let (fastest, slower) = cells.split_last().expect("non-empty");
        rows.extend(slower.iter().map(|c| row(c)));
        rows.push(vec![String::new(); width]);
        let mut fastest_heading = vec![String::new(); width];
        fastest_heading[0] = "Fastest test".into();
        rows.push(fastest_heading);
        rows.push(row(fastest));
        let mut right = vec![false, true, true, true];
        right.extend(columns.iter().map(|_| false));
        out.push_str(&aligned(&rows, &right));
        out.push('\n');
    }
    out.push_str(
        "Result is op/s at the median; Tolerance is the 95 % CI of the median (the Node seed's \
         tolerance is its benchmark library's margin of error)",
    );
    out.push_str(&format!("; {}.\n", relative_note(run, &columns)));
    out
}

fn openssl_speed(run: &Run) -> String {
    let sizes = run.sizes();
    let mut rows = vec![std::iter::once("type".to_string())
        .chain(sizes.iter().map(|s| format!("{s} bytes")))
        .collect::<Vec<_>>()];
    for (l, cells) in by_label(run) {
        let mut row = vec![l];
        for s in &sizes {
            row.push(cells.iter().find(|c| c.size == *s).map_or("-".into(), |c| {
                format!("{:.2}k", c.throughput.estimate.gb_per_sec * 1e6)
            }));
        }
        rows.push(row);
    }
    let right: Vec<bool> = std::iter::once(false)
        .chain(sizes.iter().map(|_| true))
        .collect();
    let mut out =
        String::from("The 'numbers' are in 1000s of bytes per second processed (at the median).\n");
    out.push_str(&aligned(&rows, &right));
    // `openssl speed` has no relative figures; --relative-to adds a grid of each.
    for to in &run.relative_to {
        let mut rows = vec![std::iter::once(to.heading(run))
            .chain(sizes.iter().map(|s| format!("{s} bytes")))
            .collect::<Vec<_>>()];
        for (l, cells) in by_label(run) {
            let mut row = vec![l];
            for s in &sizes {
                row.push(
                    cells
                        .iter()
                        .find(|c| c.size == *s)
                        .map_or("-".into(), |c| stored_or_computed(run, to, c).shown()),
                );
            }
            rows.push(row);
        }
        out.push('\n');
        out.push_str(&aligned(&rows, &right));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::crystal_bytes;

    #[test]
    fn bytes_per_op_print_as_crystal_prints_them() {
        assert_eq!(crystal_bytes(None), "n/a");
        assert_eq!(crystal_bytes(Some(0.0)), "0.0B/op");
        assert_eq!(crystal_bytes(Some(592.0)), "592B/op");
        assert_eq!(crystal_bytes(Some(64.5)), "64.5B/op");
        assert_eq!(crystal_bytes(Some(1070.0)), "1.07kB/op");
    }
}
