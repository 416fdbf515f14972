//! The full verification of `recommend`'s contenders. A race verifies every candidate
//! in the path it times before its first round ([`hashbench_verify::Depth::Timed`]: every
//! known answer in one call, the typed keys, agreement with the reference one-shot), so
//! that nothing is timed that gets its known answers wrong; the other calling modes
//! (updates, chunks, splits, reset, reuse: a streaming API the race never times) are
//! most of the cost of verifying slow cryptographic hashes, and only the implementations
//! an answer can rest on need them. Those are verified in full once the rounds are done:
//! every implementation that raced past the screening (the contenders and each size's
//! leader). One that fails is set aside as `run` sets aside one that fails before timing:
//! its cells are left out, it is reported as failed verification, and the run fails.

use hashbench_model::Skipped;
use hashbench_plan::RunPlan;
use hashbench_verify::{Depth, Status};

use crate::cells::{Cells, Kind};
use crate::verification::RunProofs;
use crate::warmup::Warmed;
use crate::RunError;

/// Verifies in full the implementations of `cells` that raced past the screening (those
/// `warmed` gave the warm-up floor: the contenders and each size's leader); sets aside
/// those that fail. What the same code proved in full before is not verified again.
pub(crate) fn contenders(
    plan: &RunPlan,
    cells: &mut Cells,
    warmed: &Warmed,
    (skipped, failed): (&mut Vec<Skipped>, &mut bool),
    proofs: &mut RunProofs,
) -> Result<(), RunError> {
    let mut imps: Vec<&'static hashbench_catalog::Implementation> = (0..cells.planned.len())
        .filter(|&i| warmed.floor(cells, i))
        .filter_map(|i| match cells.planned[i].kind {
            Kind::Hash(k) => Some(cells.kernels[k].passed.implementation),
            _ => None,
        })
        .collect();
    imps.sort_by_key(|i| (i.algorithm.id, i.id));
    imps.dedup_by_key(|i| i.id);
    if imps.is_empty() {
        return Ok(());
    }
    let outcomes = proofs.verify(plan, &imps, Depth::Full)?;
    for outcome in outcomes.iter().filter(|o| o.status == Status::Failed) {
        *failed = true;
        for p in &mut cells.planned {
            if let Kind::Hash(k) = p.kind {
                if cells.kernels[k].passed.implementation.id == outcome.implementation {
                    p.failed = true;
                }
            }
        }
        skipped.push(crate::verification::set_aside(
            outcome.implementation.clone(),
            outcome,
        ));
    }
    Ok(())
}
