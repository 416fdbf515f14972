//! CSV: one row per cell, baselines included (kind = baseline). `flags` holds the cell's
//! flag codes and `run_flags` the run's (`drift`), each `;`-separated. The relative
//! columns of `--relative-to` come last, one each (`x_slower_than_fastest`,
//! `pct_vs_slowest`, `perf_vs_ID`), empty where a cell has no reference.

use crate::guards::Flag;
use crate::model::{Cell, Run};
use crate::relative::stored_or_computed;

const HEADER: &[&str] = &[
    "kind",
    "implementation",
    "algorithm",
    "pattern",
    "threads",
    "size_bytes",
    "cache_level",
    "median_ns",
    "ci_low_ns",
    "ci_high_ns",
    "ci_percent",
    "mean_ns",
    "std_dev_ns",
    "min_ns",
    "max_ns",
    "samples",
    "iterations_per_sample",
    "gb_per_sec",
    "mib_per_sec",
    "ops_per_sec",
    "tsc_cycles_per_call",
    "tsc_cycles_per_byte",
    "fraction_of_read_ceiling",
    "stop_reason",
    "complete",
    "allocations_per_call",
    "bytes_allocated_per_call",
    "flags",
    "run_flags",
];

/// Quotes a field when it holds a comma, quote or newline (RFC 4180).
pub(crate) fn field(s: &str) -> String {
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn opt(v: Option<f64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// Flag codes separated by `;`, so the field needs no quoting.
fn flag_codes(flags: &[Flag]) -> String {
    let codes: Vec<&str> = flags.iter().map(|f| f.code.as_str()).collect();
    codes.join(";")
}

fn row(kind: &str, run: &Run, c: &Cell, run_flags: &str) -> String {
    let s = &c.summary;
    let e = &c.throughput.estimate;
    let stop = serde_json::to_value(c.stop_reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default();
    [
        kind.to_string(),
        field(&c.implementation),
        field(c.algorithm.as_deref().unwrap_or("")),
        field(&c.pattern),
        c.threads.to_string(),
        c.size.to_string(),
        c.cache_level.map_or(String::new(), |l| l.to_string()),
        s.median.0.to_string(),
        s.median_ci.low.0.to_string(),
        s.median_ci.high.0.to_string(),
        opt(s.ci_relative_half_width_percent),
        s.mean.0.to_string(),
        s.std_dev.0.to_string(),
        s.min.0.to_string(),
        s.max.0.to_string(),
        s.count.to_string(),
        c.iterations_per_sample.to_string(),
        e.gb_per_sec.to_string(),
        e.mib_per_sec.to_string(),
        e.ops_per_sec.to_string(),
        opt(c.tsc_cycles_per_call),
        opt(c.tsc_cycles_per_byte),
        opt(c.fraction_of_read_ceiling),
        stop,
        c.complete.to_string(),
        opt(c.allocations_per_call),
        opt(c.bytes_allocated_per_call),
        flag_codes(&c.flags),
        run_flags.to_string(),
    ]
    .into_iter()
    .chain(
        run.relative_to
            .iter()
            .map(|to| opt(stored_or_computed(run, to, c).value)),
    )
    .collect::<Vec<_>>()
    .join(",")
}

pub fn csv(run: &Run) -> String {
    let mut out = HEADER
        .iter()
        .map(|h| h.to_string())
        .chain(run.relative_to.iter().map(|to| field(&to.csv_column())))
        .collect::<Vec<_>>()
        .join(",");
    out.push('\n');
    let run_flags = flag_codes(&run.flags);
    for c in &run.cells {
        out.push_str(&row("hash", run, c, &run_flags));
        out.push('\n');
    }
    for c in &run.baselines {
        out.push_str(&row("baseline", run, c, &run_flags));
        out.push('\n');
    }
    out
}
