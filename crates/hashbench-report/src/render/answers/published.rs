//! Published results as a terminal table, CSV or JSON (the serde form of [`Seed`], under
//! the schema version), each or by format ([`document`]).

use crate::format;
use crate::format::csv_text;
use hashbench_analysis::published::{Figure, Machine, Seed};

fn or_dash(s: Option<&str>) -> String {
    s.unwrap_or("-").to_string()
}

fn machine_line(m: &Machine) -> String {
    let mut parts: Vec<String> = Vec::new();
    parts.extend(m.cpu.clone());
    parts.extend(m.os.clone());
    parts.extend(m.target.as_ref().map(|t| format!("target {t}")));
    parts.extend(
        m.timer_precision
            .as_ref()
            .map(|t| format!("timer precision {t}")),
    );
    if parts.is_empty() {
        parts.push("hardware not stated".to_string());
    }
    format!("  {}: {}\n", m.id, parts.join("; "))
}

fn flags(f: &Figure) -> String {
    f.flags
        .iter()
        .map(|fl| fl.name())
        .collect::<Vec<_>>()
        .join(",")
}

/// The figure as printed, with its unit where the text has none, and the same
/// measurement's published rate beside it (one measurement, one row).
fn published_cell(f: &Figure) -> String {
    let text = if f.text.ends_with(&f.unit) {
        f.text.clone()
    } else {
        format!("{} ({})", f.text, f.unit)
    };
    match &f.rate {
        Some(rate) => format!("{text} = {}", rate.text),
        None => text,
    }
}

/// Per seed: title, source, machines, then one row per figure (only the flagged ones
/// when `flagged_only`), then the messages of the flags.
pub fn table(seeds: &[&Seed], flagged_only: bool) -> String {
    let mut out = String::new();
    for seed in seeds {
        let shown: Vec<&Figure> = seed
            .figures
            .iter()
            .filter(|f| !flagged_only || !f.flags.is_empty())
            .collect();
        let flagged = seed.figures.iter().filter(|f| !f.flags.is_empty()).count();
        out.push_str(&format!("seed {}: {}\n", seed.seed, seed.title));
        out.push_str(&format!(
            "source {} (data {}), measured with {}\n",
            seed.source, seed.data_file, seed.harness
        ));
        for m in &seed.machines {
            out.push_str(&machine_line(m));
        }
        out.push_str(&format!(
            "{} figures, {} flagged{}\n\n",
            seed.figures.len(),
            flagged,
            if flagged_only {
                " (only those shown)"
            } else {
                ""
            }
        ));
        if shown.is_empty() {
            continue;
        }
        let mut rows = vec![[
            "machine",
            "label",
            "algorithm",
            "variant",
            "size",
            "statistic",
            "published",
            "±",
            "time/call",
            "rate",
            "flags",
        ]
        .map(String::from)
        .to_vec()];
        for f in &shown {
            rows.push(vec![
                f.machine.clone(),
                f.label.clone(),
                or_dash(f.algorithm.as_deref()),
                or_dash(f.variant.as_deref()),
                f.size_bytes.map_or("-".to_string(), format::size),
                f.statistic.clone(),
                published_cell(f),
                f.tolerance
                    .as_ref()
                    .map_or(String::new(), |t| t.text.clone()),
                f.normalised
                    .ns_per_call
                    .map_or("-".to_string(), format::time_ns),
                f.normalised
                    .bytes_per_sec
                    .map_or("-".to_string(), |b| format::rate(b / 1e9)),
                flags(f),
            ]);
        }
        let right = [
            false, false, false, false, true, false, true, true, true, true, false,
        ];
        out.push_str(&format::aligned(&rows, &right));
        for f in shown.iter().filter(|f| !f.flags.is_empty()) {
            for flag in &f.flags {
                out.push_str(&format!(
                    "  {} {} {}: {}\n",
                    f.machine,
                    f.label,
                    f.text,
                    flag.message()
                ));
            }
        }
        out.push('\n');
    }
    out
}

const HEADER: &[&str] = &[
    "seed",
    "source",
    "section",
    "machine",
    "label",
    "algorithm",
    "implementation",
    "variant",
    "setup",
    "size_bytes",
    "statistic",
    "value",
    "unit",
    "text",
    "tolerance",
    "tolerance_unit",
    "rate",
    "rate_unit",
    "samples",
    "iterations",
    "ns_per_call",
    "ops_per_sec",
    "bytes_per_sec",
    "flags",
];

/// One row per figure; a time figure's published rate is in its `rate` columns.
pub fn csv(seeds: &[&Seed], flagged_only: bool) -> String {
    let opt = |v: Option<f64>| v.map_or(String::new(), |v| v.to_string());
    let optn = |v: Option<u64>| v.map_or(String::new(), |v| v.to_string());
    let header = HEADER.iter().map(|h| h.to_string()).collect();
    let rows = seeds.iter().flat_map(|seed| {
        seed.figures
            .iter()
            .filter(move |f| !flagged_only || !f.flags.is_empty())
            .map(move |f| {
                vec![
                    seed.seed.to_string(),
                    seed.source.clone(),
                    f.section.clone(),
                    f.machine.clone(),
                    f.label.clone(),
                    f.algorithm.clone().unwrap_or_default(),
                    f.implementation.clone(),
                    f.variant.clone().unwrap_or_default(),
                    f.setup.clone().unwrap_or_default(),
                    optn(f.size_bytes),
                    f.statistic.clone(),
                    f.value.to_string(),
                    f.unit.clone(),
                    f.text.clone(),
                    opt(f.tolerance.as_ref().map(|t| t.value)),
                    f.tolerance
                        .as_ref()
                        .map_or(String::new(), |t| t.unit.clone()),
                    opt(f.rate.as_ref().map(|r| r.value)),
                    f.rate.as_ref().map_or(String::new(), |r| r.unit.clone()),
                    optn(f.samples),
                    optn(f.iterations),
                    opt(f.normalised.ns_per_call),
                    opt(f.normalised.ops_per_sec),
                    opt(f.normalised.bytes_per_sec),
                    flags(f),
                ]
            })
    });
    csv_text(std::iter::once(header).chain(rows))
}

/// The formats of `hashbench published`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "clap", derive(clap::ValueEnum))]
pub enum PublishedFormat {
    #[default]
    Table,
    Json,
    Csv,
}

/// `hashbench published`'s JSON: the schema version, then the seeds.
#[derive(serde::Serialize)]
struct JsonDocument {
    schema_version: u32,
    seeds: Vec<Seed>,
}

/// `seeds` in `format` (only their flagged figures when `flagged_only`): the [`table`],
/// the [`csv`], or JSON, the serde form of each seed under the schema version.
///
/// # Errors
///
/// Serialising the JSON failed (it does not for these types).
pub fn document(
    seeds: &[&Seed],
    flagged_only: bool,
    format: PublishedFormat,
) -> Result<String, serde_json::Error> {
    Ok(match format {
        PublishedFormat::Table => table(seeds, flagged_only),
        PublishedFormat::Csv => csv(seeds, flagged_only),
        PublishedFormat::Json => {
            let doc = JsonDocument {
                schema_version: hashbench_analysis::published::PUBLISHED_SCHEMA_VERSION,
                seeds: seeds
                    .iter()
                    .map(|s| {
                        let mut s = (*s).clone();
                        if flagged_only {
                            s.figures.retain(|f| !f.flags.is_empty());
                        }
                        s
                    })
                    .collect(),
            };
            format!("{}\n", serde_json::to_string_pretty(&doc)?)
        }
    })
}
