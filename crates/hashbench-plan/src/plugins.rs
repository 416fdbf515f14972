//! `--plugin PATH` (docs/plugins.md): a plugin is prepared here (an eBASH folder built
//! by `hashbench-plugin`) and started as an adapter whose program is this executable's
//! hidden `plugin-worker`, so that it is driven exactly as `--adapter` is: process
//! group, time limits, bounded reads, verification before timing, a crash that ends
//! only its own measurements. A plugin that cannot be built or loaded is a runtime
//! unavailable with the reason (the compiler's first lines), never a failure of the run.

use std::path::{Path, PathBuf};

use hashbench_adapters::{start_words, Runtime, RuntimeState};
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
    let unavailable = |why: String| Runtime {
        name: label.clone(),
        state: RuntimeState::Unavailable {
            why,
            setup: SETUP.to_string(),
        },
    };
    let origin = match hashbench_plugin::prepare(path, ask.cflags, ask.algorithm) {
        Ok(o) => o,
        Err(e) => return (unavailable(e.to_string()), None),
    };
    let words = match hashbench_plugin::worker_command(&[origin.library.as_path()]) {
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

/// The provider a plugin's implementations are recorded with: its library name and
/// where it came from (the library's sha256, the compiler and flags that built it).
pub(crate) fn provider(name: &str, origin: &Origin) -> String {
    format!(
        "plugin:{name} ({}, {})",
        origin.library.display(),
        origin.describe()
    )
}
