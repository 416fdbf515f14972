//! Where the adapters are: `HASHBENCH_ADAPTERS`, else `adapters/` in the current directory
//! or in a parent of it, else beside the executable's checkout (`target/release/hashbench`
//! is two levels below the repository), else the ones the binary carries, unpacked into
//! the data directory (`embedded`): an installed binary finds them outside a checkout.

use std::path::{Path, PathBuf};

/// The runtimes with an adapter folder of their own, in the order they are listed.
pub const RUNTIMES: &[&str] = &["node", "python", "go", "java", "crystal"];

/// The variable that names the adapters folder.
pub const ADAPTERS_ENV: &str = "HASHBENCH_ADAPTERS";

/// A folder holding the `run` of one of the runtimes' adapters.
fn looks_like_adapters(dir: &Path) -> bool {
    RUNTIMES
        .iter()
        .any(|runtime| dir.join(runtime).join("run").is_file())
}

/// The adapters folder, or why none was found.
///
/// # Errors
///
/// A message naming where it looked and the variable to set.
pub fn adapters_dir() -> Result<PathBuf, String> {
    if let Some(dir) = std::env::var_os(ADAPTERS_ENV) {
        let dir = PathBuf::from(dir);
        return if dir.is_dir() {
            Ok(dir)
        } else {
            Err(format!(
                "{ADAPTERS_ENV}={} is not a directory",
                dir.display()
            ))
        };
    }
    let mut starts: Vec<PathBuf> = Vec::new();
    if let Ok(cwd) = std::env::current_dir() {
        starts.push(cwd);
    }
    if let Some(exe_dir) = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(Path::to_path_buf))
    {
        starts.push(exe_dir);
    }
    for start in &starts {
        for dir in start.ancestors() {
            let candidate = dir.join("adapters");
            if looks_like_adapters(&candidate) {
                return Ok(candidate);
            }
        }
    }
    // Outside a checkout: the adapters this binary carries, unpacked once.
    match hashbench_model::data_dir() {
        Some(data) if crate::embedded::carried() => crate::embedded::unpack(&data),
        _ => Err(format!(
            "no adapters folder found (looked for adapters/ above the current directory and \
             the executable); run from a hashbench checkout or set {ADAPTERS_ENV} to its \
             adapters/ folder"
        )),
    }
}
