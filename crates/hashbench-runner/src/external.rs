//! Implementations in other runtimes (`hashbench-adapters`) in a run: verified through
//! their adapter against the same known answers and the same reference as in-process
//! implementations, then measured by the same engine, whose batches the adapter times
//! on its runtime's clock ([`Kernel::self_timed`]).

use std::time::Duration;

use hashbench_engine::{Input, Kernel, Malformed};
use hashbench_model::Pattern;
use hashbench_model::{ExternalId, SkipReason, Skipped};

use crate::RunError;

mod verify;
pub(crate) use verify::{verify, PassedExternal};
pub use verify::{verify_answers, verify_one};

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

/// The digest every sample of `passed` must reproduce at `input`, from its reference;
/// for an algorithm a plugin's manifest defined (no reference), its own untimed digest
/// through the same pattern, so that the timed loop is held to what the checked call
/// computes.
pub(crate) fn expected_digest(passed: &PassedExternal, input: &[u8]) -> Result<Vec<u8>, RunError> {
    match passed.reference {
        Some(r) => crate::verification::reference_digest(r, input),
        None => passed
            .external
            .digest(passed.pattern, input, &[])
            .map_err(|source| RunError::OwnDigest {
                implementation: passed.external.id.to_string(),
                source,
            }),
    }
}
