//! The checks themselves: one implementation against its known answers, its typed keys
//! and its algorithm's reference, every failure kept as data.

use std::panic::{catch_unwind, AssertUnwindSafe};

use serde::{Deserialize, Serialize};

use crate::keys;
use crate::modes::{self, all_modes, CallMode};
use crate::reference::Reference;
use crate::subject::{panic_message, Candidate};
use crate::vectors::{self, KnownAnswer, TypedAnswer};
use hashbench_catalog::Implementation;

/// How much of an implementation [`crate::verify_at`] checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
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
    /// Passed by what the same code proved in an earlier run ([`proofs`]), not checked
    /// again in this one.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub remembered: bool,
}

impl Outcome {
    /// `imp`'s outcome with `status` and nothing checked yet.
    #[must_use]
    pub fn new(imp: &Implementation, status: Status) -> Outcome {
        Outcome {
            implementation: imp.id.to_string(),
            algorithm: imp.algorithm.id.to_string(),
            status,
            checks: 0,
            failed_checks: 0,
            failures: Vec::new(),
            reference: None,
            remembered: false,
        }
    }

    /// The implementation whose digests this one's must equal: the reference it was
    /// compared with, or itself when it is its algorithm's reference. Measuring checks
    /// digests against the same implementation (one source of truth).
    #[must_use]
    pub fn reference_id(&self) -> &str {
        self.reference.as_deref().unwrap_or(&self.implementation)
    }
}

#[derive(Default)]
pub(crate) struct Tally {
    checks: u64,
    pub(crate) failed: u64,
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
pub(crate) fn check_known_answers(
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

pub(crate) const AGREEMENT_MODES: [CallMode; 2] = [CallMode::Oneshot, CallMode::RandomSplits(7)];

pub(crate) fn check_agreement(
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
pub(crate) fn verify_in(
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
        remembered: false,
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
