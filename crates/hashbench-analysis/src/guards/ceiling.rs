//! The read ceiling: no hash reads its input faster than the plain read of it, like for
//! like (`above-ceiling`).

use std::collections::BTreeMap;

use hashbench_model::{Flag, FlagCode, Pattern, Size};

/// A cell faster than the `read` ceiling beyond both confidence intervals: the slowest
/// time per call its CI allows (`cell_ci_high_ns`) is below the fastest the ceiling's CI
/// allows (`ceiling_ci_low_ns`), divided by the threads that worked on the call (the
/// ceiling is one thread reading) and by `speed_range`, how much the machine's speed
/// changed during the run (the drift reference's slowest over fastest timing; 1 when
/// unknown). Noise alone cannot fire it: both intervals would have to miss; nor a slow
/// spell that caught the ceiling but not the cell.
#[must_use]
pub fn above_ceiling(
    cell_ci_high_ns: f64,
    ceiling_ci_low_ns: f64,
    threads: usize,
    speed_range: f64,
) -> Option<Flag> {
    let allowance = threads.max(1) as f64 * speed_range.max(1.0);
    (cell_ci_high_ns * allowance < ceiling_ci_low_ns).then(|| {
        let mut allowed = Vec::new();
        if threads > 1 {
            allowed.push(format!("{threads} threads"));
        }
        if speed_range > 1.0 {
            allowed.push(format!("the run's {speed_range:.2}x speed change"));
        }
        Flag::new(
            FlagCode::AboveCeiling,
            format!(
                "at most {} per call, but merely reading the input takes at least {}{}: \
                 the input cannot have been read",
                hashbench_model::format::time_ns(cell_ci_high_ns),
                hashbench_model::format::time_ns(ceiling_ci_low_ns),
                if allowed.is_empty() {
                    String::new()
                } else {
                    format!(" (allowing for {})", allowed.join(" and "))
                }
            ),
        )
    })
}

/// From this size on, the read baseline's own cost per call (its loop, its vector set-up,
/// the final reduction) is a small part of its time, and the read at the cell's size is
/// the ceiling, like for like. Below it a call on a few bytes pays none of that: at 16 B
/// the read took 2.23 ns and `xxh3-64/xxhash-rust` 1.63 ns (issue 32), which no more
/// proves an input unread than a fast call proves anything.
pub const CEILING_FROM_BYTES: u64 = 4096;

/// The least time reading a cell's input can take, ns (`reads`: the one-thread read
/// baseline's interval low end per size), or `None` where no ceiling applies: at a size
/// of [`CEILING_FROM_BYTES`] or more, the read at that size; below it (and for a range of
/// lengths), the input's bytes at the fastest rate per byte the read reached at
/// [`CEILING_FROM_BYTES`] or more, which leaves its fixed cost out; never for typed keys
/// (`keys:*`), whose key is a value handed over in registers, not bytes read from memory.
#[must_use]
pub fn read_ceiling(reads: &BTreeMap<Size, f64>, size: Size, pattern: Pattern) -> Option<f64> {
    if matches!(pattern, Pattern::Keys(_)) {
        return None;
    }
    if size.fixed().is_some_and(|b| b >= CEILING_FROM_BYTES) {
        return reads.get(&size).copied();
    }
    let per_byte = reads
        .iter()
        .filter_map(|(s, &t)| {
            let b = s.fixed().filter(|&b| b >= CEILING_FROM_BYTES)?;
            (t.is_finite() && t > 0.0).then(|| t / b as f64)
        })
        .fold(None, |best: Option<f64>, p| {
            Some(best.map_or(p, |b| b.min(p)))
        })?;
    Some(per_byte * size.mean_bytes())
}
