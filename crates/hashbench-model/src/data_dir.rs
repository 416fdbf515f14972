//! hashbench's data directory, one rule for everything kept there (saved baselines, the
//! machine memory, the adapters an installed binary unpacks).

use std::path::PathBuf;

/// `$HASHBENCH_DATA_DIR`, else `$XDG_DATA_HOME/hashbench`, else
/// `~/.local/share/hashbench`; `None` when none of them is set.
#[must_use]
pub fn data_dir() -> Option<PathBuf> {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    env("HASHBENCH_DATA_DIR")
        // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored.
        .or_else(|| {
            env("XDG_DATA_HOME")
                .filter(|d| d.is_absolute())
                .map(|d| d.join("hashbench"))
        })
        .or_else(|| env("HOME").map(|h| h.join(".local/share/hashbench")))
}
