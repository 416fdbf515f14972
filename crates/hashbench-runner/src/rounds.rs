//! The rounds: every planned cell measured once per round, in the shuffled order of
//! [`crate::schedule`], with the drift reference timed after each round. A cell whose
//! digest turns out wrong is set aside and reported; any other engine error stops the
//! run. The machine's load is sampled after each round and measured around each cell
//! ([`LoadRecorder`]); an implementation is warmed up before it is first measured
//! ([`Warmed`]).

use std::sync::atomic::{AtomicBool, Ordering};

use hashbench_engine::{Config, EngineError, Workload};
use hashbench_model::{Checkpoint, Mode, Size, SkipReason, Skipped};

use crate::cells::{Cells, Kind};
use crate::machine::LoadRecorder;
use crate::observer::{RunObserver, Step};
use crate::reference::DriftTimer;
use crate::schedule::{round_seed, shuffle};
use crate::warmup::Warmed;
use crate::RunError;

/// What the rounds need besides the cells.
pub(crate) struct Rounds<'a> {
    pub sizes: &'a [Size],
    pub seed: u64,
    pub misalign: usize,
    pub rounds: usize,
    pub per_round: &'a Config,
    pub cancel: &'a AtomicBool,
}

/// Measures every round; cells that fail are added to `skipped` and set `failed`.
pub(crate) fn measure(
    r: &Rounds<'_>,
    cells: &mut Cells,
    (reference, load): (&mut DriftTimer, &mut LoadRecorder),
    observer: &mut dyn RunObserver,
    (skipped, failed): (&mut Vec<Skipped>, &mut bool),
) -> Result<(), RunError> {
    let mut warmed = Warmed::default();
    'rounds: for round in 0..r.rounds {
        let round_seed = round_seed(r.seed, round);
        let mut size_order: Vec<Size> = r.sizes.to_vec();
        shuffle(&mut size_order, round_seed);
        for (n, &size) in size_order.iter().enumerate() {
            // One workload per mode: the same input and lengths, chained or not.
            let mut work = [Mode::Throughput, Mode::Latency]
                .map(|mode| Workload::new(size, mode, r.seed, r.misalign));
            let mut order: Vec<usize> = (0..cells.planned.len())
                .filter(|&i| cells.planned[i].size == size && !cells.planned[i].failed)
                .collect();
            shuffle(&mut order, round_seed ^ size.max_bytes() ^ (n as u64) << 48);
            for i in order {
                if r.cancel.load(Ordering::SeqCst) {
                    break 'rounds;
                }
                let name = cells.planned[i].name.clone();
                let step = Step::Round {
                    name: &name,
                    size,
                    round: round + 1,
                    rounds: r.rounds,
                };
                observer.step_started(&step);
                let work = &mut work[usize::from(cells.planned[i].mode == Mode::Latency)];
                let mut result = warmed.ensure(cells, i, work, r.cancel)?;
                if result.is_ok() {
                    let threads = cells.planned[i].threads;
                    result =
                        load.measure(i, threads, || cells.round(i, work, r.per_round, r.cancel))?;
                }
                if let Err(e) = result {
                    set_aside(cells, i, e, skipped)?;
                    *failed = true;
                }
                observer.step_done(&step);
            }
        }
        observer.drift_reference(round + 1);
        reference.time(Checkpoint::AfterRound(round + 1), r.cancel)?;
        load.sample(Checkpoint::AfterRound(round + 1));
    }
    Ok(())
}

/// A hash cell whose measuring failed is reported and not measured again; a baseline
/// that fails stops the run.
fn set_aside(
    cells: &mut Cells,
    i: usize,
    e: EngineError,
    skipped: &mut Vec<Skipped>,
) -> Result<(), RunError> {
    let p = &mut cells.planned[i];
    let (implementation, pattern) = match p.kind {
        Kind::Hash(k) => (
            cells.kernels[k].passed.implementation.id.to_string(),
            cells.kernels[k].kernel.pattern(),
        ),
        // An adapter that went wrong (a wrong digest, a crash) is the implementation's
        // fault as much as a wrong digest in-process: reported, the run goes on.
        Kind::External(j) => (
            cells.externals[j].id().to_string(),
            cells.externals[j].pattern(),
        ),
        Kind::Baseline(_) => {
            return Err(RunError::Measure {
                subject: p.name.clone(),
                size: p.size,
                what: String::new(),
                source: Box::new(e),
            })
        }
    };
    p.failed = true;
    skipped.push(Skipped {
        implementation,
        pattern: Some(pattern),
        reason: match e {
            EngineError::WrongDigestBeforeTiming { .. } => SkipReason::WrongDigestBeforeTiming,
            _ => SkipReason::WrongDigestUnderMeasurement,
        },
        details: vec![format!(
            "at {}, {} threads: {e}",
            hashbench_report::format::size(p.size),
            p.threads
        )],
    });
    Ok(())
}
