//! Every file hashbench writes (results, reports, saved baselines) goes through here.
//!
//! A destination is checked before anything is measured ([`Destination::check`]), so a
//! run never measures for minutes and then finds it cannot write its result. Regular
//! files are replaced atomically: the text goes to a temporary file created exclusively
//! (`O_EXCL`, a random name, in the same directory, by the `tempfile` crate), which is
//! then renamed over the destination. A name planted in the directory (a symlink where a
//! predictable temporary name would be) is never followed, and a reader never sees half
//! a file. What is not a regular file is never replaced: a FIFO or a character device
//! (`/dev/null`, `/dev/stdout`, a terminal) is written directly, as `tee` would, and
//! anything else (a directory, a socket, a block device) is refused.

use std::fs;
use std::io::Write;
use std::os::unix::fs::FileTypeExt;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};

use crate::cli::UsageError;
use crate::store::{parent_of, write_atomic};

/// Where one output goes, as found when it was checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Destination {
    /// `-o -`: standard output.
    Stdout,
    /// A regular file (or a name not yet taken) in an existing, writable directory,
    /// replaced atomically. Symbolic links are resolved first, so the link is kept
    /// and the file it names is replaced.
    File(PathBuf),
    /// A FIFO or character device, opened and written as it is.
    Stream(PathBuf),
}

impl Destination {
    /// Checks that `path` can be written, without writing it: the `-o` of a command,
    /// before the command does any work. Errors are usage errors (exit 2) that name the
    /// path and say what is wrong with it.
    pub fn check(path: &Path) -> Result<Destination> {
        if path.as_os_str() == "-" {
            return Ok(Destination::Stdout);
        }
        let shown = path.display();
        let is_link = fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        // `metadata` follows links: what a write would reach.
        let resolved = match fs::metadata(path) {
            Ok(meta) => {
                let kind = meta.file_type();
                if kind.is_fifo() || kind.is_char_device() {
                    // Opened by the name given (a link to /dev/stdout names a pipe that
                    // has no path of its own).
                    return Ok(Destination::Stream(path.to_path_buf()));
                }
                if kind.is_dir() {
                    return Err(usage(format!("cannot write {shown}: it is a directory")));
                }
                if !kind.is_file() {
                    return Err(usage(format!(
                        "cannot write {shown}: it is neither a regular file, a FIFO nor a \
                         character device"
                    )));
                }
                // A link to a regular file: the file is replaced, the link kept.
                if is_link {
                    fs::canonicalize(path)
                        .map_err(|e| usage(format!("cannot write {shown}: {e}")))?
                } else {
                    path.to_path_buf()
                }
            }
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {
                if is_link {
                    return Err(usage(format!(
                        "cannot write {shown}: it is a symbolic link to nothing (a dangling \
                         link)"
                    )));
                }
                path.to_path_buf()
            }
            Err(e) => return Err(usage(format!("cannot write {shown}: {e}"))),
        };
        let dir = parent_of(&resolved);
        if !dir.is_dir() {
            return Err(usage(format!(
                "cannot write {shown}: directory {} does not exist",
                dir.display()
            )));
        }
        probe(&dir).map_err(|e| usage(format!("cannot write {shown}: {}: {e}", dir.display())))?;
        Ok(Destination::File(resolved))
    }

    /// Writes `text` to the destination: atomically for a file, directly otherwise.
    /// SIGINT and SIGTERM are caught from here on (if they were not already), so a
    /// signal during the write never leaves a temporary file behind: the write ends,
    /// and the command then exits 130 or 143 (`main` checks).
    pub fn write(&self, text: &str) -> Result<()> {
        crate::signals::install();
        match self {
            Destination::Stdout => {
                crate::cli::emit(text);
                Ok(())
            }
            Destination::Stream(path) => fs::OpenOptions::new()
                .write(true)
                .open(path)
                .and_then(|mut f| f.write_all(text.as_bytes()))
                .with_context(|| format!("writing {}", path.display())),
            Destination::File(path) => write_atomic(path, text.as_bytes()),
        }
    }

    /// What a "wrote ..." message calls it.
    pub fn describe(&self) -> String {
        match self {
            Destination::Stdout => "standard output".to_string(),
            Destination::File(p) | Destination::Stream(p) => p.display().to_string(),
        }
    }
}

/// Checks a directory that files will be created in later (the saved baselines'),
/// creating it if it is missing: a usage error (exit 2) if that fails or it cannot be
/// written.
pub fn check_dir(dir: &Path) -> Result<()> {
    fs::create_dir_all(dir)
        .map_err(|e| usage(format!("cannot create directory {}: {e}", dir.display())))?;
    probe(dir).map_err(|e| usage(format!("cannot write in {}: {e}", dir.display())))
}

/// Whether a file can be created in `dir`. The only sure test is to create one (removed
/// again at once): modes, ACLs, read-only mounts and root all answer differently to a
/// permission check.
fn probe(dir: &Path) -> std::io::Result<()> {
    tempfile::Builder::new()
        .prefix(".hashbench-check-")
        .tempfile_in(dir)
        .map(drop)
}

fn usage(message: String) -> anyhow::Error {
    UsageError(message).into()
}

#[cfg(test)]
mod tests;
