//! The drift references: two fixed kernels timed at the start of a run and after every
//! round, so that a change of the machine's speed during the run shows (the `drift`
//! guard compares the timings, and the passes are judged by them).
//!
//! The first is the `read` baseline at 4 KiB: it belongs to no library under test, its
//! input stays in L1, and its speed follows the core's clock and the L1's bandwidth,
//! which this VM's slow spells change. The second, `read` at 64 B, is a short call bound
//! by the core: on the AMD development VM of 2026-11-29 a state of the machine made it
//! (and `crc32c` at 64 B, and `nop`) 1.7x slower for whole runs while `read` at 4 KiB moved
//! 6 %, so the first alone called such runs undisturbed.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_engine::{measure, Config, EngineError, Input, Read, Workload};
use hashbench_model::{
    Baseline, Checkpoint, DriftReference, ReferencePoint, RememberedSpeed, RememberedSpeeds,
};

use crate::RunError;

/// Input bytes of the first reference kernel.
pub(crate) const REFERENCE_SIZE: u64 = 4096;

/// Input bytes of the short reference kernel.
pub(crate) const SHORT_REFERENCE_SIZE: u64 = 64;

/// Time budget of one timing of the first reference: short, since it is repeated after
/// every pass of the rounds (up to 25 times in a run, 31 in `recommend`'s race), and
/// enough for a couple of hundred 50 µs samples.
const BUDGET: Duration = Duration::from_millis(10);

/// Time budget of one timing of the short reference: a 64 B read is a few ns, so half
/// the first's budget still gives about a hundred samples of thousands of calls each.
const SHORT_BUDGET: Duration = Duration::from_millis(5);

/// One kernel's timings.
struct Timings {
    input: Workload,
    kernel: Read,
    size: u64,
    budget: Duration,
    points: Vec<ReferencePoint>,
    remembered: Option<RememberedSpeed>,
}

impl Timings {
    fn new(size: u64, seed: u64, budget: Duration, remembered: Option<RememberedSpeed>) -> Self {
        Self {
            input: Workload::plain(Input::new(size as usize, seed, 0)),
            kernel: Read::default(),
            size,
            budget,
            points: Vec::new(),
            remembered,
        }
    }

    fn time(&mut self, at: Checkpoint, cancel: &AtomicBool) -> Result<(), EngineError> {
        let config = Config {
            time_budget: self.budget,
            target_precision: 0.005,
            ..Config::default()
        };
        let result = measure(&mut self.kernel, &mut self.input, &config, None, cancel)?;
        if result.complete {
            self.points.push(ReferencePoint {
                at,
                median_ns: result.summary.median.get(),
                ci_percent: result.summary.ci_relative_half_width_percent,
            });
        }
        Ok(())
    }

    fn finish(self, short: Option<Box<DriftReference>>) -> DriftReference {
        DriftReference {
            kernel: Baseline::Read.id().to_string(),
            size: self.size,
            points: self.points,
            remembered: self.remembered,
            short,
        }
    }
}

/// Collects the reference timings of one run (and of `maps`' sweeps, which are judged
/// by the same two references).
pub struct DriftTimer {
    first: Timings,
    short: Timings,
}

impl DriftTimer {
    /// A timer for a run with input seed `seed`, with what earlier runs on this machine
    /// remember of the references' undisturbed times.
    #[must_use]
    pub fn new(seed: u64, remembered: RememberedSpeeds) -> Self {
        Self {
            first: Timings::new(REFERENCE_SIZE, seed, BUDGET, remembered.first),
            short: Timings::new(SHORT_REFERENCE_SIZE, seed, SHORT_BUDGET, remembered.short),
        }
    }

    /// The machine's phase in each of the first `passes` passes, from the timings so
    /// far and the remembered speeds; `None` while they cannot tell
    /// (`DriftReference::phases`).
    #[must_use]
    pub fn phases(&self, passes: usize) -> Option<hashbench_stats::phase::PassPhases> {
        hashbench_model::phases_of_both(
            (&self.first.points, self.first.remembered),
            Some((&self.short.points, self.short.remembered)),
            passes,
        )
    }

    /// Times both references once and records them as `at` (`start`, `after round
    /// 1`...). Does nothing once `cancel` is set.
    ///
    /// # Errors
    ///
    /// The engine's, should a reference kernel fail.
    pub fn time_at(&mut self, at: Checkpoint, cancel: &AtomicBool) -> Result<(), EngineError> {
        if cancel.load(std::sync::atomic::Ordering::SeqCst) {
            return Ok(());
        }
        self.first.time(at, cancel)?;
        self.short.time(at, cancel)
    }

    /// [`DriftTimer::time_at`], its failure a run's.
    pub(crate) fn time(&mut self, at: Checkpoint, cancel: &AtomicBool) -> Result<(), RunError> {
        self.time_at(at, cancel)
            .map_err(|source| RunError::DriftReference { at, source })
    }

    /// Both references' timings, the short one inside the first.
    #[must_use]
    pub fn finish(self) -> DriftReference {
        let short = self.short.finish(None);
        self.first.finish(Some(Box::new(short)))
    }
}
