//! CSV: one row per cell, baselines included (kind = baseline), and one per `--streams`
//! measurement (kind = streams). `flags` holds the cell's flag codes and `run_flags` the
//! run's (`drift`), each `;`-separated. The relative
//! columns of `--relative-to` come last, one each (`x_slower_than_fastest`,
//! `pct_vs_slowest`, `perf_vs_ID`), empty where a cell has no reference.

use hashbench_model::StopReason;
use hashbench_stats::{Summary, Throughput};

use crate::format::csv_text;
use crate::render::renderer::{Render, RenderError};
use hashbench_analysis::relative::stored;
use hashbench_model::Flag;
use hashbench_model::{Cell, Run, StreamsCell};

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
    "streams",
    "single_stream_gb_per_sec",
    "scaling_efficiency",
];

fn opt(v: Option<f64>) -> String {
    v.map_or(String::new(), |v| v.to_string())
}

/// Flag codes separated by `;`, so the field needs no quoting.
fn flag_codes(flags: &[Flag]) -> String {
    let codes: Vec<&str> = flags.iter().map(|f| f.code.as_str()).collect();
    codes.join(";")
}

/// A row's time per call: `(time, low, high, half-width %)`, ns.
type Headline = (f64, f64, f64, Option<f64>);

/// The summary's median as a row's time: a streams row, or a cell from before figures.
fn of_summary(s: &Summary) -> Headline {
    (
        s.median.0,
        s.median_ci.low.0,
        s.median_ci.high.0,
        s.ci_relative_half_width_percent,
    )
}

/// `median_ns` to `ops_per_sec`: the time per call and its interval (a cell's figure), the
/// samples' statistics, the rates at that time, and the samples' size, as cells and
/// streams rows both have them.
fn timing(
    s: &Summary,
    (time, low, high, ci): Headline,
    iterations_per_sample: u64,
    t: &Throughput,
) -> [String; 13] {
    let e = &t.estimate;
    [
        time.to_string(),
        low.to_string(),
        high.to_string(),
        opt(ci),
        s.mean.0.to_string(),
        s.std_dev.0.to_string(),
        s.min.0.to_string(),
        s.max.0.to_string(),
        s.count.to_string(),
        iterations_per_sample.to_string(),
        e.gb_per_sec.to_string(),
        e.mib_per_sec.to_string(),
        e.ops_per_sec.to_string(),
    ]
}

/// `precision`, `budget` or `cancelled`, as JSON names it.
fn stop_reason(r: StopReason) -> String {
    r.as_str().to_string()
}

fn row(kind: &str, run: &Run, c: &Cell, run_flags: &str) -> Vec<String> {
    let mut fields = vec![
        kind.to_string(),
        c.implementation.id().to_string(),
        c.algorithm.clone().unwrap_or_default(),
        c.pattern.to_string(),
        c.threads.to_string(),
        c.size.to_string(),
        c.cache_level.map_or(String::new(), |l| l.to_string()),
    ];
    let (low, high) = c.time_ci();
    let headline = match &c.figure {
        Some(_) => (c.time_ns(), low, high, c.ci_percent()),
        None => of_summary(&c.summary),
    };
    fields.extend(timing(
        &c.summary,
        headline,
        c.iterations_per_sample,
        &c.throughput,
    ));
    fields.extend([
        opt(c.tsc_cycles_per_call),
        opt(c.tsc_cycles_per_byte),
        opt(c.fraction_of_read_ceiling),
        stop_reason(c.stop_reason),
        c.complete.to_string(),
        opt(c.allocations_per_call),
        opt(c.bytes_allocated_per_call),
        flag_codes(&c.flags),
        run_flags.to_string(),
        // The streams columns, empty in a cell's row.
        String::new(),
        String::new(),
        String::new(),
    ]);
    fields.extend(run.relative_to.iter().map(|to| opt(stored(to, c).value)));
    fields
}

/// A `--streams N` measurement: the aggregate's figures in the cell columns (time per
/// call over every stream's calls, so its rates are the aggregate's), one stream's
/// throughput and the scaling efficiency in the streams columns.
fn streams_row(s: &StreamsCell, run: &Run, run_flags: &str) -> Vec<String> {
    let mut fields = vec![
        "streams".to_string(),
        s.implementation.clone(),
        s.algorithm.clone(),
        "oneshot".to_string(),
        "1".to_string(),
        s.size.to_string(),
        String::new(),
    ];
    fields.extend(timing(
        &s.aggregate,
        of_summary(&s.aggregate),
        s.iterations_per_sample,
        &s.aggregate_throughput,
    ));
    // No TSC figures, read ceiling, allocations or flags of its own; then the streams
    // columns.
    let mut rest = vec![String::new(); 9];
    rest[3] = stop_reason(s.stop_reason);
    rest[8] = run_flags.to_string();
    fields.extend(rest);
    fields.extend([
        s.streams.to_string(),
        s.single_throughput.estimate.gb_per_sec.to_string(),
        s.scaling_efficiency.to_string(),
    ]);
    // Relative columns compare cells; a streams row has none.
    fields.extend(run.relative_to.iter().map(|_| String::new()));
    fields
}

/// One row per cell, baseline and streams measurement (see the module docs).
#[must_use]
pub fn csv(run: &Run) -> String {
    let header: Vec<String> = HEADER
        .iter()
        .map(|h| h.to_string())
        .chain(run.relative_to.iter().map(|to| to.csv_column()))
        .collect();
    let run_flags = flag_codes(&run.flags);
    let records = std::iter::once(header)
        .chain(run.cells.iter().map(|c| row("hash", run, c, &run_flags)))
        .chain(
            run.baselines
                .iter()
                .map(|c| row("baseline", run, c, &run_flags)),
        )
        .chain(run.streams.iter().map(|s| streams_row(s, run, &run_flags)));
    csv_text(records)
}

/// CSV, as a [`Render`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Csv;

impl Render for Csv {
    fn render(&self, run: &Run) -> Result<String, RenderError> {
        Ok(csv(run))
    }
}

#[cfg(test)]
mod tests;
