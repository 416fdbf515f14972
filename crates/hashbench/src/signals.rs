//! SIGINT (Ctrl-C) and SIGTERM (what CI time-outs and `kill` send) stop a command the
//! same way: the measuring loop sees a flag, the cells measured so far are written as a
//! partial result (`complete: false`), and the process exits 130 or 143, the shell's
//! codes for the two signals. A second signal while the first is being handled ends the
//! process at once, for a user who does not want to wait for the write.

use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use signal_hook::consts::{SIGINT, SIGTERM};

/// Exit code after SIGINT (128 + 2).
pub const EXIT_SIGINT: u8 = 130;
/// Exit code after SIGTERM (128 + 15).
pub const EXIT_SIGTERM: u8 = 143;

struct Flags {
    stop: Arc<AtomicBool>,
    which: Arc<AtomicUsize>,
}

static FLAGS: OnceLock<Flags> = OnceLock::new();

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
