//! Verifying a selection: algorithm by algorithm, on every CPU, each algorithm's
//! implementations in catalogue order against its reference, skipping what the same code
//! proved before ([`crate::proofs`]).

use std::collections::BTreeMap;

use hashbench_catalog::{Algorithm, Availability, Implementation};

use crate::checks::{verify_in, verify_subject, Depth, Outcome, Status};
use crate::modes::CallMode;
use crate::proofs::{code_key, Proof, Sealed};
use crate::reference::{reference_of, Reference};
use crate::subject::subject_of;
use crate::vectors::{VectorError, VectorSource};

/// The calling modes of [`Depth::Timed`]: the one-shot path, the one the timed call takes.
const TIMED_MODES: [CallMode; 1] = [CallMode::Oneshot];

/// Verifies `selected` implementations in full ([`Depth::Full`]), calling `observer` as
/// each finishes, in the order of `selected`'s algorithms. The reference of each
/// algorithm is the first implementation in the catalogue that is available and passes
/// its known answers, whether or not it was selected. Algorithms are independent, so
/// they are verified on up to one thread per CPU: verification is most of the fixed
/// cost of a focused run (the cryptographic hashes' million-byte vectors in every
/// calling mode most of all).
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
    let found = verify_remembering(selected, source, depth, &BTreeMap::new(), observer)?;
    Ok(found.outcomes)
}

/// What [`verify_remembering`] found.
#[derive(Debug, Default)]
pub struct Verification {
    /// One per selected implementation, in the order of their algorithms; those `proven`
    /// vouched for are [`Outcome::remembered`].
    pub outcomes: Vec<Outcome>,
    /// What passed now (selected or needed as a reference), to add to the memory.
    pub learned: BTreeMap<String, Proof>,
}

/// The content hash naming the code this process verifies and times with
/// ([`code_key`]), once every catalogue implementation was asked whether it is
/// available: the libraries one loads on first use (ISA-L) are then mapped whatever the
/// selection, so that every run of the same binary has the same key; `known` as for
/// [`code_key`].
#[must_use]
pub fn code_of(
    salt: &str,
    known: &BTreeMap<String, Sealed>,
) -> Option<(String, BTreeMap<String, Sealed>)> {
    for imp in hashbench_catalog::registry::IMPLEMENTATIONS {
        let _ = imp.availability();
    }
    code_key(salt, known)
}

/// [`verify_at`], skipping each implementation that `proven` (what the same code proved
/// before, [`crate::proofs`]) says passed at `depth` or deeper against the reference it
/// has now. Known answers read from a directory are never taken as proven, nor learned.
///
/// # Errors
///
/// The first algorithm (in order) whose known answers cannot be loaded.
pub fn verify_remembering(
    selected: &[&'static Implementation],
    source: &VectorSource,
    depth: Depth,
    proven: &BTreeMap<String, Proof>,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Verification, VectorError> {
    let mut algorithms: Vec<&'static Algorithm> = selected.iter().map(|i| i.algorithm).collect();
    algorithms.dedup_by_key(|a| a.id);
    // Known answers from a directory can change under the same code: neither taken as
    // proven nor learned.
    let embedded = matches!(source, VectorSource::Embedded);
    let none = BTreeMap::new();
    let proven = if embedded { proven } else { &none };
    let threads = std::thread::available_parallelism()
        .map_or(1, std::num::NonZeroUsize::get)
        .clamp(1, algorithms.len().max(1));
    let next = std::sync::atomic::AtomicUsize::new(0);
    let mut found = Verification::default();
    let mut first_error = None;
    std::thread::scope(|scope| {
        let (done, results) = std::sync::mpsc::channel();
        for _ in 0..threads {
            let done = done.clone();
            let (next, algorithms, proven) = (&next, &algorithms, &proven);
            scope.spawn(move || loop {
                let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
                let Some(&algorithm) = algorithms.get(i) else {
                    break;
                };
                let args = (algorithm, selected, source, depth);
                if done.send((i, verify_algorithm(args, proven))).is_err() {
                    break;
                }
            });
        }
        drop(done);
        // Hand the outcomes on in algorithm order, each algorithm as soon as it and
        // every one before it are done.
        let mut waiting = BTreeMap::new();
        let mut due = 0;
        for (i, result) in results {
            waiting.insert(i, result);
            while let Some(result) = waiting.remove(&due) {
                due += 1;
                match result {
                    Ok((list, learned)) => {
                        for outcome in list {
                            observer(&outcome);
                            found.outcomes.push(outcome);
                        }
                        found.learned.extend(learned);
                    }
                    Err(e) => {
                        first_error.get_or_insert(e);
                    }
                }
            }
        }
    });
    if !embedded {
        found.learned.clear();
    }
    match first_error {
        Some(e) => Err(e),
        None => Ok(found),
    }
}

/// The outcomes of `selected`'s implementations of `algorithm`, in catalogue order, and
/// the proofs of those that passed now.
#[allow(clippy::type_complexity)]
fn verify_algorithm(
    (algorithm, selected, source, depth): (
        &'static Algorithm,
        &[&'static Implementation],
        &VectorSource,
        Depth,
    ),
    proven: &BTreeMap<String, Proof>,
) -> Result<(Vec<Outcome>, Vec<(String, Proof)>), VectorError> {
    let mut outcomes = Vec::new();
    let mut learned = Vec::new();
    // Loaded when something is verified now: an algorithm whose every implementation
    // here was proven before needs neither its known answers nor its reference's digests.
    let mut answers = None;
    // The algorithm's reference once known, and its digests once something needs them.
    let mut reference_imp: Option<&'static Implementation> = None;
    let mut reference: Option<Reference> = None;
    for imp in hashbench_catalog::implementations_of(algorithm.id) {
        let is_selected = selected.iter().any(|s| s.id == imp.id);
        if let Availability::Unavailable(why) = imp.availability() {
            if is_selected {
                outcomes.push(Outcome::new(imp, Status::Unavailable(why)));
            }
            continue;
        }
        if !is_selected && reference_imp.is_some() {
            continue;
        }
        let against = reference_imp.map_or(imp.id, |r| r.id);
        if proven.get(imp.id).is_some_and(|p| p.covers(depth, against)) {
            reference_imp.get_or_insert(imp);
            if is_selected {
                let mut outcome = Outcome::new(imp, Status::Passed);
                outcome.reference = (against != imp.id).then(|| against.to_string());
                outcome.remembered = true;
                outcomes.push(outcome);
            }
            continue;
        }
        let (answers, typed) = match &mut answers {
            Some(loaded) => &*loaded,
            None => &*answers.insert(source.load_all(algorithm.id, algorithm.output_bytes())?),
        };
        if let (Some(r), None) = (reference_imp, &reference) {
            reference = reference_of(&subject_of(r)).ok();
            if reference.is_none() {
                // As when the reference panics while verified now: the next to pass stands.
                reference_imp = None;
            }
        }
        let subject = subject_of(imp);
        let outcome = match depth {
            Depth::Full => verify_subject(&subject, answers, typed, reference.as_ref()),
            Depth::Timed => verify_in(
                &subject,
                (answers, typed),
                reference.as_ref(),
                (&TIMED_MODES, &TIMED_MODES),
            ),
        };
        if outcome.status == Status::Passed {
            let proof = Proof {
                depth,
                reference: outcome.reference_id().to_string(),
            };
            learned.push((imp.id.to_string(), proof));
            if reference_imp.is_none() {
                // Not selected but needed: it stands as the reference, unreported.
                reference = reference_of(&subject).ok();
                reference_imp = reference.is_some().then_some(imp);
            }
        }
        if is_selected {
            outcomes.push(outcome);
        }
    }
    Ok((outcomes, learned))
}

#[cfg(test)]
mod tests;
