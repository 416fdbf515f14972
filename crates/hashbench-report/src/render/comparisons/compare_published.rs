//! This machine's run beside the published machines of the seeds: for every published
//! figure of an algorithm at a size the run measured, the run's like-for-like cell and
//! how many times faster this machine is. Like for like means the implementation (and
//! pattern, and SIMD level, which the implementation id names: `blake3/blake3+avx2`)
//! that a suite's labels map the seed's row to ([`Counterpart`]), whether or not the run
//! was that suite's. Where the run has no such cell the row says so rather than set an
//! unlike call (another kernel, another SIMD level) beside the figure.

use serde::Serialize;

use crate::format::{aligned, size, time_ns};
use crate::render::comparison::CompareFormat;
use crate::render::table::{heading, md_escape, table, Style};
use hashbench_analysis::counterparts::Counterpart;
use hashbench_analysis::published::{Figure, Published, Seed};
use hashbench_model::{Cell, Run};

/// The published statistics that describe a typical call (not fastest / slowest or
/// derived columns), and whether each is a cycle count.
const TYPICAL: &[(&str, bool)] = &[
    ("median", false),
    ("result", false),
    ("time-per-op", false),
    ("count", false),
    ("cycles-per-iteration", true),
];

/// One published figure beside this run.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub seed: u32,
    pub machine: String,
    pub section: String,
    /// The seed's own name for what it measured.
    pub label: String,
    pub algorithm: String,
    pub size: u64,
    /// The figure as printed in the seed.
    pub published_text: String,
    /// Published time per call (ns), or cycles per call for cycle figures.
    pub published_per_call: f64,
    /// Whether `published_per_call` and `ours_per_call` are cycles (else nanoseconds).
    pub cycles: bool,
    /// The run's implementation like for like with the row; empty when the run has none.
    pub implementation: String,
    pub pattern: String,
    /// `None` when nothing like for like was measured.
    pub ours_per_call: Option<f64>,
    /// published / ours: above 1, this machine is faster.
    pub speedup: Option<f64>,
    /// Plausibility flags on the published figure (e.g. `flat-scaling`).
    pub flags: Vec<String>,
    /// Whether the run has a like-for-like cell (`implementation` is set).
    #[serde(default)]
    pub like_for_like: bool,
    /// Without one: a cell the run has that a suite names for the row only as a
    /// stand-in, and why it is not the seed's call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unlike: Option<String>,
}

/// The run's cell like for like with the figure, or why there is none.
fn like_for_like<'a>(
    run: &'a Run,
    seed: &Seed,
    f: &Figure,
    algorithm: &str,
    size: u64,
    counterparts: &[Counterpart],
) -> Result<&'a Cell, Option<String>> {
    let naming: Vec<&Counterpart> = counterparts
        .iter()
        .filter(|c| c.names(seed, &f.raw))
        .collect();
    let in_run = |c: &Counterpart| {
        run.cells.iter().find(|cell| {
            cell.size == size && cell.algorithm.as_deref() == Some(algorithm) && c.is_cell(cell)
        })
    };
    if let Some(cell) = naming
        .iter()
        .filter(|c| c.stand_in.is_none())
        .find_map(|c| in_run(c))
    {
        return Ok(cell);
    }
    // A stand-in the run measured is named, with why it is not the seed's call.
    Err(naming
        .iter()
        .filter(|c| in_run(c).is_some())
        .find_map(|c| c.stand_in.as_ref().map(|why| format!("{}: {why}", c.key))))
}

fn row(run: &Run, seed: &Seed, f: &Figure, counterparts: &[Counterpart]) -> Option<Row> {
    let raw = &f.raw;
    let &(_, cycles) = TYPICAL.iter().find(|(s, _)| *s == raw.statistic)?;
    let algorithm = raw.algorithm.as_deref()?;
    let size = raw.size_bytes?;
    // Only figures of an algorithm and size the run measured at all are listed.
    run.cells
        .iter()
        .find(|c| c.algorithm.as_deref() == Some(algorithm) && c.size == size)?;
    let (cell, unlike) = match like_for_like(run, seed, f, algorithm, size, counterparts) {
        Ok(c) => (Some(c), None),
        Err(why) => (None, why),
    };
    let published = if cycles {
        raw.value
    } else {
        f.normalised.ns_per_call?
    };
    let ours = match cell {
        Some(c) if cycles => Some(c.tsc_cycles_per_call?),
        Some(c) => Some(c.time_ns()),
        None => None,
    };
    (published > 0.0 && ours.is_none_or(|o| o > 0.0)).then(|| Row {
        seed: seed.seed,
        machine: raw.machine.clone(),
        section: raw.section.clone(),
        label: raw.label.clone(),
        algorithm: algorithm.to_string(),
        size,
        published_text: raw.text.clone(),
        published_per_call: published,
        cycles,
        implementation: cell.map_or(String::new(), |c| c.implementation.to_string()),
        pattern: cell.map_or(String::new(), |c| c.pattern.to_string()),
        ours_per_call: ours,
        speedup: ours.map(|o| published / o),
        flags: f.flags.iter().map(|fl| fl.name().to_string()).collect(),
        like_for_like: cell.is_some(),
        unlike,
    })
}

/// Every published figure (of `only_seed`, if given) of an algorithm and size the run
/// measured, each beside the run's like-for-like cell (see [`Counterpart`]) if it has one.
#[must_use]
pub fn rows(
    run: &Run,
    published: &Published,
    only_seed: Option<u32>,
    counterparts: &[Counterpart],
) -> Vec<Row> {
    published
        .figures()
        .filter(|(s, _)| only_seed.is_none_or(|n| s.seed == n))
        .filter_map(|(s, f)| row(run, s, f, counterparts))
        .collect()
}

/// `compare --published` in `format`: the [`rows`] of `run` beside `published` (of
/// `only_seed`, if given), as JSON (the rows exactly), as an HTML page ([`html`]), else
/// as the table per machine of [`render`], over the run with its strings' control characters escaped (a run file can
/// come from anywhere). `None` when no cell of the run matches a published figure.
///
/// # Errors
///
/// Serialising the JSON failed (it does not for these types).
pub fn document(
    run: &Run,
    published: &Published,
    only_seed: Option<u32>,
    counterparts: &[Counterpart],
    format: CompareFormat,
) -> Result<Option<String>, serde_json::Error> {
    let rows = rows(run, published, only_seed, counterparts);
    if rows.is_empty() {
        return Ok(None);
    }
    Ok(Some(if format == CompareFormat::Json {
        let mut s = serde_json::to_string_pretty(&rows)?;
        s.push('\n');
        s
    } else if format == CompareFormat::Html {
        // The page escapes every string itself.
        html(run, published, &rows)
    } else {
        let run = crate::render::sanitize::sanitized(run);
        let rows = self::rows(&run, published, only_seed, counterparts);
        if format == CompareFormat::Markdown {
            markdown(&run, published, &rows)
        } else {
            render(&run, published, &rows)
        }
    }))
}

/// The header of every machine's table.
const HEADER: [&str; 8] = [
    "published",
    "size",
    "figure",
    "per call",
    "this machine",
    "per call",
    "speedup",
    "flags",
];
const RIGHT: [bool; 8] = [false, true, true, true, false, true, true, false];

/// What sits above the tables: this machine, and how to read the speedup.
fn preamble(run: &Run) -> String {
    format!(
        "This machine: {} ({} logical cores), {}; run of {}\n\
         speedup = published time per call / this machine's (above 1: this machine is faster);\n\
         this machine's figure is the implementation a suite maps the seed's row to (like for\n\
         like: same library or kernel, SIMD level and pattern); none when the run has none.\n",
        run.host.cpu_model, run.host.logical_cores, run.host.os, run.timestamp
    )
}

/// One published machine's rows beside this run: its heading, the table's rows, and the
/// rows not set beside a stand-in, with why.
struct Group {
    heading: String,
    table: Vec<Vec<String>>,
    unlike: Vec<String>,
}

/// The rows grouped per (seed, machine), in the order they come.
fn groups(published: &Published, rows: &[Row]) -> Vec<Group> {
    let mut keys: Vec<(u32, &str)> = Vec::new();
    for r in rows {
        if !keys.contains(&(r.seed, r.machine.as_str())) {
            keys.push((r.seed, r.machine.as_str()));
        }
    }
    let mut out = Vec::new();
    for (seed_no, machine) in keys {
        let Ok(seed) = published.seed(seed_no) else {
            continue;
        };
        let described = seed.machine(machine).map(|m| {
            [m.cpu.as_deref(), m.os.as_deref(), m.target.as_deref()]
                .into_iter()
                .flatten()
                .collect::<Vec<_>>()
                .join(", ")
        });
        let mine: Vec<&Row> = rows
            .iter()
            .filter(|r| r.seed == seed_no && r.machine == machine)
            .collect();
        let mut unlike: Vec<String> = Vec::new();
        for r in &mine {
            if let Some(why) = &r.unlike {
                let line = format!("{}: not beside {why}", r.label);
                if !unlike.contains(&line) {
                    unlike.push(line);
                }
            }
        }
        out.push(Group {
            heading: format!(
                "Seed {seed_no} ({}; {}), machine {machine}: {}",
                seed.title,
                seed.source,
                described.unwrap_or_default()
            ),
            table: mine.iter().map(|r| table_row(r)).collect(),
            unlike,
        });
    }
    out
}

/// One row of a machine's table.
fn table_row(r: &Row) -> Vec<String> {
    let per_call = |v: f64| {
        if r.cycles {
            format!("{v:.0} cycles")
        } else {
            time_ns(v)
        }
    };
    vec![
        r.label.clone(),
        size(r.size),
        r.published_text.clone(),
        per_call(r.published_per_call),
        if r.implementation.is_empty() {
            "no like-for-like call here".to_string()
        } else {
            format!("{} ({})", r.implementation, r.pattern)
        },
        r.ours_per_call.map_or("-".to_string(), per_call),
        r.speedup.map_or("-".to_string(), |s| format!("{s:.2}x")),
        if r.flags.is_empty() {
            String::new()
        } else {
            format!("IMPLAUSIBLE: {}", r.flags.join(", "))
        },
    ]
}

/// The note under the tables when a seed's figures are cycles.
const CYCLES_NOTE: &str = "Cycle figures: the seed's cycles per call beside this machine's TSC \
    ticks per call (reference cycles; neither is core cycles under turbo).";

/// The rows as a table per (seed, machine), with the machine's description.
#[must_use]
pub fn render(run: &Run, published: &Published, rows: &[Row]) -> String {
    let mut out = preamble(run);
    for g in groups(published, rows) {
        out.push_str(&format!("\n{}\n", g.heading));
        let mut table = vec![HEADER.iter().map(|s| s.to_string()).collect::<Vec<_>>()];
        table.extend(g.table);
        out.push_str(&aligned(&table, &RIGHT));
        for line in g.unlike {
            out.push_str(&format!("  {line}\n"));
        }
    }
    if rows.iter().any(|r| r.cycles) {
        out.push_str(&format!("\n{CYCLES_NOTE}\n"));
    }
    out
}

/// The rows as Markdown: the preamble as lines, a heading and a table per (seed,
/// machine), every string escaped for Markdown as the run's own Markdown is.
#[must_use]
pub fn markdown(run: &Run, published: &Published, rows: &[Row]) -> String {
    let mut out = String::new();
    for line in preamble(run).lines() {
        out.push_str(&format!("{}  \n", md_escape(line)));
    }
    for g in groups(published, rows) {
        out.push('\n');
        out.push_str(&heading(Style::Markdown, 1, &g.heading));
        out.push_str(&table(Style::Markdown, &HEADER, &g.table, &RIGHT));
        for line in g.unlike {
            out.push_str(&format!("\n- {}\n", md_escape(&line)));
        }
    }
    if rows.iter().any(|r| r.cycles) {
        out.push_str(&format!("\n{}\n", md_escape(CYCLES_NOTE)));
    }
    out
}

/// The rows as one self-contained HTML page: a section per (seed, machine), its table,
/// every string escaped.
#[must_use]
pub fn html(run: &Run, published: &Published, rows: &[Row]) -> String {
    use crate::render::html::page;
    let mut body = page::pre(&preamble(run));
    for g in groups(published, rows) {
        body.push_str(&page::heading(2, &g.heading));
        body.push_str(&page::table(&HEADER, &g.table, &RIGHT));
        for line in g.unlike {
            body.push_str(&page::note(&line));
        }
    }
    if rows.iter().any(|r| r.cycles) {
        body.push_str(&page::note(CYCLES_NOTE));
    }
    page::document("hashbench compare --published", &body)
}
