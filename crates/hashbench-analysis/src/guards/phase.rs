//! The slow-phase guard: a figure whose rounds all ran while the machine was slow.

use hashbench_model::{Flag, FlagCode};
use hashbench_stats::phase::{PassPhases, SLOW_PHASE};
use hashbench_stats::rounds::MIN_CLUSTER_ROUNDS;

/// A cell measured in the passes `pass_ids` with fewer than
/// [`MIN_CLUSTER_ROUNDS`] rounds in passes the drift reference shows at the machine's
/// speed (`phases`, [`hashbench_stats::phase`]), in a run that had such passes: however
/// well its rounds agree, they may all be a slow spell's, and its figure is not
/// comparable with those of cells measured at the machine's speed. The run gives such a
/// cell more rounds while its budget lasts; this flags the ones it could not.
#[must_use]
pub fn slow_phase(pass_ids: &[u32], phases: &PassPhases) -> Option<Flag> {
    if !phases.judges() {
        return None;
    }
    let fast = phases.fast_rounds(pass_ids);
    (fast < MIN_CLUSTER_ROUNDS).then(|| {
        let fast_passes = phases.fast_passes();
        let speed = if phases.remembered {
            format!(
                "this machine's speed as earlier runs remember it ({})",
                hashbench_model::format::time_ns(phases.level_ns)
            )
        } else {
            "the machine's speed".to_string()
        };
        Flag::new(
            FlagCode::HighSpread,
            format!(
                "{fast} of its {} rounds ran in the {fast_passes} passes the drift \
                 reference shows at {speed} (the others beside a reference timing over \
                 {:.0} % slower): its figure may be a slow phase's; measure longer \
                 (--time) for {MIN_CLUSTER_ROUNDS} rounds at the machine's speed",
                pass_ids.len(),
                SLOW_PHASE * 100.0,
            ),
        )
    })
}
