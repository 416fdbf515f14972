//! The process groups of the adapters now running, so that hashbench can kill them
//! whatever way it ends: dropping an adapter kills its group, and [`kill_all`] kills
//! every one from a signal handler (the binary calls it before a signal ends the
//! process). Each adapter leads its own group (`setpgid(0, 0)` at its start), so its
//! group id is its process id, and killing the group takes whatever it started too.
//!
//! A fixed table of atomics, not a locked list: a signal handler may run at any point,
//! even while another thread holds a lock, and may only use async-signal-safe calls
//! (atomic loads and `kill` are).

use std::sync::atomic::{AtomicI32, Ordering};

/// More than any run starts (one adapter per runtime); an adapter that finds the table
/// full is still killed when dropped, only not by [`kill_all`].
const SLOTS: usize = 64;

static GROUPS: [AtomicI32; SLOTS] = [const { AtomicI32::new(0) }; SLOTS];

/// A process id as the signal calls take it; 0 (never a child's) when it does not fit.
fn pid(id: u32) -> i32 {
    i32::try_from(id).unwrap_or(0)
}

/// Records the group led by process `id`.
pub(crate) fn add(id: u32) {
    let id = pid(id);
    if id <= 0 {
        return;
    }
    for slot in &GROUPS {
        if slot
            .compare_exchange(0, id, Ordering::SeqCst, Ordering::SeqCst)
            .is_ok()
        {
            return;
        }
    }
}

/// Forgets the group led by `id` (its leader has been reaped).
pub(crate) fn remove(id: u32) {
    let id = pid(id);
    for slot in &GROUPS {
        let _ = slot.compare_exchange(id, 0, Ordering::SeqCst, Ordering::SeqCst);
    }
}

/// Sends SIGKILL to the group led by `id`, if it is one of the adapters' (never to a
/// group this table does not hold: a reaped leader's id may be another process's now).
pub(crate) fn kill(id: u32) {
    let id = pid(id);
    if id > 0 && GROUPS.iter().any(|s| s.load(Ordering::SeqCst) == id) {
        // SAFETY: kill only sends a signal; a negative pid names the process group.
        unsafe {
            libc::kill(-id, libc::SIGKILL);
        }
    }
}

/// Kills every running adapter's process group. Async-signal-safe: the binary calls it
/// from its signal handlers, before a signal ends hashbench, so that no adapter outlives
/// it (an adapter busy in a long `time` request, or hung, would never read the end of
/// its input).
pub fn kill_all() {
    for slot in &GROUPS {
        let id = slot.load(Ordering::SeqCst);
        if id > 0 {
            // SAFETY: as in `kill`; kill is async-signal-safe.
            unsafe {
                libc::kill(-id, libc::SIGKILL);
            }
        }
    }
}

#[cfg(test)]
mod tests;
