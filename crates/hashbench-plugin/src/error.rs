//! Why a plugin cannot be built, loaded or served: each variant names the plugin (its
//! path) and says what to change.

use std::path::PathBuf;

/// A plugin that cannot be used, and why.
#[derive(Debug, thiserror::Error)]
pub enum PluginError {
    /// PATH is neither a shared library nor a folder.
    #[error("plugin {path}: {why}")]
    Path { path: PathBuf, why: String },
    /// An eBASH folder that is not one (no `api.h`, no `.c` source, no algorithm).
    #[error("plugin {path}: {why}")]
    Layout { path: PathBuf, why: String },
    /// The C compiler could not be run.
    #[error("plugin {path}: cannot run the C compiler `{compiler}` ({why}); set CC to one")]
    NoCompiler {
        path: PathBuf,
        compiler: String,
        why: String,
    },
    /// The C compiler refused the sources: its first lines of standard error.
    #[error("plugin {path}: the C compiler failed ({status}): {stderr}")]
    Compile {
        path: PathBuf,
        status: String,
        stderr: String,
    },
    /// `--cflags` or `$CC` that do not split into words.
    #[error("{what} {text:?} does not split into words (an unclosed quote?)")]
    Words { what: &'static str, text: String },
    /// A file of the build (the cache, a source) could not be read or written.
    #[error("plugin {path}: {what} {file}: {source}")]
    Io {
        path: PathBuf,
        what: &'static str,
        file: PathBuf,
        source: std::io::Error,
    },
    /// `dlopen` refused the file, or the symbol is missing.
    #[error("plugin {path}: {why}")]
    Load { path: PathBuf, why: String },
    /// The descriptor breaks a rule of include/hashbench_plugin.h.
    #[error("plugin {path}: its descriptor {why}")]
    Descriptor { path: PathBuf, why: String },
}
