//! The runtime adapters' sources, built into the binary (`build.rs`), for an installed
//! `hashbench` run outside a checkout (`cargo install --path crates/hashbench`): unpacked
//! once into the data directory, where each adapter's `setup` installs its packages as
//! it does in a checkout.

use std::hash::{Hash, Hasher};
use std::io::Write;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// Each file: its path below `adapters/`, its bytes, and whether it is executable.
static FILES: &[(&str, &[u8], bool)] = include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Written last into an unpacked folder: one without it was cut short and is unpacked
/// again.
const COMPLETE: &str = ".unpacked";

/// Whether this binary carries the adapters (one built from a package without them does
/// not).
#[must_use]
pub fn carried() -> bool {
    !FILES.is_empty()
}

/// The folder under `data` the adapters of this binary unpack to: named by the version
/// and the files' contents, so that another build's adapters never mix with these.
#[must_use]
pub fn folder(data: &Path) -> PathBuf {
    let mut h = std::collections::hash_map::DefaultHasher::new();
    FILES.hash(&mut h);
    data.join("adapters")
        .join(format!("{}-{:016x}", env!("CARGO_PKG_VERSION"), h.finish()))
}

/// Unpacks the adapters under `data` unless they already are, and returns their folder.
///
/// # Errors
///
/// A file or folder that cannot be written, named.
pub fn unpack(data: &Path) -> Result<PathBuf, String> {
    let target = folder(data);
    if target.join(COMPLETE).is_file() {
        return Ok(target);
    }
    let failed =
        |what: &Path, e: std::io::Error| format!("unpacking the adapters: {}: {e}", what.display());
    for (relative, bytes, executable) in FILES {
        let path = target.join(relative);
        if let Some(dir) = path.parent() {
            std::fs::create_dir_all(dir).map_err(|e| failed(dir, e))?;
        }
        // Written whole under another name, then renamed: a reader never meets half a file.
        let partial = path.with_extension("unpacking");
        let mut file = std::fs::File::create(&partial).map_err(|e| failed(&partial, e))?;
        file.write_all(bytes).map_err(|e| failed(&partial, e))?;
        let mode = if *executable { 0o755 } else { 0o644 };
        file.set_permissions(std::fs::Permissions::from_mode(mode))
            .map_err(|e| failed(&partial, e))?;
        drop(file);
        std::fs::rename(&partial, &path).map_err(|e| failed(&path, e))?;
    }
    let marker = target.join(COMPLETE);
    std::fs::write(&marker, b"").map_err(|e| failed(&marker, e))?;
    Ok(target)
}

#[cfg(test)]
mod tests;
