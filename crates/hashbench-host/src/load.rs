//! How busy the machine is: the load average, the CPU time the hypervisor stole, the
//! runnable processes (`/proc/loadavg`, `/proc/stat`), and how long this process's
//! threads waited for a CPU while runnable (`/proc/self/task/*/schedstat`). The parsers
//! are pure functions over the files' text; [`Snapshot::now`] reads them. Off Linux, or
//! where a file is missing, the readings are `None`.

/// `/proc/stat` figures: CPU time over all CPUs, in clock ticks, and runnable tasks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ProcStat {
    /// Every column of the `cpu` line summed: all CPUs' time since boot.
    pub total_ticks: u64,
    /// The `steal` column: time the hypervisor ran something else while a virtual CPU
    /// wanted to run.
    pub steal_ticks: u64,
    /// `procs_running`: tasks runnable now, system-wide (the reader included).
    pub procs_running: u32,
}

/// Parses `/proc/stat`: the aggregate `cpu` line and `procs_running`. `None` when the
/// `cpu` line is missing or has fewer than 8 numbers (no steal column).
#[must_use]
pub fn parse_proc_stat(text: &str) -> Option<ProcStat> {
    let mut stat = None;
    let mut running = None;
    for line in text.lines() {
        let mut words = line.split_whitespace();
        match words.next() {
            Some("cpu") => {
                let ticks: Vec<u64> = words.map_while(|w| w.parse().ok()).collect();
                if ticks.len() >= 8 {
                    // user nice system idle iowait irq softirq steal [guest guest_nice]:
                    // guest time is already counted in user and nice.
                    stat = Some((ticks[..8].iter().sum(), ticks[7]));
                }
            }
            Some("procs_running") => running = words.next().and_then(|w| w.parse().ok()),
            _ => {}
        }
    }
    let (total_ticks, steal_ticks) = stat?;
    Some(ProcStat {
        total_ticks,
        steal_ticks,
        procs_running: running.unwrap_or(0),
    })
}

/// Parses `/proc/loadavg`: the 1, 5 and 15 minute load averages.
#[must_use]
pub fn parse_loadavg(text: &str) -> Option<[f64; 3]> {
    let mut w = text.split_whitespace().map(|w| w.parse::<f64>().ok());
    Some([w.next()??, w.next()??, w.next()??])
}

/// Parses a task's `schedstat`: nanoseconds on a CPU, nanoseconds runnable but waiting
/// for one (`run_delay`), timeslices. Returns `run_delay`.
#[must_use]
pub fn parse_schedstat_run_delay(text: &str) -> Option<u64> {
    text.split_whitespace().nth(1)?.parse().ok()
}

/// CPU time stolen between two `/proc/stat` readings, percent of all CPUs' time;
/// `None` when no time passed between them.
#[must_use]
pub fn steal_percent(before: &ProcStat, after: &ProcStat) -> Option<f64> {
    let total = after.total_ticks.checked_sub(before.total_ticks)?;
    let steal = after.steal_ticks.saturating_sub(before.steal_ticks);
    (total > 0).then(|| 100.0 * steal as f64 / total as f64)
}

/// One reading of the machine's load, and of this process's waiting.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct Snapshot {
    pub stat: Option<ProcStat>,
    pub load_average: Option<[f64; 3]>,
    /// `run_delay` summed over every thread of this process, nanoseconds.
    pub run_delay_ns: Option<u64>,
}

impl Snapshot {
    /// Reads `/proc` now (a few small files; microseconds). Without `schedstat` support
    /// (another OS, or a kernel without `CONFIG_SCHED_INFO`) `run_delay_ns` is `None`.
    #[must_use]
    pub fn now() -> Snapshot {
        let read = |p: &str| std::fs::read_to_string(p).ok();
        Snapshot {
            stat: read("/proc/stat").as_deref().and_then(parse_proc_stat),
            load_average: read("/proc/loadavg").as_deref().and_then(parse_loadavg),
            run_delay_ns: process_run_delay_ns(),
        }
    }

    /// Only the process's waiting, for the readings around every cell (`/proc/stat`
    /// too, for the steal: two files per thread of the process and one more).
    #[must_use]
    pub fn cell() -> Snapshot {
        Snapshot {
            stat: std::fs::read_to_string("/proc/stat")
                .ok()
                .as_deref()
                .and_then(parse_proc_stat),
            load_average: None,
            run_delay_ns: process_run_delay_ns(),
        }
    }
}

/// `run_delay` summed over the threads of this process.
fn process_run_delay_ns() -> Option<u64> {
    let tasks = std::fs::read_dir("/proc/self/task").ok()?;
    let mut sum = 0u64;
    let mut any = false;
    for t in tasks.flatten() {
        let text = std::fs::read_to_string(t.path().join("schedstat")).ok();
        if let Some(d) = text.as_deref().and_then(parse_schedstat_run_delay) {
            sum = sum.saturating_add(d);
            any = true;
        }
    }
    any.then_some(sum)
}

#[cfg(test)]
mod tests;
