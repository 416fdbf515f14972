//! Verification: no implementation is timed before it has proven its answers.
//!
//! Two checks, both reported as data (never a panic):
//! - **known answers**: every vector of the algorithm (`vectors/*.json`) in every
//!   [`CallMode`] (one-shot, one update, chunks of 1..=17 bytes, random splits, after a
//!   reset, reusing a finalized state);
//! - **agreement**: the implementation and the algorithm's reference implementation
//!   (the first in the catalogue that passes its known answers) give the same digests on
//!   patterned and random inputs at boundary lengths up to 1 MiB + 3.
//!
//! A third, on demand ([`fuzz`]): random inputs, lengths, misalignments and stream splits
//! through every implementation of an algorithm, every digest compared with the others.
//!
//! ```
//! use hashbench_verify::{verify, VectorSource, Status};
//! use hashbench_catalog::Filter;
//!
//! let selected = Filter::parse(&["adler32/adler2"]).unwrap().implementations();
//! let outcomes = verify(&selected, &VectorSource::Embedded, &mut |_| {}).unwrap();
//! assert_eq!(outcomes[0].status, Status::Passed);
//! ```

#[cfg(test)]
mod broken;
pub mod fuzz;
mod keys;
pub mod modes;
mod reference;
pub mod report;
mod spot;
mod subject;
pub mod vectors;

use std::panic::{catch_unwind, AssertUnwindSafe};

use hashbench_catalog::{Algorithm, Availability, Implementation};
use serde::Serialize;

pub use fuzz::{fuzz, fuzz_with, FuzzConfig, FuzzError, FuzzReport};
pub use modes::{all_modes, CallMode};
pub use reference::{agreement_inputs, reference_of, AgreementCase, Reference, ReferencePanicked};
pub use spot::{spot_check, WrongAnswer};
pub use subject::{quietly, Candidate};
pub use vectors::{KnownAnswer, TypedAnswer, VectorError, VectorSource};

use subject::{panic_message, subject_of};

/// Failures kept per implementation; the count of all of them is kept too.
const MAX_FAILURES_KEPT: usize = 10;

/// Which check a failure came from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Check {
    KnownAnswer,
    Agreement,
    /// The implementation panicked (a C library error surfaces this way).
    Panic,
}

/// One wrong answer, with everything needed to reproduce it.
#[derive(Clone, Debug, Serialize)]
pub struct Failure {
    pub check: Check,
    pub mode: String,
    /// The vector (`md5.json #3 (rfc1321: ascii "abc")`) or agreement input.
    pub vector: String,
    pub expected: String,
    pub got: String,
}

#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "reason", rename_all = "kebab-case")]
pub enum Status {
    Passed,
    Failed,
    Unavailable(String),
}

/// The verdict on one implementation.
#[derive(Clone, Debug, Serialize)]
pub struct Outcome {
    pub implementation: String,
    pub algorithm: String,
    pub status: Status,
    /// Digests compared.
    pub checks: u64,
    /// Wrong digests, all of them counted.
    pub failed_checks: u64,
    /// The first few failures in full.
    pub failures: Vec<Failure>,
    /// The implementation this one was compared with, if not itself the reference.
    pub reference: Option<String>,
}

impl Outcome {
    /// The implementation whose digests this one's must equal: the reference it was
    /// compared with, or itself when it is its algorithm's reference. Measuring checks
    /// digests against the same implementation (one source of truth).
    #[must_use]
    pub fn reference_id(&self) -> &str {
        self.reference.as_deref().unwrap_or(&self.implementation)
    }
}

#[derive(Default)]
struct Tally {
    checks: u64,
    failed: u64,
    failures: Vec<Failure>,
}

impl Tally {
    fn compare(&mut self, check: Check, mode: &str, vector: &str, expected: &[u8], got: &[u8]) {
        self.checks += 1;
        if expected != got {
            self.fail(Failure {
                check,
                mode: mode.to_string(),
                vector: vector.to_string(),
                expected: vectors::encode_hex(expected),
                got: vectors::encode_hex(got),
            });
        }
    }

    fn fail(&mut self, failure: Failure) {
        self.failed += 1;
        if self.failures.len() < MAX_FAILURES_KEPT {
            self.failures.push(failure);
        }
    }

    /// Runs `body`, turning a panic into a failure so one bad implementation cannot stop
    /// the verification of the others.
    fn guard(&mut self, what: &str, body: impl FnOnce(&mut Tally)) {
        let result = catch_unwind(AssertUnwindSafe(|| body(self)));
        if let Err(payload) = result {
            self.fail(Failure {
                check: Check::Panic,
                mode: what.to_string(),
                vector: String::new(),
                expected: "no panic".to_string(),
                got: panic_message(payload.as_ref()),
            });
        }
    }
}

/// Checks `subject` against known answers in every mode. A fresh state per (vector,
/// mode), so that a bug in one mode cannot hide in or leak into another.
fn check_known_answers(
    subject: &Candidate,
    answers: &[KnownAnswer],
    modes: &[CallMode],
    tally: &mut Tally,
) {
    let mut out = vec![0u8; subject.algorithm.output_bytes()];
    for &mode in modes {
        tally.guard(&mode.to_string(), |tally| {
            for answer in answers {
                let mut h = (subject.new)();
                modes::run(mode, h.as_mut(), &answer.message, &mut out);
                tally.compare(
                    Check::KnownAnswer,
                    &mode.to_string(),
                    &answer.label,
                    &answer.digest,
                    &out,
                );
            }
        });
    }
}

/// Checks every `keys:*` pattern `subject` supports. A key kind with typed-key vectors
/// (`typed`, for hashers whose typed keys are not their byte API over what std's `Hash`
/// writes) is held to them; any other to the byte API, which the known answers hold: the
/// key hashes as the message std's `Hash` writes for it (`keys`). A hasher whose typed
/// keys differ from that and has no vectors of its own fails here, so it is never timed.
fn check_keys(subject: &Candidate, typed: &[TypedAnswer], tally: &mut Tally) {
    let out_len = subject.algorithm.output_bytes();
    use hashbench_model::KeyKind;
    for kind in [KeyKind::U64, KeyKind::Id16, KeyKind::Str] {
        let pattern = hashbench_model::Pattern::Keys(kind);
        if (subject.new)().supports(pattern).is_err() {
            continue;
        }
        let mode = pattern.to_string();
        let vectors: Vec<&TypedAnswer> = typed.iter().filter(|a| a.kind == kind).collect();
        tally.guard(&mode, |tally| {
            let mut h = (subject.new)();
            let mut got = vec![0u8; out_len];
            if !vectors.is_empty() {
                for answer in vectors {
                    h.run_batch(pattern, &answer.input, &mut got, 1);
                    let check = Check::KnownAnswer;
                    tally.compare(check, &mode, &answer.label, &answer.digest, &got);
                }
                return;
            }
            let mut bytes = vec![0u8; out_len];
            for (label, input) in keys::inputs(kind) {
                h.run_batch(pattern, &input, &mut got, 1);
                h.oneshot(&hashbench_catalog::keys::message(kind, &input), &mut bytes);
                tally.compare(Check::KnownAnswer, &mode, &label, &bytes, &got);
            }
        });
    }
}

const AGREEMENT_MODES: [CallMode; 2] = [CallMode::Oneshot, CallMode::RandomSplits(7)];

fn check_agreement(
    subject: &Candidate,
    reference: &Reference,
    modes: &[CallMode],
    tally: &mut Tally,
) {
    let mut out = vec![0u8; subject.algorithm.output_bytes()];
    for &mode in modes {
        tally.guard(&format!("agreement, {mode}"), |tally| {
            let mut h = (subject.new)();
            for case in &reference.cases {
                modes::run(mode, h.as_mut(), &case.input, &mut out);
                tally.compare(
                    Check::Agreement,
                    &mode.to_string(),
                    &case.label,
                    &case.digest,
                    &out,
                );
            }
        });
    }
}

/// Verifies one subject: known answers, then agreement with `reference` when given.
pub fn verify_subject(
    subject: &Candidate,
    answers: &[KnownAnswer],
    typed: &[TypedAnswer],
    reference: Option<&Reference>,
) -> Outcome {
    verify_in(
        subject,
        (answers, typed),
        reference,
        (&all_modes(), &AGREEMENT_MODES),
    )
}

/// Known answers in `modes.0` (the byte API's, then the typed keys'), then agreement with
/// `reference` in `modes.1`.
fn verify_in(
    subject: &Candidate,
    (answers, typed): (&[KnownAnswer], &[TypedAnswer]),
    reference: Option<&Reference>,
    modes: (&[CallMode], &[CallMode]),
) -> Outcome {
    let mut tally = Tally::default();
    check_known_answers(subject, answers, modes.0, &mut tally);
    check_keys(subject, typed, &mut tally);
    if let Some(reference) = reference {
        check_agreement(subject, reference, modes.1, &mut tally);
    }
    Outcome {
        implementation: subject.id.to_string(),
        algorithm: subject.algorithm.id.to_string(),
        status: if tally.failed == 0 {
            Status::Passed
        } else {
            Status::Failed
        },
        checks: tally.checks,
        failed_checks: tally.failed,
        failures: tally.failures,
        reference: reference.map(|r| r.id.clone()),
    }
}

/// The calling modes an implementation in another runtime is verified in: every request
/// crosses a process boundary, so the 24 modes of [`all_modes`] (which exercise one
/// library's buffering from every angle, already done in-process) give way to the ones
/// that test what the adapter adds: the one-call path, a message cut into random
/// updates, and a state reused after its digest.
pub const REMOTE_MODES: [CallMode; 3] = [
    CallMode::Oneshot,
    CallMode::RandomSplits(1),
    CallMode::Reuse,
];

/// [`verify_subject`] in [`REMOTE_MODES`] for the known answers and one-shot for the
/// agreement with `reference`.
pub fn verify_remote(
    subject: &Candidate,
    answers: &[KnownAnswer],
    reference: Option<&Reference>,
) -> Outcome {
    verify_in(
        subject,
        (answers, &[]),
        reference,
        (&REMOTE_MODES, &[CallMode::Oneshot]),
    )
}

/// How much of an implementation [`verify_at`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Depth {
    /// Every known answer in every [`CallMode`] (one-shot, updates, chunks, splits, reset,
    /// reuse), the typed keys, and agreement with the reference one-shot and in random
    /// splits: what `hashbench verify` and `run` check.
    Full,
    /// What a timed one-shot or typed-key call relies on: every known answer in one
    /// call, the typed keys, and agreement with the reference one-shot at every boundary
    /// length. `recommend`'s race times nothing else; it checks its contenders in full
    /// after the screening (docs/method.md, "recommend races"). About a tenth of the
    /// work of [`Depth::Full`] (a million-byte vector hashed 2 times instead of 26).
    Timed,
}

/// The calling modes of [`Depth::Timed`]: the one-shot path, the one the timed call takes.
const TIMED_MODES: [CallMode; 1] = [CallMode::Oneshot];

/// Verifies `selected` implementations in full ([`Depth::Full`]), calling `observer` as
/// each finishes, in the order of `selected`'s algorithms. The reference of each algorithm is the first
/// implementation in the catalogue that is available and passes its known answers,
/// whether or not it was selected. Algorithms are independent, so they are verified on
/// up to one thread per CPU: verification is most of the fixed cost of a focused run
/// (the cryptographic hashes' million-byte vectors in every calling mode most of all).
///
/// # Errors
///
/// The first algorithm (in order) whose known answers cannot be loaded.
pub fn verify(
    selected: &[&'static Implementation],
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, VectorError> {
    verify_at(selected, source, Depth::Full, observer)
}

/// [`verify`] at `depth`.
///
/// # Errors
///
/// The first algorithm (in order) whose known answers cannot be loaded.
pub fn verify_at(
    selected: &[&'static Implementation],
    source: &VectorSource,
    depth: Depth,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, VectorError> {
    let mut algorithms: Vec<&'static Algorithm> = selected.iter().map(|i| i.algorithm).collect();
    algorithms.dedup_by_key(|a| a.id);
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .clamp(1, algorithms.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut outcomes = Vec::with_capacity(selected.len());
    let mut first_error = None;
    std::thread::scope(|scope| {
        let (done, results) = std::sync::mpsc::channel();
        for _ in 0..threads {
            let done = done.clone();
            let (next, algorithms) = (&next, &algorithms);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&algorithm) = algorithms.get(i) else {
                    break;
                };
                if done
                    .send((i, verify_algorithm(algorithm, selected, source, depth)))
                    .is_err()
                {
                    break;
                }
            });
        }
        drop(done);
        // Hand the outcomes on in algorithm order, each algorithm as soon as it and
        // every one before it are done.
        let mut waiting = std::collections::BTreeMap::new();
        let mut due = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                due += 1;
                match result {
                    Ok(list) => {
                        for outcome in list {
                            observer(&outcome);
                            outcomes.push(outcome);
                        }
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
        }
    });
    match first_error {
        Some(e) => Err(e),
        None => Ok(outcomes),
    }
}

/// The outcomes of `selected`'s implementations of `algorithm`, in catalogue order.
fn verify_algorithm(
    algorithm: &'static Algorithm,
    selected: &[&'static Implementation],
    source: &VectorSource,
    depth: Depth,
) -> Result<Vec<Outcome>, VectorError> {
    let mut outcomes = Vec::new();
    let (answers, typed) = source.load_all(algorithm.id, algorithm.output_bytes())?;
    let mut reference: Option<Reference> = None;
    for imp in hashbench_catalog::implementations_of(algorithm.id) {
        let is_selected = selected.iter().any(|s| s.id == imp.id);
        if let Availability::Unavailable(why) = imp.availability() {
            if is_selected {
                outcomes.push(Outcome {
                    implementation: imp.id.to_string(),
                    algorithm: algorithm.id.to_string(),
                    status: Status::Unavailable(why),
                    checks: 0,
                    failed_checks: 0,
                    failures: Vec::new(),
                    reference: None,
                });
            }
            continue;
        }
        if !is_selected && reference.is_some() {
            continue;
        }
        let subject = subject_of(imp);
        let outcome = match depth {
            Depth::Full => verify_subject(&subject, &answers, &typed, reference.as_ref()),
            Depth::Timed => verify_in(
                &subject,
                (&answers, &typed),
                reference.as_ref(),
                (&TIMED_MODES, &TIMED_MODES),
            ),
        };
        if reference.is_none() && outcome.status == Status::Passed {
            // Not selected but needed: it stands as the reference, unreported.
            reference = reference_of(&subject).ok();
        }
        if is_selected {
            outcomes.push(outcome);
        }
    }
    Ok(outcomes)
}

#[cfg(test)]
mod tests;
