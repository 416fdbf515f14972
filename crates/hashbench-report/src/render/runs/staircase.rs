//! An every-length sweep as its staircase: one row per step of each series.

use hashbench_model::Run;

use crate::format::time_ns;
use crate::render::table::{heading, table, Style};

/// The section; empty when the run holds no sweep.
pub fn section(run: &Run, style: Style) -> String {
    let stairs = &run.findings().staircases;
    if stairs.is_empty() {
        return String::new();
    }
    let mut out = heading(
        style,
        1,
        "Every length: the time per call steps (lengths within 5 % or 0.25 ns of a step's median join it)",
    );
    let mut rows: Vec<Vec<String>> = Vec::new();
    for s in stairs {
        for (i, step) in s.steps.iter().enumerate() {
            let lengths = if step.from == step.to {
                format!("{} B", step.from)
            } else {
                format!("{}-{} B", step.from, step.to)
            };
            let up = match i.checked_sub(1).map(|j| &s.steps[j]) {
                Some(prev) if prev.median_ns > 0.0 => {
                    format!("{:+.0} %", (step.median_ns / prev.median_ns - 1.0) * 100.0)
                }
                _ => String::new(),
            };
            let outliers: Vec<String> = step
                .outliers
                .iter()
                .map(|(n, t)| format!("{n} B: {}", time_ns(*t)))
                .collect();
            rows.push(vec![
                if i == 0 {
                    s.label.clone()
                } else {
                    String::new()
                },
                lengths,
                time_ns(step.median_ns),
                up,
                outliers.join(", "),
            ]);
        }
    }
    out.push_str(&table(
        style,
        &[
            "implementation",
            "lengths",
            "time per call",
            "vs the step before",
            "single lengths that read otherwise",
        ],
        &rows,
        &[false, true, true, true, false],
    ));
    out.push('\n');
    out
}
