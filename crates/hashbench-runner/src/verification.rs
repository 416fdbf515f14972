//! Correctness first: nothing that fails verification is timed. Verification also names
//! each algorithm's reference (the first implementation in the catalogue that is
//! available and passes), and the runner checks every measured digest against that same
//! reference: one source of truth.

use std::collections::{BTreeMap, BTreeSet};

use hashbench_catalog::Implementation;
use hashbench_host::Host;
use hashbench_model::{SkipReason, Skipped, VerificationFacts};
use hashbench_verify::{Depth, Learned, Outcome, Proof, Sealed, Status};

use hashbench_plan::RunPlan;

use crate::RunError;

/// An implementation that passed, and the one whose digests it must reproduce.
#[derive(Clone, Copy)]
pub(crate) struct Passed {
    pub implementation: &'static Implementation,
    pub reference: &'static Implementation,
}

/// What verification let through, and what it set aside.
pub(crate) struct Verified {
    pub passed: Vec<Passed>,
    pub skipped: Vec<Skipped>,
    /// An implementation failed its known answers or disagreed with its reference.
    pub failed: bool,
    /// What was verified now and what the proof memory vouched for.
    pub proofs: RunProofs,
}

/// The run's verification as it goes, before the rounds and after them ([`crate::confirm`]).
pub(crate) struct RunProofs {
    /// What names the machine in the code's key ([`hashbench_verify::proofs::code_key`]).
    salt: String,
    /// The code's key and what it proved before, found at the first verification; `None`
    /// without a proof memory, or where the code cannot be named.
    code: Option<(String, BTreeMap<String, Proof>)>,
    /// The file hashes the key was made of.
    files: BTreeMap<String, Sealed>,
    checked: BTreeSet<String>,
    remembered: BTreeSet<String>,
    learned: BTreeMap<String, Proof>,
}

impl RunProofs {
    /// Nothing verified yet, on `host`.
    pub fn new(host: &Host) -> RunProofs {
        RunProofs {
            salt: hashbench_plan::memory::key(host, ""),
            code: None,
            files: BTreeMap::new(),
            checked: BTreeSet::new(),
            remembered: BTreeSet::new(),
            learned: BTreeMap::new(),
        }
    }

    /// Verifies `selected` at `depth`, but what the same code proved before (the plan's
    /// proof memory), noting what was checked now and what the memory vouched for.
    pub fn verify(
        &mut self,
        plan: &RunPlan,
        selected: &[&'static Implementation],
        depth: Depth,
    ) -> Result<Vec<Outcome>, RunError> {
        if let (Some(memory), None) = (&plan.proofs, &self.code) {
            if let Some((code, files)) = hashbench_verify::code_of(&self.salt, &memory.files) {
                self.code = Some((code.clone(), memory.recall(&code).implementations));
                self.files = files;
            }
        }
        let none = BTreeMap::new();
        let proven = self.code.as_ref().map_or(&none, |(_, proven)| proven);
        let found = hashbench_verify::verify_remembering(
            selected,
            &plan.vectors(),
            depth,
            proven,
            &mut |_| {},
        )?;
        for o in &found.outcomes {
            if o.remembered {
                if !self.checked.contains(&o.implementation) {
                    self.remembered.insert(o.implementation.clone());
                }
            } else if o.checks > 0 {
                self.remembered.remove(&o.implementation);
                self.checked.insert(o.implementation.clone());
            }
        }
        for (id, proof) in &found.learned {
            Proof::record(&mut self.learned, id, proof);
        }
        Ok(found.outcomes)
    }

    /// Notes implementations verified in this run in another process (other runtimes'
    /// adapters, a plugin's worker), which the memory never vouches for.
    pub fn checked_elsewhere(&mut self, ids: impl IntoIterator<Item = String>) {
        self.checked.extend(ids);
    }

    /// What the run model records.
    pub fn facts(&self) -> VerificationFacts {
        VerificationFacts {
            verified: self.checked.len(),
            remembered: self.remembered.iter().cloned().collect(),
            code: self.code.as_ref().map(|(code, _)| code.clone()),
        }
    }

    /// What the proof memory learns; `None` without one.
    pub fn learned(self) -> Option<Learned> {
        self.code.map(|(code, _)| Learned {
            code,
            proofs: self.learned,
            files: self.files,
        })
    }
}

/// Verifies the plan's implementations against its vectors: in full, or for
/// `recommend`'s race the path it times ([`Depth::Timed`]; its contenders are verified in
/// full after the rounds, [`crate::confirm`]). What the same code proved before (the
/// plan's proof memory) is not verified again.
pub(crate) fn verify(plan: &RunPlan, host: &Host) -> Result<Verified, RunError> {
    let selected = &plan.implementations;
    let depth = if plan.race { Depth::Timed } else { Depth::Full };
    let mut proofs = RunProofs::new(host);
    let outcomes = proofs.verify(plan, selected, depth)?;
    // Other runtimes' implementations are verified through their adapters, every one of
    // them in every run ([`crate::external`]), after this.
    proofs.checked_elsewhere(plan.external.iter().map(|e| e.id.to_string()));
    let mut verified = Verified {
        passed: Vec::new(),
        skipped: Vec::new(),
        failed: false,
        proofs,
    };
    for (imp, outcome) in selected.iter().zip(&outcomes) {
        match &outcome.status {
            Status::Passed => verified.passed.push(Passed {
                implementation: imp,
                reference: hashbench_catalog::find_implementation(outcome.reference_id())
                    .unwrap_or(imp),
            }),
            Status::Unavailable(why) => verified.skipped.push(Skipped {
                implementation: imp.id.to_string(),
                pattern: None,
                reason: SkipReason::Unavailable,
                details: vec![why.clone()],
            }),
            Status::Failed => {
                verified.failed = true;
                verified
                    .skipped
                    .push(set_aside(imp.id.to_string(), outcome));
            }
        }
    }
    Ok(verified)
}

/// The skipped entry of `implementation`, set aside for failing verification (`outcome`).
pub(crate) fn set_aside(implementation: String, outcome: &Outcome) -> Skipped {
    Skipped {
        implementation,
        pattern: None,
        reason: SkipReason::FailedVerification,
        details: failures(outcome),
    }
}

/// A failed outcome's failures, one line each, as a skipped entry's details.
pub(crate) fn failures(outcome: &Outcome) -> Vec<String> {
    outcome
        .failures
        .iter()
        .map(|f| {
            format!(
                "{:?} mode {} vector {}: expected {} got {}",
                f.check, f.mode, f.vector, f.expected, f.got
            )
        })
        .collect()
}

/// The digest every sample of an implementation must reproduce at `input`: computed by
/// its algorithm's reference, not by the implementation itself.
pub(crate) fn expected_digest(passed: Passed, input: &[u8]) -> Result<Vec<u8>, RunError> {
    reference_digest(passed.reference, input)
}

/// [`expected_digest`] for a cell driven by `pattern`. For a `keys:*` pattern: the
/// reference's own typed-key hash where it can time the pattern (verification held it to
/// the typed-key vectors, or to its byte API over what std's `Hash` writes), else its
/// byte-API digest of what std's `Hash` writes for the cell's key (the equality
/// verification checked for every hasher without typed-key vectors).
pub(crate) fn expected_for(
    passed: Passed,
    pattern: hashbench_model::Pattern,
    input: &[u8],
) -> Result<Vec<u8>, RunError> {
    let hashbench_model::Pattern::Keys(kind) = pattern else {
        return expected_digest(passed, input);
    };
    let reference = passed.reference;
    let mut h = reference.instantiate().map_err(|why| RunError::Reference {
        implementation: reference.id.to_string(),
        why,
    })?;
    let mut out = vec![0u8; reference.algorithm.output_bytes()];
    if h.supports(pattern).is_ok() {
        h.run_batch(pattern, input, &mut out, 1);
    } else {
        h.oneshot(&hashbench_catalog::keys::message(kind, input), &mut out);
    }
    Ok(out)
}

/// `reference`'s one-shot digest of `input`: the truth every measured digest of its
/// algorithm, in-process or in another runtime, is checked against.
pub(crate) fn reference_digest(
    reference: &'static Implementation,
    input: &[u8],
) -> Result<Vec<u8>, RunError> {
    let mut h = reference.instantiate().map_err(|why| RunError::Reference {
        implementation: reference.id.to_string(),
        why,
    })?;
    let mut out = vec![0u8; reference.algorithm.output_bytes()];
    h.oneshot(input, &mut out);
    Ok(out)
}
