//! A run's facts and tables in HTML: the host, build and options, the cost model's
//! fits, the cycle view, the seed layout, the detail table, baselines, flags and what
//! was skipped. Every string goes through `page`'s escaping.

use hashbench_model::{Layout, Run};
use hashbench_stats::SlopeCiMethod;

use super::page::{esc, facts as fact_list, heading, note, para, pre, table};
use crate::format::{percent, rate, size, time_ns};
use crate::render::{cycles as cycle_view, layouts, text};
use hashbench_analysis::guards::codes;

fn or_dash(v: Option<String>) -> String {
    v.unwrap_or_else(|| "-".to_string())
}

fn list<T: ToString>(items: &[T]) -> String {
    let v: Vec<String> = items.iter().map(T::to_string).collect();
    if v.is_empty() {
        "-".to_string()
    } else {
        v.join(", ")
    }
}

/// What the page must say before anything else: the run was interrupted, its flags.
pub(super) fn notices(run: &Run) -> String {
    let mut out = String::new();
    if !run.complete {
        out.push_str(&para(
            "INCOMPLETE: the run was interrupted; planned cells are missing.",
        ));
    }
    for f in &run.flags {
        out.push_str(&para(&format!("FLAG {}: {}", f.code, f.reason)));
    }
    out
}

/// The run as a whole: when, what, where, how it was built, the options it ran with;
/// folded at the end of the page, what a reader checks after the answer.
pub(super) fn facts(run: &Run) -> String {
    let h = &run.host;
    let b = &run.build;
    let c = &run.config;
    let mut out = String::from("<details>\n<summary>Run, host and build (as recorded)</summary>\n");
    out.push_str(&heading(2, "Run"));
    let mut pairs = vec![
        (
            "hashbench",
            format!(
                "{} {}{}",
                run.tool.name,
                run.tool.version,
                run.tool
                    .git_commit
                    .as_deref()
                    .map_or(String::new(), |g| format!(" (commit {g})"))
            ),
        ),
        ("started", run.timestamp.clone()),
        ("command line", run.command_line.join(" ")),
    ];
    if let Some(s) = &run.suite {
        pairs.push(("suite", s.name.clone()));
    }
    pairs.extend([
        (
            "sizes",
            list(&c.sizes.iter().map(|s| size(*s)).collect::<Vec<_>>()),
        ),
        ("filters", list(&c.filters)),
        ("patterns", list(&c.patterns)),
        ("modes", list(&c.modes)),
        ("metric", or_dash(c.metric.clone())),
        (
            "budget",
            format!(
                "{} s per cell, target CI ±{:.1} %, at least {} samples, {} round(s)",
                c.time_budget_s,
                c.precision * 100.0,
                c.min_samples,
                c.rounds
            ),
        ),
        (
            "input",
            format!("seed {}, misaligned by {} B", c.seed, c.misalign),
        ),
        ("pinned to CPU", or_dash(c.pin_cpu.map(|p| p.to_string()))),
        ("threads", or_dash(c.threads.as_deref().map(list))),
        ("streams", or_dash(c.streams.map(|s| s.to_string()))),
        ("providers", {
            let v: Vec<String> = run
                .providers
                .iter()
                .map(|p| format!("{} {}", p.provider, p.version))
                .collect();
            list(&v)
        }),
    ]);
    out.push_str(&fact_list(&pairs));
    out.push_str(&heading(2, "Host"));
    out.push_str(&fact_list(&[
        (
            "CPU",
            format!("{} ({}, {})", h.cpu_model, h.cpu_vendor, h.arch),
        ),
        (
            "cores",
            format!(
                "{} logical, {} physical",
                h.logical_cores,
                or_dash(h.physical_cores.map(|p| p.to_string()))
            ),
        ),
        (
            "TSC",
            run.tsc_hz
                .map_or("none".to_string(), |hz| format!("{:.3} GHz", hz / 1e9)),
        ),
        (
            "OS",
            format!("{} {}", h.os, h.kernel.as_deref().unwrap_or_default()),
        ),
        ("memory", or_dash(h.memory_bytes.map(size))),
        ("CPU features", list(&h.cpu_features)),
    ]));
    out.push_str(&heading(2, "Build"));
    out.push_str(&fact_list(&[
        (
            "profile",
            format!("{} (opt-level {})", b.profile, b.opt_level),
        ),
        ("compiler", b.rustc.clone()),
        ("target", b.target.clone()),
        (
            "target-cpu",
            b.target_cpu.clone().unwrap_or("default".into()),
        ),
        (
            "RUSTFLAGS",
            or_dash((!b.rustflags.is_empty()).then(|| b.rustflags.clone())),
        ),
        ("target features", list(&b.target_features)),
    ]));
    out.push_str("</details>\n");
    out
}

fn interval(i: &hashbench_model::Interval, digits: usize) -> String {
    format!(
        "{:.digits$} [{:.digits$}, {:.digits$}]",
        i.estimate, i.low, i.high
    )
}

/// The cost model's fits as a table.
pub(super) fn cost_model_table(run: &Run) -> String {
    if run.cost_model.is_empty() {
        return String::new();
    }
    let rows: Vec<Vec<String>> = run
        .cost_model
        .iter()
        .map(|f| {
            vec![
                f.series_key().label(),
                f.sizes.len().to_string(),
                interval(&f.fixed_ns, 0),
                or_dash(f.tsc_cycles_per_byte.as_ref().map(|c| interval(c, 3))),
                or_dash(f.gb_per_sec.as_ref().map(|g| interval(g, 2))),
                match f.interval_method {
                    SlopeCiMethod::Sen => "Sen 95 %".to_string(),
                    SlopeCiMethod::MinMaxTooFewPoints => "min-max (< 6 sizes)".to_string(),
                },
            ]
        })
        .collect();
    let mut out = table(&text::COST_MODEL_HEADER, &rows, &text::COST_MODEL_RIGHT);
    out.push_str(&note(
        "[low, high] of the rate and cycles: Sen's 95 % confidence interval of the slope \
         from 6 sizes on; with fewer, the smallest and largest slope between two sizes \
         (min-max), which has no stated coverage. [low, high] of the fixed cost: where the \
         lines with those two slopes cross 0 bytes, not a confidence interval.",
    ));
    out
}

/// The cycle view (`--metric cycles`), one table per block size; nothing without a TSC.
pub(super) fn cycles(run: &Run) -> String {
    if run.tsc_hz.is_none() {
        return String::new();
    }
    let mut out = heading(2, "Cycle view");
    out.push_str(&note(&cycle_view::note(run)));
    for t in cycle_view::size_tables(run) {
        out.push_str(&heading(3, &format!("Block size: {}", size(t.size))));
        let header: Vec<&str> = t.header.iter().map(String::as_str).collect();
        out.push_str(&table(&header, &t.rows, &t.right));
    }
    out
}

/// The seed benchmark's layout, when the run has one: its aligned text as it is, since
/// a seed's table is read line by line beside the published one.
pub(super) fn layout(run: &Run, layout: Layout) -> String {
    let Some(text) = layouts::render(run, layout) else {
        return String::new();
    };
    let mut out = heading(2, &format!("In the seed's layout ({layout:?})"));
    out.push_str(&pre(&text));
    out
}

/// Every cell with every figure.
pub(super) fn detail(run: &Run) -> String {
    if run.cells.is_empty() {
        return String::new();
    }
    let rows: Vec<Vec<String>> = run.cells.iter().map(text::detail_row).collect();
    let mut out = heading(2, "Detail");
    out.push_str(&table(&text::DETAIL_HEADER, &rows, &text::DETAIL_RIGHT));
    out
}

/// The baselines at every size.
pub(super) fn baselines(run: &Run) -> String {
    if run.baselines.is_empty() {
        return String::new();
    }
    let rows: Vec<Vec<String>> = run
        .baselines
        .iter()
        .map(|c| {
            vec![
                if c.threads == 1 {
                    c.implementation.to_string()
                } else {
                    format!("{} ({} threads)", c.implementation, c.threads)
                },
                size(c.size),
                time_ns(c.time_ns()),
                if c.implementation.baseline() == Some(hashbench_model::Baseline::Nop) {
                    "-".to_string()
                } else {
                    rate(c.gb_per_sec())
                },
                format!("±{}", percent(c.ci_percent())),
                codes(&c.flags),
            ]
        })
        .collect();
    let mut out = heading(2, "Baselines");
    out.push_str(&table(
        &[
            "baseline",
            "size",
            "median",
            "throughput",
            "95 % CI",
            "flags",
        ],
        &rows,
        &[false, true, true, true, true, false],
    ));
    out
}

/// Every flag of every cell, with its reason.
pub(super) fn flags(run: &Run) -> String {
    let rows: Vec<Vec<String>> = run
        .cells
        .iter()
        .chain(&run.baselines)
        .flat_map(|c| {
            c.flags.iter().map(move |f| {
                vec![
                    c.label(),
                    size(c.size),
                    f.code.to_string(),
                    f.reason.clone(),
                ]
            })
        })
        .collect();
    if rows.is_empty() {
        return String::new();
    }
    let mut out = heading(2, "Flags");
    out.push_str(&table(
        &["cell", "size", "flag", "why"],
        &rows,
        &[false, true, false, false],
    ));
    out
}

/// What was not measured, and why.
pub(super) fn skipped(run: &Run) -> String {
    if run.skipped.is_empty() {
        return String::new();
    }
    let mut out = heading(2, "Skipped");
    out.push_str("<ul>\n");
    for s in &run.skipped {
        let what = match &s.pattern {
            Some(p) => format!("{} [{p}]", s.implementation),
            None => s.implementation.clone(),
        };
        let detail = s
            .details
            .first()
            .map_or(String::new(), |d| format!(" ({d})"));
        out.push_str(&format!(
            "<li>{}</li>\n",
            esc(&format!("{what}: {}{detail}", s.reason))
        ));
    }
    out.push_str("</ul>\n");
    out
}
