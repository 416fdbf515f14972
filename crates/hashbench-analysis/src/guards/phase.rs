//! The slow-phase guards: a figure whose rounds all ran while the machine was slow, and a
//! multi-thread figure whose rounds all shared their CPUs with another task.

use hashbench_model::{Cell, Flag, FlagCode};
use hashbench_stats::phase::{
    free_enough, free_rounds, PassPhases, CONTENDED_WAIT_PERCENT, SLOW_PHASE,
};
use hashbench_stats::rounds::MIN_CLUSTER_ROUNDS;

/// A cell measured in the passes `pass_ids` with fewer than
/// [`MIN_CLUSTER_ROUNDS`] rounds in passes the drift reference shows at the machine's
/// speed (`phases`, [`hashbench_stats::phase`]), in a run that had such passes: however
/// well its rounds agree, they may all be a slow spell's, and its figure is not
/// comparable with those of cells measured at the machine's speed. The run gives such a
/// cell more rounds while its budget lasts; this flags the ones it could not.
/// `borrowed`: the remembered level that judged was other builds'
/// ([`hashbench_model::DriftReference::judged_by_borrowed`]), which the text says.
#[must_use]
pub fn slow_phase(pass_ids: &[u32], phases: &PassPhases, borrowed: bool) -> Option<Flag> {
    if !phases.judges() {
        return None;
    }
    let fast = phases.fast_rounds(pass_ids);
    (fast < MIN_CLUSTER_ROUNDS).then(|| {
        let fast_passes = phases.fast_passes();
        let speed = if phases.remembered {
            format!(
                "this machine's speed as {} remember it ({}{})",
                if borrowed {
                    "other hashbench builds' runs, their slowest with a margin for code \
                     placement,"
                } else {
                    "earlier runs"
                },
                hashbench_model::format::time_ns(phases.level_ns),
                if phases.second {
                    " for the short reference, read at 64 B"
                } else {
                    ""
                }
            )
        } else {
            "the machine's speed".to_string()
        };
        Flag::new(
            FlagCode::SlowPhase,
            format!(
                "{fast} of its {} rounds ran in the {fast_passes} passes the drift \
                 references show at {speed} (the others beside a reference timing over \
                 {:.0} % slower): its figure may be a slow phase's; measure longer \
                 (--time) for {MIN_CLUSTER_ROUNDS} rounds at the machine's speed",
                pass_ids.len(),
                SLOW_PHASE * 100.0,
            ),
        )
    })
}

/// A cell on several threads with fewer than [`MIN_CLUSTER_ROUNDS`] rounds in which its
/// threads had their CPUs to themselves (waited for one at most
/// [`CONTENDED_WAIT_PERCENT`] of the time): another task took part of its CPUs in the
/// others, the call waited for its slowest thread, and the figure may be that task's
/// share rather than the code's speed. The drift reference runs on one thread and cannot
/// see it. The run gives such a cell more rounds while its budget lasts; this flags the
/// ones it could not.
#[must_use]
pub fn shared_cpus(cell: &Cell) -> Option<Flag> {
    let waits = &cell.round_wait_percent;
    if cell.threads < 2 || cell.figure.is_none() || free_enough(waits) {
        return None;
    }
    let most = waits
        .iter()
        .copied()
        .filter(|w| w.is_finite())
        .fold(0.0, f64::max);
    Some(Flag::new(
        FlagCode::HighSpread,
        format!(
            "{} of its {} rounds ran with its {} threads' CPUs free of other tasks (in the \
             others they waited for a CPU over {CONTENDED_WAIT_PERCENT:.0} % of the time, up \
             to {most:.1} %): another task shared its CPUs, and its figure may be that \
             task's share; measure when the machine is quieter, or on fewer threads",
            free_rounds(waits),
            waits.len(),
            cell.threads,
        ),
    ))
}
