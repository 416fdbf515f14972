//! `--plugin PATH` (docs/plugins.md): a plugin is prepared here (an eBASH folder built
//! by `hashbench-plugin`) and started as an adapter whose program is this executable's
//! hidden `plugin-worker`, so that it is driven exactly as `--adapter` is: process
//! group, time limits, bounded reads, verification before timing, a crash that ends
//! only its own measurements. A plugin that cannot be built or loaded is a runtime
//! unavailable with the reason (the compiler's first lines), never a failure of the run.

use std::path::{Path, PathBuf};

use clap::Args;
use hashbench_adapters::{start_words, Runtime};

use crate::values::{self, CFlags};
use hashbench_plugin::Origin;

/// The plugins asked for, and what an eBASH folder is built with.
#[derive(Clone, Copy, Debug, Default)]
pub struct PluginAsk<'a> {
    pub paths: &'a [PathBuf],
    /// `--cflags`' words.
    pub cflags: &'a [String],
    /// `--algorithm`: what an eBASH folder without a manifest implements.
    pub algorithm: Option<&'a str>,
}

/// The user's own C-ABI implementations (docs/plugins.md), defined once for every
/// command that takes them: flattened into [`RunOptions`](crate::RunOptions) (`run`, `suite`, and so a
/// suite file's keys `plugins`, `cflags`, `algorithm`), `verify` and `recommend`.
#[derive(Args, Clone, Debug, Default)]
pub struct PluginOptions {
    /// Also measure your own C-ABI implementation (docs/plugins.md): a shared library
    /// exporting hashbench_plugin_v1 (include/hashbench_plugin.h), or an eBASH/SUPERCOP
    /// folder (api.h, .c sources defining crypto_hash) that hashbench compiles with $CC
    /// or cc. Run in a worker process, verified before it is timed. Repeatable.
    #[arg(long = "plugin", id = "plugins", value_name = "PATH")]
    pub plugins: Vec<PathBuf>,
    /// Flags added to the compiler's command when a --plugin folder is compiled, last
    /// (after the sources, so that '-lz' links), split as a shell splits words:
    /// '-march=native -DFAST'.
    #[arg(long, value_name = "FLAGS", value_parser = values::cflags)]
    pub cflags: Option<CFlags>,
    /// The catalogue algorithm an eBASH --plugin implements (crc32, sha2-256, ...), where
    /// its folder has no hashbench-plugin.toml that says.
    #[arg(long, value_name = "ID", value_parser = values::algorithm_id)]
    pub algorithm: Option<String>,
}

impl PluginOptions {
    /// What [`crate::select::select`] is given of these: the paths, the flags' words and
    /// the algorithm, borrowed for the call `f`.
    pub fn asked<R>(&self, f: impl FnOnce(&PluginAsk<'_>) -> R) -> R {
        let cflags = self.cflags.clone().unwrap_or_default().0;
        f(&PluginAsk {
            paths: &self.plugins,
            cflags: &cflags,
            algorithm: self.algorithm.as_deref(),
        })
    }
}

/// What to do about a plugin that is not ready.
const SETUP: &str = "a plugin as docs/plugins.md describes: a shared library exporting \
                     hashbench_plugin_v1 (include/hashbench_plugin.h), or an eBASH folder";

/// The plugin at `path` built if need be and started in a worker; its origin when it
/// got that far.
pub(crate) fn start(path: &Path, ask: &PluginAsk<'_>) -> (Runtime, Option<Origin>) {
    let label = format!(
        "plugin `{}`",
        hashbench_model::inert::escaped(&hashbench_model::inert::clipped(
            &path.display().to_string(),
            120
        ))
    );
    let unavailable = |why: String| Runtime::unavailable(&label, why, SETUP);
    let origin = match hashbench_plugin::prepare(path, ask.cflags, ask.algorithm) {
        Ok(o) => o,
        Err(e) => return (unavailable(e.to_string()), None),
    };
    let defines: Vec<&Path> = origin.defines.iter().map(PathBuf::as_path).collect();
    let words = match hashbench_plugin::worker_command(&[origin.library.as_path()], &defines) {
        Ok(w) => w,
        Err(e) => {
            return (
                unavailable(format!("cannot find hashbench's own executable: {e}")),
                None,
            )
        }
    };
    let rt = start_words(&label, &words, SETUP);
    (rt, Some(origin))
}

/// A plugin's origin as the run records it.
pub(crate) fn recorded(origin: &Origin) -> hashbench_model::Origin {
    let build = origin.build.as_ref();
    hashbench_model::Origin {
        given: origin.given.display().to_string(),
        library: origin.library.display().to_string(),
        sha256: origin.sha256.clone(),
        compiler: build.map(|b| b.command.clone()).unwrap_or_default(),
        compiler_version: build.map(|b| b.version.clone()),
        flags: build.map(|b| b.flags.clone()).unwrap_or_default(),
    }
}

/// The provider a plugin's implementations are recorded with: its library name and
/// where it came from (the library's sha256, the compiler and flags that built it).
pub(crate) fn provider(name: &str, origin: &Origin) -> String {
    format!(
        "plugin:{name} ({}, {})",
        origin.library.display(),
        origin.describe()
    )
}
