//! The machine's load over a run (Linux `/proc`): a [`LoadSample`] at the start and after
//! every round, and per cell how long hashbench's threads waited for a CPU while it was
//! measured, and how much CPU time the hypervisor stole meanwhile. Read outside the
//! timed loops, around each cell's round (a few small files: microseconds).

use std::time::Instant;

use hashbench_host::load::{steal_percent, ProcStat, Snapshot};
use hashbench_model::{CellLoad, Checkpoint, LoadSample, MachineLoad};

/// What one cell's rounds saw, summed.
#[derive(Clone, Copy, Debug, Default)]
struct Accum {
    /// Wall-clock time x threads: the time the cell's threads wanted a CPU.
    wanted_ns: f64,
    /// Nanoseconds the process's threads were runnable but waiting (`run_delay`).
    wait_ns: f64,
    waits_known: bool,
    steal_ticks: u64,
    total_ticks: u64,
}

impl Accum {
    fn load(&self) -> Option<CellLoad> {
        (self.waits_known && self.wanted_ns > 0.0).then(|| CellLoad {
            cpu_wait_percent: (100.0 * self.wait_ns / self.wanted_ns).min(100.0),
            steal_percent: (self.total_ticks > 0)
                .then(|| 100.0 * self.steal_ticks as f64 / self.total_ticks as f64),
        })
    }

    /// Runs `f` on `threads` threads and adds what the machine did meanwhile; returns
    /// `f`'s result and the share of the time its threads waited for a CPU, percent
    /// (`None` where the kernel does not say).
    fn add<T>(&mut self, threads: usize, f: impl FnOnce() -> T) -> (T, Option<f64>) {
        let before = Snapshot::cell();
        let t0 = Instant::now();
        let out = f();
        let wall = t0.elapsed().as_nanos() as f64;
        let after = Snapshot::cell();
        let wanted = wall * threads.max(1) as f64;
        self.wanted_ns += wanted;
        let mut waited = None;
        if let (Some(a), Some(b)) = (before.run_delay_ns, after.run_delay_ns) {
            let wait = b.saturating_sub(a) as f64;
            self.wait_ns += wait;
            self.waits_known = true;
            waited = (wanted > 0.0).then(|| (100.0 * wait / wanted).min(100.0));
        }
        if let (Some(a), Some(b)) = (before.stat, after.stat) {
            self.steal_ticks += b.steal_ticks.saturating_sub(a.steal_ticks);
            self.total_ticks += b.total_ticks.saturating_sub(a.total_ticks);
        }
        (out, waited)
    }
}

/// Collects the load samples of a run and the load of every planned cell.
pub(crate) struct LoadRecorder {
    samples: Vec<LoadSample>,
    last: Option<ProcStat>,
    cells: Vec<Accum>,
}

impl LoadRecorder {
    /// A recorder for `cells` planned cells.
    pub fn new(cells: usize) -> Self {
        Self {
            samples: Vec::new(),
            last: None,
            cells: vec![Accum::default(); cells],
        }
    }

    /// Makes room for `cells` planned cells (known only after the start sample).
    pub fn resize(&mut self, cells: usize) {
        self.cells.resize(cells, Accum::default());
    }

    /// Reads the machine's load now, as the sample `at`.
    pub fn sample(&mut self, at: Checkpoint) {
        let s = Snapshot::now();
        let steal = match (&self.last, &s.stat) {
            (Some(a), Some(b)) => steal_percent(a, b),
            _ => None,
        };
        if s.stat.is_some() {
            self.last = s.stat;
        }
        if s.stat.is_none() && s.load_average.is_none() {
            return;
        }
        self.samples.push(LoadSample {
            at,
            load_average: s.load_average,
            procs_running: s.stat.map(|st| st.procs_running),
            steal_percent: steal,
        });
    }

    /// Runs `f`, the measuring of planned cell `i` with `threads` threads, and adds what
    /// the machine did meanwhile to the cell's load; returns `f`'s result and the share
    /// of the time the cell's threads waited for a CPU meanwhile, percent.
    pub fn measure<T>(
        &mut self,
        i: usize,
        threads: usize,
        f: impl FnOnce() -> T,
    ) -> (T, Option<f64>) {
        self.cells[i].add(threads, f)
    }

    /// The run's load samples (`None` when `/proc` could not be read) and each planned
    /// cell's load, in plan order.
    pub fn finish(self) -> (Option<MachineLoad>, Vec<Option<CellLoad>>) {
        let cells = self.cells.iter().map(Accum::load).collect();
        let run = (!self.samples.is_empty()).then_some(MachineLoad {
            samples: self.samples,
        });
        (run, cells)
    }
}

/// Runs `f`, one `--streams` measurement of `threads` streams, and returns what it gave
/// with its load.
pub(crate) fn streams_load<T>(threads: usize, f: impl FnOnce() -> T) -> (T, Option<CellLoad>) {
    let mut a = Accum::default();
    let (out, _) = a.add(threads, f);
    (out, a.load())
}
