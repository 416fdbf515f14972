//! An eBASH/SUPERCOP folder (`api.h` with `CRYPTO_BYTES`, `.c` sources defining
//! `crypto_hash`) compiled into a plugin: the system C compiler, run directly (never
//! through a shell), builds the sources with a small generated shim that exports the
//! descriptor of include/hashbench_plugin.h over `crypto_hash`. The library goes to a
//! cache folder keyed by everything that makes it (sources, flags, compiler), so a
//! second run loads it at once and a changed source or flag builds again.

use std::path::{Path, PathBuf};
use std::process::Command;

use sha2::{Digest, Sha256};

use crate::origin::Build;
use crate::PluginError;

/// The header every plugin is written against, written beside the shim.
pub const HEADER: &str = include_str!("../../../include/hashbench_plugin.h");
/// The manifest a folder may carry (crate::manifest).
pub use crate::manifest::MANIFEST;
/// The flags every build gets, before the user's.
pub const BASE_FLAGS: &[&str] = &["-O3", "-fPIC", "-shared"];
/// How a folder is built, as a version: part of the cache key, so that a library built by
/// an older rule (before 2, the user's flags came before the sources, and `-lz` did not
/// link) is built again.
const RECIPE: &str = "hashbench plugin build 2";
/// The library's file name in its cache folder.
const LIBRARY: &str = "libplugin.so";
/// Lines of the compiler's standard error a failure quotes.
const STDERR_LINES: usize = 8;

/// What to build: the folder, the user's flags and algorithm, and where the cache is.
pub struct Folder<'a> {
    pub dir: &'a Path,
    pub cflags: &'a [String],
    pub algorithm: Option<&'a str>,
    pub cache: &'a Path,
}

/// The compiler's command: `$CC`'s words, else `cc`.
fn compiler() -> Result<Vec<String>, PluginError> {
    match std::env::var("CC") {
        Ok(cc) if !cc.trim().is_empty() => {
            shlex::split(&cc)
                .filter(|w| !w.is_empty())
                .ok_or(PluginError::Words {
                    what: "CC",
                    text: cc,
                })
        }
        _ => Ok(vec!["cc".to_string()]),
    }
}

/// The first line `--version` prints: the compiler as the run records it.
fn version(dir: &Path, cc: &[String]) -> Result<String, PluginError> {
    let no_compiler = |why: String| PluginError::NoCompiler {
        path: dir.to_path_buf(),
        compiler: cc.join(" "),
        why,
    };
    let out = Command::new(&cc[0])
        .args(&cc[1..])
        .arg("--version")
        .output()
        .map_err(|e| no_compiler(e.to_string()))?;
    if !out.status.success() {
        return Err(no_compiler(format!(
            "`--version` ended with {}",
            out.status
        )));
    }
    Ok(String::from_utf8_lossy(&out.stdout)
        .lines()
        .next()
        .unwrap_or_default()
        .trim()
        .to_string())
}

/// Builds `folder` (or finds it built), returning the library, the descriptor's name
/// and algorithm, and how it was built.
///
/// # Errors
///
/// Not an eBASH folder, no algorithm named, no compiler, or the compiler's refusal
/// with its first lines of standard error.
pub fn build(folder: &Folder<'_>) -> Result<(PathBuf, Build), PluginError> {
    let dir = folder.dir;
    let layout = |why: String| PluginError::Layout {
        path: dir.to_path_buf(),
        why,
    };
    let io = |what: &'static str, file: &Path| {
        let file = file.to_path_buf();
        move |source| PluginError::Io {
            path: dir.to_path_buf(),
            what,
            file,
            source,
        }
    };
    // Without api.h, a folder of sources that define the descriptor themselves.
    let shim = if dir.join("api.h").is_file() {
        let (name, algorithm) = claimed(dir, folder.algorithm)?;
        Some(shim(&name, algorithm))
    } else {
        None
    };
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .map_err(io("reading", dir))?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    let sources: Vec<&PathBuf> = files
        .iter()
        .filter(|p| p.extension().is_some_and(|e| e == "c"))
        .collect();
    if sources.is_empty() {
        return Err(layout(
            "no .c source: a plugin folder holds api.h (#define CRYPTO_BYTES n) and .c \
             sources defining crypto_hash (eBASH), or .c sources defining hashbench_plugin_v1"
                .into(),
        ));
    }
    let cc = compiler()?;
    let version = version(dir, &cc)?;
    let flags: Vec<String> = BASE_FLAGS
        .iter()
        .map(|f| (*f).to_string())
        .chain(folder.cflags.iter().cloned())
        .collect();
    let mut key = Sha256::new();
    key.update(RECIPE.as_bytes());
    for part in cc.iter().chain([&version]).chain(&flags).chain(&shim) {
        key.update(part.as_bytes());
        key.update([0]);
    }
    key.update(HEADER.as_bytes());
    for f in &files {
        key.update(
            f.file_name()
                .map(|n| n.as_encoded_bytes())
                .unwrap_or_default(),
        );
        key.update(std::fs::read(f).map_err(io("reading", f))?);
    }
    let key = hex::encode(key.finalize());
    let out_dir = folder.cache.join(&key[..24]);
    let library = out_dir.join(LIBRARY);
    let build = Build {
        command: cc.clone(),
        version,
        flags: flags.clone(),
    };
    if library.is_file() {
        return Ok((library, build));
    }
    let work = folder
        .cache
        .join(format!(".build-{}-{}", std::process::id(), &key[..24]));
    std::fs::create_dir_all(&work).map_err(io("creating", &work))?;
    let result = compile(dir, &work, (&cc, &flags), &sources, shim.as_deref());
    if result.is_ok() {
        // Another hashbench may have built the same key meanwhile: either copy will do.
        if std::fs::rename(&work, &out_dir).is_err() && !library.is_file() {
            let _ = std::fs::remove_dir_all(&work);
            return Err(io("moving the build into", &out_dir)(
                std::io::Error::other("rename failed"),
            ));
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    result.map(|()| (library, build))
}

/// An eBASH folder's library name and algorithm: `--algorithm` over the manifest's,
/// and the manifest's name over the folder's.
fn claimed(dir: &Path, flag: Option<&str>) -> Result<(String, &'static str), PluginError> {
    let layout = |why: String| PluginError::Layout {
        path: dir.to_path_buf(),
        why,
    };
    let manifest = crate::manifest::read(dir)?;
    let claimed = flag
        .map(str::to_string)
        .or(manifest.algorithm)
        .or(manifest.define.map(|d| d.id))
        .ok_or_else(|| {
            layout(format!(
                "no algorithm: give --algorithm ID, or algorithm = \"ID\" (or a [define] \
                 table, docs/plugins.md) in {MANIFEST}"
            ))
        })?;
    let algorithm = hashbench_catalog::find_algorithm(&claimed)
        .or_else(|| {
            hashbench_catalog::alias_of(&claimed).and_then(hashbench_catalog::find_algorithm)
        })
        .ok_or_else(|| {
            layout(format!(
                "the algorithm {claimed:?} is not the catalogue's (`hashbench list` shows the ids)"
            ))
        })?;
    let name = match manifest.name {
        Some(n) => n,
        None => dir
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default(),
    };
    if !crate::abi::name_ok(&name) {
        return Err(layout(format!(
            "its name {name:?} cannot be an id's library part: give name = \"...\" (letters, \
             digits, '.', '_', '-', '+') in {MANIFEST}"
        )));
    }
    Ok((name, algorithm.id))
}

/// Runs the compiler in `work`: the sources, the shim, out comes `lib<name>.so`.
fn compile(
    dir: &Path,
    work: &Path,
    (cc, flags): (&[String], &[String]),
    sources: &[&PathBuf],
    shim: Option<&str>,
) -> Result<(), PluginError> {
    let io = |what: &'static str, file: PathBuf| {
        move |source| PluginError::Io {
            path: dir.to_path_buf(),
            what,
            file,
            source,
        }
    };
    for (file, text) in [
        ("hashbench_shim.c", shim.unwrap_or_default()),
        ("hashbench_plugin.h", HEADER),
        ("crypto_hash.h", CRYPTO_HASH_H),
    ] {
        let p = work.join(file);
        std::fs::write(&p, text).map_err(io("writing", p.clone()))?;
    }
    let out = Command::new(&cc[0])
        .args(&cc[1..])
        .args(&flags[..BASE_FLAGS.len()])
        .arg("-I")
        .arg(work)
        .arg("-I")
        .arg(dir)
        .args(sources)
        .args(shim.map(|_| work.join("hashbench_shim.c")))
        .arg("-o")
        .arg(work.join(LIBRARY))
        // The user's flags last: a library to link (`-lz`) must follow the sources that
        // use it, and a compiler flag means the same anywhere.
        .args(&flags[BASE_FLAGS.len()..])
        .current_dir(work)
        .output()
        .map_err(|e| PluginError::NoCompiler {
            path: dir.to_path_buf(),
            compiler: cc.join(" "),
            why: e.to_string(),
        })?;
    if out.status.success() {
        return Ok(());
    }
    let stderr = String::from_utf8_lossy(&out.stderr);
    let first: Vec<&str> = stderr.lines().take(STDERR_LINES).collect();
    Err(PluginError::Compile {
        path: dir.to_path_buf(),
        status: out.status.to_string(),
        stderr: hashbench_model::inert::escaped(&first.join(" | ")).into_owned(),
    })
}

/// What SUPERCOP generates for a primitive's sources: `crypto_hash` declared, and its
/// `crypto_hash_BYTES`.
const CRYPTO_HASH_H: &str = "#ifndef crypto_hash_H\n#define crypto_hash_H\n\
#include \"api.h\"\n#define crypto_hash_BYTES CRYPTO_BYTES\n\
int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen);\n\
#endif\n";

/// The C shim: the descriptor of include/hashbench_plugin.h over `crypto_hash`. `name`
/// passed [`crate::abi::name_ok`] and `algorithm` is a catalogue id, so neither needs
/// escaping inside a C string.
fn shim(name: &str, algorithm: &str) -> String {
    format!(
        r#"/* Generated by hashbench: the plugin descriptor over an eBASH crypto_hash. */
#include <stddef.h>
#include "hashbench_plugin.h"
#include "crypto_hash.h"

static int hashbench_oneshot(unsigned char *out, const unsigned char *in, size_t len)
{{
    return crypto_hash(out, in, (unsigned long long)len);
}}

static const struct hashbench_plugin hashbench_descriptor = {{
    HASHBENCH_PLUGIN_ABI, CRYPTO_BYTES, "{name}", "{algorithm}",
    "eBASH crypto_hash", hashbench_oneshot, 0, NULL, NULL, NULL
}};

const struct hashbench_plugin *hashbench_plugin_v1(void)
{{
    return &hashbench_descriptor;
}}
"#
    )
}

#[cfg(test)]
mod tests;
