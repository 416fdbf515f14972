//! Implementations in other runtimes (`hashbench-adapters`) in a run: verified through
//! their adapter against the same known answers and the same reference as in-process
//! implementations, then measured by the same engine, whose batches the adapter times
//! on its runtime's clock ([`Kernel::self_timed`]).

use std::time::Duration;

use hashbench_adapters::{External, RemoteHasher};
use hashbench_catalog::{Hasher, Implementation};
use hashbench_engine::{Input, Kernel, Malformed};
use hashbench_model::Pattern;
use hashbench_model::{ExternalId, SkipReason, Skipped};
use hashbench_verify::{Candidate, Status};

use hashbench_plan::RunPlan;

use crate::RunError;

/// An external implementation and pattern that passed verification, with the in-process
/// implementation whose digests it must reproduce.
#[derive(Clone)]
pub(crate) struct PassedExternal {
    pub external: External,
    pub pattern: Pattern,
    pub reference: &'static Implementation,
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
    // See `verify_answers`: silent once around all the threads, restored after.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let mut found: Vec<Option<Result<Verified, RunError>>> =
        (0..plan.external.len()).map(|_| None).collect();
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
        for h in handles {
            let results = h
                .join()
                .unwrap_or_else(|panic| std::panic::resume_unwind(panic));
            for (i, r) in results {
                found[i] = Some(r);
            }
        }
    });
    std::panic::set_hook(hook);
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
/// with the outcome. `None` when no in-process implementation of the algorithm can run
/// here to be the reference.
///
/// # Errors
///
/// The known answers could not be read.
pub fn verify_one(
    ext: &External,
    pattern: Pattern,
    vectors: &hashbench_verify::VectorSource,
) -> Result<Option<(hashbench_verify::Outcome, &'static Implementation)>, RunError> {
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let found = check(ext, pattern, vectors);
    std::panic::set_hook(hook);
    found
}

/// [`verify_one`] without touching the panic hook: the caller has silenced it.
fn check(
    ext: &External,
    pattern: Pattern,
    vectors: &hashbench_verify::VectorSource,
) -> Result<Option<(hashbench_verify::Outcome, &'static Implementation)>, RunError> {
    if reference_for(ext).is_none() {
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
) -> Option<(hashbench_verify::Outcome, &'static Implementation)> {
    // A remote hasher reports a failed request (an adapter that died, a plugin that
    // wrote past its output) by panicking; verification catches each panic and keeps its
    // message in the outcome, and the default hook would also print each one, with a
    // backtrace, over the progress line. Silent for the verification, restored after.
    let hook = std::panic::take_hook();
    std::panic::set_hook(Box::new(|_| {}));
    let found = check_answers(ext, pattern, answers);
    std::panic::set_hook(hook);
    found
}

/// [`verify_answers`] without touching the panic hook: the caller has silenced it.
fn check_answers(
    ext: &External,
    pattern: Pattern,
    answers: &[hashbench_verify::KnownAnswer],
) -> Option<(hashbench_verify::Outcome, &'static Implementation)> {
    let reference = reference_for(ext)?;
    let ref_candidate = Candidate {
        id: reference.id,
        algorithm: reference.algorithm,
        new: &reference.new,
    };
    let agreement = hashbench_verify::reference_of(&ref_candidate).ok();
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

/// What an external kernel times: an implementation, or its runtime's nop (the floor).
#[derive(Clone)]
pub(crate) enum Target {
    Implementation(PassedExternal),
    Floor {
        runtime: String,
        id: String,
        backend: String,
        adapter: hashbench_adapters::Shared,
    },
}

/// An external implementation (or a runtime's nop) as the engine's kernel: every batch
/// is one `time` request, timed by the adapter. The input is the one the engine
/// generated, named by the state its xorshift stream starts from; the adapter's fold of
/// it is checked on every reply.
pub(crate) struct ExternalKernel {
    target: Target,
    /// The id measured: `sha2-256/node:crypto`, or `nop/node` for a floor.
    id: String,
    name: String,
    stream_seed: u64,
    /// The last batch's input length and last digest: one kernel serves every size.
    last: Option<(usize, Vec<u8>)>,
    fault: Option<String>,
    /// The last fault of the adapter itself (it exited, broke the protocol, hashed other
    /// bytes, reported an impossible time), kept after the check reported it: the cell
    /// failed for that, not for a wrong digest.
    adapter_failure: Option<String>,
    /// A request was given up because hashbench was interrupted (a signal): the cell is
    /// missing, as every cell after a stop is, and nothing failed.
    interrupted: bool,
    /// Heap bytes allocated per call, by the runtime's own count (Crystal's GC), per
    /// input length: the last reply that said.
    gc_bytes: Vec<(usize, f64)>,
}

impl ExternalKernel {
    pub fn new(target: Target, run_seed: u64) -> Self {
        let (id, name) = match &target {
            Target::Implementation(p) => (
                p.external.id.to_string(),
                format!("{} [{}]", p.external.id, p.pattern),
            ),
            Target::Floor { id, .. } => (id.clone(), id.clone()),
        };
        Self {
            target,
            id,
            name,
            stream_seed: Input::stream_start(run_seed),
            last: None,
            fault: None,
            adapter_failure: None,
            interrupted: false,
            gc_bytes: Vec::new(),
        }
    }

    /// Heap bytes per call at `len` bytes, where the runtime counts them.
    pub fn gc_bytes(&self, len: usize) -> Option<f64> {
        self.gc_bytes
            .iter()
            .rev()
            .find(|(l, _)| *l == len)
            .map(|(_, b)| *b)
    }

    /// Why the adapter failed, when it was the adapter (not a wrong digest) that made a
    /// check fail.
    pub fn adapter_failure(&self) -> Option<&str> {
        self.adapter_failure.as_deref()
    }

    /// Whether a request was given up because hashbench was interrupted.
    pub fn interrupted(&self) -> bool {
        self.interrupted
    }

    /// The id measured: `sha2-256/node:crypto`, or `nop/node` for a floor.
    pub fn id(&self) -> &str {
        &self.id
    }

    pub fn pattern(&self) -> Pattern {
        self.passed().map_or(Pattern::Oneshot, |p| p.pattern)
    }

    pub fn backend(&self) -> String {
        match &self.target {
            Target::Implementation(p) => p.external.backend.clone(),
            Target::Floor { backend, .. } => backend.clone(),
        }
    }

    /// The implementation this kernel times; `None` for a runtime's floor.
    pub fn passed(&self) -> Option<&PassedExternal> {
        match &self.target {
            Target::Implementation(p) => Some(p),
            Target::Floor { .. } => None,
        }
    }

    /// One request of `iters` calls on `input`; the digest goes to `out` (a floor's is
    /// not a digest and is dropped), the elapsed time is returned. A failure is kept and
    /// reported by the next check.
    fn batch(&mut self, input: &[u8], out: &mut [u8], iters: u64) -> Option<Duration> {
        let (adapter, pattern) = match &self.target {
            Target::Implementation(p) => (&p.external.adapter, p.pattern),
            Target::Floor { adapter, .. } => (adapter, Pattern::Oneshot),
        };
        let id = self.id.as_str();
        let size_seed = (input.len() as u64, self.stream_seed);
        let reply = match hashbench_adapters::time(adapter, id, pattern, size_seed, iters.max(1), 1)
        {
            Ok(r) => r,
            Err(e) => {
                self.interrupted |=
                    matches!(e, hashbench_adapters::AdapterError::Interrupted { .. });
                self.fault = Some(e.to_string());
                return None;
            }
        };
        if let Some(b) = reply.bytes_allocated_per_call {
            self.gc_bytes.retain(|(l, _)| *l != input.len());
            self.gc_bytes.push((input.len(), b));
        }
        let want = hashbench_adapters::input_fold(input);
        if reply.input_fold != want {
            self.fault = Some(format!(
                "the adapter hashed other bytes (input fold {:016x}, expected {want:016x})",
                reply.input_fold
            ));
            return None;
        }
        if matches!(self.target, Target::Implementation(_)) {
            if reply.digest.len() == out.len() {
                out.copy_from_slice(&reply.digest);
                self.last = Some((input.len(), reply.digest));
            } else {
                self.fault = Some(format!(
                    "a digest of {} bytes, the algorithm outputs {}",
                    reply.digest.len(),
                    out.len()
                ));
            }
        } else {
            self.last = Some((input.len(), Vec::new()));
        }
        // A batch of calls takes time on any clock: 0 ns is a broken timer, which would
        // make every rate infinite.
        if let Some(i) = reply.batches_ns.iter().position(|&ns| ns == 0) {
            self.fault = Some(format!(
                "the adapter reported batch {i} of {iters} calls as taking 0 ns, which no \
                 clock measures: its timer is broken"
            ));
            return None;
        }
        reply.batches_ns.first().map(|&ns| Duration::from_nanos(ns))
    }
}

impl Kernel for ExternalKernel {
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        let _ = self.batch(input, out, 1);
    }

    fn output_len(&self) -> usize {
        match &self.target {
            Target::Implementation(p) => p.external.algorithm.output_bytes(),
            Target::Floor { .. } => 0,
        }
    }

    fn run_batch(&mut self, input: &[u8], out: &mut [u8], iters: u64) {
        let _ = self.batch(input, out, iters);
    }

    fn self_timed(&mut self, input: &[u8], out: &mut [u8], iters: u64) -> Option<Duration> {
        // A failed request is no time at all: the check that follows reports why.
        Some(
            self.batch(input, out, iters)
                .unwrap_or(Duration::from_nanos(1)),
        )
    }

    fn name(&self) -> &str {
        &self.name
    }

    /// The digest of the last timed batch's last call (no new request): what the
    /// runtime computed while it was being timed.
    fn check(&mut self, input: &[u8], out: &mut [u8]) -> Result<(), Malformed> {
        let fresh = self
            .last
            .as_ref()
            .is_some_and(|(len, _)| *len == input.len());
        if !fresh && self.fault.is_none() {
            self.run(input, out);
        }
        if let Some(fault) = self.fault.take() {
            self.adapter_failure = Some(fault.clone());
            return Err(Malformed(fault));
        }
        match &self.last {
            Some((_, d)) => {
                out.copy_from_slice(d);
                Ok(())
            }
            None => Err(Malformed("no digest".to_string())),
        }
    }
}

/// One kernel per external (implementation, pattern) that passed. The adapter protocol
/// times throughput at fixed sizes: latency mode and length ranges are measured
/// in-process only, and each such request is reported once per implementation.
pub(crate) fn kernels(
    passed: Vec<PassedExternal>,
    run_seed: u64,
    (sizes, modes): (&[hashbench_model::Size], &[hashbench_model::Mode]),
    skipped: &mut Vec<Skipped>,
) -> Vec<ExternalKernel> {
    let latency = modes.contains(&hashbench_model::Mode::Latency);
    let ranges = sizes.iter().any(|s| s.fixed().is_none());
    if latency || ranges {
        let mut seen: Vec<(&ExternalId, Pattern)> = Vec::new();
        for p in &passed {
            let key = (&p.external.id, p.pattern);
            if seen.contains(&key) {
                continue;
            }
            seen.push(key);
            skipped.push(Skipped {
                implementation: p.external.id.to_string(),
                pattern: Some(p.pattern),
                reason: SkipReason::PatternNotApplicable,
                details: vec![
                    "runtime adapters time throughput at fixed sizes: its latency-mode and \
                     length-range cells are not measured"
                        .to_string(),
                ],
            });
        }
    }
    // Each runtime that has an implementation here gets its floor measured too.
    let mut floors: Vec<Target> = Vec::new();
    for p in &passed {
        let ext = &p.external;
        if !floors
            .iter()
            .any(|f| matches!(f, Target::Floor { runtime, .. } if *runtime == ext.runtime))
        {
            floors.push(Target::Floor {
                runtime: ext.runtime.clone(),
                id: ext.nop.clone(),
                backend: format!(
                    "{} {}: a call that does nothing, in the same loop",
                    ext.runtime, ext.runtime_version
                ),
                adapter: ext.adapter.clone(),
            });
        }
    }
    passed
        .into_iter()
        .map(Target::Implementation)
        .chain(floors)
        .map(|t| ExternalKernel::new(t, run_seed))
        .collect()
}

/// The digest every sample of `passed` must reproduce at `input`, from its reference.
pub(crate) fn expected_digest(passed: &PassedExternal, input: &[u8]) -> Result<Vec<u8>, RunError> {
    crate::verification::reference_digest(passed.reference, input)
}
