//! Crystal's `Benchmark.ips` layout: op/s, time per op, deviation and bytes allocated
//! per op, with the relative column (`x slower than fastest` by default).

use super::shared::{label, relative_columns, relative_note};
use crate::format::{aligned, time_ns};
use hashbench_analysis::relative::stored;
use hashbench_model::{Cell, Run};

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

pub(super) fn render(run: &Run) -> String {
    let columns = relative_columns(run, hashbench_model::Layout::Crystal);
    let mut rows = Vec::new();
    for s in run.sizes() {
        let cells: Vec<&Cell> = run.cells.iter().filter(|c| c.size == s).collect();
        for c in cells {
            // The median, not Crystal's mean: on a shared machine a few preempted samples
            // move the mean far from what a call costs.
            let mean = c.time_ns();
            let sd_pct = c.summary.std_dev.get() / c.summary.mean.get() * 100.0;
            let mut row = vec![
                format!("{} {}", label(run, c), s),
                crystal_rate(1e9 / mean),
                format!("({})", time_ns(mean)),
                format!("(±{sd_pct:5.2}%)"),
                crystal_bytes(c.bytes_allocated_per_call),
            ];
            row.extend(columns.iter().map(|to| stored(to, c).shown()));
            rows.push(row);
        }
    }
    let right = vec![true; 5 + columns.len()];
    let mut out = aligned(&rows, &right);
    out.push_str(
        "\nop/s and time are at the median (Crystal prints the mean, which a few preempted \
         samples on a shared machine move far), ± is the standard deviation as a percentage of \
         the mean (as Crystal prints it); ",
    );
    // Rows timed in Crystal itself count its GC heap, as the seed does; rows timed
    // in-process count Rust's allocations.
    let in_crystal = run.cells.iter().any(|c| {
        c.implementation
            .external()
            .is_some_and(|e| e.runtime == "crystal")
    });
    out.push_str(if in_crystal {
        "B/op is Crystal's GC heap bytes per call (GC.stats; OpenSSL's own mallocs are not seen)"
    } else {
        "B/op counts Rust allocations only (C libraries' own mallocs are not seen)"
    });
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

#[cfg(test)]
mod tests;
