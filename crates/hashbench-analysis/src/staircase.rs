//! The fixed-cost staircase of an every-length sweep (`--sizes every:0..=256`): the
//! lengths over which a hash costs the same, and where its time steps up (a new block, a
//! wider code path). eBASH publishes such sweeps; a line fitted through them hides the
//! steps, so a sweep is summarised as the steps themselves.

use hashbench_model::findings::{Staircase, Step};
use hashbench_model::{Cell, Run, SeriesKey};
use hashbench_stats::order::median_sorted;

/// Sizes a series must have, one byte apart, to count as a sweep.
pub const MIN_SWEEP: usize = 16;

/// A length (the next one's median) joins the current step when it is within this
/// fraction of the step's median, or within [`SAME_NS`].
const SAME_FRACTION: f64 = 0.05;
/// Below this difference two times are one step whatever their ratio: a quarter of a
/// nanosecond is about a cycle, under the noise of one cell.
const SAME_NS: f64 = 0.25;

/// The steps of `cells` (one series, sorted by size, one byte apart).
fn steps(cells: &[&Cell]) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut members: Vec<f64> = Vec::new();
    for c in cells {
        let (Some(size), t) = (c.size.fixed(), c.time_ns()) else {
            continue;
        };
        if let Some(last) = out.last_mut() {
            let m = last.median_ns;
            if (t - m).abs() <= (SAME_FRACTION * m).max(SAME_NS) {
                last.to = size;
                // Kept in order, so the step's median is read off, not sorted again.
                members.insert(members.partition_point(|&x| x < t), t);
                last.median_ns = median_sorted(&members).unwrap_or(t);
                continue;
            }
        }
        members = vec![t];
        out.push(Step {
            from: size,
            to: size,
            median_ns: t,
            outliers: Vec::new(),
        });
    }
    merge_outliers(out)
}

/// Whether two times are one step.
fn same(a: f64, b: f64) -> bool {
    (a - b).abs() <= (SAME_FRACTION * a.min(b)).max(SAME_NS)
}

/// Folds every one-length step whose neighbours are one step into them: [A, x, B] with A
/// and B alike becomes one step from A's first length to B's last, x an outlier.
fn merge_outliers(steps: Vec<Step>) -> Vec<Step> {
    let mut out: Vec<Step> = Vec::new();
    let mut i = 0;
    while i < steps.len() {
        let mut cur = steps[i].clone();
        i += 1;
        while i + 1 < steps.len()
            && steps[i].from == steps[i].to
            && same(cur.median_ns, steps[i + 1].median_ns)
        {
            let (x, next) = (&steps[i], &steps[i + 1]);
            let (a, b) = (cur.to - cur.from + 1, next.to - next.from + 1);
            // The joined step's time: its parts weighted by their lengths.
            cur.median_ns = (cur.median_ns * a as f64 + next.median_ns * b as f64) / (a + b) as f64;
            cur.outliers.push((x.from, x.median_ns));
            cur.outliers.extend(next.outliers.iter().copied());
            cur.to = next.to;
            i += 2;
        }
        out.push(cur);
    }
    out
}

/// The staircase of every series of `run` measured at [`MIN_SWEEP`] or more consecutive
/// lengths, in the order the series first appear.
#[must_use]
pub fn staircases(run: &Run) -> Vec<Staircase> {
    let mut keys: Vec<SeriesKey> = Vec::new();
    for c in &run.cells {
        let k = c.series_key();
        if !keys.contains(&k) {
            keys.push(k);
        }
    }
    keys.iter()
        .filter_map(|k| {
            let mut cells: Vec<&Cell> = run
                .cells
                .iter()
                .filter(|c| c.is_in(k) && c.size.fixed().is_some())
                .collect();
            cells.sort_by_key(|c| c.size);
            let consecutive = cells
                .windows(2)
                .filter(|w| w[1].size.max_bytes() == w[0].size.max_bytes() + 1)
                .count();
            (consecutive + 1 >= MIN_SWEEP).then(|| Staircase {
                label: k.label(),
                steps: steps(&cells),
            })
        })
        .collect()
}

#[cfg(test)]
mod tests;
