//! The same algorithm across runtimes: one table per algorithm measured in another
//! runtime, a row per implementation (in-process and through each runtime's adapter), a
//! column per size, each figure beside the fastest in-process implementation at that
//! size; then each runtime's floor (its `nop`: a call that does nothing).

use hashbench_model::{Cell, Mode, Run, Size, Subject};

use crate::format::{rate, size, time_ns};
use crate::render::table::{heading, table, Style};

/// Whether `subject` is an implementation in another runtime (`sha2-256/node:crypto`).
#[must_use]
pub fn is_external(subject: &Subject) -> bool {
    subject.external().is_some()
}

fn figure(c: &Cell) -> String {
    if c.size.mean_bytes() == 0.0 {
        time_ns(c.time_ns())
    } else {
        rate(c.gb_per_sec())
    }
}

/// The section; empty when no cell ran in another runtime.
pub(crate) fn section(run: &Run, style: Style) -> String {
    let cells: Vec<&Cell> = run
        .cells
        .iter()
        .filter(|c| c.mode == Mode::Throughput && c.threads == 1)
        .collect();
    let mut algorithms: Vec<&str> = Vec::new();
    for c in &cells {
        if let (true, Some(a)) = (is_external(&c.implementation), c.algorithm.as_deref()) {
            if !algorithms.contains(&a) {
                algorithms.push(a);
            }
        }
    }
    if algorithms.is_empty() {
        return String::new();
    }
    let mut sizes: Vec<Size> = cells.iter().map(|c| c.size).collect();
    sizes.sort();
    sizes.dedup();
    let mut out = String::new();
    for algorithm in algorithms {
        let mine: Vec<&&Cell> = cells
            .iter()
            .filter(|c| c.algorithm.as_deref() == Some(algorithm))
            .collect();
        let mut labels: Vec<String> = Vec::new();
        for c in &mine {
            if !labels.contains(&c.label()) {
                labels.push(c.label());
            }
        }
        // One implementation alone (a plugin of an algorithm its manifest defines) has
        // nothing to be set beside: its figures are in the rankings.
        if labels.len() < 2 {
            continue;
        }
        out.push_str(&heading(
            style,
            1,
            &format!("{algorithm} across runtimes (x: time per call over the fastest in-process)"),
        ));
        // In-process first, then by runtime as measured.
        labels.sort_by_key(|l| {
            mine.iter()
                .any(|c| c.label() == *l && is_external(&c.implementation))
        });
        let fastest_local = |s: Size| {
            mine.iter()
                .filter(|c| c.size == s && !is_external(&c.implementation))
                .map(|c| c.time_ns())
                .min_by(f64::total_cmp)
        };
        let rows: Vec<Vec<String>> = labels
            .iter()
            .map(|label| {
                let mut row = vec![label.clone()];
                for &s in &sizes {
                    row.push(
                        match mine.iter().find(|c| c.label() == *label && c.size == s) {
                            None => "-".to_string(),
                            Some(c) => match fastest_local(s) {
                                Some(best) if best > 0.0 => {
                                    format!("{} ({:.1}x)", figure(c), c.time_ns() / best)
                                }
                                _ => figure(c),
                            },
                        },
                    );
                }
                row
            })
            .collect();
        out.push_str(&by_size(style, "implementation", &sizes, &rows));
        out.push('\n');
    }
    out.push_str(&floors(run, style, &sizes));
    out
}

/// A table with a first column named `first` and a column per size.
fn by_size(style: Style, first: &str, sizes: &[Size], rows: &[Vec<String>]) -> String {
    let size_names: Vec<String> = sizes.iter().map(|&s| size(s)).collect();
    let mut header = vec![first];
    header.extend(size_names.iter().map(String::as_str));
    let mut right = vec![false];
    right.extend(sizes.iter().map(|_| true));
    table(style, &header, rows, &right)
}

/// Each runtime's floor, time per call at each size.
fn floors(run: &Run, style: Style, sizes: &[Size]) -> String {
    if run.runtime_floors.is_empty() {
        return String::new();
    }
    let mut out = heading(
        style,
        1,
        "Runtime floors: a call that does nothing, through each adapter's timed loop",
    );
    let mut ids: Vec<String> = Vec::new();
    for c in &run.runtime_floors {
        let id = c.implementation.to_string();
        if !ids.contains(&id) {
            ids.push(id);
        }
    }
    let rows: Vec<Vec<String>> = ids
        .iter()
        .map(|id| {
            let mut row = vec![id.clone()];
            for &s in sizes {
                row.push(
                    run.runtime_floors
                        .iter()
                        .find(|c| c.implementation.id() == id.as_str() && c.size == s)
                        .map_or("-".to_string(), |c| time_ns(c.time_ns())),
                );
            }
            row
        })
        .collect();
    out.push_str(&by_size(style, "floor", sizes, &rows));
    out.push('\n');
    out
}

#[cfg(test)]
mod tests;
