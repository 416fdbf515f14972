//! Published results: every figure of the seed documents (other people's benchmark
//! reports), as data compiled into the binary, with the machine each was measured on,
//! normalised to common units where that is meaningful, and checked for plausibility.
//!
//! The data files are `published/*.json` at the repository root, written by
//! `published/extract.py` from the seed texts; their schema is in `published/README.md`
//! and `docs/published.md`.
//!
//! ```
//! let published = hashbench_analysis::published::load()?;
//! let node = published.seed(4)?;
//! assert!(node.figures.iter().any(|f| f.size_bytes == Some(4 << 20) && !f.flags.is_empty()));
//! # Ok::<(), hashbench_analysis::published::PublishedError>(())
//! ```

#[cfg(any(test, feature = "test-util"))]
pub mod testutil;
mod units;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::plausibility::{flat_scaling, FlatScaling, SweepPoint};
pub use units::{Dimension, Normalised, Unit};

/// Version of the data files' schema and of `hashbench published --format json`.
pub const PUBLISHED_SCHEMA_VERSION: u32 = 1;

/// The data files, compiled in so the binary works from any directory.
const FILES: &[(&str, &str)] = &[
    (
        "published/000-rust-divan.json",
        include_str!("../../../../published/000-rust-divan.json"),
    ),
    (
        "published/001-rust-divan.json",
        include_str!("../../../../published/001-rust-divan.json"),
    ),
    (
        "published/002-btrfs-hash-speedtest.json",
        include_str!("../../../../published/002-btrfs-hash-speedtest.json"),
    ),
    (
        "published/003-crystal.json",
        include_str!("../../../../published/003-crystal.json"),
    ),
    (
        "published/004-node.json",
        include_str!("../../../../published/004-node.json"),
    ),
];

#[derive(Debug, thiserror::Error)]
pub enum PublishedError {
    #[error("{file}: not a published-results document: {source}")]
    Parse {
        file: String,
        #[source]
        source: serde_json::Error,
    },
    #[error("{file}: schema_version {found}, this hashbench reads {PUBLISHED_SCHEMA_VERSION}")]
    SchemaVersion { file: String, found: u32 },
    #[error("{file}: figure #{index} ({text:?}): unknown unit {unit:?}; the units are listed in docs/published.md")]
    UnknownUnit {
        file: String,
        index: usize,
        text: String,
        unit: String,
    },
    #[error("{file}: figure #{index} ({text:?}) names machine {machine:?}, which the file does not describe")]
    UnknownMachine {
        file: String,
        index: usize,
        text: String,
        machine: String,
    },
    #[error("{file}: figure #{index} ({text:?}): {why}")]
    BadFigure {
        file: String,
        index: usize,
        text: String,
        why: &'static str,
    },
    #[error("no published seed {seed}; the seeds are {known}")]
    UnknownSeed { seed: u32, known: String },
}

/// One data file as written on disk.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct SeedFile {
    pub schema_version: u32,
    /// The seed's number: 0 for `000_*.txt`.
    pub seed: u32,
    /// Where the seed was published (repository and file), or "origin not confirmed"
    /// with what identifies it.
    pub source: String,
    pub title: String,
    /// What measured the figures.
    pub harness: String,
    /// The command the seed says it ran, if it says.
    pub command: Option<String>,
    pub notes: Vec<String>,
    pub machines: Vec<Machine>,
    pub figures: Vec<RawFigure>,
}

/// A machine in the seed's own words; `None` where the seed does not say.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Machine {
    pub id: String,
    /// The seed's heading for the machine's results.
    pub heading: Option<String>,
    pub cpu: Option<String>,
    pub os: Option<String>,
    /// Target triple or architecture.
    pub target: Option<String>,
    /// The harness's timer precision as printed.
    pub timer_precision: Option<String>,
    /// Further words of the seed about the machine or the run on it.
    pub notes: Vec<String>,
}

/// A published figure, as transcribed.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct RawFigure {
    /// Where in the seed: headings, from the outermost.
    pub section: String,
    pub machine: String,
    /// The seed's own label for the benchmark row, verbatim.
    pub label: String,
    /// The hashbench algorithm id, when the row maps to one.
    pub algorithm: Option<String>,
    /// The library or program as the seed names it.
    pub implementation: String,
    /// Pattern or backend label (`prealloc`, `reset`, `AVX2`, `rayon`).
    pub variant: Option<String>,
    /// Why `algorithm` was chosen, where the seed leaves room for doubt.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mapping_note: Option<String>,
    /// Build or run configuration the figure belongs to (`-O2 build, 100000 iterations`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub setup: Option<String>,
    /// Input bytes per call; `None` where the seed gives no size.
    pub size_bytes: Option<u64>,
    /// Which number of the row: `median`, `mean`, `fastest`, `result`, `ips`...
    pub statistic: String,
    pub value: f64,
    /// The unit as published.
    pub unit: String,
    /// The figure exactly as printed.
    pub text: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub tolerance: Option<Tolerance>,
    /// The same measurement published a second time as a rate (divan prints a time row
    /// and, under it, the bytes divided by that time): kept on the time figure so that
    /// one measurement is one figure.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rate: Option<Rate>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub samples: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub iterations: Option<u64>,
    /// For counts of calls: the seconds they were counted over.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub over_seconds: Option<f64>,
}

/// A ± published with a figure.
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Tolerance {
    pub value: f64,
    pub unit: String,
    pub text: String,
}

/// A figure's measurement as the seed also printed it, as a rate (`8.944 GB/s`).
#[derive(Clone, Debug, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct Rate {
    pub value: f64,
    pub unit: String,
    /// The rate exactly as printed.
    pub text: String,
}

/// A warning about a published figure.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(tag = "flag", rename_all = "kebab-case")]
pub enum Flag {
    /// Time per call does not grow with size: see [`flat_scaling`].
    FlatScaling {
        message: String,
        evidence: FlatScaling,
    },
}

impl Flag {
    pub fn name(&self) -> &'static str {
        match self {
            Flag::FlatScaling { .. } => "flat-scaling",
        }
    }

    pub fn message(&self) -> &str {
        match self {
            Flag::FlatScaling { message, .. } => message,
        }
    }
}

/// A figure, loaded: as transcribed, plus its parsed unit, common units and flags.
#[derive(Clone, Debug, Serialize)]
pub struct Figure {
    #[serde(flatten)]
    pub raw: RawFigure,
    #[serde(skip)]
    pub parsed_unit: Unit,
    pub normalised: Normalised,
    pub flags: Vec<Flag>,
}

impl std::ops::Deref for Figure {
    type Target = RawFigure;
    fn deref(&self) -> &RawFigure {
        &self.raw
    }
}

/// One seed document's data, loaded and checked.
#[derive(Clone, Debug, Serialize)]
pub struct Seed {
    pub schema_version: u32,
    pub seed: u32,
    pub source: String,
    /// The data file in this repository.
    pub data_file: String,
    pub title: String,
    pub harness: String,
    pub command: Option<String>,
    pub notes: Vec<String>,
    pub machines: Vec<Machine>,
    pub figures: Vec<Figure>,
}

impl Seed {
    pub fn machine(&self, id: &str) -> Option<&Machine> {
        self.machines.iter().find(|m| m.id == id)
    }
}

/// Every seed's data.
#[derive(Clone, Debug, Serialize)]
pub struct Published {
    pub schema_version: u32,
    pub seeds: Vec<Seed>,
}

impl Published {
    pub fn seed(&self, seed: u32) -> Result<&Seed, PublishedError> {
        self.seeds
            .iter()
            .find(|s| s.seed == seed)
            .ok_or_else(|| PublishedError::UnknownSeed {
                seed,
                known: self
                    .seeds
                    .iter()
                    .map(|s| s.seed.to_string())
                    .collect::<Vec<_>>()
                    .join(", "),
            })
    }

    /// Seed `only` (`--seed N`), or every seed without it.
    ///
    /// # Errors
    ///
    /// No seed has that number.
    pub fn seeds_or_all(&self, only: Option<u32>) -> Result<Vec<&Seed>, PublishedError> {
        match only {
            Some(n) => Ok(vec![self.seed(n)?]),
            None => Ok(self.seeds.iter().collect()),
        }
    }

    /// Every figure of every seed, with its seed.
    pub fn figures(&self) -> impl Iterator<Item = (&Seed, &Figure)> {
        self.seeds
            .iter()
            .flat_map(|s| s.figures.iter().map(move |f| (s, f)))
    }
}

/// The compiled-in data files, parsed, normalised and checked.
pub fn load() -> Result<Published, PublishedError> {
    let seeds = FILES
        .iter()
        .map(|(file, text)| parse(file, text))
        .collect::<Result<Vec<_>, _>>()?;
    Ok(Published {
        schema_version: PUBLISHED_SCHEMA_VERSION,
        seeds,
    })
}

/// One data file's text, parsed, normalised and checked. `file` names it in errors.
pub fn parse(file: &str, text: &str) -> Result<Seed, PublishedError> {
    let doc: SeedFile = serde_json::from_str(text).map_err(|source| PublishedError::Parse {
        file: file.to_string(),
        source,
    })?;
    if doc.schema_version != PUBLISHED_SCHEMA_VERSION {
        return Err(PublishedError::SchemaVersion {
            file: file.to_string(),
            found: doc.schema_version,
        });
    }
    let mut figures = Vec::with_capacity(doc.figures.len());
    for (index, raw) in doc.figures.into_iter().enumerate() {
        let bad = |why| PublishedError::BadFigure {
            file: file.to_string(),
            index,
            text: raw.text.clone(),
            why,
        };
        if !doc.machines.iter().any(|m| m.id == raw.machine) {
            return Err(PublishedError::UnknownMachine {
                file: file.to_string(),
                index,
                text: raw.text.clone(),
                machine: raw.machine.clone(),
            });
        }
        let Some(unit) = Unit::parse(&raw.unit) else {
            return Err(PublishedError::UnknownUnit {
                file: file.to_string(),
                index,
                text: raw.text.clone(),
                unit: raw.unit.clone(),
            });
        };
        if !raw.value.is_finite() || raw.value < 0.0 {
            return Err(bad("the value must be a finite number >= 0"));
        }
        if raw.size_bytes == Some(0) {
            return Err(bad("size_bytes must be positive or null"));
        }
        // A rate of 0 has no time per call; a count needs the time it was taken over.
        if raw.value == 0.0
            && matches!(
                unit.dimension(),
                Dimension::CallRate | Dimension::Throughput | Dimension::Time
            )
        {
            return Err(bad("a time or rate of 0 cannot be converted"));
        }
        if unit == Unit::Calls && !raw.over_seconds.is_some_and(|s| s > 0.0) {
            return Err(bad("a count of calls needs over_seconds > 0"));
        }
        if let Some(rate) = &raw.rate {
            let is_throughput =
                Unit::parse(&rate.unit).is_some_and(|u| u.dimension() == Dimension::Throughput);
            if !is_throughput || unit.dimension() != Dimension::Time {
                return Err(bad(
                    "a rate rides only on a time figure, in bytes per second",
                ));
            }
        }
        let normalised = Normalised::of(raw.value, unit, raw.size_bytes, raw.over_seconds);
        figures.push(Figure {
            raw,
            parsed_unit: unit,
            normalised,
            flags: Vec::new(),
        });
    }
    flag_flat_scaling(&mut figures);
    Ok(Seed {
        schema_version: doc.schema_version,
        seed: doc.seed,
        source: doc.source,
        data_file: file.to_string(),
        title: doc.title,
        harness: doc.harness,
        command: doc.command,
        notes: doc.notes,
        machines: doc.machines,
        figures,
    })
}

/// Statistics that describe a typical call. The extremes (divan's `fastest` and
/// `slowest`) are left out of the sweep check: one outlier sample sets them, so they
/// need not scale with size even in an honest run.
const TYPICAL_STATISTICS: &[&str] = &["median", "mean", "result", "ips", "time-per-op", "count"];

/// Groups figures into sweeps (same machine, row, variant, setup, statistic and kind of
/// unit, over several sizes) and flags the points [`flat_scaling`] finds.
fn flag_flat_scaling(figures: &mut [Figure]) {
    type Key<'a> = (
        &'a str,
        &'a str,
        Option<&'a str>,
        Option<&'a str>,
        &'a str,
        Dimension,
    );
    let mut sweeps: BTreeMap<Key, Vec<(usize, SweepPoint)>> = BTreeMap::new();
    for (i, f) in figures.iter().enumerate() {
        let (Some(size_bytes), Some(ops_per_sec)) = (f.size_bytes, f.normalised.ops_per_sec) else {
            continue;
        };
        if !TYPICAL_STATISTICS.contains(&f.statistic.as_str()) {
            continue;
        }
        let key = (
            f.machine.as_str(),
            f.label.as_str(),
            f.variant.as_deref(),
            f.setup.as_deref(),
            f.statistic.as_str(),
            f.parsed_unit.dimension(),
        );
        sweeps.entry(key).or_default().push((
            i,
            SweepPoint {
                size_bytes,
                ops_per_sec,
            },
        ));
    }
    let mut flags: Vec<(usize, Flag)> = Vec::new();
    for points in sweeps.values() {
        let sweep: Vec<SweepPoint> = points.iter().map(|(_, p)| *p).collect();
        for finding in flat_scaling(&sweep) {
            // Figures of one sweep have distinct sizes in these seeds; should two share a
            // size, both are flagged, as both are equally contradicted.
            for (i, p) in points {
                if p.size_bytes == finding.large.size_bytes
                    && p.ops_per_sec == finding.large.ops_per_sec
                {
                    // Two larger points of one size give two identical findings, each
                    // matching both points: flag each point once.
                    let flag = (
                        *i,
                        Flag::FlatScaling {
                            message: finding.message(),
                            evidence: finding,
                        },
                    );
                    if !flags.contains(&flag) {
                        flags.push(flag);
                    }
                }
            }
        }
    }
    for (i, flag) in flags {
        figures[i].flags.push(flag);
    }
}

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_figures;
