//! Where a plugin came from, for the run to record: the path given, the library loaded
//! and its sha256, and for a folder built here, the compiler and the flags.

use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

/// A plugin's origin.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Origin {
    /// The path the user gave (`--plugin PATH`).
    pub given: PathBuf,
    /// The shared library loaded: the path itself, or the one built from it.
    pub library: PathBuf,
    /// The library's sha256, hex.
    pub sha256: String,
    /// For a folder built here: the compiler (`cc --version`'s first line) and every
    /// flag it was given besides the files.
    pub build: Option<Build>,
    /// The folder whose manifest defines the algorithm the plugin implements (a new
    /// algorithm, crate::manifest); `None` for a catalogue algorithm's.
    pub defines: Option<PathBuf>,
}

/// How a folder was compiled.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Build {
    /// The compiler's command (`cc`, or `$CC`'s words).
    pub command: Vec<String>,
    /// Its `--version`'s first line.
    pub version: String,
    /// `-O3 -fPIC -shared` and the user's `--cflags`.
    pub flags: Vec<String>,
}

impl Origin {
    /// One line for the run's record: the library's sha256, and how it was built.
    #[must_use]
    pub fn describe(&self) -> String {
        let mut s = format!("sha256 {}", self.sha256);
        if let Some(b) = &self.build {
            s.push_str(&format!(
                "; built from {} by {} ({}) with {}",
                self.given.display(),
                b.command.join(" "),
                b.version,
                b.flags.join(" ")
            ));
        }
        s
    }
}

/// The sha256 of the file at `path`, hex.
///
/// # Errors
///
/// It cannot be read.
pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(&buf[..n]);
    }
    Ok(hex::encode(hasher.finalize()))
}
