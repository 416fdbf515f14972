//! The cells of a run before they are measured: one kernel per (implementation,
//! pattern) the library can express, the thread counts each runs at and the pools they
//! run in, the baselines (with a `read` on each thread count above 1), and one [`Planned`] cell per (subject, threads, size) holding
//! what has been measured of it so far.

use std::sync::atomic::AtomicBool;

use hashbench_engine::{
    count_allocations, Allocations, CellState, Config, EngineError, HashKernel, Kernel,
    KernelError, Memcpy, Nop, Read, RoundRecord, SplitRead, ThreadPool, Workload,
};
use hashbench_model::Pattern;
use hashbench_model::{Baseline, Mode, Size, SkipReason, Skipped};

use crate::external::ExternalKernel;
use crate::verification::Passed;
use crate::RunError;

/// What a planned cell measures.
#[derive(Clone, Copy)]
pub(crate) enum Kind {
    Baseline(Baseline),
    /// Index into [`Cells::kernels`].
    Hash(usize),
    /// Index into [`Cells::externals`]: an implementation in another runtime.
    External(usize),
}

/// One (subject, threads, size, mode) and what has been measured of it so far.
pub(crate) struct Planned {
    pub kind: Kind,
    pub name: String,
    pub size: Size,
    pub threads: usize,
    pub mode: Mode,
    pub state: CellState,
    /// The pass each of `state`'s rounds belonged to.
    pub round_ids: Vec<u32>,
    /// The share of each round's time its threads waited for a CPU, percent (empty where
    /// the kernel does not say).
    pub round_waits: Vec<f64>,
    pub expected: Option<Vec<u8>>,
    pub failed: bool,
    pub allocations: Option<Allocations>,
}

/// One implementation driven by one pattern.
pub(crate) struct PatternKernel {
    pub passed: Passed,
    pub kernel: HashKernel,
}

/// Every cell of the rounds, and what measures them.
pub(crate) struct Cells {
    pub kernels: Vec<PatternKernel>,
    pub externals: Vec<ExternalKernel>,
    pools: Vec<ThreadPool>,
    nop: Nop,
    memcpy: Memcpy,
    read: Read,
    pub planned: Vec<Planned>,
}

impl Cells {
    /// The algorithm planned cell `i` times; `None` for a baseline or a runtime's floor.
    pub fn algorithm(&self, i: usize) -> Option<&'static str> {
        match self.planned[i].kind {
            Kind::Hash(k) => Some(self.kernels[k].passed.implementation.algorithm.id),
            Kind::External(j) => self.externals[j].passed().map(|p| p.external.algorithm.id),
            Kind::Baseline(_) => None,
        }
    }
}

/// One kernel per (implementation, pattern) the library can express; the rest are
/// reported, never imitated with another call.
pub(crate) fn kernels(
    passed: &[Passed],
    patterns: &[Pattern],
    skipped: &mut Vec<Skipped>,
) -> Result<Vec<PatternKernel>, RunError> {
    let mut kernels = Vec::new();
    for &p in passed {
        let imp = p.implementation;
        for &pattern in patterns {
            match HashKernel::for_pattern(imp, pattern) {
                Ok(kernel) => kernels.push(PatternKernel { passed: p, kernel }),
                Err(KernelError::NotApplicable { reason, .. }) => skipped.push(Skipped {
                    implementation: imp.id.to_string(),
                    pattern: Some(pattern),
                    reason: SkipReason::PatternNotApplicable,
                    details: vec![reason.to_string()],
                }),
                Err(source @ KernelError::Unavailable(_)) => {
                    return Err(RunError::Kernel {
                        implementation: imp.id.to_string(),
                        source,
                    })
                }
            }
        }
    }
    Ok(kernels)
}

/// The testing aid `--slow-down ID=PERCENT` (`RunOptions::slow_down`): that implementation's
/// kernels make the fraction more calls than they count.
pub(crate) fn slow_down(kernels: &mut [PatternKernel], slow_down: Option<&(String, f64)>) {
    if let Some((id, fraction)) = slow_down {
        for k in kernels
            .iter_mut()
            .filter(|k| k.passed.implementation.id == id)
        {
            k.kernel.slow_down(*fraction);
        }
    }
}

/// Thread counts per implementation: those that split one message run at every
/// requested count (default: one thread per logical CPU, what rayon's global pool would
/// have); the others at 1, and are reported as not applicable for more.
fn thread_plan(
    kernels: &[PatternKernel],
    passed: &[Passed],
    threads: Option<&[usize]>,
    logical_cores: usize,
    skipped: &mut Vec<Skipped>,
) -> Vec<Vec<usize>> {
    let parallel_counts = threads.map_or_else(|| vec![logical_cores.max(1)], <[usize]>::to_vec);
    let many: Vec<String> = threads
        .into_iter()
        .flatten()
        .filter(|&&n| n > 1)
        .map(|n| n.to_string())
        .collect();
    for p in passed.iter().filter(|p| !p.implementation.parallel) {
        if !many.is_empty() {
            skipped.push(Skipped {
                implementation: p.implementation.id.to_string(),
                pattern: None,
                reason: SkipReason::ThreadsNotApplicable,
                details: vec![format!(
                    "--threads {}: it does not split one message across threads; measured with 1 thread",
                    many.join(",")
                )],
            });
        }
    }
    kernels
        .iter()
        .map(|k| {
            if k.passed.implementation.parallel {
                parallel_counts.clone()
            } else {
                vec![1]
            }
        })
        .collect()
}

impl Cells {
    /// Plans every cell: the baselines (when `baselines`, in throughput mode: they are the
    /// machine's floor and ceilings) and every kernel at each of its thread counts, in
    /// every mode, at every size.
    pub fn new(
        kernels: Vec<PatternKernel>,
        externals: Vec<ExternalKernel>,
        passed: &[Passed],
        (threads, logical_cores): (Option<&[usize]>, usize),
        (sizes, modes): (&[Size], &[Mode]),
        baselines: bool,
        skipped: &mut Vec<Skipped>,
    ) -> Result<Cells, RunError> {
        let thread_plan = thread_plan(&kernels, passed, threads, logical_cores, skipped);
        let mut pools: Vec<ThreadPool> = Vec::new();
        for &n in thread_plan.iter().flatten() {
            if !pools.iter().any(|p| p.threads() == n) {
                pools.push(
                    ThreadPool::new(n).map_err(|source| RunError::Pool { threads: n, source })?,
                );
            }
        }
        // A cell on N threads is set against a read on N threads (docs/method.md, "More
        // than one thread"): one per thread count above 1, measured as its cells run.
        let mut wide: Vec<usize> = thread_plan.iter().flatten().copied().collect();
        wide.retain(|&n| n > 1 && baselines);
        wide.sort_unstable();
        wide.dedup();
        let mut planned = Vec::new();
        for &size in sizes {
            let base = if baselines { &Baseline::ALL[..] } else { &[] };
            let read = Baseline::Read;
            let subjects = base
                .iter()
                .map(|&b| (Kind::Baseline(b), b.id().to_string(), 1, Mode::Throughput))
                .chain(wide.iter().map(move |&n| {
                    let name = format!("{} ({n} threads)", read.id());
                    (Kind::Baseline(read), name, n, Mode::Throughput)
                }))
                .chain(kernels.iter().enumerate().flat_map(|(i, k)| {
                    thread_plan[i].iter().flat_map(move |&n| {
                        modes.iter().map(move |&mode| {
                            let name = match mode {
                                Mode::Throughput => k.kernel.name().to_string(),
                                Mode::Latency => format!("{} (latency)", k.kernel.name()),
                            };
                            (Kind::Hash(i), name, n, mode)
                        })
                    })
                }));
            // Runtime adapters: throughput at fixed sizes only (`external::kernels`).
            let external = externals
                .iter()
                .enumerate()
                .filter(|_| size.fixed().is_some() && modes.contains(&Mode::Throughput))
                .map(|(j, k)| (Kind::External(j), k.name().to_string(), 1, Mode::Throughput));
            for (kind, name, threads, mode) in subjects.chain(external) {
                planned.push(Planned {
                    kind,
                    name,
                    size,
                    threads,
                    mode,
                    state: CellState::new(),
                    round_ids: Vec::new(),
                    round_waits: Vec::new(),
                    expected: None,
                    failed: false,
                    allocations: None,
                });
            }
        }
        Ok(Cells {
            kernels,
            externals,
            pools,
            nop: Nop,
            memcpy: Memcpy::default(),
            read: Read::default(),
            planned,
        })
    }

    /// Measures cell `i` for one round. The outer error stops the run; the inner one is
    /// the engine's verdict on this cell (a wrong digest is data about the
    /// implementation).
    pub fn round(
        &mut self,
        i: usize,
        work: &mut Workload,
        config: &Config,
        cancel: &AtomicBool,
    ) -> Result<Result<(), EngineError>, RunError> {
        let (kind, threads) = (self.planned[i].kind, self.planned[i].threads);
        let result = match kind {
            // Each baseline is measured as its concrete type, monomorphised into the
            // timed loop: the nop floor must measure the loop, not an indirect call.
            Kind::Baseline(Baseline::Nop) => {
                self.planned[i]
                    .state
                    .round(&mut self.nop, work, config, None, cancel)
            }
            Kind::Baseline(Baseline::Memcpy) => {
                // A new destination each round, as the input gets a new placement.
                self.memcpy.place();
                self.planned[i]
                    .state
                    .round(&mut self.memcpy, work, config, None, cancel)
            }
            Kind::Baseline(Baseline::Read) if threads > 1 => {
                // Timed from inside the pool of the cells it is the ceiling of.
                let mut read = SplitRead::new(threads);
                let state = &mut self.planned[i].state;
                let mut measure = || state.round(&mut read, work, config, None, cancel);
                match self.pools.iter().find(|p| p.threads() == threads) {
                    Some(pool) => pool.install(measure),
                    None => measure(),
                }
            }
            Kind::Baseline(Baseline::Read) => {
                self.planned[i]
                    .state
                    .round(&mut self.read, work, config, None, cancel)
            }
            Kind::Hash(k) => {
                if self.planned[i].expected.is_none() {
                    self.planned[i].expected = Some(crate::verification::expected_for(
                        self.kernels[k].passed,
                        self.kernels[k].kernel.pattern(),
                        work.bytes(),
                    )?);
                }
                let parallel = self.kernels[k].passed.implementation.parallel;
                let pool = pool_of(&self.pools, parallel, threads);
                let kernel = &mut self.kernels[k].kernel;
                let p = &mut self.planned[i];
                let (state, expected) = (&mut p.state, p.expected.as_deref());
                let mut measure = || state.round(kernel, work, config, expected, cancel);
                // A parallel implementation is timed from inside its pool, so the
                // library's rayon calls use exactly `threads` threads.
                match pool {
                    Some(pool) => pool.install(measure),
                    None => measure(),
                }
            }
            Kind::External(j) => {
                if self.planned[i].expected.is_none() {
                    self.planned[i].expected = Some(match self.externals[j].passed() {
                        Some(passed) => crate::external::expected_digest(passed, work.bytes())?,
                        // A runtime's floor has no digest: the empty one is checked, so
                        // that a fault its adapter makes (another input fold, a batch of
                        // 0 ns) fails the cell instead of being timed as no time at all.
                        None => Vec::new(),
                    });
                }
                let p = &mut self.planned[i];
                let (state, expected) = (&mut p.state, p.expected.as_deref());
                state.round(&mut self.externals[j], work, config, expected, cancel)
            }
        };
        Ok(result.map(|_| ()))
    }

    /// Counts allocations per call of cell `i` over `calls` untimed calls.
    pub fn count_allocations(&mut self, i: usize, bytes: &[u8], calls: u32) -> Option<Allocations> {
        let (kind, threads) = (self.planned[i].kind, self.planned[i].threads);
        match kind {
            Kind::Baseline(Baseline::Nop) => count_allocations(&mut self.nop, bytes, calls),
            Kind::Baseline(Baseline::Memcpy) => count_allocations(&mut self.memcpy, bytes, calls),
            Kind::Baseline(Baseline::Read) if threads > 1 => {
                let mut read = SplitRead::new(threads);
                let mut count = || count_allocations(&mut read, bytes, calls);
                match self.pools.iter().find(|p| p.threads() == threads) {
                    Some(pool) => pool.install(count),
                    None => count(),
                }
            }
            Kind::Baseline(Baseline::Read) => count_allocations(&mut self.read, bytes, calls),
            Kind::Hash(k) => {
                let parallel = self.kernels[k].passed.implementation.parallel;
                let pool = pool_of(&self.pools, parallel, threads);
                let kernel = &mut self.kernels[k].kernel;
                let mut count = || count_allocations(kernel, bytes, calls);
                match pool {
                    Some(pool) => pool.install(count),
                    None => count(),
                }
            }
            // Another process's allocations are not this allocator's to count.
            Kind::External(_) => None,
        }
    }

    /// The backend of cell `i`'s implementation; asked inside the pool, a rayon
    /// implementation reports its size.
    pub fn backend(&self, i: usize) -> String {
        let p = &self.planned[i];
        match p.kind {
            Kind::Hash(k) => {
                let imp = self.kernels[k].passed.implementation;
                let backend = match pool_of(&self.pools, imp.parallel, p.threads) {
                    Some(pool) => pool.install(imp.backend),
                    None => (imp.backend)(),
                };
                // A testing aid's slowed kernel says so wherever its cell is shown.
                match self.kernels[k].kernel.slowed_by() {
                    f if f > 0.0 => format!("{backend}; slowed down {:.0} % on purpose", f * 100.0),
                    _ => backend,
                }
            }
            Kind::Baseline(_) => "compiled in".to_string(),
            Kind::External(j) => self.externals[j].backend(),
        }
    }

    /// The rounds cell `i` has been measured in so far.
    pub fn rounds_of(&self, i: usize) -> &[RoundRecord] {
        self.planned[i].state.rounds()
    }
}

/// The pool a parallel implementation's cell runs in; `None` for everything else.
fn pool_of(pools: &[ThreadPool], parallel: bool, threads: usize) -> Option<&ThreadPool> {
    if parallel {
        pools.iter().find(|p| p.threads() == threads)
    } else {
        None
    }
}
