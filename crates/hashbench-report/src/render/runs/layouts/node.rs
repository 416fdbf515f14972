//! Node's benchmark layout: per size, the tests from slowest to fastest in op/s with
//! their tolerance, and the difference with the slowest.

use super::shared::{label, relative_columns, relative_note};
use crate::format::{aligned, size};
use hashbench_analysis::relative::stored;
use hashbench_model::{Cell, Relative, RelativeTo, Run};

/// Node's "Difference with slowest": blank for the slowest, `+ 12.34 %` otherwise; the
/// other relative columns as every table prints them.
fn node_relative(r: &Relative) -> String {
    match (&r.to, r.is_reference, r.value) {
        (RelativeTo::Slowest, true, Some(_)) => String::new(),
        (RelativeTo::Slowest, false, Some(v)) => format!("+ {v:.2} %"),
        _ => r.shown(),
    }
}

pub(super) fn render(run: &Run) -> String {
    let columns = relative_columns(run, hashbench_model::Layout::Node);
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
            row.extend(columns.iter().map(|to| node_relative(&stored(to, c))));
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
