//! The machine's memory of its own speed: the drift reference's figure from each recent
//! run on this machine, so that a run spent wholly in a slow spell can tell.
//!
//! A run judges which of its passes ran at the machine's speed from the drift reference
//! timed between them ([`hashbench_stats::phase`]). That works when the run meets the
//! machine's speed at some point; on a shared VM a slow spell can outlast a short run
//! (the development VM: the reference at 18 ns for a whole 2 s run, 12.2 ns in the runs
//! before and after), and then every pass looks fast and every figure is the slow
//! spell's, 1.5x off and unflagged. Earlier runs know better: the fastest cluster of
//! their reference figures that agree is the machine's undisturbed speed, and a run told
//! it measures on while its passes are slower, then flags what never met it.
//!
//! Kept per machine (CPU model, its features, memory, kernel) and per
//! hashbench build ([`build_id`]: the reference kernels are hashbench's code), the last
//! [`KEPT_RUNS`] runs of the last [`KEPT_DAYS`] days; nothing but times and dates. The
//! binary reads and writes the file (`machine-speed.json` in the data directory,
//! docs/usage.md); this is what it means.

use std::collections::BTreeMap;

use hashbench_host::Host;
use hashbench_model::bounded::keep_newest;
use hashbench_model::{DriftReference, RememberedSpeed, RememberedSpeeds, Run};
use hashbench_stats::{undisturbed, Round};
use serde::{Deserialize, Serialize};

/// Runs kept per machine.
pub const KEPT_RUNS: usize = 32;
/// How old a remembered run may be, in days: long enough to span a working week's
/// runs, short enough that a machine moved to other hardware under the same name
/// forgets the old one.
pub const KEPT_DAYS: u64 = 7;
/// How much slower than another build's remembered speed this build's own may be when
/// undisturbed ([`MachineMemory::borrow`]): the reference kernels' speed moves with where
/// the compiler placed their loops, on the development VM by up to 1.24x between two
/// builds (the short reference at 2.23 and 2.77 ns, 2026-11-29; 2.30 and 2.57 ns in
/// the memory of that evening's five builds).
pub const BORROW_MARGIN: f64 = 1.3;
/// Machines kept in one file (the oldest forgotten first).
pub const KEPT_MACHINES: usize = 16;

/// The file's whole content.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
pub struct MachineMemory {
    /// The format's version.
    pub version: u32,
    /// Per machine key ([`key`]), its runs, oldest first.
    pub machines: BTreeMap<String, Vec<Remembered>>,
}

/// One run's drift reference figure.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Remembered {
    /// When the run ended, seconds since the Unix epoch.
    pub at: u64,
    /// Its reference's figure, ns.
    pub median_ns: f64,
}

/// The format version this hashbench writes.
pub const VERSION: u32 = 1;

/// What identifies a machine and the reference kernel it timed. Not the CPUs this
/// process may run on: a run pinned to one (`--pin`) is the same machine.
#[must_use]
pub fn key(host: &Host, version: &str) -> String {
    format!(
        "{} | {} | {} bytes | {} | {} | hashbench {version}",
        host.cpu_model,
        host.cpu_features.join(","),
        host.memory_bytes.unwrap_or(0),
        host.kernel.as_deref().unwrap_or("unknown kernel"),
        host.arch,
    )
}

/// What names the build whose reference kernels a memory holds, for [`key`]: the version,
/// the commit it was built from where known, and an unoptimised build apart. The
/// kernels' speed depends on where the compiler placed their loops, which any change of
/// the code may move: on the development VM the short reference read 2.77 ns in every run
/// of one build and 2.23 ns in every run of the next (2026-11-29), and a memory shared by
/// the two would judge every run of the slower-placed build slow.
#[must_use]
pub fn build_id(tool: &hashbench_model::Tool, optimised: bool) -> String {
    let commit = tool
        .git_commit
        .as_deref()
        .map(|c| format!(" {}", c.get(..12).unwrap_or(c)))
        .unwrap_or_default();
    let profile = if optimised { "" } else { " unoptimised" };
    format!("{}{commit}{profile}", tool.version)
}

/// The key under which the short reference's figures (`read` at 64 B, beside the first
/// reference at every point of a run) are kept for the machine `key`: the two kernels'
/// figures are remembered apart, each judged by its own fastest cluster.
#[must_use]
pub fn short_key(key: &str) -> String {
    format!("{key}{SHORT_SUFFIX}")
}

/// What [`short_key`] appends.
const SHORT_SUFFIX: &str = " | short reference";

/// This machine's key for a hashbench of this build ([`build_id`]), and the time now in seconds since
/// the epoch: what [`MachineMemory::recall`] and [`MachineMemory::record`] are given when
/// the memory is this machine's own.
#[must_use]
pub fn here(version: &str) -> (String, u64) {
    (key(&Host::detect(), version), now())
}

/// The time now in seconds since the Unix epoch (0 before it): the clock both memories
/// keep their entries' ages by.
#[must_use]
pub fn now() -> u64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

impl MachineMemory {
    /// The machine's undisturbed reference time: the fastest cluster of the remembered
    /// runs' figures that agree (at least three runs within 4 %, as a cell's figure from
    /// its rounds), `None` while fewer runs agree. Runs older than [`KEPT_DAYS`] at
    /// `now` do not count.
    #[must_use]
    pub fn recall(&self, key: &str, now: u64) -> Option<RememberedSpeed> {
        let runs: Vec<Round> = self
            .machines
            .get(key)?
            .iter()
            .filter(|r| fresh(r.at, now) && r.median_ns.is_finite() && r.median_ns > 0.0)
            .map(|r| Round::exact(r.median_ns))
            .collect();
        let figure = undisturbed(&runs)?;
        figure.confirmed().then_some(RememberedSpeed {
            median_ns: figure.median_ns,
            runs: figure.rounds.len(),
            borrowed: false,
        })
    }

    /// For a build with too few runs of its own to be told its speed (a new build's
    /// first runs, which were blind to a slow spell), or whose own is slower than this
    /// ([`MachineMemory::recall_both`]): what the other builds of hashbench
    /// on the same machine remember of the same reference (same kind, same optimisation),
    /// the slowest of them times [`BORROW_MARGIN`]. A pass is then judged slow only when
    /// at least 1.5x slower than that build's speed (`hashbench_stats::phase`'s 15 %
    /// on top), which the machine's slow states are (1.6-2x) and no build's placement of
    /// the kernels has been.
    #[must_use]
    pub fn borrow(&self, key: &str, now: u64) -> Option<RememberedSpeed> {
        let (machine, build) = key.split_once(" | hashbench ")?;
        let kind = |b: &str| (b.contains(" unoptimised"), b.ends_with(SHORT_SUFFIX));
        let slowest = self
            .machines
            .keys()
            .filter(|k| {
                k.split_once(" | hashbench ")
                    .is_some_and(|(m, b)| m == machine && b != build && kind(b) == kind(build))
            })
            .filter_map(|k| self.recall(k, now))
            .max_by(|a, b| a.median_ns.total_cmp(&b.median_ns))?;
        Some(RememberedSpeed {
            median_ns: slowest.median_ns * BORROW_MARGIN,
            runs: slowest.runs,
            borrowed: true,
        })
    }

    /// What earlier runs remember of both drift references of the machine `key`
    /// ([`MachineMemory::recall`] under `key` and under [`short_key`]), each the faster
    /// of this build's own speed and what it would borrow ([`MachineMemory::borrow`]):
    /// a build whose first runs all met a slow spell (on the development VM a steady 2x
    /// state lasted minutes) would otherwise take the spell for its speed for as long as
    /// it remembers those runs, while the other builds' slowest, with the margin, says
    /// the machine runs faster.
    #[must_use]
    pub fn recall_both(&self, key: &str, now: u64) -> RememberedSpeeds {
        let judged = |key: &str| {
            let (own, borrowed) = (self.recall(key, now), self.borrow(key, now));
            match (own, borrowed) {
                (Some(o), Some(b)) if b.median_ns < o.median_ns => Some(b),
                (Some(o), _) => Some(o),
                (None, b) => b,
            }
        };
        RememberedSpeeds {
            first: judged(key),
            short: judged(&short_key(key)),
        }
    }

    /// Adds what `run` says of the machine's speed (each drift reference's figure, where
    /// its timings settled on one with no faster timings unconfirmed, and the run was
    /// not interrupted; the short reference's under [`short_key`]), then forgets what is
    /// too old or too much. Returns whether it added anything.
    pub fn record(&mut self, key: &str, run: &Run, now: u64) -> bool {
        let Some(reference) = run.reference.as_ref().filter(|_| run.complete) else {
            return false;
        };
        let short = reference.short.as_deref();
        let mut added = false;
        for (key, reference) in [(key.to_string(), Some(reference)), (short_key(key), short)] {
            let figure = reference
                .and_then(DriftReference::figure)
                .filter(hashbench_stats::RoundFigure::confirmed);
            if let Some(figure) = figure {
                self.machines.entry(key).or_default().push(Remembered {
                    at: now,
                    median_ns: figure.median_ns,
                });
                added = true;
            }
        }
        if added {
            self.version = VERSION;
            self.forget(now);
        }
        added
    }

    /// Drops runs older than [`KEPT_DAYS`], all but the last [`KEPT_RUNS`] of a machine,
    /// machines with no runs left, and the machines last measured longest ago beyond
    /// [`KEPT_MACHINES`].
    fn forget(&mut self, now: u64) {
        for runs in self.machines.values_mut() {
            runs.retain(|r| fresh(r.at, now));
            let extra = runs.len().saturating_sub(KEPT_RUNS);
            runs.drain(..extra);
        }
        self.machines.retain(|_, runs| !runs.is_empty());
        keep_newest(&mut self.machines, KEPT_MACHINES, |runs| {
            runs.last().map_or(0, |r| r.at)
        });
    }
}

/// Whether a run remembered at `at` still counts at `now` (a date in the future, from a
/// clock set back, counts as now).
pub(crate) fn fresh(at: u64, now: u64) -> bool {
    now.saturating_sub(at) <= KEPT_DAYS * 86_400
}

#[cfg(test)]
mod tests;
