//! SIGINT (Ctrl-C) and SIGTERM (what CI time-outs and `kill` send) stop a command the
//! same way: the measuring loop sees a flag, the cells measured so far are written as a
//! partial result (`complete: false`), and the process exits 130 or 143, the shell's
//! codes for the two signals. A second signal while the first is being handled ends the
//! process at once, for a user who does not want to wait for the write.
//!
//! Adapters (other runtimes' processes) run in process groups of their own, so a
//! terminal's Ctrl-C does not reach them: [`guard`] makes every way a signal ends
//! hashbench kill them first (before [`install`], and for SIGHUP, a signal ends the
//! process as it always did; after it, on the second signal). The graceful way ends
//! with the run's adapters dropped, which kills them too.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};

/// Exit code after SIGINT (128 + 2).
pub const EXIT_SIGINT: u8 = 130;
/// Exit code after SIGTERM (128 + 15).
pub const EXIT_SIGTERM: u8 = 143;

struct Flags {
    stop: Arc<AtomicBool>,
    which: Arc<AtomicUsize>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

/// Whether [`install`] has run: SIGINT and SIGTERM then stop the command gracefully.
static GRACEFUL: AtomicBool = AtomicBool::new(false);

/// Registers, for SIGINT, SIGTERM and SIGHUP, the handler that kills the adapters'
/// process groups before the signal ends hashbench; until [`install`] (and for SIGHUP
/// always) the signal then ends the process as its default action would. Called first
/// thing in `main`, so that it runs before the handlers [`install`] adds.
pub fn guard() {
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        let action = move || {
            let graceful = signal != SIGHUP && GRACEFUL.load(Ordering::SeqCst);
            // A second signal after the graceful first: the next handler ends the process.
            let ending = FLAGS.get().is_some_and(|f| f.stop.load(Ordering::SeqCst));
            // A request in flight is given up either way: a run stops within a moment,
            // not after an adapter's minute-long `time` request.
            hashbench_adapters::interrupt();
            if !graceful || ending {
                hashbench_adapters::kill_all();
            }
            if !graceful {
                let _ = signal_hook::low_level::emulate_default_handler(signal);
            }
        };
        // SAFETY: the action only loads and stores atomics, sends signals (kill) and restores the
        // default action and raises the signal, all async-signal-safe.
        let _ = unsafe { signal_hook::low_level::register(signal, action) };
    }
}

/// Installs the handlers (once; later calls return the same flag) and returns the flag
/// a signal sets. If the handlers cannot be installed, signals keep their default
/// action and the flag is never set.
pub fn install() -> Arc<AtomicBool> {
    let flags = FLAGS.get_or_init(|| {
        let flags = Flags {
            stop: Arc::new(AtomicBool::new(false)),
            which: Arc::new(AtomicUsize::new(0)),
        };
        for signal in [SIGINT, SIGTERM] {
            // Registered before the flag, so it sees the flag as it was before this
            // signal: it ends the process only on the second signal.
            let _ = signal_hook::flag::register_conditional_shutdown(
                signal,
                i32::from(exit_code(signal)),
                Arc::clone(&flags.stop),
            );
            let _ = signal_hook::flag::register_usize(
                signal,
                Arc::clone(&flags.which),
                signal as usize,
            );
            let _ = signal_hook::flag::register(signal, Arc::clone(&flags.stop));
        }
        GRACEFUL.store(true, Ordering::SeqCst);
        flags
    });
    Arc::clone(&flags.stop)
}

/// The exit code for the signal that stopped the run, if one did.
pub fn exit_code_if_stopped() -> Option<u8> {
    let flags = FLAGS.get()?;
    if !flags.stop.load(Ordering::SeqCst) {
        return None;
    }
    Some(exit_code(flags.which.load(Ordering::SeqCst) as i32))
}

/// The exit code of a command whose measuring was interrupted: the signal's, or
/// SIGINT's when no signal is on record.
pub fn interrupted_exit_code() -> u8 {
    exit_code_if_stopped().unwrap_or(EXIT_SIGINT)
}

fn exit_code(signal: i32) -> u8 {
    if signal == SIGTERM {
        EXIT_SIGTERM
    } else {
        EXIT_SIGINT
    }
}
