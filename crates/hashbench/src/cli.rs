//! What the commands share: exit codes, the `--format` of the listing commands, writing
//! to standard output, usage errors and notes. Kept out of main.rs so
//! that the command modules depend on it and main.rs on them, never in a circle.

use std::sync::atomic::{AtomicBool, Ordering};

use clap::ValueEnum;

/// Exit codes: 0 success, 1 a check or a file failed, 2 bad usage or input.
pub const EXIT_FAILED: u8 = 1;
pub const EXIT_USAGE: u8 = 2;

#[derive(Clone, Copy, Debug, Default, ValueEnum)]
pub enum Format {
    #[default]
    Table,
    Json,
}

/// Writes to standard output. A closed pipe (`hashbench list | head`) ends the program
/// quietly with success, as other Unix filters do; any other write error ends it with 1.
pub fn emit(text: &str) {
    use std::io::Write;
    if let Err(e) = stdout_open() {
        say(&format!("error: {e}"));
        exit(EXIT_FAILED);
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            exit(0);
        }
        say(&format!("error: writing to standard output: {e}"));
        exit(EXIT_FAILED);
    }
}

/// Ends the process with `code` at once, the adapters' process groups killed first
/// (nothing is dropped on this way out).
fn exit(code: u8) -> ! {
    hashbench_adapters::kill_all();
    std::process::exit(i32::from(code))
}

/// Whether descriptor 1 was closed when the process started, and whether that was
/// recorded: read by [`record_stdout`] before Rust's runtime runs.
static STDOUT_CLOSED_AT_START: AtomicBool = AtomicBool::new(false);
static STDOUT_RECORDED: AtomicBool = AtomicBool::new(false);

/// Records whether standard output was open at the start, before `main`: Rust's runtime
/// puts /dev/null, opened read-write, on a closed standard descriptor before `main`
/// runs, after which a closed standard output cannot be told from a /dev/null a parent
/// opened read-write on purpose (Python's `subprocess.DEVNULL`). The C runtime runs the
/// functions of `.init_array` before it calls `main`, so this one sees the descriptors
/// as the parent left them.
extern "C" fn record_stdout() {
    // SAFETY: F_GETFL on a descriptor number only reads its flags (EBADF if not open).
    let closed = unsafe { libc::fcntl(1, libc::F_GETFL) } == -1;
    STDOUT_CLOSED_AT_START.store(closed, Ordering::SeqCst);
    STDOUT_RECORDED.store(true, Ordering::SeqCst);
}

#[cfg(target_os = "linux")]
#[used]
#[link_section = ".init_array"]
static RECORD_STDOUT: extern "C" fn() = record_stdout;

/// Whether standard output is open. A program started with standard output closed
/// (`hashbench sum FILE >&-`) would lose what it prints, since the runtime's /dev/null
/// takes writes: that is known from [`record_stdout`], which looked before the runtime
/// did. (Where it could not run, a standard output that is /dev/null opened read-write
/// is taken as closed, as a shell's `>/dev/null` opens it write-only.) A descriptor not
/// open now is closed too. Checked before anything is written.
pub fn stdout_open() -> anyhow::Result<()> {
    // SAFETY: F_GETFL on a descriptor number only reads its flags (EBADF if not open).
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    let closed = flags == -1
        || if STDOUT_RECORDED.load(Ordering::SeqCst) {
            STDOUT_CLOSED_AT_START.load(Ordering::SeqCst)
        } else {
            flags & libc::O_ACCMODE == libc::O_RDWR && is_dev_null()
        };
    if closed {
        anyhow::bail!("standard output is closed: nothing can be written to it");
    }
    Ok(())
}

/// Whether descriptor 1 is /dev/null.
fn is_dev_null() -> bool {
    // SAFETY: zeroed stat buffers are valid for fstat/stat to fill.
    let (mut fd, mut null): (libc::stat, libc::stat) =
        unsafe { (std::mem::zeroed(), std::mem::zeroed()) };
    // SAFETY: valid descriptor number, path and buffers.
    unsafe {
        libc::fstat(1, &mut fd) == 0
            && libc::stat(c"/dev/null".as_ptr(), &mut null) == 0
            && fd.st_mode & libc::S_IFMT == libc::S_IFCHR
            && fd.st_rdev == null.st_rdev
    }
}

/// Bad input from the user (beyond what clap rejects): exit 2. `hashbench-plan`'s, so
/// that a bad value is the same error wherever it is found.
pub use hashbench_plan::UsageError;

/// Writes `hashbench: TEXT` as one line on standard error. Every message hashbench
/// writes there goes through here, made inert by the one rule for outside text
/// ([`hashbench_model::inert::escaped`]): a message may quote a file name, a suite's or
/// an adapter's words, and none of them may reach the terminal as an escape sequence or
/// forge a line of its own. (coreutils quotes names in its errors for the same reason.)
pub fn say(text: &str) {
    eprintln!("hashbench: {}", hashbench_model::inert::escaped(text));
}
