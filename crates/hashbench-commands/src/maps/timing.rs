//! How a group of map cells (one key set, size and workload, every hasher) is timed: in
//! sweeps, each sweep one round of every hasher that still needs one, each round on a new
//! map, with `run`'s two drift references (`read` at 4 KiB and at 64 B,
//! [`hashbench_runner::DriftTimer`]) timed before the first sweep and after each. A sweep
//! either reference shows in a slow phase of the machine (this VM's neighbour: 1.6-2x for
//! seconds) does not count towards a hasher's support: a hasher whose rounds all fell in
//! slow sweeps gets more, up to [`EXTRA_SWEEPS`], so that every figure of the group is the
//! machine's undisturbed speed, as `run`'s rounds are (`hashbench_stats::phase`); so does
//! a hasher whose rounds do not yet agree, and one whose figure has faster rounds it cannot
//! yet confirm (a map past L2 here reads 2.6 ns or, for a fraction of a second, 12-14 ns:
//! three slow rounds agree as well as three fast ones). One lasting slow phase, maps
//! whose places keep their lookups apart, or faster rounds still unconfirmed then show as
//! `unsettled`.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_catalog::map::{MapOp, MapSpec};
use hashbench_catalog::Implementation;
use hashbench_engine::{CellState, Config, EngineError, Input, MapKernel, Workload, MAP_CORRECT};
use hashbench_host::Host;
use hashbench_model::{Checkpoint, RememberedSpeeds, RunToRun};
use hashbench_quality::map::MapView;
use hashbench_quality::{map_cell_key, MapCell, MapsConfig, PairedRounds};
use hashbench_runner::DriftTimer;
use hashbench_stats::rounds::fast_cluster;
use hashbench_stats::RoundFigure;

/// Sweeps beyond the rounds asked for that a hasher may get: one without phase support,
/// or whose rounds do not yet agree (no [`hashbench_stats::rounds::MIN_CLUSTER_ROUNDS`] within the 4 % a figure's
/// cluster spans), as `run` gives an unsettled cell more rounds. Each round is a new map,
/// and where the allocator places one moves lookups in a map past L2 by more than 4 %:
/// with 3 rounds and no more, 11 and 15 of 24 cells settled in two runs (3 hashers, 2
/// key sets, 8,192 and 262,144 keys, hit and miss; 2026-11-30), against 22 and 21 of 24
/// with 6 rounds.
pub const EXTRA_SWEEPS: usize = 6;

/// Cache lines a round's map may hold apart between its table and its probes (or its
/// copies of the keys): [`place_of`] draws 0 to 63, so 0 to 4,032 bytes.
pub const PLACES: u64 = 64;

/// The bytes a sweep's maps hold apart ([`MapSpec::place`]), drawn from the run's seed
/// and the sweep: each round draws another placement of a map's probes beside its table,
/// as `run`'s rounds draw their inputs' placements. Where the allocator happened to put
/// them otherwise held for a whole process: FxHash's misses on 1,024 `serial` keys read
/// 0.78-0.80 or 0.98-0.99 ns a lookup, the figure of a process's five rounds on one
/// level, against a direct loop's 0.78-0.84 (`cargo bench -p hashbench --bench direct_maps`, 2026-11-30,
/// the level changing with a spacer allocated beside the probes, 0 to 16 KiB).
#[must_use]
pub fn place_of(seed: u64, sweep: usize) -> usize {
    let mut rng = hashbench_quality::rng::SplitMix64::new(seed ^ (sweep as u64).rotate_left(32));
    usize::try_from(rng.below(PLACES) * 64).unwrap_or(0)
}

/// Whether a hasher's rounds so far (their medians) give a figure that more rounds need
/// not confirm: they agree ([`fast_cluster`]: three within 4 %, or all of fewer), and none
/// ran faster than the cluster by more than its reach (`faster_rounds`, for which `run`
/// measures a cell again).
#[must_use]
pub fn rounds_hold(medians: &[f64]) -> bool {
    let rounds: Vec<hashbench_stats::Round> = medians
        .iter()
        .map(|&m| hashbench_stats::Round::exact(m))
        .collect();
    fast_cluster(medians).is_some()
        && hashbench_stats::undisturbed(&rounds).is_some_and(|f| f.faster_rounds == 0)
}

/// One hasher's timing in a group.
pub struct Timing {
    pub figure: RoundFigure,
    /// Whether enough of its rounds fell in sweeps at the machine's undisturbed speed
    /// (or the references could not tell the phases apart).
    pub supported: bool,
    pub rounds: usize,
    pub samples: usize,
    /// The sweep each round ran in, and each round's median, ns.
    pub round_ids: Vec<u32>,
    pub round_medians_ns: Vec<f64>,
}

impl Timing {
    /// The cell of the hasher `implementation` on `key_set` at `entries` keys through
    /// `op`, beside `view`: its interval reaching at least as far as earlier runs saw this
    /// cell, or the map cells of its class ([`hashbench_model::SizeClass::of_map`] of its
    /// map's `bytes`), move from one run to the next (`learned`), as a `run` cell's does
    /// ([`hashbench_runner::floor_for`]); a class that learned nothing here reaches
    /// [`hashbench_model::ASSUMED_MAP_REACH`].
    pub fn into_cell(
        mut self,
        (implementation, key_set, op, entries): (&str, &str, MapOp, usize),
        view: Option<MapView>,
        (host, learned, bytes): (&Host, &RunToRun, u64),
    ) -> MapCell {
        let key = map_cell_key(implementation, key_set, op.name(), entries);
        let own = hashbench_runner::floor_for(host, bytes, &key, &RunToRun::default());
        let class = hashbench_model::SizeClass::of_map(host, bytes);
        let reach = learned
            .reach(class, &key)
            .unwrap_or(hashbench_model::ASSUMED_MAP_REACH);
        let floor = own.max(reach);
        self.figure = self.figure.with_floor(floor);
        MapCell {
            implementation: implementation.to_string(),
            key_set: key_set.to_string(),
            workload: op.name().to_string(),
            entries,
            ns: self.figure.median_ns,
            low_ns: self.figure.ci_low_ns,
            high_ns: self.figure.ci_high_ns,
            // Rounds that agree, none faster left unconfirmed, and some of them at the
            // machine's undisturbed speed.
            settled: self.figure.confirmed() && self.supported,
            rounds: self.rounds,
            samples: self.samples,
            view,
            paired: Some(PairedRounds {
                round_ids: self.round_ids,
                round_medians_ns: self.round_medians_ns,
                figure: self.figure,
            }),
            standing: None,
        }
    }
}

/// A hasher's timing, or why its map cannot be made.
pub type Timed = Result<Timing, String>;

/// One [`Timed`] per hasher of `imps`: `config.rounds` rounds each (more for a hasher
/// without phase support), the hashers' rounds interleaved (round 1 of every hasher,
/// then round 2, each sweep starting one hasher later). `remembered` is the references'
/// undisturbed times from earlier runs on this machine (the machine memory), which tell
/// a group timed wholly in a slow phase that it was.
///
/// # Errors
///
/// An engine failure (a wrong answer is one: the map kernel's digest is its errors).
pub fn time_group(
    imps: &[&'static Implementation],
    spec: &MapSpec<'_>,
    (config, remembered): (&MapsConfig, RememberedSpeeds),
    cancel: &AtomicBool,
) -> Result<Vec<Timed>, EngineError> {
    let engine = Config {
        time_budget: Duration::from_secs_f64(config.time_per_cell_s / config.rounds as f64),
        ..Config::default()
    };
    let mut states: Vec<Result<CellState, String>> =
        imps.iter().map(|_| Ok(CellState::new())).collect();
    let mut sweeps_of: Vec<Vec<u32>> = vec![Vec::new(); imps.len()];
    // The engine hands every call an input; a map's calls read their own keys.
    let mut work = Workload::plain(Input::new(0, 0, 0));
    let mut references = DriftTimer::new(config.seed, remembered);
    references.time_at(Checkpoint::Start, cancel)?;
    let mut sweeps = 0;
    for sweep in 0..config.rounds + EXTRA_SWEEPS {
        let phases = references.phases(sweep);
        let wants: Vec<bool> = (0..imps.len())
            .map(|i| {
                states[i].as_ref().is_ok_and(|state| {
                    sweeps_of[i].len() < config.rounds
                        || phases.as_ref().is_some_and(|p| !p.supported(&sweeps_of[i]))
                        || !rounds_hold(state.round_medians())
                })
            })
            .collect();
        if !wants.contains(&true) || cancel.load(std::sync::atomic::Ordering::SeqCst) {
            break;
        }
        for k in 0..imps.len() {
            let i = (k + sweep) % imps.len();
            if !wants[i] {
                continue;
            }
            let Ok(state) = &mut states[i] else {
                continue;
            };
            // What earlier maps (and the key sets' making) freed is settled before this
            // one is made, untimed, not inside its timed operations.
            hashbench_engine::settle_heap();
            let made = imps[i]
                .instantiate()
                .map_err(|e| e.0)
                .and_then(|h| h.map_bench(&spec.placed(place_of(config.seed, sweep))));
            match made {
                Ok(bench) => {
                    let mut kernel = MapKernel::new(imps[i].id, bench);
                    state.round(&mut kernel, &mut work, &engine, Some(&MAP_CORRECT), cancel)?;
                    sweeps_of[i].push(u32::try_from(sweep).unwrap_or(u32::MAX));
                }
                Err(why) => states[i] = Err(why),
            }
        }
        sweeps = sweep + 1;
        references.time_at(Checkpoint::AfterRound(sweeps), cancel)?;
    }
    let phases = references.phases(sweeps);
    states
        .into_iter()
        .zip(&sweeps_of)
        .map(|(state, sweeps)| match state {
            Ok(state) => {
                let rounds = state.rounds().len();
                let round_medians_ns = state.round_medians().to_vec();
                let result = state.finish(config.rounds, engine.target_precision)?;
                Ok(Ok(Timing {
                    figure: result.figure,
                    supported: phases.as_ref().is_none_or(|p| p.supported(sweeps)),
                    rounds,
                    samples: result.measurements.len(),
                    round_ids: sweeps.clone(),
                    round_medians_ns,
                }))
            }
            Err(why) => Ok(Err(why)),
        })
        .collect()
}
