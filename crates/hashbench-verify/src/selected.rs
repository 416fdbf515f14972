//! [`verify`]: the selected implementations, an algorithm per thread, at a [`Depth`].

use hashbench_catalog::{Algorithm, Availability, Implementation};

use crate::subject::subject_of;
use crate::{
    reference_of, verify_in, verify_subject, CallMode, Outcome, Reference, Status, VectorError,
    VectorSource,
};

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
