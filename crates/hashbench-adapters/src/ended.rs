//! How an adapter process ended, for the message that reports it: a crash (a plugin's
//! segfault, an abort) must read as one, not as an adapter that merely went quiet.

use std::os::unix::process::ExitStatusExt;
use std::process::Child;
use std::thread;
use std::time::Duration;

/// ` (killed by signal 11, SIGSEGV)`, ` (exit status 3)`; empty while it still runs (it
/// only closed its output). Waits up to 0.2 s for it, as a process whose output closed
/// is usually ending.
pub(crate) fn how(child: &mut Child) -> String {
    for _ in 0..20 {
        match child.try_wait() {
            Ok(Some(status)) => {
                return match (status.code(), status.signal()) {
                    (Some(code), _) => format!(" (exit status {code})"),
                    (None, Some(sig)) => format!(" (killed by signal {sig}{})", signal_name(sig)),
                    (None, None) => String::new(),
                };
            }
            Ok(None) => thread::sleep(Duration::from_millis(10)),
            Err(_) => break,
        }
    }
    String::new()
}

/// `, SIGSEGV` for the signals a crashing program dies of; empty for the others.
fn signal_name(sig: i32) -> &'static str {
    match sig {
        libc::SIGSEGV => ", SIGSEGV",
        libc::SIGBUS => ", SIGBUS",
        libc::SIGABRT => ", SIGABRT",
        libc::SIGILL => ", SIGILL",
        libc::SIGFPE => ", SIGFPE",
        libc::SIGKILL => ", SIGKILL",
        _ => "",
    }
}
