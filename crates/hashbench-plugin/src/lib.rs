//! Your own C-ABI implementation timed beside hashbench's catalogue (`--plugin PATH`,
//! docs/plugins.md), without editing hashbench:
//!
//! - a shared library exporting the descriptor of `include/hashbench_plugin.h`
//!   ([`Plugin::load`] checks it before anything is called), or
//! - an eBASH/SUPERCOP folder (`api.h`, `.c` sources defining `crypto_hash`), compiled
//!   here with the system C compiler and a generated shim ([`ebash`]), cached by what
//!   made it;
//!
//! loaded in a worker process (`hashbench plugin-worker LIB`, [`worker::serve`]) that
//! speaks the adapter protocol, so hashbench drives it as it drives an adapter: its own
//! process group, time limits, bounded reads, known answers before timing, and a crash
//! that ends that plugin's measurements while the run goes on.

mod abi;
pub mod ebash;
mod error;
mod guard;
mod hasher;
pub mod manifest;
pub mod origin;
pub mod worker;

use std::path::{Path, PathBuf};

pub use abi::{Plugin, ABI, SYMBOL};
pub use error::PluginError;
pub use hasher::PluginHasher;
pub use origin::{Build, Origin};

/// The hidden subcommand of the binary that serves plugins.
pub const WORKER_COMMAND: &str = "plugin-worker";
/// The environment variable that names the folder built plugins are cached in.
pub const CACHE_ENV: &str = "HASHBENCH_CACHE_DIR";

/// Where built plugins are cached: `$HASHBENCH_CACHE_DIR/plugins`, else
/// `$XDG_CACHE_HOME/hashbench/plugins`, else `~/.cache/hashbench/plugins`, else the
/// system's temporary folder.
#[must_use]
pub fn cache_dir() -> PathBuf {
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
            .filter(|p| p.is_absolute())
    };
    env(CACHE_ENV)
        .or_else(|| env("XDG_CACHE_HOME").map(|d| d.join("hashbench")))
        .or_else(|| env("HOME").map(|h| h.join(".cache/hashbench")))
        .unwrap_or_else(|| std::env::temp_dir().join("hashbench"))
        .join("plugins")
}

/// `--cflags` as words, split as a shell splits them.
///
/// # Errors
///
/// An unclosed quote.
pub fn split_flags(text: &str) -> Result<Vec<String>, PluginError> {
    shlex::split(text).ok_or_else(|| PluginError::Words {
        what: "--cflags",
        text: text.to_string(),
    })
}

/// The shared library of `path`, built first when it is a folder, and its origin.
///
/// # Errors
///
/// No such path; a folder that cannot be built (the compiler's reason).
pub fn prepare(
    path: &Path,
    cflags: &[String],
    algorithm: Option<&str>,
) -> Result<Origin, PluginError> {
    let meta = std::fs::metadata(path).map_err(|e| PluginError::Path {
        path: path.to_path_buf(),
        why: e.to_string(),
    })?;
    let given = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    // A new algorithm the folder's manifest defines is known before the build names it.
    let defines = if meta.is_dir() && manifest::define(&given)?.is_some() {
        Some(given.clone())
    } else {
        None
    };
    let (library, build) = if meta.is_dir() {
        let cache = cache_dir();
        std::fs::create_dir_all(&cache).map_err(|source| PluginError::Io {
            path: path.to_path_buf(),
            what: "creating",
            file: cache.clone(),
            source,
        })?;
        let (lib, build) = ebash::build(&ebash::Folder {
            dir: &given,
            cflags,
            algorithm,
            cache: &cache,
        })?;
        (lib, Some(build))
    } else {
        (given.clone(), None)
    };
    let sha256 = origin::sha256_file(&library).map_err(|source| PluginError::Io {
        path: path.to_path_buf(),
        what: "reading",
        file: library.clone(),
        source,
    })?;
    Ok(Origin {
        given,
        library,
        sha256,
        build,
        defines,
    })
}

/// The worker's command line for `libraries`: this executable (hashbench), its hidden
/// subcommand, `--define FOLDER` for each folder whose manifest defines the algorithm a
/// library implements (the worker defines it too before it loads them), the libraries.
///
/// # Errors
///
/// The executable's path cannot be known.
pub fn worker_command(libraries: &[&Path], defines: &[&Path]) -> std::io::Result<Vec<String>> {
    let exe = std::env::current_exe()?;
    let mut words = vec![exe.display().to_string(), WORKER_COMMAND.to_string()];
    for d in defines {
        words.push(format!("--{}", worker::DEFINE_FLAG));
        words.push(d.display().to_string());
    }
    words.extend(libraries.iter().map(|l| l.display().to_string()));
    Ok(words)
}
