//! Allocations per call, counted over untimed calls once every round is done: counting
//! is off while samples are timed (docs/method.md), so it never costs a timed call.

use hashbench_engine::Input;
use hashbench_model::Size;

use crate::cells::Cells;

/// Untimed calls over which allocations are counted: enough to average out amortised
/// growth, few enough that a slow cell (tens of ms per call) adds little to the run.
fn counted_calls(median_ns: f64) -> u32 {
    const BUDGET_NS: f64 = 2e6;
    (BUDGET_NS / median_ns.max(1.0)).clamp(2.0, 16.0) as u32
}

/// Counts the allocations of every cell that was measured and did not fail.
/// A range's calls are counted on its longest length.
pub(crate) fn count(cells: &mut Cells, sizes: &[Size], seed: u64, misalign: usize) {
    for &size in sizes {
        let input = Input::new(size.max_bytes() as usize, seed, misalign);
        for i in 0..cells.planned.len() {
            let p = &cells.planned[i];
            if p.size != size || p.failed {
                continue;
            }
            let Some(last) = cells.rounds_of(i).last() else {
                continue;
            };
            let calls = counted_calls(last.median_ns);
            cells.planned[i].allocations = cells.count_allocations(i, input.bytes(), calls);
        }
    }
}
