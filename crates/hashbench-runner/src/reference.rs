//! The drift reference: one fixed kernel timed at the start of a run and after every
//! round, so that a change of the machine's speed during the run shows (the `drift`
//! guard compares the timings).
//!
//! The kernel is the `read` baseline at 4 KiB: it belongs to no library under test,
//! its input stays in L1, and its speed follows the core's clock, which is what this
//! VM's slow spells change.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_engine::{measure, Config, Input, Read, Workload};
use hashbench_model::{Baseline, Checkpoint, DriftReference, ReferencePoint, RememberedSpeed};

use crate::RunError;

/// Input bytes of the reference kernel.
pub(crate) const REFERENCE_SIZE: u64 = 4096;

/// Time budget of one reference timing: short, since it is repeated after every pass of
/// the rounds (up to 25 times in a run, 31 in `recommend`'s race), and enough for a
/// couple of hundred 50 µs samples.
const BUDGET: Duration = Duration::from_millis(10);

/// Collects the reference timings of one run.
pub(crate) struct DriftTimer {
    input: Workload,
    kernel: Read,
    points: Vec<ReferencePoint>,
    remembered: Option<RememberedSpeed>,
}

impl DriftTimer {
    /// A timer for a run with input seed `seed`, with what earlier runs on this machine
    /// remember of the reference's undisturbed time.
    pub fn new(seed: u64, remembered: Option<RememberedSpeed>) -> Self {
        Self {
            input: Workload::plain(Input::new(REFERENCE_SIZE as usize, seed, 0)),
            kernel: Read::default(),
            points: Vec::new(),
            remembered,
        }
    }

    /// The machine's phase in each of the first `passes` passes, from the timings so
    /// far and the remembered speed; `None` while they cannot tell
    /// (`hashbench_model::phases_of`).
    pub fn phases(&self, passes: usize) -> Option<hashbench_stats::phase::PassPhases> {
        hashbench_model::phases_of(&self.points, passes, self.remembered.map(|r| r.median_ns))
    }

    /// Times the reference once and records it as `at` (`start`, `after round 1`...).
    /// Does nothing once `cancel` is set.
    pub fn time(&mut self, at: Checkpoint, cancel: &AtomicBool) -> Result<(), RunError> {
        if cancel.load(std::sync::atomic::Ordering::SeqCst) {
            return Ok(());
        }
        let config = Config {
            time_budget: BUDGET,
            target_precision: 0.005,
            ..Config::default()
        };
        let result = measure(&mut self.kernel, &mut self.input, &config, None, cancel)
            .map_err(|source| RunError::DriftReference { at, source })?;
        if result.complete {
            self.points.push(ReferencePoint {
                at,
                median_ns: result.summary.median.get(),
                ci_percent: result.summary.ci_relative_half_width_percent,
            });
        }
        Ok(())
    }

    pub fn finish(self) -> DriftReference {
        DriftReference {
            kernel: Baseline::Read.id().to_string(),
            size: REFERENCE_SIZE,
            points: self.points,
            remembered: self.remembered,
        }
    }
}
