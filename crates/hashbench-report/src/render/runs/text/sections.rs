//! The detail sections of the fitted cost model and of the `--streams` cells.

use hashbench_stats::SlopeCiMethod;

use crate::format::{rate, size};
use crate::render::table::{heading, md_escape, table_fitted, table_in, Style};
use hashbench_model::findings::Unresolved;
use hashbench_model::{Interval, Run};

/// The cost-model table's columns, shared with the HTML page.
pub(crate) const COST_MODEL_HEADER: [&str; 6] = [
    "implementation",
    "sizes",
    "fixed cost ns",
    "TSC cycles/B",
    "steady GB/s",
    "interval",
];

/// Which of [`COST_MODEL_HEADER`]'s columns are right-aligned.
pub(crate) const COST_MODEL_RIGHT: [bool; 6] = [false, true, true, true, true, false];

/// The order [`COST_MODEL_HEADER`]'s columns are dropped in to fit a narrow terminal:
/// the count of sizes, the interval's method, the cycles; never the name or the line.
const COST_MODEL_DROP: [Option<u8>; 6] = [None, Some(1), None, Some(3), None, Some(2)];

/// `estimate [low, high]` with `digits` decimals.
fn interval(i: &Interval, digits: usize) -> String {
    format!(
        "{:.digits$} [{:.digits$}, {:.digits$}]",
        i.estimate, i.low, i.high
    )
}

/// The fitted lines, with each figure the fit cannot stand behind hidden and its reason
/// printed under the table (the run's findings, `Findings::unresolved_fits`).
pub(super) fn cost_model_section(run: &Run, style: Style, width: Option<usize>) -> String {
    if run.cost_model.is_empty() {
        return String::new();
    }
    let mut out = heading(
        style,
        1,
        "Cost model: time(n) = fixed + n / steady rate (Theil-Sen over the sizes)",
    );
    let mut reasons: Vec<String> = Vec::new();
    let rows: Vec<Vec<String>> = run
        .cost_model
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let problems = run
                .findings()
                .unresolved_fits
                .get(i)
                .map_or(&[][..], Vec::as_slice);
            let fixed_bad = problems.iter().any(Unresolved::is_fixed);
            let rate_bad = problems.iter().any(|p| !p.is_fixed());
            for p in problems {
                reasons.push(format!("- {}: {p}", f.series_key().label()));
            }
            vec![
                f.series_key().label(),
                f.sizes.len().to_string(),
                if fixed_bad {
                    "not resolved".to_string()
                } else {
                    interval(&f.fixed_ns, 0)
                },
                match &f.tsc_cycles_per_byte {
                    Some(c) if !rate_bad => interval(c, 3),
                    _ => "-".to_string(),
                },
                match &f.gb_per_sec {
                    Some(g) if !rate_bad => interval(g, 2),
                    _ => "-".to_string(),
                },
                match f.interval_method {
                    SlopeCiMethod::Sen => "Sen 95 %".to_string(),
                    SlopeCiMethod::MinMaxTooFewPoints => "min-max (< 6 sizes)".to_string(),
                },
            ]
        })
        .collect();
    out.push_str(&table_fitted(
        style,
        &COST_MODEL_HEADER,
        &rows,
        &COST_MODEL_RIGHT,
        &COST_MODEL_DROP,
        width,
    ));
    if !reasons.is_empty() {
        out.push_str("\nNot shown, as the fit cannot stand behind them:\n");
        for r in &reasons {
            match style {
                Style::Markdown => out.push_str(&md_escape(r)),
                Style::Terminal => out.push_str(r),
            }
            out.push('\n');
        }
    }
    // The brackets are not all confidence intervals; say what each one is.
    out.push_str(
        "\n[low, high] of the rate and cycles: Sen's 95 % confidence interval of the slope from 6 \
         sizes on (\"Sen 95 %\"); with fewer, the smallest and largest slope between two sizes \
         (\"min-max\"), which has no stated coverage. [low, high] of the fixed cost: where the \
         lines with those two slopes cross 0 bytes, not a confidence interval.\n",
    );
    out.push('\n');
    out
}

pub(super) fn streams_section(run: &Run, style: Style, width: Option<usize>) -> String {
    if run.streams.is_empty() {
        return String::new();
    }
    let mut out = heading(
        style,
        1,
        "Streams: independent hashes on parallel threads (aggregate throughput)",
    );
    let rows: Vec<Vec<String>> = run
        .streams
        .iter()
        .enumerate()
        .map(|(i, s)| {
            vec![
                s.implementation.clone(),
                size(s.size),
                s.streams.to_string(),
                rate(s.single_throughput.estimate.gb_per_sec),
                rate(s.aggregate_throughput.estimate.gb_per_sec),
                // Scaling measured while other processes had the CPUs is not the hash's.
                match run.findings().busy_streams.get(i).copied().flatten() {
                    Some(waited) => format!(
                        "{:.0} % (unreliable: busy machine, {waited:.0} % wait)",
                        s.scaling_efficiency * 100.0
                    ),
                    None => format!("{:.0} %", s.scaling_efficiency * 100.0),
                },
            ]
        })
        .collect();
    out.push_str(&table_in(
        style,
        &[
            "implementation",
            "size",
            "streams",
            "1 stream",
            "aggregate",
            "scaling efficiency",
        ],
        &rows,
        &[false, true, true, true, true, true],
        width,
    ));
    out.push('\n');
    out
}
