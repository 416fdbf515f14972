//! The rounds: many short visits to every planned cell, spread over the run. Each pass
//! visits the sizes in a shuffled order and, within a size, the cells still measured in
//! a shuffled order, so the cells of one size are measured side by side (their rounds
//! share a pass id and are compared pair by pair) while a slow phase of the machine lands
//! on different cells in different passes. Every cell gets the plan's rounds; a cell
//! whose figure has not reached its precision gets more passes, up to the plan's most
//! and within its time budget. Each pass gives every size a fresh input placement (a new
//! buffer at another cache-line and page offset), so what a placement does to a figure
//! shows between rounds, not between processes.
//!
//! The drift reference is timed after each pass. A cell whose digest turns out wrong is
//! set aside and reported; any other engine error stops the run. The machine's load is
//! sampled after each pass and measured around each cell ([`LoadRecorder`]); an
//! implementation is warmed up before it is first measured ([`Warmed`]).

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use hashbench_engine::{Config, EngineError, Workload, PLACEMENTS};
use hashbench_model::{Checkpoint, Mode, Size, SkipReason, Skipped};
use hashbench_stats::phase::{self, PassPhases};

use crate::cells::{Cells, Kind, Planned};
use crate::machine::LoadRecorder;
use crate::observer::{RunObserver, Step};
use crate::race;
use crate::reference::DriftTimer;
use crate::schedule::{round_seed, shuffle, splitmix};
use crate::warmup::{Level, Warmed};
use crate::RunError;

/// Mixed into a size's seed to draw the stack's depth apart from the input's placement.
const STACK_DRAW: u64 = 0x5354_4143_4b00_0000;

/// What the rounds need besides the cells.
pub(crate) struct Rounds<'a> {
    pub sizes: &'a [Size],
    pub seed: u64,
    pub misalign: usize,
    /// Rounds every cell is measured in.
    pub rounds: usize,
    /// The most rounds a cell whose figure is not yet precise is measured in.
    pub max_rounds: usize,
    /// A cell's time budget: no further rounds once it has spent it.
    pub budget: Duration,
    /// The figure's precision a cell stops at (after `rounds`).
    pub precision: f64,
    /// `recommend`'s race: after `rounds`, only the contenders of each size get more
    /// rounds ([`crate::race`]), with this equivalence margin.
    pub race: Option<f64>,
    /// The algorithms an answer can be at each size (`RunPlan::answerable`).
    pub answerable: &'a [(Size, &'static str)],
    pub per_round: &'a Config,
    pub cancel: &'a AtomicBool,
}

impl Rounds<'_> {
    /// Whether `cell` is measured in one more pass; `contender` is its standing in a race
    /// (`None` when the run does not race); `phases`, the machine's phase in each pass so
    /// far, where the drift reference can tell them.
    fn wants(
        &self,
        cell: &Planned,
        standing: Option<race::Standing>,
        phases: Option<&PassPhases>,
    ) -> bool {
        let done = cell.state.rounds().len();
        if cell.failed || done >= self.max_rounds {
            return false;
        }
        if done < self.rounds {
            return true;
        }
        if cell.state.elapsed() >= self.budget {
            return false;
        }
        // A figure from rounds that all fell in slow passes is a slow phase's, however
        // well they agree: the cell goes on until it has rounds at the machine's speed
        // (hashbench_stats::phase), whatever its precision or its standing in a race,
        // unless the race left it far behind (race::DISTANT: out of the answer in any
        // state of the machine; its figure keeps its flag).
        let distant = standing == Some(race::Standing::Distant);
        if !distant && phases.is_some_and(|p| !p.supported(&cell.round_ids)) {
            return true;
        }
        // A cell on several threads is slowed by any task that takes one of its CPUs, which
        // the one-thread drift reference does not see: it goes on until it has rounds in
        // which its threads did not wait for a CPU (hashbench_stats::phase::contended).
        if cell.threads > 1 && !phase::free_enough(&cell.round_waits) {
            return true;
        }
        match standing {
            Some(s) => s == race::Standing::Racing,
            None => !cell.state.precise(self.precision),
        }
    }

    /// Each cell's standing in the race after the rounds so far (`None` for every cell
    /// when the run does not race).
    fn standings(&self, cells: &Cells, warmed: &Warmed) -> Vec<Option<race::Standing>> {
        let Some(margin) = self.race else {
            return vec![None; cells.planned.len()];
        };
        let entries: Vec<race::Entry<'_>> = cells
            .planned
            .iter()
            .enumerate()
            .map(|(i, p)| race::Entry {
                group: (p.size, p.mode),
                warm: warmed.floor(cells, i),
                answerable: self.answerable.is_empty()
                    || cells
                        .algorithm(i)
                        .is_some_and(|a| self.answerable.contains(&(p.size, a))),
                races: !p.failed && !matches!(p.kind, Kind::Baseline(_)),
                ids: &p.round_ids,
                medians: p.state.round_medians(),
                figure: p.state.figure(),
            })
            .collect();
        race::standings(&entries, margin)
            .into_iter()
            .map(Some)
            .collect()
    }
}

/// Measures every pass; cells that fail are added to `skipped` and set `failed`. Returns
/// how far each implementation was warmed up (in a race, those given the floor are the
/// ones that raced past the screening).
pub(crate) fn measure(
    r: &Rounds<'_>,
    cells: &mut Cells,
    (reference, load): (&mut DriftTimer, &mut LoadRecorder),
    observer: &mut dyn RunObserver,
    (skipped, failed): (&mut Vec<Skipped>, &mut bool),
) -> Result<Warmed, RunError> {
    let mut warmed = Warmed::default();
    'passes: for pass in 0..r.max_rounds {
        let standings = r.standings(cells, &warmed);
        let phases = reference.phases(pass);
        let active: Vec<usize> = (0..cells.planned.len())
            .filter(|&i| r.wants(&cells.planned[i], standings[i], phases.as_ref()))
            .collect();
        if active.is_empty() {
            break;
        }
        let round_seed = round_seed(r.seed, pass);
        let mut size_order: Vec<Size> = r.sizes.to_vec();
        shuffle(&mut size_order, round_seed);
        for (n, &size) in size_order.iter().enumerate() {
            let mut order: Vec<usize> = active
                .iter()
                .copied()
                .filter(|&i| cells.planned[i].size == size)
                .collect();
            if order.is_empty() {
                continue;
            }
            let size_seed = round_seed ^ size.max_bytes() ^ (n as u64) << 48;
            shuffle(&mut order, size_seed);
            // One workload per mode: the same input and lengths, chained or not, at this
            // pass's placement (the first pass at the plain one).
            let lines = if pass == 0 {
                0
            } else {
                (splitmix(size_seed) % PLACEMENTS as u64) as usize
            };
            let mut work = [Mode::Throughput, Mode::Latency]
                .map(|mode| Workload::placed(size, mode, r.seed, r.misalign, lines));
            // And the stack the rounds run on, another of 64 depths, drawn apart from the
            // input's placement so that the two do not move in step. Odd and even depths
            // (16 bytes apart modulo 32, `STACK_STEP`) take turns from pass to pass rather
            // than by chance: `blake3/blake3` at 64 B is 1.35x slower at one of the two,
            // and with both drawn by chance every round of one run in about fifty drew
            // the slow one, and read 1.35x its figure, settled.
            let steps = if pass == 0 {
                0
            } else {
                2 * (splitmix(size_seed ^ STACK_DRAW) % 32) as usize + pass % 2
            };
            let config = Config {
                stack_steps: steps,
                ..r.per_round.clone()
            };
            for i in order {
                if r.cancel.load(Ordering::SeqCst) {
                    break 'passes;
                }
                one(
                    (r, &config),
                    cells,
                    i,
                    (&mut work, &mut warmed),
                    (pass, standings[i]),
                    load,
                    observer,
                    (skipped, failed),
                )?;
            }
        }
        observer.drift_reference(pass + 1);
        reference.time(Checkpoint::AfterRound(pass + 1), r.cancel)?;
        load.sample(Checkpoint::AfterRound(pass + 1));
    }
    Ok(warmed)
}

/// One round of planned cell `i` in pass `pass`.
#[allow(clippy::too_many_arguments)]
fn one(
    (r, config): (&Rounds<'_>, &Config),
    cells: &mut Cells,
    i: usize,
    (work, warmed): (&mut [Workload; 2], &mut Warmed),
    (pass, standing): (usize, Option<race::Standing>),
    load: &mut LoadRecorder,
    observer: &mut dyn RunObserver,
    (skipped, failed): (&mut Vec<Skipped>, &mut bool),
) -> Result<(), RunError> {
    let name = cells.planned[i].name.clone();
    let step = Step::Round {
        name: &name,
        size: cells.planned[i].size,
        round: cells.planned[i].state.rounds().len() + 1,
        rounds: r.rounds,
    };
    observer.step_started(&step);
    let work = &mut work[usize::from(cells.planned[i].mode == Mode::Latency)];
    // A race screens every candidate after one warm-up slice; a contender gets the floor
    // (warmup::Level) before it races on, and so do the baselines, whose figures the
    // guards use. A decided cell measured on for the machine's phases stays as it is.
    let candidate = !matches!(cells.planned[i].kind, Kind::Baseline(_));
    let screened = pass < r.rounds || standing != Some(race::Standing::Racing);
    let level = if r.race.is_some() && screened && candidate {
        Level::Slice
    } else {
        Level::Floor
    };
    let mut result = warmed.ensure(cells, i, work, (level, r.cancel))?;
    if result.is_ok() {
        let threads = cells.planned[i].threads;
        let before = cells.planned[i].state.rounds().len();
        let (measured, waited) =
            load.measure(i, threads, || cells.round(i, work, config, r.cancel));
        result = measured?;
        let p = &mut cells.planned[i];
        if p.state.rounds().len() > before {
            p.round_ids.push(u32::try_from(pass).unwrap_or(u32::MAX));
            // Kept only while known for every round, so that they stay parallel.
            match waited {
                Some(w) if p.round_waits.len() + 1 == p.round_ids.len() => p.round_waits.push(w),
                _ => p.round_waits.clear(),
            }
        }
    }
    if let Err(e) = result {
        set_aside(cells, i, e, skipped)?;
        *failed = true;
    }
    observer.step_done(&step);
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
    let (implementation, pattern, adapter_failure) = match p.kind {
        Kind::Hash(k) => (
            cells.kernels[k].passed.implementation.id.to_string(),
            cells.kernels[k].kernel.pattern(),
            None,
        ),
        // An adapter that went wrong (a wrong digest, a crash) is the implementation's
        // fault as much as a wrong digest in-process: reported, the run goes on.
        Kind::External(j) => (
            cells.externals[j].id().to_string(),
            cells.externals[j].pattern(),
            cells.externals[j].adapter_failure().map(str::to_string),
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
    if matches!(p.kind, Kind::External(j) if cells.externals[j].interrupted()) {
        // Given up at a signal: missing, as the cells after a stop are, not failed.
        return Ok(());
    }
    skipped.push(Skipped {
        implementation,
        pattern: Some(pattern),
        // The true reason: a digest that went wrong, the adapter that did (whose fault
        // the check reported), or a measurement that could not be made.
        reason: match e {
            _ if adapter_failure.is_some() => SkipReason::AdapterFailed,
            EngineError::WrongDigestBeforeTiming { .. } => SkipReason::WrongDigestBeforeTiming,
            EngineError::WrongDigest { .. } => SkipReason::WrongDigestUnderMeasurement,
            _ => SkipReason::MeasurementFailed,
        },
        details: vec![format!(
            "at {}, {} threads: {}",
            hashbench_model::format::size(p.size),
            p.threads,
            adapter_failure
                .as_deref()
                .map_or_else(|| e.to_string(), str::to_string)
        )],
    });
    Ok(())
}
