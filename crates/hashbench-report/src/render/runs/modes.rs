//! Latency beside throughput: for every cell measured in both modes (`--mode both`), the
//! time per call of each and their ratio.

use hashbench_model::{Cell, Mode, Run};

use crate::format::{size, time_ns};
use crate::render::table::{heading, table, Style};

/// The throughput cell measured like `latency` (same implementation, pattern, threads,
/// size), if any.
fn twin<'a>(run: &'a Run, latency: &Cell) -> Option<&'a Cell> {
    run.cells.iter().find(|c| {
        c.mode == Mode::Throughput
            && c.implementation == latency.implementation
            && c.pattern == latency.pattern
            && c.threads == latency.threads
            && c.size == latency.size
    })
}

/// The section; empty unless some cell was measured in both modes.
pub fn section(run: &Run, style: Style) -> String {
    let mut pairs: Vec<(&Cell, &Cell)> = run
        .cells
        .iter()
        .filter(|c| c.mode == Mode::Latency)
        .filter_map(|l| twin(run, l).map(|t| (t, l)))
        .collect();
    if pairs.is_empty() {
        return String::new();
    }
    pairs.sort_by_key(|p| (p.0.label(), p.0.size));
    let mut out = heading(
        style,
        1,
        "Latency vs throughput: time per call when each call waits for the last digest",
    );
    let rows: Vec<Vec<String>> = pairs
        .iter()
        .map(|(t, l)| {
            let (tn, ln) = (t.time_ns(), l.time_ns());
            vec![
                t.label(),
                size(t.size),
                time_ns(tn),
                time_ns(ln),
                format!("{:.2}x", ln / tn),
            ]
        })
        .collect();
    out.push_str(&table(
        style,
        &[
            "implementation",
            "size",
            "throughput",
            "latency",
            "latency / throughput",
        ],
        &rows,
        &[false, true, true, true, true],
    ));
    out.push_str(
        "Throughput: independent calls on one input, which the CPU may overlap. Latency: each \
         call's first 8 input bytes XORed with the previous digest, so calls run one after \
         another; the ratio is how much overlap the throughput figure contains.\n\n",
    );
    out
}

#[cfg(test)]
mod tests;
