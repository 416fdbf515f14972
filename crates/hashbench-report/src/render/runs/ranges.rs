//! Random lengths against the cost model: each range cell beside what its series' line
//! predicts at the range's mean length.

use hashbench_model::Run;

use crate::format::{size, time_ns};
use crate::render::table::{heading, table, Style};

/// The section; empty when no range cell has a line to be set beside.
pub fn section(run: &Run, style: Style) -> String {
    let pairs = &run.findings().ranges;
    if pairs.is_empty() {
        return String::new();
    }
    let mut out = heading(
        style,
        1,
        "Random lengths against the cost model (the line at the mean length)",
    );
    let rows: Vec<Vec<String>> = pairs
        .iter()
        .map(|p| {
            vec![
                p.label.clone(),
                size(p.size),
                time_ns(p.measured_ns),
                time_ns(p.predicted_ns),
                format!("{:.2}x", p.ratio()),
            ]
        })
        .collect();
    out.push_str(&table(
        style,
        &[
            "implementation",
            "lengths",
            "measured",
            "line predicts",
            "measured / line",
        ],
        &rows,
        &[false, true, true, true, true],
    ));
    out.push_str(
        "Each call of a range hashes a different length, in an order no branch predictor \
         learns; the line is fitted over the fixed sizes, where every call is alike. Above \
         1x is the cost of lengths that vary.\n\n",
    );
    out
}
