//! Machines side by side: runs from different machines, each figure that machine's own.
//!
//! Across machines there is no "change of the code" to find: every cell differs because
//! the machine does, and the machine-speed adjustment of [`crate::compare`] (estimated
//! from `read` and `memcpy`) means nothing when the CPUs differ. So this view gives no
//! verdicts. Per cell it gives each machine's figure with its own interval and the ratio
//! of each machine to the first with the interval both give; per size it ranks, on each
//! machine, the implementations every machine measured, and says where the answer (the
//! first tie group) or the order (a pair in separate tie groups, ahead on one machine and
//! behind on the other) changes.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use hashbench_model::{Cell, Mode, Run, Size};
use hashbench_stats::rounds::Relation;

use crate::compare::{interval, CellKey};
use crate::ties;

/// How many places of each machine's ranking a rendering shows (all are in the model).
pub const SHOWN_PLACES: usize = 10;

/// What makes two runs come from different machines, or nothing when they do not.
/// The host name is never collected (hashbench_host::Host), so a machine is its CPU
/// model, its core counts and its memory.
#[must_use]
pub fn differences(a: &Run, b: &Run) -> Vec<&'static str> {
    let (x, y) = (&a.host, &b.host);
    let mut out = Vec::new();
    if x.cpu_model != y.cpu_model {
        out.push("CPU model");
    }
    if x.logical_cores != y.logical_cores || x.physical_cores != y.physical_cores {
        out.push("core count");
    }
    if x.memory_bytes != y.memory_bytes {
        out.push("memory");
    }
    out
}

/// One machine (one run) of the view.
#[derive(Clone, Debug, Serialize)]
pub struct Machine {
    /// How the view names it: the run's file name, or `baseline NAME`.
    pub name: String,
    pub cpu_model: String,
    pub logical_cores: usize,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub physical_cores: Option<usize>,
    /// The build's RUSTFLAGS-style flags, which change code chosen at compile time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub build_flags: Option<String>,
    pub timestamp: String,
}

/// A machine's figure for a cell: its time per call and the interval its run gives it.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Figure {
    pub median_ns: f64,
    pub low_ns: f64,
    pub high_ns: f64,
}

impl Figure {
    fn of(c: &Cell) -> Self {
        let (low_ns, high_ns) = interval(c);
        Figure {
            median_ns: c.time_ns(),
            low_ns,
            high_ns,
        }
    }
}

/// Machine i's time over the first machine's (above 1: slower there), with the interval
/// from both figures' intervals: no adjustment, no verdict.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Ratio {
    pub ratio: f64,
    pub low: f64,
    pub high: f64,
}

impl Ratio {
    fn of(first: Figure, other: Figure) -> Self {
        Ratio {
            ratio: other.median_ns / first.median_ns,
            low: other.low_ns / first.high_ns,
            high: if first.low_ns > 0.0 {
                other.high_ns / first.low_ns
            } else {
                f64::INFINITY
            },
        }
    }
}

/// One cell across the machines.
#[derive(Clone, Debug, Serialize)]
pub struct Row {
    pub key: CellKey,
    /// Per machine, in the view's order; `None` where that run has no such cell.
    pub figures: Vec<Option<Figure>>,
    /// Per machine after the first: its time over the first's, where both have the cell.
    pub ratios: Vec<Option<Ratio>>,
}

/// Where an implementation stands on one machine.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Place {
    /// 1-based position in that machine's ranking.
    pub position: usize,
    /// 1-based position of its tie group's leader.
    pub group: usize,
    /// How it stands to the leader (`equivalent`, `undecided`); absent for a leader.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub relation: Option<Relation>,
}

impl Place {
    /// The mark every ranking prints: `3`, `=1` (tied with #1) or `~1` (equivalent).
    #[must_use]
    pub fn mark(&self) -> String {
        match self.relation {
            None => self.position.to_string(),
            Some(Relation::Equivalent) => format!("~{}", self.group),
            Some(_) => format!("={}", self.group),
        }
    }
}

/// One implementation (series) in the rankings of one size.
#[derive(Clone, Debug, Serialize)]
pub struct Placed {
    /// The series label (`sha2-256/openssl`, with pattern and threads when not default).
    pub implementation: String,
    /// Per machine.
    pub places: Vec<Place>,
    /// It is in a separate tie group ahead of some other implementation on one machine
    /// and behind it on another.
    pub reordered: bool,
}

/// The rankings of one size and mode on every machine.
#[derive(Clone, Debug, Serialize)]
pub struct SizeRankings {
    pub size: Size,
    #[serde(skip_serializing_if = "Mode::is_throughput")]
    pub mode: Mode,
    /// Every implementation all machines measured here, in the first machine's order.
    pub placed: Vec<Placed>,
    /// Per machine: its first tie group (the answer it gives), fastest first.
    pub answers: Vec<Vec<String>>,
    /// No implementation is in the first group on every machine.
    pub answer_changes: bool,
    /// Pairs in separate tie groups on every machine whose order is not the same on all.
    pub reordered_pairs: usize,
    /// Implementations measured here on some machines only: not ranked.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub not_everywhere: Vec<String>,
}

/// The machines view of some runs.
#[derive(Clone, Debug, Serialize)]
pub struct MachinesView {
    pub machines: Vec<Machine>,
    pub rows: Vec<Row>,
    pub rankings: Vec<SizeRankings>,
}

fn machine(name: &str, run: &Run) -> Machine {
    Machine {
        name: name.to_string(),
        cpu_model: run.host.cpu_model.clone(),
        logical_cores: run.host.logical_cores,
        physical_cores: run.host.physical_cores,
        build_flags: Some(run.build.rustflags.clone()).filter(|f| !f.is_empty()),
        timestamp: run.timestamp.clone(),
    }
}

/// The machines view of `runs` (name, run), the first being the one the others' ratios
/// are taken against.
#[must_use]
pub fn view(runs: &[(&str, &Run)]) -> MachinesView {
    let indexed: Vec<BTreeMap<CellKey, &Cell>> = runs
        .iter()
        .map(|(_, r)| {
            r.cells
                .iter()
                .chain(&r.baselines)
                .map(|c| (CellKey::of(c), c))
                .collect()
        })
        .collect();
    let keys: BTreeSet<&CellKey> = indexed.iter().flat_map(BTreeMap::keys).collect();
    let rows = keys
        .into_iter()
        .map(|key| {
            let figures: Vec<Option<Figure>> = indexed
                .iter()
                .map(|m| m.get(key).map(|c| Figure::of(c)))
                .collect();
            let ratios = figures[1..]
                .iter()
                .map(|f| Some(Ratio::of(figures[0]?, (*f)?)))
                .collect();
            Row {
                key: key.clone(),
                figures,
                ratios,
            }
        })
        .collect();
    MachinesView {
        machines: runs.iter().map(|(n, r)| machine(n, r)).collect(),
        rows,
        rankings: rankings(runs),
    }
}

/// Per size and mode, each machine's ranking of what every machine measured there.
fn rankings(runs: &[(&str, &Run)]) -> Vec<SizeRankings> {
    let Some((_, first)) = runs.first() else {
        return Vec::new();
    };
    let mut out = Vec::new();
    for size in first.sizes() {
        for mode in [Mode::Throughput, Mode::Latency] {
            let cells: Vec<BTreeMap<String, &Cell>> = runs
                .iter()
                .map(|(_, run)| {
                    run.cells
                        .iter()
                        .filter(|c| c.size == size && c.mode == mode)
                        .map(|c| (c.label(), c))
                        .collect()
                })
                .collect();
            if cells.iter().any(BTreeMap::is_empty) {
                continue;
            }
            let everywhere: BTreeSet<&String> = cells[0]
                .keys()
                .filter(|l| cells.iter().all(|m| m.contains_key(*l)))
                .collect();
            let not_everywhere: BTreeSet<String> = cells
                .iter()
                .flat_map(BTreeMap::keys)
                .filter(|l| !everywhere.contains(l))
                .cloned()
                .collect();
            let places: Vec<BTreeMap<String, Place>> = runs
                .iter()
                .zip(&cells)
                .map(|((_, run), m)| ranked(run, m, &everywhere))
                .collect();
            out.push(size_rankings(
                size,
                mode,
                &places,
                not_everywhere.into_iter().collect(),
            ));
        }
    }
    out
}

/// One machine's ranking of the cells in `labels`, with its own tie groups.
fn ranked(
    run: &Run,
    cells: &BTreeMap<String, &Cell>,
    labels: &BTreeSet<&String>,
) -> BTreeMap<String, Place> {
    let mut order: Vec<(&String, &Cell)> = labels.iter().map(|l| (*l, cells[*l])).collect();
    order.sort_by(|a, b| a.1.time_ns().total_cmp(&b.1.time_ns()).then(a.0.cmp(b.0)));
    let only: Vec<&Cell> = order.iter().map(|(_, c)| *c).collect();
    let groups = ties::groups(&only, ties::margin_of(run));
    order
        .iter()
        .zip(groups)
        .enumerate()
        .map(|(i, ((label, _), g))| {
            (
                (*label).clone(),
                Place {
                    position: i + 1,
                    group: g.leader + 1,
                    relation: g.relation,
                },
            )
        })
        .collect()
}

fn size_rankings(
    size: Size,
    mode: Mode,
    places: &[BTreeMap<String, Place>],
    not_everywhere: Vec<String>,
) -> SizeRankings {
    let mut labels: Vec<&String> = places[0].keys().collect();
    labels.sort_by_key(|l| places[0][*l].position);
    // x is clearly ahead of y on a machine when its tie group comes first there: each
    // implementation's group on every machine, compared by sorting, not pair by pair.
    let groups: Vec<Vec<usize>> = labels
        .iter()
        .map(|l| places.iter().map(|m| m[*l].group).collect())
        .collect();
    let reordered_pairs = reorder::reordered_pairs(&groups) as usize;
    let moved = reorder::moved(&groups);
    let answers: Vec<Vec<String>> = places
        .iter()
        .map(|m| {
            let mut first: Vec<(&String, &Place)> =
                m.iter().filter(|(_, p)| p.group == 1).collect();
            first.sort_by_key(|(_, p)| p.position);
            first.into_iter().map(|(l, _)| l.clone()).collect()
        })
        .collect();
    // Sets, not lists: when everything ties, each answer holds every implementation.
    let firsts: Vec<BTreeSet<&String>> = answers.iter().map(|a| a.iter().collect()).collect();
    let answer_changes = !answers[0]
        .iter()
        .any(|a| firsts.iter().all(|other| other.contains(a)));
    SizeRankings {
        size,
        mode,
        placed: labels
            .iter()
            .zip(moved)
            .map(|(l, reordered)| Placed {
                implementation: (*l).clone(),
                places: places.iter().map(|m| m[*l]).collect(),
                reordered,
            })
            .collect(),
        answers,
        answer_changes,
        reordered_pairs,
        not_everywhere,
    }
}

mod reorder;

#[cfg(test)]
mod tests;
