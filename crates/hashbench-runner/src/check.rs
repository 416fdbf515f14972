//! The plan against the machine: checks that only the host can answer (memory, logical
//! CPUs, the CPUs this process may use), run before anything is verified or measured.

use hashbench_host::Host;
use hashbench_model::Size;
use hashbench_plan::{RunPlan, SizeSpec, MAX_CELLS_WITHOUT_YES, MAX_THREADS, OVERSUBSCRIBE_FACTOR};

use crate::RunError;

/// The sizes to measure on `host`, checked against its memory: the input and the
/// memcpy baseline's copy must both fit, with room to spare.
pub(crate) fn sizes_on(plan: &RunPlan, host: &Host) -> Result<Vec<Size>, RunError> {
    let max_size = host.memory_available_bytes.map_or(1 << 40, |m| m / 4);
    match &plan.options.sizes {
        SizeSpec::AroundCaches => {
            let sizes = host.sizes_around_caches().ok_or_else(|| {
                RunError::Plan(format!(
                    "{} cache: this machine's cache sizes are unknown (no \
                     /sys/devices/system/cpu/cpu0/cache); give sizes instead",
                    plan.spelling.sizes
                ))
            })?;
            Ok(sizes
                .into_iter()
                .filter(|&s| s <= max_size)
                .map(Size::Bytes)
                .collect())
        }
        SizeSpec::List(sizes) => {
            if let Some(&big) = sizes.iter().find(|s| s.max_bytes() > max_size) {
                return Err(RunError::Plan(format!(
                    "{}: {} ({big} B) is larger than this machine's memory allows ({} at \
                     most: a quarter of the memory available)",
                    plan.spelling.sizes,
                    hashbench_model::format::size(big),
                    hashbench_model::format::size(max_size)
                )));
            }
            Ok(sizes.clone())
        }
    }
}

/// Every check of the plan against the machine, before anything runs; returns the sizes.
pub(crate) fn check(plan: &RunPlan, host: &Host) -> Result<Vec<Size>, RunError> {
    let sizes = sizes_on(plan, host)?;
    if let Some(range) = sizes.iter().find(|s| s.fixed().is_none()) {
        if plan.options.streams.is_some() {
            return Err(RunError::Plan(format!(
                "--streams measures fixed sizes; {range} is a range of lengths: give fixed \
                 sizes ({}) with --streams",
                plan.spelling.sizes
            )));
        }
        if range.max_bytes() > u64::from(u32::MAX) {
            return Err(RunError::Plan(format!(
                "{}: {range}: a range's lengths must be below 4 GiB",
                plan.spelling.sizes
            )));
        }
    }
    if plan.options.streams == Some(0) {
        return Err(RunError::Plan(
            "bad --streams 0: give at least 1".to_string(),
        ));
    }
    check_oversubscription(plan, host.logical_cores)?;
    if let (Some(n), Some(available)) = (plan.options.streams, host.memory_available_bytes) {
        // Each stream hashes its own copy of the input.
        let largest = sizes.iter().map(|s| s.max_bytes()).max().unwrap_or(0);
        let need = largest.saturating_mul(n as u64);
        if need > available / 2 {
            return Err(RunError::Plan(format!(
                "--streams {n} at {largest} B needs {need} bytes of input, more than half of \
                 the {available} bytes of memory available: fewer streams or smaller sizes ({})",
                plan.spelling.sizes
            )));
        }
    }
    // The plan's size is known before anything runs: refuse a huge one unless asked.
    let mut checked = plan.clone();
    checked.options.sizes = SizeSpec::List(sizes.clone());
    let at_most = checked.at_most_cells();
    if at_most > MAX_CELLS_WITHOUT_YES && !plan.options.yes {
        return Err(RunError::Plan(format!(
            "the plan has up to {at_most} cells ({} sizes x {} implementations x {} \
             patterns x {} thread counts, plus baselines), more than \
             {MAX_CELLS_WITHOUT_YES}: add --yes to run it, or select less",
            sizes.len(),
            plan.implementations.len(),
            plan.options.patterns.len().max(1),
            plan.threads().map_or(1, <[usize]>::len),
        )));
    }
    if let Some(cpu) = plan.options.pin {
        crate::pin::check(cpu)?;
    }
    Ok(sizes)
}

/// `--threads` and `--streams` against the machine: more than a few per logical CPU
/// measures the scheduler, not the hash, and is refused unless asked for (where the
/// command can ask: `recommend` cannot, and is told the most it may give).
fn check_oversubscription(plan: &RunPlan, logical_cpus: usize) -> Result<(), RunError> {
    let limit = OVERSUBSCRIBE_FACTOR * logical_cpus.max(1);
    let asked = [
        (
            plan.spelling.threads.as_str(),
            plan.threads().and_then(|t| t.iter().copied().max()),
        ),
        ("--streams", plan.options.streams),
    ];
    for (flag, n) in asked {
        let Some(n) = n else { continue };
        if n > MAX_THREADS {
            return Err(RunError::Plan(format!(
                "bad {flag} {n}: at most {MAX_THREADS}"
            )));
        }
        if n > limit && !plan.options.allow_oversubscribe {
            let remedy = match plan.spelling.oversubscribe {
                Some(allow) => format!("add {allow} to measure it anyway"),
                None => format!("give at most {limit}"),
            };
            return Err(RunError::Plan(format!(
                "{flag} {n} is more than {OVERSUBSCRIBE_FACTOR} per logical CPU ({limit} \
                 here): {remedy}"
            )));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests;
