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
mod tests {
    use super::*;
    use std::fs::Permissions;
    use std::os::unix::fs::PermissionsExt;

    fn entries(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> = fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }

    #[test]
    fn a_regular_file_is_replaced_whole_and_nothing_else_is_left() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("run.json");
        fs::write(&path, "old").unwrap();
        fs::set_permissions(&path, Permissions::from_mode(0o640)).unwrap();
        let d = Destination::check(&path).unwrap();
        assert_eq!(d, Destination::File(path.clone()));
        d.write("new").unwrap();
        assert_eq!(fs::read_to_string(&path).unwrap(), "new");
        assert_eq!(entries(dir.path()), ["run.json"], "no temporary file left");
        assert_eq!(
            fs::metadata(&path).unwrap().permissions().mode() & 0o777,
            0o640
        );
    }

    #[test]
    fn a_planted_symlink_at_any_temporary_name_is_never_followed() {
        let dir = tempfile::tempdir().unwrap();
        let victim = dir.path().join("victim");
        fs::write(&victim, "precious").unwrap();
        // The names the old writer would have used, and some of tempfile's shape.
        for name in [
            format!(".run.json.{}.tmp", std::process::id()),
            ".hashbench-.tmp".to_string(),
        ] {
            std::os::unix::fs::symlink(&victim, dir.path().join(name)).unwrap();
        }
        let path = dir.path().join("run.json");
        Destination::check(&path).unwrap().write("result").unwrap();
        assert_eq!(fs::read_to_string(&victim).unwrap(), "precious");
        assert_eq!(fs::read_to_string(&path).unwrap(), "result");
    }

    #[test]
    fn a_symlink_to_a_file_keeps_the_link_and_replaces_its_target() {
        let dir = tempfile::tempdir().unwrap();
        let target = dir.path().join("real.json");
        fs::write(&target, "old").unwrap();
        let link = dir.path().join("link.json");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        Destination::check(&link).unwrap().write("new").unwrap();
        assert!(fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink());
        assert_eq!(fs::read_to_string(&target).unwrap(), "new");
    }

    #[test]
    fn devices_and_fifos_are_written_not_replaced() {
        let null = Destination::check(Path::new("/dev/null")).unwrap();
        assert_eq!(null, Destination::Stream(PathBuf::from("/dev/null")));
        null.write("discarded").unwrap();
        assert!(fs::metadata("/dev/null")
            .unwrap()
            .file_type()
            .is_char_device());

        let dir = tempfile::tempdir().unwrap();
        let fifo = dir.path().join("pipe");
        let c = std::ffi::CString::new(fifo.to_str().unwrap()).unwrap();
        // SAFETY: a valid NUL-terminated path.
        assert_eq!(unsafe { libc::mkfifo(c.as_ptr(), 0o600) }, 0);
        let reader = {
            let fifo = fifo.clone();
            std::thread::spawn(move || fs::read_to_string(fifo).unwrap())
        };
        Destination::check(&fifo).unwrap().write("through").unwrap();
        assert_eq!(reader.join().unwrap(), "through");
        assert!(fs::metadata(&fifo).unwrap().file_type().is_fifo());
    }

    #[test]
    fn what_cannot_be_written_is_refused_up_front() {
        let dir = tempfile::tempdir().unwrap();
        let cases = [
            (dir.path().join("missing/run.json"), "does not exist"),
            (dir.path().to_path_buf(), "is a directory"),
            (dir.path().join("dangling"), "dangling"),
        ];
        std::os::unix::fs::symlink(dir.path().join("nowhere"), dir.path().join("dangling"))
            .unwrap();
        for (path, says) in cases {
            let err = Destination::check(&path).unwrap_err();
            assert!(err.is::<UsageError>(), "{err}");
            assert!(err.to_string().contains(says), "{path:?}: {err}");
        }
        assert_eq!(
            Destination::check(Path::new("-")).unwrap(),
            Destination::Stdout
        );
        // The check leaves nothing behind.
        assert_eq!(entries(dir.path()), ["dangling"]);
    }
}
