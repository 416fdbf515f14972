//! Differential fuzzing: random inputs through every implementation of an algorithm,
//! every digest compared with the others.
//!
//! Known answers and the agreement check use fixed inputs; a bug that needs one
//! particular length, alignment or split of the stream can sit between them. The fuzzer
//! draws such combinations at random, many of them, and needs no expected value: the
//! implementations of an algorithm must agree with each other.
//!
//! **Cases.** A run of N cases draws N inputs in all (not N per algorithm): case `i`
//! goes to the `i % A`-th of the A selected algorithms (round-robin, catalogue order),
//! and goes through every implementation of that algorithm twice: one-shot, and streamed
//! in the case's pieces. Every digest is compared with the first implementation's
//! one-shot digest, so one case compares `2n - 1` digests for `n` implementations.
//!
//! **Replay.** A case is a pure function of the seed, its index and its algorithm
//! ([`cases::draw_case`]): the same seed and filter give the same cases, in the same
//! order, on any machine. Each implementation keeps one state for the whole run, as a
//! long-lived caller would (reset before each streamed input), so rerunning the same
//! command also replays any state carried between cases.
//!
//! ```
//! use hashbench_catalog::Filter;
//! use hashbench_verify::{fuzz, FuzzConfig};
//!
//! let selected = Filter::parse(&["crc32"]).unwrap().implementations();
//! let config = FuzzConfig { cases: 20, seed: 1, stop_after: None };
//! let report = fuzz(&selected, &config).unwrap();
//! assert_eq!((report.cases, report.disagreements), (20, 0));
//! ```

pub mod cases;
#[cfg(test)]
mod tests;

use std::panic::{catch_unwind, AssertUnwindSafe};

use hashbench_catalog::{Algorithm, Availability, Hasher, Implementation};
use serde::Serialize;

use crate::subject::{panic_message, subject_of, Candidate};
use crate::{modes, vectors::encode_hex};
pub use cases::{Case, Content};

/// Disagreements kept in full; all of them are counted.
pub const MISMATCHES_KEPT: usize = 10;

/// What to run.
#[derive(Clone, Debug)]
pub struct FuzzConfig {
    /// Cases in all, over all selected algorithms.
    pub cases: u64,
    pub seed: u64,
    /// Stop once this many cases have disagreed; `None` runs every case.
    pub stop_after: Option<u64>,
}

impl FuzzConfig {
    /// `--fuzz CASES`, with `--seed` (drawn from the clock when not given: the replay
    /// line names it) and `--stop-after`.
    #[must_use]
    pub fn new(cases: u64, seed: Option<u64>, stop_after: Option<u64>) -> FuzzConfig {
        let seed = seed.unwrap_or_else(|| {
            std::time::SystemTime::now()
                .duration_since(std::time::SystemTime::UNIX_EPOCH)
                .map_or(1, |d| d.as_nanos() as u64)
        });
        FuzzConfig {
            cases,
            seed,
            stop_after,
        }
    }

    /// The command that replays this run over the filter terms `filter`: the same
    /// cases, in the same order (see the module docs).
    #[must_use]
    pub fn replay(&self, filter: &[String]) -> String {
        let mut replay = format!(
            "hashbench verify --fuzz {} --seed {}",
            self.cases, self.seed
        );
        if let Some(n) = self.stop_after {
            replay.push_str(&format!(" --stop-after {n}"));
        }
        for term in filter {
            replay.push(' ');
            replay.push_str(term);
        }
        replay
    }
}

#[derive(Debug, thiserror::Error)]
pub enum FuzzError {
    #[error("the number of fuzz cases must be at least 1")]
    NoCases,
    #[error("stopping after 0 disagreements would stop before the first case")]
    StopAfterZero,
    #[error("nothing to fuzz: {0}")]
    NothingAvailable(String),
}

/// An algorithm and the implementations it is fuzzed through; the first is the one every
/// digest is compared with.
pub struct Group<'a> {
    pub algorithm: &'a Algorithm,
    pub subjects: Vec<Candidate<'a>>,
}

/// Which path of an implementation gave a digest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Path {
    Oneshot,
    Streaming,
}

impl Path {
    /// The name the JSON report uses.
    pub fn as_str(self) -> &'static str {
        match self {
            Path::Oneshot => "oneshot",
            Path::Streaming => "streaming",
        }
    }
}

/// One implementation's answer in a disagreeing case.
#[derive(Clone, Debug, Serialize)]
pub struct Digest {
    pub implementation: String,
    pub path: Path,
    /// Hex, as `sum` prints it; `None` if the call panicked.
    pub digest: Option<String>,
    pub panic: Option<String>,
    /// Whether it equals the first implementation's one-shot digest.
    pub agrees: bool,
}

/// A case whose digests were not all equal: everything needed to replay and read it.
#[derive(Clone, Debug, Serialize)]
pub struct Mismatch {
    pub case: u64,
    pub algorithm: String,
    pub length: usize,
    pub misalignment: usize,
    pub content: Content,
    pub split_points: Vec<usize>,
    /// Every digest of the case, the agreeing ones too: which side is wrong is for the
    /// reader to judge, and the majority is a good hint.
    pub digests: Vec<Digest>,
}

/// Per-algorithm counts.
#[derive(Clone, Debug, Serialize)]
pub struct AlgorithmSummary {
    pub algorithm: String,
    pub implementations: Vec<String>,
    pub cases: u64,
    pub digests_compared: u64,
    pub disagreements: u64,
}

/// A selected implementation that could not take part.
#[derive(Clone, Debug, Serialize)]
pub struct Skipped {
    pub implementation: String,
    pub reason: String,
}

/// What a fuzz run found.
#[derive(Clone, Debug, Serialize)]
pub struct FuzzReport {
    pub seed: u64,
    pub cases_requested: u64,
    /// Cases run: fewer than requested only after `stop_after`.
    pub cases: u64,
    pub algorithms: Vec<AlgorithmSummary>,
    pub unavailable: Vec<Skipped>,
    pub digests_compared: u64,
    /// Cases in which some digest differed from the first implementation's one-shot one.
    pub disagreements: u64,
    /// The first [`MISMATCHES_KEPT`] of them in full.
    pub mismatches: Vec<Mismatch>,
}

impl FuzzReport {
    /// Implementations fuzzed, over all algorithms.
    pub fn implementations(&self) -> usize {
        self.algorithms
            .iter()
            .map(|a| a.implementations.len())
            .sum()
    }
}

/// One digest or the panic that came instead.
struct Slot {
    digest: Vec<u8>,
    panic: Option<String>,
}

impl Slot {
    fn agrees_with(&self, reference: &Slot) -> bool {
        self.panic.is_none() && reference.panic.is_none() && self.digest == reference.digest
    }
}

/// An algorithm's state during a run: its implementations' live states and answer slots.
struct Lane<'g, 'a> {
    group: &'g Group<'a>,
    boundaries: Vec<usize>,
    states: Vec<Box<dyn Hasher>>,
    /// Per implementation: the one-shot then the streamed answer.
    slots: Vec<[Slot; 2]>,
    summary: AlgorithmSummary,
}

impl<'g, 'a> Lane<'g, 'a> {
    fn new(group: &'g Group<'a>) -> Lane<'g, 'a> {
        let out = group.algorithm.output_bytes();
        let slot = || Slot {
            digest: vec![0; out],
            panic: None,
        };
        Lane {
            group,
            boundaries: cases::boundaries(group.algorithm),
            states: group.subjects.iter().map(|s| (s.new)()).collect(),
            slots: group.subjects.iter().map(|_| [slot(), slot()]).collect(),
            summary: AlgorithmSummary {
                algorithm: group.algorithm.id.to_string(),
                implementations: group.subjects.iter().map(|s| s.id.to_string()).collect(),
                cases: 0,
                digests_compared: 0,
                disagreements: 0,
            },
        }
    }

    /// Digests `input` through every implementation, both paths; true if all agree.
    fn run(&mut self, input: &[u8], points: &[usize]) -> bool {
        for (i, subject) in self.group.subjects.iter().enumerate() {
            let [oneshot, streaming] = &mut self.slots[i];
            let state = &mut self.states[i];
            guarded(state, subject, oneshot, |h, out| {
                modes::run(modes::CallMode::Oneshot, h, input, out)
            });
            guarded(state, subject, streaming, |h, out| {
                // The one-shot call leaves the streaming state unspecified.
                h.reset();
                modes::run_pieces(h, input, points, out);
            });
        }
        let reference = &self.slots[0][0];
        let all_agree = self
            .slots
            .iter()
            .flatten()
            .all(|slot| slot.agrees_with(reference));
        self.summary.cases += 1;
        self.summary.digests_compared += 2 * self.slots.len() as u64 - 1;
        self.summary.disagreements += u64::from(!all_agree);
        all_agree
    }

    fn mismatch(&self, index: u64, case: &Case) -> Mismatch {
        let reference = &self.slots[0][0];
        let digests = self
            .group
            .subjects
            .iter()
            .zip(&self.slots)
            .flat_map(|(s, pair)| {
                [Path::Oneshot, Path::Streaming]
                    .into_iter()
                    .zip(pair)
                    .map(|(path, slot)| Digest {
                        implementation: s.id.to_string(),
                        path,
                        digest: slot.panic.is_none().then(|| encode_hex(&slot.digest)),
                        panic: slot.panic.clone(),
                        agrees: slot.agrees_with(reference),
                    })
            });
        Mismatch {
            case: index,
            algorithm: self.group.algorithm.id.to_string(),
            length: case.length,
            misalignment: case.misalignment,
            content: case.content,
            split_points: case.split_points.clone(),
            digests: digests.collect(),
        }
    }
}

/// Runs `body` on `state`, recording its digest or its panic in `slot`. A state that
/// panicked may be left inconsistent, so it is replaced by a fresh one.
fn guarded(
    state: &mut Box<dyn Hasher>,
    subject: &Candidate,
    slot: &mut Slot,
    body: impl FnOnce(&mut dyn Hasher, &mut [u8]),
) {
    let digest = &mut slot.digest;
    match catch_unwind(AssertUnwindSafe(|| body(state.as_mut(), digest))) {
        Ok(()) => slot.panic = None,
        Err(payload) => {
            slot.panic = Some(panic_message(payload.as_ref()));
            if let Ok(fresh) = catch_unwind(AssertUnwindSafe(|| (subject.new)())) {
                *state = fresh;
            }
        }
    }
}

/// Fuzzes `groups` as `config` says. The building block of [`fuzz`], open to tests that
/// bring implementations of their own.
pub fn fuzz_groups(groups: &[Group], config: &FuzzConfig) -> Result<FuzzReport, FuzzError> {
    if config.cases == 0 {
        return Err(FuzzError::NoCases);
    }
    if config.stop_after == Some(0) {
        return Err(FuzzError::StopAfterZero);
    }
    if groups.iter().all(|g| g.subjects.is_empty()) {
        return Err(FuzzError::NothingAvailable(
            "no implementation selected".into(),
        ));
    }
    let mut lanes: Vec<Lane> = groups
        .iter()
        .filter(|g| !g.subjects.is_empty())
        .map(Lane::new)
        .collect();
    // Room for the longest input at every misalignment past a 64-byte boundary.
    let mut buffer = vec![0u8; cases::MAX_LEN + 2 * cases::ALIGN];
    let base = buffer.as_ptr().align_offset(cases::ALIGN);
    let lane_count = lanes.len() as u64;
    let (mut disagreements, mut run) = (0u64, 0u64);
    let mut mismatches = Vec::new();
    for index in 0..config.cases {
        if config.stop_after.is_some_and(|n| disagreements >= n) {
            break;
        }
        let lane = &mut lanes[(index % lane_count) as usize];
        let block = lane.group.algorithm.block_bytes as usize;
        let case = cases::draw_case(config.seed, index, &lane.boundaries, block);
        let start = base + case.misalignment;
        let input = &mut buffer[start..start + case.length];
        case.fill(input);
        run += 1;
        if !lane.run(input, &case.split_points) {
            disagreements += 1;
            if mismatches.len() < MISMATCHES_KEPT {
                mismatches.push(lane.mismatch(index, &case));
            }
        }
    }
    let algorithms: Vec<AlgorithmSummary> = lanes.into_iter().map(|l| l.summary).collect();
    Ok(FuzzReport {
        seed: config.seed,
        cases_requested: config.cases,
        cases: run,
        digests_compared: algorithms.iter().map(|a| a.digests_compared).sum(),
        algorithms,
        unavailable: Vec::new(),
        disagreements,
        mismatches,
    })
}

/// Fuzzes the algorithms of the `selected` implementations. Each algorithm runs through
/// its selected implementations that are available here, preceded by its reference (the
/// first available one in the catalogue, as for the agreement check) when that was not
/// selected, so that a single selected implementation still has something to disagree
/// with. Selected implementations that cannot run here are listed in `unavailable`.
pub fn fuzz(
    selected: &[&'static Implementation],
    config: &FuzzConfig,
) -> Result<FuzzReport, FuzzError> {
    fuzz_with(selected, &[], config)
}

/// As [`fuzz`], with `outside` the catalogue besides (a user's plugin, an adapter's
/// implementation, each driven through [`Candidate::new`]): each joins its algorithm's
/// group, after the algorithm's reference.
pub fn fuzz_with(
    selected: &[&'static Implementation],
    outside: &[Candidate<'_>],
    config: &FuzzConfig,
) -> Result<FuzzReport, FuzzError> {
    let mut algorithms: Vec<&Algorithm> = Vec::new();
    let ids = selected
        .iter()
        .map(|i| i.algorithm)
        .chain(outside.iter().map(|c| c.algorithm));
    for algorithm in ids {
        if !algorithms.iter().any(|a| a.id == algorithm.id) {
            algorithms.push(algorithm);
        }
    }
    let mut groups = Vec::new();
    let mut unavailable = Vec::new();
    for algorithm in algorithms {
        let mut subjects = Vec::new();
        let mut any_selected = false;
        for imp in hashbench_catalog::implementations_of(algorithm.id) {
            let is_selected = selected.iter().any(|s| s.id == imp.id);
            if let Availability::Unavailable(reason) = imp.availability() {
                if is_selected {
                    unavailable.push(Skipped {
                        implementation: imp.id.to_string(),
                        reason,
                    });
                }
            } else if is_selected || subjects.is_empty() {
                subjects.push(subject_of(imp));
                any_selected |= is_selected;
            }
        }
        let joining = outside.iter().filter(|c| c.algorithm.id == algorithm.id);
        let before = subjects.len();
        subjects.extend(joining.map(|c| Candidate { ..*c }));
        any_selected |= subjects.len() > before;
        if any_selected {
            groups.push(Group {
                algorithm,
                subjects,
            });
        }
    }
    if groups.is_empty() {
        let why = match unavailable.len() {
            0 => "no implementation selected".to_string(),
            n => format!("the {n} selected implementations are unavailable here"),
        };
        return Err(FuzzError::NothingAvailable(why));
    }
    let mut report = fuzz_groups(&groups, config)?;
    report.unavailable = unavailable;
    Ok(report)
}
