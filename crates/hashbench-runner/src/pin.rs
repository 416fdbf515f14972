//! `--pin CPU`: keep the measuring thread on one CPU (sched_setaffinity), so the
//! scheduler does not move it between cores mid-cell (cold caches, another core's
//! clock). Linux only. Checked with the plan, applied only once verification is done.

use crate::RunError;

/// The CPUs this process may run on, ascending.
#[cfg(target_os = "linux")]
fn allowed_cpus() -> Result<Vec<usize>, RunError> {
    // SAFETY: a zeroed cpu_set_t is a valid empty set; sched_getaffinity writes at most
    // size_of::<cpu_set_t>() bytes into it.
    let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
    // SAFETY: pid 0 is the calling thread; the size is that of `set`.
    let rc =
        unsafe { libc::sched_getaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &mut set) };
    if rc != 0 {
        return Err(RunError::Pin(format!(
            "--pin: cannot read this process's CPU set: {}",
            std::io::Error::last_os_error()
        )));
    }
    let max = 8 * std::mem::size_of::<libc::cpu_set_t>();
    // SAFETY: CPU_ISSET reads bit `cpu` of `set`, and `cpu` < the set's bit count.
    Ok((0..max)
        .filter(|&cpu| unsafe { libc::CPU_ISSET(cpu, &set) })
        .collect())
}

/// `0-3,6`: a CPU list as the kernel prints one.
fn cpu_list(cpus: &[usize]) -> String {
    let mut parts: Vec<String> = Vec::new();
    let mut i = 0;
    while i < cpus.len() {
        let start = cpus[i];
        let mut end = start;
        while i + 1 < cpus.len() && cpus[i + 1] == end + 1 {
            i += 1;
            end = cpus[i];
        }
        parts.push(if start == end {
            start.to_string()
        } else {
            format!("{start}-{end}")
        });
        i += 1;
    }
    parts.join(",")
}

/// Checks, before anything runs, that `cpu` is one this process may use.
///
/// # Errors
///
/// A usage error naming the CPUs that are allowed, or saying pinning is not supported
/// on this OS.
pub fn check(cpu: usize) -> Result<(), RunError> {
    #[cfg(target_os = "linux")]
    {
        let allowed = allowed_cpus()?;
        if allowed.contains(&cpu) {
            Ok(())
        } else {
            Err(RunError::Pin(format!(
                "--pin {cpu}: this process may run only on CPUs {}",
                cpu_list(&allowed)
            )))
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        let _ = (cpu, cpu_list);
        Err(RunError::Pin(
            "--pin is supported on Linux only (sched_setaffinity)".to_string(),
        ))
    }
}

/// Pins the calling thread to `cpu` (threads it starts later inherit the mask; threads
/// started before, such as a thread pool a library created while being verified, do
/// not).
///
/// # Errors
///
/// As [`check`], or the OS refused.
pub fn pin_current_thread(cpu: usize) -> Result<(), RunError> {
    check(cpu)?;
    #[cfg(target_os = "linux")]
    {
        // SAFETY: a zeroed cpu_set_t is a valid empty set; `cpu` is below the set's bit
        // count (check() found it among the set's bits).
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut set) };
        // SAFETY: pid 0 is the calling thread; the size is that of `set`.
        let rc =
            unsafe { libc::sched_setaffinity(0, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        if rc != 0 {
            return Err(RunError::Pin(format!(
                "--pin {cpu}: sched_setaffinity failed: {}",
                std::io::Error::last_os_error()
            )));
        }
    }
    Ok(())
}

/// Puts the process of every adapter and plugin worker `external` is timed through on
/// `cpu` (already checked by [`pin_current_thread`]): another runtime's timed loop on the
/// same CPU as the drift reference that judges its rounds' phases, as an in-process
/// implementation's is. Best effort: an adapter that has exited (a plugin that crashed
/// while verified) is passed over, and one the OS will not move is measured where it runs.
pub(crate) fn pin_adapters(external: &[hashbench_adapters::External], cpu: usize) {
    let mut pinned: Vec<u32> = Vec::new();
    for ext in external {
        let pid = ext.adapter.lock().map(|a| a.pid()).ok();
        if let Some(pid) = pid.filter(|p| !pinned.contains(p)) {
            pin_process(pid, cpu);
            pinned.push(pid);
        }
    }
}

/// Puts every thread of the process `pid` (an adapter's, a plugin's worker) on `cpu`,
/// the measuring thread's, so that what its timed loop meets is what the drift reference
/// meets: a slow phase of that CPU is seen by both (docs/method.md). Threads it starts
/// later inherit the set; a thread that ended meanwhile is passed over.
fn pin_process(pid: u32, cpu: usize) {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: a zeroed cpu_set_t is a valid empty set; `cpu` was checked to be in
        // this process's set (pin_current_thread).
        let mut set: libc::cpu_set_t = unsafe { std::mem::zeroed() };
        unsafe { libc::CPU_SET(cpu, &mut set) };
        let Ok(main) = libc::pid_t::try_from(pid) else {
            return;
        };
        let tids = std::fs::read_dir(format!("/proc/{pid}/task"))
            .into_iter()
            .flatten()
            .flatten()
            .filter_map(|t| t.file_name().to_str()?.parse::<libc::pid_t>().ok());
        for tid in std::iter::once(main).chain(tids.filter(|&t| t != main)) {
            // SAFETY: a thread id; the size is that of `set`. A failure (the thread
            // ended) leaves nothing to undo.
            unsafe { libc::sched_setaffinity(tid, std::mem::size_of::<libc::cpu_set_t>(), &set) };
        }
    }
    #[cfg(not(target_os = "linux"))]
    let _ = (pid, cpu);
}

#[cfg(test)]
mod tests;
