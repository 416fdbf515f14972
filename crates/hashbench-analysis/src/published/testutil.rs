//! Hand-written published-data documents for tests, here and in the crates above
//! (the renderers of the seeds): with the `test-util` feature.

use super::{parse, Seed};

/// A figure's machine, variant and algorithm, when they are not the point of a test.
pub const ON_M: &str = r#""machine": "m", "variant": null, "algorithm": "sha1""#;

/// A data file with the given figures (JSON objects without section and implementation);
/// figures without a machine get [`ON_M`]'s.
pub fn doc(figures: &[&str]) -> String {
    let figures: Vec<String> = figures
        .iter()
        .map(|f| {
            let on = if f.contains(r#""machine""#) { "" } else { ON_M };
            let sep = if on.is_empty() { "" } else { ", " };
            format!(r#"{{"section": "s", "implementation": "i", {on}{sep}{f}}}"#)
        })
        .collect();
    format!(
        r#"{{"schema_version": 1, "seed": 7, "source": "github.com/o/seven, README.md", "title": "Seven",
            "harness": "bench", "command": null, "notes": [],
            "machines": [{{"id": "m", "heading": null, "cpu": "CPU", "os": null, "target": "t",
                           "timer_precision": "20 ns", "notes": []}},
                         {{"id": "bare", "heading": null, "cpu": null, "os": null,
                           "target": null, "timer_precision": null, "notes": []}}],
            "figures": [{}]}}"#,
        figures.join(",")
    )
}

/// Seed 7 with two figures (on the machines `m` and `bare`): a time at 4 KiB with its
/// tolerance and rate, and a rate without a size.
#[must_use]
pub fn two_figures() -> Seed {
    let figures = [
        // 2 µs at 4 KiB: 2000 ns, 4096 B / 2000 ns = 2.048 GB/s; the text ends with its
        // unit, so it is shown as is; a tolerance.
        r#""label": "sha1, 4k", "size_bytes": 4096, "statistic": "median", "value": 2,
           "unit": "µs", "text": "2 µs", "tolerance": {"value": 1.5, "unit": "%", "text": "± 1.5 %"},
           "samples": 100, "iterations": 2000, "setup": "O2",
           "rate": {"value": 2.048, "unit": "GB/s", "text": "2.048 GB/s"}"#,
        // 4 GB/s without a size: no time per call; the text lacks the unit, which is
        // added in parentheses. On the machine without a description.
        r#""label": "sha1", "size_bytes": null, "statistic": "mean", "value": 4,
           "unit": "GB/s", "text": "4.00", "machine": "bare", "variant": "v",
           "algorithm": null"#,
    ];
    parse("x.json", &doc(&figures)).expect("the two figures load")
}
