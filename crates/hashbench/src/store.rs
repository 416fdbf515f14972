//! What hashbench keeps on disk and reads back: result files replaced atomically,
//! saved runs read with the model's defensive loader, and the saved baselines (where
//! they live, saving and loading them). `run`, `compare`, `report` and `crossover` all
//! come here, so none of them imports another.

use std::io::Write;
use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use atomic_write_file::AtomicWriteFile;
use hashbench_model::bounded::read_file_at_most;
use hashbench_model::inert::escaped;
use hashbench_model::{load_run, Run};

use crate::cli::UsageError;

/// Reads and checks one result file. The read is bounded whatever the file is (a
/// device or a pipe has no size to check first), and the name is escaped in every
/// message: it is outside text like the file's contents.
pub fn read_run(path: &Path) -> Result<Run> {
    let name = escaped(&path.display().to_string()).into_owned();
    let limit = hashbench_model::MAX_FILE_BYTES;
    let bytes = read_file_at_most(path, limit, "a result file")
        .map_err(|e| UsageError(format!("{name}: {e}")))?;
    let text = String::from_utf8(bytes).map_err(|e| {
        UsageError(format!(
            "{name}: not a hashbench run result (not UTF-8: {e})"
        ))
    })?;
    load_run(&name, &text).map_err(|e| UsageError(e.to_string()).into())
}

/// Where saved baselines live: `$HASHBENCH_DATA_DIR`, else `$XDG_DATA_HOME/hashbench`,
/// else `~/.local/share/hashbench`; baselines are `baselines/NAME.json` under it.
pub fn baseline_path(name: &str) -> Result<PathBuf> {
    hashbench_plan::values::baseline_name(name)?;
    Ok(data_dir()?.join("baselines").join(format!("{name}.json")))
}

/// hashbench's data directory: `$HASHBENCH_DATA_DIR`, else `$XDG_DATA_HOME/hashbench`,
/// else `~/.local/share/hashbench`.
pub fn data_dir() -> Result<PathBuf> {
    hashbench_model::data_dir().ok_or_else(|| {
        UsageError("no data directory: set HASHBENCH_DATA_DIR or HOME".into()).into()
    })
}

/// Saves `json` (a run's JSON text) as baseline `name`.
pub fn save_baseline(name: &str, json: &str) -> Result<PathBuf> {
    let path = baseline_path(name)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    write_atomic(&path, json.as_bytes())?;
    Ok(path)
}

/// Loads baseline `name`, with a clear error when it was never saved.
pub fn load_baseline(name: &str) -> Result<Run> {
    let path = baseline_path(name)?;
    if !path.is_file() {
        return Err(UsageError(format!(
            "no saved baseline '{name}' (looked for {}); save one with \
             `hashbench run --save-baseline {name}`",
            path.display()
        ))
        .into());
    }
    read_run(&path)
}

/// Replaces the regular file `path` (or creates it) with `contents`: a temporary file
/// made beside it, written, flushed to disk, then renamed over it
/// (`atomic-write-file`). A file that is replaced keeps its permissions; a new one gets
/// the usual 0666 less the umask. The temporary file is removed on every error path.
pub fn write_atomic(path: &Path, contents: &[u8]) -> Result<()> {
    let mut file = AtomicWriteFile::open(path)
        .with_context(|| format!("writing {}: creating a temporary file", path.display()))?;
    file.write_all(contents)
        .and_then(|()| file.commit())
        .with_context(|| format!("writing {}", path.display()))
}

/// The directory a file is created in: its parent, or `.` for a bare name.
pub fn parent_of(path: &Path) -> PathBuf {
    match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    }
}
