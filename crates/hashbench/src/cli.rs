//! What the commands share: exit codes, the `--format` of the listing commands, writing
//! to standard output, usage errors and notes. Kept out of main.rs so
//! that the command modules depend on it and main.rs on them, never in a circle.

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
        eprintln!("hashbench: error: {e}");
        std::process::exit(i32::from(EXIT_FAILED));
    }
    let mut out = std::io::stdout().lock();
    if let Err(e) = out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        if e.kind() == std::io::ErrorKind::BrokenPipe {
            std::process::exit(0);
        }
        eprintln!("hashbench: error: writing to standard output: {e}");
        std::process::exit(i32::from(EXIT_FAILED));
    }
}

/// Whether standard output is open. A program started with standard output closed
/// (`hashbench sum FILE >&-`) would lose what it prints: Rust's runtime puts /dev/null,
/// opened read-write, on a closed standard descriptor before `main` runs, and writes
/// there succeed. So a standard output that is /dev/null opened read-write is taken as
/// closed (a shell's `>/dev/null` opens it write-only), as is a descriptor that is
/// not open at all. Checked before anything is written.
pub fn stdout_open() -> anyhow::Result<()> {
    // SAFETY: F_GETFL on a descriptor number only reads its flags (EBADF if not open).
    let flags = unsafe { libc::fcntl(1, libc::F_GETFL) };
    let closed = flags == -1
        || (flags & libc::O_ACCMODE == libc::O_RDWR && {
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
        });
    if closed {
        anyhow::bail!("standard output is closed: nothing can be written to it");
    }
    Ok(())
}

/// Bad input from the user (beyond what clap rejects): exit 2. `hashbench-plan`'s, so
/// that a bad value is the same error wherever it is found.
pub use hashbench_plan::UsageError;

/// Tells the user something on standard error (an alias resolved): the plan's notes.
pub fn note(text: &str) {
    eprintln!("hashbench: {text}");
}
