//! The comparison report: two runs' machines, every joined cell with its ratio and
//! verdict, the counts, and the cells only one run has.

use crate::format::{size, time_ns};
use crate::render::sanitize::escaped;
use crate::render::table::{md_escape, table_fitted, Style};
use hashbench_analysis::compare::{Change, Comparison, Verdict};
use hashbench_model::Run;
use serde::Serialize;

/// What `--fail-on-regression` says of a regressed cell: `ID PATTERN @ SIZE: 12.3 %
/// slower (interval 1.100..1.150)`, the id's control characters escaped.
#[must_use]
pub fn regression(c: &Change) -> String {
    format!(
        "{} {} @ {}: {:.1} % slower (interval {:.3}..{:.3})",
        escaped(c.key.series.implementation.id()),
        c.key.series.pattern,
        size(c.key.size),
        (c.ratio - 1.0) * 100.0,
        c.ratio_low,
        c.ratio_high
    )
}

/// What `--fail-on-regression PERCENT` says of a cell it is not sure to fail at that
/// slowdown: `ID PATTERN @ SIZE: only one beyond 15.4 % is` (flagged: `none is`).
#[must_use]
pub fn blind(c: &Change) -> String {
    let what = match c.visible_slowdown {
        Some(v) => format!("only one beyond {:.1} % is", (v - 1.0) * 100.0),
        None => "none is (a flagged cell or run)".to_string(),
    };
    format!(
        "{} {} @ {}: {what}",
        escaped(c.key.series.implementation.id()),
        c.key.series.pattern,
        size(c.key.size),
    )
}

/// The line on what the `within-noise` verdicts rule out: over the implementation cells
/// not `slower`, the median and the largest [`Change::visible_slowdown`] (with its cell),
/// and in how many flagged cells no slowdown would have counted. `None` without such
/// cells.
pub(crate) fn visible_line(comparison: &Comparison) -> Option<String> {
    let open: Vec<&Change> = comparison
        .changes
        .iter()
        .filter(|c| c.verdict != Verdict::Slower && !c.key.series.implementation.is_baseline())
        .collect();
    let mut seen: Vec<(f64, &Change)> = open
        .iter()
        .filter_map(|c| c.visible_slowdown.map(|v| (v, *c)))
        .collect();
    let blind = open.len() - seen.len();
    seen.sort_by(|a, b| a.0.total_cmp(&b.0));
    let pct = |v: f64| (v - 1.0) * 100.0;
    let mut line = match (seen.get(seen.len() / 2), seen.last()) {
        (Some(&(median, _)), Some(&(most, c))) => format!(
            "smallest slowdown sure to read slower: {:.1} % (median over {} cells), {:.1} % \
             at most ({} @ {})",
            pct(median),
            seen.len(),
            pct(most),
            c.key.series.implementation,
            size(c.key.size)
        ),
        _ => String::new(),
    };
    if blind > 0 {
        if !line.is_empty() {
            line.push_str("; ");
        }
        line.push_str(&format!("none in {blind} flagged cell(s)"));
    }
    (!line.is_empty()).then_some(line)
}

/// A text (or Markdown) report of `comparison`, naming the runs `base_name` and
/// `candidate_name`, at full width.
#[must_use]
pub fn render(
    base_name: &str,
    base: &Run,
    candidate_name: &str,
    candidate: &Run,
    comparison: &Comparison,
    markdown: bool,
) -> String {
    render_within(
        base_name,
        base,
        candidate_name,
        candidate,
        comparison,
        markdown,
        None,
    )
}

/// [`render`] with the text table fitted to `width` as the run's tables are: the
/// threads, the two medians, the interval and the pattern are left out in that order
/// (and said so under the table), then the names are cut. Markdown is never cut.
#[must_use]
pub fn render_within(
    base_name: &str,
    base: &Run,
    candidate_name: &str,
    candidate: &Run,
    comparison: &Comparison,
    markdown: bool,
    width: Option<usize>,
) -> String {
    let mut out = String::new();
    // The lines outside the table hold the runs' strings: in Markdown, a `<script>` or a
    // `|` in them must stay text (the table's cells are escaped by `table`).
    let inert = |text: String| if markdown { md_escape(&text) } else { text };
    out.push_str(&format!(
        "base:      {}: {}\n",
        inert(base_name.to_string()),
        inert(machine_line(base))
    ));
    out.push_str(&format!(
        "candidate: {}: {}\n",
        inert(candidate_name.to_string()),
        inert(machine_line(candidate))
    ));
    if base.host.cpu_model != candidate.host.cpu_model {
        out.push_str("(different CPUs: ratios compare the machines, not only the code)\n");
    }
    out.push('\n');
    let (header, rows, right) = table_rows(comparison);
    let style = if markdown {
        Style::Markdown
    } else {
        Style::Terminal
    };
    out.push_str(&table_fitted(style, &header, &rows, &right, &DROP, width));
    out.push('\n');
    let count = |v: Verdict| comparison.changes.iter().filter(|c| c.verdict == v).count();
    out.push_str(&format!(
        "{} cells joined: {} slower, {} faster, {} within noise, {} unreliable (noise \
         threshold {:.1} %; significant = ratio interval excludes 1 and the change exceeds \
         the threshold; unreliable = would be significant, but a guard flagged a cell or \
         its run, or the machine's own speed moved as much)\n",
        comparison.changes.len(),
        count(Verdict::Slower),
        count(Verdict::Faster),
        count(Verdict::WithinNoise),
        count(Verdict::Unreliable),
        comparison.noise_threshold * 100.0
    ));
    if let Some(line) = visible_line(comparison) {
        out.push_str(&inert(line));
        out.push('\n');
    }
    if let Some(g) = comparison.geometric_mean_ratio {
        out.push_str(&format!("geometric mean ratio (implementations): {g:.3}\n"));
    }
    if let Some(m) = &comparison.machine {
        if m.ratio != 1.0 || m.low != 1.0 {
            out.push_str(&format!(
                "machine speed: its own kernels ({}) ran {:.3}x as long in the candidate \
                 ({:.3}..{:.3}); ratios are adjusted by it{}\n",
                m.from.join(", "),
                m.ratio,
                m.low,
                m.high,
                around_clause(comparison)
            ));
        }
    }
    if let Some(m) = comparison.machine_speed_ratio {
        if (m - 1.0).abs() > comparison.noise_threshold {
            out.push_str(&format!(
                "warning: the nop baseline ran {m:.2}x as long in the candidate: the machine's \
                 own speed differed between the runs\n"
            ));
        }
    }
    for (what, keys) in [
        ("only in base", &comparison.only_in_base),
        ("only in candidate", &comparison.only_in_candidate),
    ] {
        if !keys.is_empty() {
            let names: Vec<String> = keys
                .iter()
                .map(|k| inert(format!("{} @ {}", k.series.implementation, size(k.size))))
                .collect();
            out.push_str(&format!("{what}: {}\n", names.join(", ")));
        }
    }
    out
}

/// `; N of M cells judged by their intervals around their runs' moves`, where any were
/// (`Change::judged_around_machine`).
fn around_clause(comparison: &Comparison) -> String {
    let n = comparison
        .changes
        .iter()
        .filter(|c| c.judged_around_machine)
        .count();
    if n == 0 {
        return String::new();
    }
    format!(
        "; {n} of {} cells judged by their intervals around their runs' moves",
        comparison.changes.len()
    )
}

/// The order [`table_rows`]' columns are dropped in to fit a narrow terminal (lowest
/// first); never the implementation, the size, the ratio or the verdict.
const DROP: [Option<u8>; 9] = [
    None,
    Some(5),
    None,
    Some(1),
    Some(2),
    Some(3),
    None,
    Some(4),
    None,
];

/// The comparison's table: its header, one row per joined cell, and which columns are
/// right-aligned (the HTML report shows the same table).
pub(crate) fn table_rows(
    comparison: &Comparison,
) -> ([&'static str; 9], Vec<Vec<String>>, [bool; 9]) {
    let header = [
        "implementation",
        "pattern",
        "size",
        "threads",
        "base",
        "candidate",
        "ratio",
        "interval",
        "verdict",
    ];
    let rows: Vec<Vec<String>> = comparison
        .changes
        .iter()
        .map(|c| {
            vec![
                c.key.series.implementation.to_string(),
                c.key.series.pattern.to_string(),
                size(c.key.size),
                c.key.series.threads.to_string(),
                time_ns(c.base_median_ns),
                time_ns(c.candidate_median_ns),
                if c.adjusted_ratio == c.ratio {
                    format!("{:.3}", c.ratio)
                } else {
                    format!("{:.3} ({:.3} adj.)", c.ratio, c.adjusted_ratio)
                },
                format!("{:.3}..{:.3}", c.ratio_low, c.ratio_high),
                match c.verdict {
                    Verdict::Faster => {
                        format!("faster by {:.1} %", (1.0 / c.adjusted_ratio - 1.0) * 100.0)
                    }
                    Verdict::Slower => {
                        format!("SLOWER by {:.1} %", (c.adjusted_ratio - 1.0) * 100.0)
                    }
                    Verdict::WithinNoise => "within noise".to_string(),
                    Verdict::Unreliable => format!(
                        "{:+.1} %, unreliable ({})",
                        (c.adjusted_ratio - 1.0) * 100.0,
                        match c.unreliable {
                            Some("machine") => "the machine moved as much",
                            Some("estimator") => "a machine baseline: the machine moved unevenly",
                            _ => "flagged",
                        }
                    ),
                },
            ]
        })
        .collect();
    let right: [bool; 9] = [false, false, true, true, true, true, true, true, false];
    (header, rows, right)
}

#[cfg(test)]
mod tests;

/// One line naming the machine, build and time of a run: how both compare renderings
/// (the table and the HTML page) introduce base and candidate.
pub(crate) fn machine_line(r: &Run) -> String {
    format!(
        "{} ({} logical cores), {}, hashbench {}{}, {}",
        r.host.cpu_model,
        r.host.logical_cores,
        r.host.os,
        r.tool.version,
        r.tool
            .git_commit
            .as_deref()
            .map_or(String::new(), |c| format!(" ({c})")),
        r.timestamp
    )
}

/// `compare --format json`: the base's name, then each candidate's name and comparison.
#[derive(Serialize)]
struct Document<'a> {
    base: &'a str,
    comparisons: &'a [Compared<'a>],
}

/// One candidate of [`Document`].
#[derive(Clone, Copy, Debug, Serialize)]
pub struct Compared<'a> {
    /// The candidate's name (its file, escaped as the text names it).
    pub candidate: &'a str,
    pub comparison: &'a Comparison,
}

/// `compare --format json` (docs/json-schema.md): `{"base", "comparisons": [{"candidate",
/// "comparison"}]}`.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(base: &str, comparisons: &[Compared<'_>]) -> Result<String, serde_json::Error> {
    pretty(&Document { base, comparisons })
}

/// Pretty JSON with a final newline. Written through a `serde_json::Value`, whose maps
/// keep their keys sorted: the documents' keys, and the comparison's, are in
/// alphabetical order, as they have always been written.
fn pretty(document: &impl Serialize) -> Result<String, serde_json::Error> {
    let mut s = serde_json::to_string_pretty(&serde_json::to_value(document)?)?;
    s.push('\n');
    Ok(s)
}
