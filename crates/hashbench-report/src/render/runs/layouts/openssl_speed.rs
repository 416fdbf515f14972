//! `openssl speed`'s layout: one row per implementation, one column per size, in
//! 1000s of bytes per second.

use super::shared::by_label;
use crate::format::aligned;
use hashbench_analysis::relative::stored;
use hashbench_model::Run;

pub(super) fn render(run: &Run) -> String {
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
                        .map_or("-".into(), |c| stored(to, c).shown()),
                );
            }
            rows.push(row);
        }
        out.push('\n');
        out.push_str(&aligned(&rows, &right));
    }
    out
}
