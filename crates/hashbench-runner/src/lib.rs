//! The run itself, between the command line and the engine: a typed [`RunPlan`] in, a
//! [`Measured`] run model out. Verification first, then the cells in shuffled rounds
//! with a drift reference between them, the `--streams` cells, allocation counting, and
//! the post-processing (guards, cost model, relative columns). Progress goes to a
//! [`RunObserver`]; this crate never prints.

mod alloc;
mod assemble;
mod cells;
mod check;
mod confirm;
mod error;
mod external;
mod machine;
mod meta;
mod observer;
mod pin;
mod postprocess;
mod race;
mod reference;
mod rounds;
mod schedule;
mod streams;
mod trend;
mod verification;
mod warmup;

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, SystemTime};

use hashbench_engine::Config;
use hashbench_host::{Host, Tsc};
use hashbench_model::{
    cell_key, Checkpoint, ProviderVersion, Run, RunConfig, Size, SCHEMA_VERSION,
};

/// `hashbench -V`: the version and the git commit the binary was built from.
pub const VERSION: &str = concat!(
    env!("CARGO_PKG_VERSION"),
    " (",
    env!("HASHBENCH_VERSION_COMMIT"),
    ")"
);

pub use assemble::floor_for;
pub use error::RunError;
pub use external::{verify_answers as verify_external_answers, verify_one as verify_external};
pub use hashbench_adapters::External;
use hashbench_model::Metric;
use hashbench_plan::RunPlan;
pub use meta::{build_info, timestamp, tool};
pub use observer::{PlanReady, Progress, Quiet, RunObserver, Step};
pub use pin::{check as check_pin, pin_current_thread};
pub use reference::DriftTimer;
pub use schedule::shuffle;

/// What [`run`] measured, before rendering.
pub struct Measured {
    pub run: Run,
    /// An implementation failed verification or gave a wrong digest while measured.
    pub failed: bool,
    /// `cancel` stopped the run (Ctrl-C); `run` holds what was measured.
    pub interrupted: bool,
    /// What this run proved, under its code's key, for the proof memory
    /// (`hashbench_verify::proofs`); `None` where the plan gave no memory.
    pub learned: Option<hashbench_verify::Learned>,
}

/// One round of a cell: a share of its budget (as if it ran to its most rounds), a
/// precision target looser by sqrt(rounds) (the figure's interval is over the rounds,
/// each round only needs a median good enough to be told apart from another phase's),
/// at least [`ROUND_MIN_SAMPLES`] samples, and a short warm-up of its own: the
/// implementation was warmed up at length before its first round ([`warmup`]), and a
/// round only brings its code and input back into the caches.
fn per_round(plan: &RunPlan) -> Config {
    Config {
        target_precision: plan.options.precision * f64::from(plan.options.rounds).sqrt(),
        time_budget: plan.time_budget() / plan.max_rounds(),
        min_samples: ROUND_MIN_SAMPLES,
        warm_up: Some(ROUND_WARM_UP),
        ..Config::default()
    }
}

/// The fewest samples a round takes: the rounds are the replicates, and a round of two
/// long calls is one more look at the machine, where a third would only cost time.
const ROUND_MIN_SAMPLES: usize = 2;

/// Each round's own warm-up (at least one call).
const ROUND_WARM_UP: Duration = Duration::from_micros(200);

/// Verifies, then measures what `plan` selects, and returns the run model. Everything
/// the plan asks of the machine is checked before anything is verified or measured.
/// Setting `cancel` stops the run at the next cell; what was measured is returned.
///
/// # Errors
///
/// [`RunError::is_usage`] errors before anything runs; the others when the engine or an
/// implementation's reference fails.
pub fn run(
    plan: &RunPlan,
    observer: &mut dyn RunObserver,
    cancel: &AtomicBool,
) -> Result<Measured, RunError> {
    let host = Host::detect();
    let sizes = check::check(plan, &host)?;
    let seed = plan.options.seed.unwrap_or_else(seed_from_clock);
    let started_at = SystemTime::now();
    let verification::Verified {
        passed,
        mut skipped,
        mut failed,
        mut proofs,
    } = verification::verify(plan, &host)?;
    // Pinned only now: a thread pool an implementation started while being verified
    // (blake3+rayon) keeps every CPU; the measuring thread gets one.
    if let Some(cpu) = plan.options.pin {
        pin::pin_current_thread(cpu)?;
        pin::pin_adapters(&plan.external, cpu);
    }
    let tsc_hz = Tsc::calibrate(Duration::from_millis(20)).map(|t| t.hz());
    let mut load = machine::LoadRecorder::new(0);
    load.sample(Checkpoint::Start);
    let mut reference = reference::DriftTimer::new(seed, plan.remembered);
    reference.time(Checkpoint::Start, cancel)?;
    let per_round = per_round(plan);
    skipped.extend(plan.external_skipped.iter().cloned());
    let passed_external = external::verify(plan, &mut skipped, &mut failed)?;
    let mut kernels = cells::kernels(&passed, &plan.options.patterns, &mut skipped)?;
    cells::slow_down(&mut kernels, plan.options.slow_down.as_ref());
    let mut cells = cells::Cells::new(
        kernels,
        external::kernels(passed_external, seed, (&sizes, &plan.modes()), &mut skipped),
        &passed,
        (plan.threads(), host.logical_cores),
        (&sizes, &plan.modes()),
        plan.baselines,
        &mut skipped,
    )?;
    load.resize(cells.planned.len());
    let rounds = plan.options.rounds as usize;
    // Streams hash fixed sizes (the plan refuses ranges with --streams).
    let fixed: Vec<u64> = sizes.iter().filter_map(|s| s.fixed()).collect();
    let streams_cells = plan.options.streams.map_or(0, |_| {
        fixed.len() * passed.iter().filter(|p| !p.implementation.parallel).count()
    });
    observer.plan_ready(&plan_ready(plan, &cells, streams_cells, &per_round));
    let r = rounds::Rounds {
        sizes: &sizes,
        seed,
        misalign: plan.options.misalign,
        rounds,
        max_rounds: plan.max_rounds() as usize,
        budget: plan.time_budget(),
        precision: plan.options.precision,
        race: plan.race.then_some(plan.options.equivalence),
        answerable: &plan.answerable,
        per_round: &per_round,
        cancel,
    };
    let warmed = rounds::measure(
        &r,
        &mut cells,
        (&mut reference, &mut load),
        observer,
        (&mut skipped, &mut failed),
    )?;
    if plan.race {
        let outcome = (&mut skipped, &mut failed);
        confirm::contenders(plan, &mut cells, &warmed, outcome, &mut proofs)?;
    }
    let streams_out = match streams_plan(plan, &fixed, seed, tsc_hz, cancel) {
        Some(s) => streams::measure_all(&s, &passed, observer, (&mut skipped, &mut failed))?,
        None => Vec::new(),
    };
    observer.finished();
    let interrupted = cancel.load(Ordering::SeqCst);
    alloc::count(&mut cells, &sizes, seed, plan.options.misalign);
    let (machine_load, cell_loads) = load.finish();
    let assemble::AssembledCells {
        cells,
        baselines,
        floors,
    } = assemble::cells(
        &mut cells,
        (rounds, plan.options.precision, plan.options.raw),
        &cell_loads,
        (&host, &plan.run_to_run),
    )?;

    let mut run = model(
        plan,
        Measurements {
            host,
            started_at,
            seed,
            sizes,
            tsc_hz,
            min_samples: per_round.min_samples,
            passed: &passed,
            skipped,
            cells,
            baselines,
            floors,
            streams: streams_out,
            reference: reference.finish(),
            load: machine_load,
            interrupted,
            verification: proofs.facts(),
        },
    );
    postprocess::apply(&mut run, &plan.relative_to, plan.options.metric);
    Ok(Measured {
        run,
        failed,
        interrupted,
        learned: proofs.learned(),
    })
}

/// The plan as the observer is told it. Every cell gets its budget (spread over the
/// rounds) unless it reaches the precision sooner; each implementation's warm-up comes
/// first, and the drift reference takes a few tens of ms after every pass. What no plan
/// knows before the first call is how long a call takes: one slower than a round's
/// share of the budget still takes its minimum samples (`PlanReady` says so).
fn plan_ready(
    plan: &RunPlan,
    cells: &cells::Cells,
    streams_cells: usize,
    per_round: &Config,
) -> PlanReady {
    let all = cells.planned.len() + streams_cells;
    PlanReady {
        cells: cells.planned.len(),
        rounds: plan.options.rounds as usize,
        max_rounds: plan.max_rounds() as usize,
        streams_cells,
        at_most_s: all as f64 * plan.options.time_s
            + warmup::at_most(cells, plan.race).as_secs_f64()
            + 0.03 * (plan.max_rounds() as f64 + 1.0),
        min_samples: per_round.min_samples,
        external_cells: cells
            .planned
            .iter()
            .filter(|p| matches!(p.kind, cells::Kind::External(_)))
            .count(),
    }
}

/// A seed for a run that was given none: odd, from the clock.
fn seed_from_clock() -> u64 {
    SystemTime::now()
        .duration_since(SystemTime::UNIX_EPOCH)
        .map_or(1, |d| d.as_nanos() as u64 | 1)
}

/// The `--streams` cells' settings, at the plan's fixed sizes; `None` without
/// `--streams`.
fn streams_plan<'a>(
    plan: &RunPlan,
    fixed: &'a [u64],
    seed: u64,
    tsc_hz: Option<f64>,
    cancel: &'a AtomicBool,
) -> Option<streams::Streams<'a>> {
    plan.options.streams.map(|n| streams::Streams {
        n,
        sizes: fixed,
        seed,
        misalign: plan.options.misalign,
        config: Config {
            target_precision: plan.options.precision,
            time_budget: plan.time_budget(),
            ..Config::default()
        },
        tsc_hz,
        cancel,
    })
}

/// What the measuring produced, for [`model`].
struct Measurements<'a> {
    host: Host,
    started_at: SystemTime,
    seed: u64,
    sizes: Vec<Size>,
    tsc_hz: Option<f64>,
    min_samples: usize,
    passed: &'a [verification::Passed],
    skipped: Vec<hashbench_model::Skipped>,
    cells: Vec<hashbench_model::Cell>,
    baselines: Vec<hashbench_model::Cell>,
    floors: Vec<hashbench_model::Cell>,
    streams: Vec<hashbench_model::StreamsCell>,
    reference: hashbench_model::DriftReference,
    load: Option<hashbench_model::MachineLoad>,
    interrupted: bool,
    verification: hashbench_model::VerificationFacts,
}

/// The run model of `plan` and what was measured, before post-processing.
fn model(plan: &RunPlan, m: Measurements<'_>) -> Run {
    let mut providers: Vec<ProviderVersion> = Vec::new();
    for imp in m.passed.iter().map(|p| p.implementation) {
        if !providers.iter().any(|p| p.provider == imp.provider.name) {
            providers.push(ProviderVersion {
                provider: imp.provider.name.to_string(),
                version: imp.provider.version(),
                origin: None,
            });
        }
    }
    // Other runtimes: the package as the adapter read it, and the runtime's version.
    for ext in &plan.external {
        if !providers.iter().any(|p| p.provider == ext.provider) {
            providers.push(ProviderVersion {
                provider: ext.provider.clone(),
                version: format!("{} {}", ext.runtime, ext.runtime_version),
                origin: ext.origin.as_deref().cloned(),
            });
        }
    }
    Run {
        schema_version: SCHEMA_VERSION,
        tool: meta::tool(),
        command_line: plan.command_line.clone(),
        timestamp: meta::timestamp(m.started_at),
        host: m.host,
        build: meta::build_info(),
        tsc_hz: m.tsc_hz,
        config: RunConfig {
            filters: plan.options.filter.clone(),
            sizes: m.sizes,
            modes: plan.modes().clone(),
            // Only a view other than the default is worth recording.
            metric: (plan.options.metric != Metric::Time)
                .then(|| plan.options.metric.name().to_string()),
            time_budget_s: plan.options.time_s,
            precision: plan.options.precision,
            min_samples: m.min_samples,
            rounds: plan.options.rounds as usize,
            max_rounds: Some(plan.max_rounds() as usize),
            equivalence: Some(plan.options.equivalence),
            patterns: plan.options.patterns.clone(),
            seed: m.seed,
            misalign: plan.options.misalign,
            raw: plan.options.raw,
            pin_cpu: plan.options.pin,
            threads: plan.threads().map(<[usize]>::to_vec),
            streams: plan.options.streams,
            verification: Some(m.verification),
            // What was learned of the cells this run measured (the memory holds more).
            run_to_run: {
                let measured: std::collections::BTreeSet<String> =
                    m.cells.iter().chain(&m.baselines).map(cell_key).collect();
                plan.run_to_run.only(|k| measured.contains(k))
            },
        },
        providers,
        skipped: m.skipped,
        baselines: m.baselines,
        runtime_floors: m.floors,
        cells: m.cells,
        streams: m.streams,
        cost_model: Vec::new(),
        complete: !m.interrupted,
        suite: plan.suite.clone(),
        reference: Some(m.reference),
        flags: Vec::new(),
        relative_to: Vec::new(),
        load: m.load,
        classes: m
            .passed
            .iter()
            .map(|p| p.implementation.algorithm)
            .chain(plan.external.iter().map(|e| e.algorithm))
            .map(|a| (a.id.to_string(), a.class.model()))
            .collect(),
        hash_properties: m
            .passed
            .iter()
            .map(|p| p.implementation.algorithm)
            .chain(plan.external.iter().map(|e| e.algorithm))
            .filter_map(|a| Some((a.id.to_string(), a.hash?.model())))
            .collect(),
        rankings: Vec::new(),
        properties: {
            let mut algorithms: Vec<&hashbench_catalog::Algorithm> = m
                .passed
                .iter()
                .map(|p| p.implementation.algorithm)
                .chain(plan.external.iter().map(|e| e.algorithm))
                .collect();
            algorithms.sort_by_key(|a| a.id);
            algorithms.dedup_by_key(|a| a.id);
            algorithms
                .into_iter()
                .map(hashbench_catalog::properties)
                .collect()
        },
        findings: None,
    }
}
