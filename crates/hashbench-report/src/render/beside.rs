//! This machine's run beside the published machines of the seeds: for every published
//! figure of an algorithm at a size, the same algorithm at the same size in the run, and
//! how many times faster this machine is. A suite run whose labels name the seed's row
//! (`"blake2b-512/crystal:libsodium@prealloc" = "blake2b.finish"`) is set beside it like
//! for like: that implementation and pattern; otherwise the run's fastest implementation
//! of the algorithm at that size stands in, and the row says so.

use serde::Serialize;

use crate::format::{aligned, size, time_ns};
use crate::published::{Figure, Published, Seed};
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
    /// The run's implementation set beside it: the suite's mapping of the row, else the
    /// fastest of the algorithm at this size; empty when a suite run has no like-for-like
    /// implementation (the suite maps other rows, not this one).
    pub implementation: String,
    pub pattern: String,
    /// `None` when nothing like for like was measured.
    pub ours_per_call: Option<f64>,
    /// published / ours: above 1, this machine is faster.
    pub speedup: Option<f64>,
    /// Plausibility flags on the published figure (e.g. `flat-scaling`).
    pub flags: Vec<String>,
    /// Whether `implementation` is the one the suite's labels map the seed's row to (like
    /// for like), rather than the fastest of the algorithm.
    #[serde(default)]
    pub like_for_like: bool,
}

/// The run's cell the suite's labels map the seed's row `label` to, at `size`.
fn labelled<'a>(run: &'a Run, label: &str, size: u64) -> Option<&'a Cell> {
    let suite = run.suite.as_ref()?;
    run.cells.iter().find(|c| {
        c.size == size && {
            let with_pattern = format!("{}@{}", c.implementation, c.pattern);
            suite
                .labels
                .get(&with_pattern)
                .or_else(|| suite.labels.get(c.implementation.id()))
                .is_some_and(|l| l == label)
        }
    })
}

fn fastest<'a>(run: &'a Run, algorithm: &str, size: u64) -> Option<&'a Cell> {
    run.cells
        .iter()
        .filter(|c| c.algorithm.as_deref() == Some(algorithm) && c.size == size)
        .min_by(|a, b| a.summary.median.get().total_cmp(&b.summary.median.get()))
}

fn row(run: &Run, seed: &Seed, f: &Figure) -> Option<Row> {
    let raw = &f.raw;
    let &(_, cycles) = TYPICAL.iter().find(|(s, _)| *s == raw.statistic)?;
    let algorithm = raw.algorithm.as_deref()?;
    let size = raw.size_bytes?;
    let like = labelled(run, &raw.label, size);
    // A suite that maps the seed's rows to its own says which are like for like; a row it
    // does not map has no counterpart here, and is shown as such, not beside another call.
    let maps_rows = run.suite.as_ref().is_some_and(|s| !s.labels.is_empty());
    let cell = match like {
        Some(c) => Some(c),
        None if maps_rows => {
            fastest(run, algorithm, size)?;
            None
        }
        None => Some(fastest(run, algorithm, size)?),
    };
    let published = if cycles {
        raw.value
    } else {
        f.normalised.ns_per_call?
    };
    let ours = match cell {
        Some(c) if cycles => Some(c.tsc_cycles_per_call?),
        Some(c) => Some(c.summary.median.get()),
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
        like_for_like: like.is_some(),
    })
}

/// Every published figure (of `only_seed`, if given) that the run has a cell for.
#[must_use]
pub fn rows(run: &Run, published: &Published, only_seed: Option<u32>) -> Vec<Row> {
    published
        .figures()
        .filter(|(s, _)| only_seed.is_none_or(|n| s.seed == n))
        .filter_map(|(s, f)| row(run, s, f))
        .collect()
}

/// The rows as a table per (seed, machine), with the machine's description.
#[must_use]
pub fn render(run: &Run, published: &Published, rows: &[Row]) -> String {
    let mut out = format!(
        "This machine: {} ({} logical cores), {}; run of {}\n\
         speedup = published time per call / this machine's (above 1: this machine is faster);\n\
         this machine's figure is its fastest implementation of the algorithm at that size, or in\n\
         a suite run that maps the seed's rows, the row of the same name (like for like).\n",
        run.host.cpu_model, run.host.logical_cores, run.host.os, run.timestamp
    );
    let mut groups: Vec<(u32, &str)> = Vec::new();
    for r in rows {
        if !groups.contains(&(r.seed, r.machine.as_str())) {
            groups.push((r.seed, r.machine.as_str()));
        }
    }
    for (seed_no, machine) in groups {
        let Ok(seed) = published.seed(seed_no) else {
            continue;
        };
        let m = seed.machine(machine);
        out.push_str(&format!(
            "\nSeed {seed_no} ({}), machine {machine}: {}\n",
            seed.title,
            m.map(|m| {
                [m.cpu.as_deref(), m.os.as_deref(), m.target.as_deref()]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(", ")
            })
            .unwrap_or_default()
        ));
        let mut table = vec![[
            "published",
            "size",
            "figure",
            "per call",
            "this machine",
            "per call",
            "speedup",
            "flags",
        ]
        .iter()
        .map(|s| s.to_string())
        .collect::<Vec<_>>()];
        for r in rows
            .iter()
            .filter(|r| r.seed == seed_no && r.machine == machine)
        {
            let per_call = |v: f64| {
                if r.cycles {
                    format!("{v:.0} cycles")
                } else {
                    time_ns(v)
                }
            };
            table.push(vec![
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
            ]);
        }
        out.push_str(&aligned(
            &table,
            &[false, true, true, true, false, true, true, false],
        ));
    }
    if rows.iter().any(|r| r.cycles) {
        out.push_str(
            "\nCycle figures: the seed's cycles per call beside this machine's TSC ticks per call \
             (reference cycles; neither is core cycles under turbo).\n",
        );
    }
    out
}
