//! Verification of the plan's external implementations: the known answers of each
//! algorithm through the adapter, and agreement with the in-process reference, before
//! anything of theirs is timed.

use hashbench_adapters::{External, RemoteHasher};
use hashbench_catalog::{Hasher, Implementation};
use hashbench_model::{Pattern, SkipReason, Skipped};
use hashbench_plan::RunPlan;
use hashbench_verify::{Candidate, Status};

use crate::RunError;

/// An external implementation and pattern that passed verification, with the in-process
/// implementation whose digests it must reproduce.
#[derive(Clone)]
pub(crate) struct PassedExternal {
    pub external: External,
    pub pattern: Pattern,
    /// The catalogue implementation its digests are checked against; `None` for an
    /// algorithm a plugin's manifest defined, which has none: its samples are checked
    /// against its own untimed digest, after its known answers passed.
    pub reference: Option<&'static Implementation>,
}

/// The patterns `ext` is measured with: those of the plan it can express; when it can
/// express none and the plan asked only for the default (`oneshot`), its own default
/// (Java's `MessageDigest` has no one-call function: its default is `new`).
fn patterns_for(ext: &External, plan: &[Pattern]) -> Vec<Pattern> {
    let chosen: Vec<Pattern> = plan
        .iter()
        .copied()
        .filter(|p| ext.patterns.contains(p))
        .collect();
    if chosen.is_empty() && plan == [Pattern::Oneshot] {
        ext.patterns.first().copied().into_iter().collect()
    } else {
        chosen
    }
}

/// The first available catalogue implementation of the algorithm: the reference every
/// implementation of it, in-process or not, is checked against.
fn reference_for(ext: &External) -> Option<&'static Implementation> {
    hashbench_catalog::implementations_of(ext.algorithm.id)
        .find(|i| matches!(i.availability(), hashbench_catalog::Availability::Available))
}

/// What `ext` is checked against: `Some(reference)`, or `Some(None)` for an algorithm a
/// plugin's manifest defined (its known answers alone); `None` when its algorithm is
/// the catalogue's but no implementation of it runs here.
fn truth_for(ext: &External) -> Option<Option<&'static Implementation>> {
    match reference_for(ext) {
        Some(r) => Some(Some(r)),
        None if hashbench_catalog::defined::is_defined(ext.algorithm) => Some(None),
        None => None,
    }
}

/// Verifies every (external implementation, pattern) of the plan: known answers through
/// the adapter, and agreement with the in-process reference. Returns what passed; what
/// did not is added to `skipped`, and `failed` is set for a wrong answer. Each adapter's
/// implementations are verified on a thread of their own, side by side with the other
/// adapters' (each is its own process): one after another, the five runtimes' took 5 s
/// of a `--runtime all` run here before anything was measured. What they found is
/// handed on in the plan's order.
pub(crate) fn verify(
    plan: &RunPlan,
    skipped: &mut Vec<Skipped>,
    failed: &mut bool,
) -> Result<Vec<PassedExternal>, RunError> {
    // The plan's externals by adapter, in the order each adapter first appears.
    let mut groups: Vec<Vec<usize>> = Vec::new();
    for (i, ext) in plan.external.iter().enumerate() {
        let same =
            |g: &Vec<usize>| std::sync::Arc::ptr_eq(&plan.external[g[0]].adapter, &ext.adapter);
        match groups.iter_mut().find(|g| same(g)) {
            Some(g) => g.push(i),
            None => groups.push(vec![i]),
        }
    }
    let vectors = plan.vectors();
    // Silent once around all the threads (`hashbench_verify::quietly`); a thread's panic
    // is resumed only after the hook is back.
    let joined = hashbench_verify::quietly(|| {
        std::thread::scope(|scope| {
            let handles: Vec<_> = groups
                .iter()
                .map(|g| {
                    let vectors = &vectors;
                    scope.spawn(move || {
                        g.iter()
                            .map(|&i| (i, verify_ext(&plan.external[i], plan, vectors)))
                            .collect::<Vec<_>>()
                    })
                })
                .collect();
            handles.into_iter().map(|h| h.join()).collect::<Vec<_>>()
        })
    });
    let mut found: Vec<Option<Result<Verified, RunError>>> =
        (0..plan.external.len()).map(|_| None).collect();
    for results in joined {
        for (i, r) in results.unwrap_or_else(|panic| std::panic::resume_unwind(panic)) {
            found[i] = Some(r);
        }
    }
    let mut passed = Vec::new();
    for v in found.into_iter().flatten() {
        let v = v?;
        passed.extend(v.passed);
        skipped.extend(v.skipped);
        *failed |= v.failed;
    }
    Ok(passed)
}

/// What verifying one external implementation found.
struct Verified {
    passed: Vec<PassedExternal>,
    skipped: Vec<Skipped>,
    failed: bool,
}

/// [`verify`] for one external implementation, every pattern of the plan it expresses.
fn verify_ext(
    ext: &External,
    plan: &RunPlan,
    vectors: &hashbench_verify::VectorSource,
) -> Result<Verified, RunError> {
    let mut v = Verified {
        passed: Vec::new(),
        skipped: Vec::new(),
        failed: false,
    };
    let patterns = patterns_for(ext, &plan.options.patterns);
    // Measured with its own default instead of `oneshot`: nothing to report.
    let defaulted =
        plan.options.patterns == [Pattern::Oneshot] && !ext.patterns.contains(&Pattern::Oneshot);
    for &p in plan
        .options
        .patterns
        .iter()
        .filter(|p| !defaulted && !patterns.contains(p))
    {
        v.skipped.push(Skipped {
            implementation: ext.id.to_string(),
            pattern: Some(p),
            reason: SkipReason::PatternNotApplicable,
            details: vec![format!(
                "its adapter offers {}",
                ext.patterns
                    .iter()
                    .map(Pattern::to_string)
                    .collect::<Vec<_>>()
                    .join(", ")
            )],
        });
    }
    for pattern in patterns {
        let Some((outcome, reference)) = check(ext, pattern, vectors)? else {
            v.skipped.push(Skipped {
                implementation: ext.id.to_string(),
                pattern: None,
                reason: SkipReason::Unavailable,
                details: vec![format!(
                    "no in-process implementation of {} to check it against",
                    ext.algorithm.id
                )],
            });
            break;
        };
        match outcome.status {
            Status::Passed => v.passed.push(PassedExternal {
                external: ext.clone(),
                pattern,
                reference,
            }),
            _ => {
                v.failed = true;
                v.skipped.push(Skipped {
                    implementation: ext.id.to_string(),
                    pattern: Some(pattern),
                    reason: SkipReason::FailedVerification,
                    details: crate::verification::failures(&outcome)
                        .into_iter()
                        .take(5)
                        .collect(),
                });
            }
        }
    }
    Ok(v)
}

/// Verifies `ext` driven by `pattern`: the known answers of its algorithm through the
/// adapter, and agreement with the algorithm's in-process reference, which is returned
/// with the outcome (`None` in it for an algorithm a plugin's manifest defined: its
/// known answers alone). `None` when no in-process implementation of a catalogue
/// algorithm can run here to be the reference.
///
/// # Errors
///
/// The known answers could not be read.
pub fn verify_one(
    ext: &External,
    pattern: Pattern,
    vectors: &hashbench_verify::VectorSource,
) -> Result<Option<(hashbench_verify::Outcome, Option<&'static Implementation>)>, RunError> {
    hashbench_verify::quietly(|| check(ext, pattern, vectors))
}

/// [`verify_one`] without touching the panic hook: the caller has silenced it.
fn check(
    ext: &External,
    pattern: Pattern,
    vectors: &hashbench_verify::VectorSource,
) -> Result<Option<(hashbench_verify::Outcome, Option<&'static Implementation>)>, RunError> {
    if truth_for(ext).is_none() {
        return Ok(None);
    }
    let answers = vectors
        .load(ext.algorithm.id, ext.algorithm.output_bytes())
        .map_err(RunError::Vectors)?;
    Ok(check_answers(ext, pattern, &answers))
}

/// As [`verify_one`], with the known answers given (`hashbench adapter check --quick`
/// takes the short ones).
#[must_use]
pub fn verify_answers(
    ext: &External,
    pattern: Pattern,
    answers: &[hashbench_verify::KnownAnswer],
) -> Option<(hashbench_verify::Outcome, Option<&'static Implementation>)> {
    // An adapter that died or a plugin that wrote past its output panics in the remote
    // hasher; verification keeps the message in the outcome.
    hashbench_verify::quietly(|| check_answers(ext, pattern, answers))
}

/// [`verify_answers`] without touching the panic hook: the caller has silenced it.
fn check_answers(
    ext: &External,
    pattern: Pattern,
    answers: &[hashbench_verify::KnownAnswer],
) -> Option<(hashbench_verify::Outcome, Option<&'static Implementation>)> {
    let reference = truth_for(ext)?;
    let agreement = reference.and_then(|r| {
        hashbench_verify::reference_of(&Candidate {
            id: r.id,
            algorithm: r.algorithm,
            new: &r.new,
        })
        .ok()
    });
    let adapter = ext.adapter.clone();
    let id = ext.id.to_string();
    let new =
        move || -> Box<dyn Hasher> { Box::new(RemoteHasher::new(adapter.clone(), &id, pattern)) };
    let label = format!("{} [{pattern}]", ext.id);
    let candidate = Candidate {
        id: &label,
        algorithm: ext.algorithm,
        new: &new,
    };
    let outcome = hashbench_verify::verify_remote(&candidate, answers, agreement.as_ref());
    Some((outcome, reference))
}
