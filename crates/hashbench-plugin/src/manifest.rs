//! `hashbench-plugin.toml`, the manifest a plugin folder may carry: the catalogue
//! algorithm it claims (`algorithm = "crc32"`), its library name, or, for a function the
//! catalogue does not have, a `[define]` table: the new algorithm's id, class and width,
//! the properties it claims and a file of its known answers in the vectors format
//! (docs/plugins.md, "A new algorithm"). Nothing of a plugin is timed before it passes
//! those answers.

use std::path::{Path, PathBuf};

use hashbench_catalog::defined::{self, Definition, Vectors};
use hashbench_catalog::{Algorithm, Class};
use hashbench_model::Key;
use hashbench_verify::vectors::VectorFile;
use serde::Deserialize;

use crate::PluginError;

/// The manifest's file name.
pub const MANIFEST: &str = "hashbench-plugin.toml";
/// The largest vectors file a manifest may name: far above any catalogue file's
/// (the largest, with a million-byte input described by a pattern, is under 100 KiB).
pub const MAX_VECTORS_BYTES: u64 = 16 << 20;

/// `hashbench-plugin.toml`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields)]
pub(crate) struct Manifest {
    pub algorithm: Option<String>,
    pub name: Option<String>,
    pub define: Option<Define>,
}

/// The `[define]` table: a new algorithm.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct Define {
    pub id: String,
    class: ClassName,
    output_bits: u32,
    /// The known answers, relative to the folder.
    vectors: PathBuf,
    note: Option<String>,
    standard: Option<String>,
    key: Option<Key>,
    stable: Option<bool>,
}

/// The class as the manifest spells it (as `hashbench list --format json` does).
#[derive(Deserialize, Clone, Copy)]
#[serde(rename_all = "kebab-case")]
enum ClassName {
    Checksum,
    NonCryptographicHash,
    CryptographicHash,
}

impl From<ClassName> for Class {
    fn from(c: ClassName) -> Class {
        match c {
            ClassName::Checksum => Class::Checksum,
            ClassName::NonCryptographicHash => Class::NonCryptographicHash,
            ClassName::CryptographicHash => Class::CryptographicHash,
        }
    }
}

fn layout(dir: &Path, why: String) -> PluginError {
    PluginError::Layout {
        path: dir.to_path_buf(),
        why,
    }
}

/// The manifest of the folder `dir`; the default (nothing said) when it has none.
///
/// # Errors
///
/// It cannot be read, or is not the manifest's TOML (an unknown key is named).
pub(crate) fn read(dir: &Path) -> Result<Manifest, PluginError> {
    let path = dir.join(MANIFEST);
    if !path.is_file() {
        return Ok(Manifest::default());
    }
    let text = std::fs::read_to_string(&path).map_err(|source| PluginError::Io {
        path: dir.to_path_buf(),
        what: "reading",
        file: path.clone(),
        source,
    })?;
    toml::from_str(&text).map_err(|e| layout(dir, format!("{MANIFEST}: {}", e.message())))
}

/// Defines the algorithm the manifest of the folder `dir` defines, if it defines one,
/// so that [`hashbench_catalog::find_algorithm`] finds it in this process; the same
/// folder again defines nothing new.
///
/// # Errors
///
/// The manifest cannot be read; it defines an algorithm and claims another; the
/// catalogue refuses the definition (the reason); its vectors file is missing, not a
/// regular file, too large, not the vectors format, for another algorithm, or holds no
/// known answer of the byte API: a plugin whose answers cannot be read is refused here,
/// as one that cannot be built is, and the rest of the run goes on.
pub fn define(dir: &Path) -> Result<Option<&'static Algorithm>, PluginError> {
    let manifest = read(dir)?;
    let Some(d) = manifest.define else {
        return Ok(None);
    };
    if let Some(claimed) = manifest.algorithm.as_deref().filter(|a| *a != d.id) {
        return Err(layout(
            dir,
            format!(
                "{MANIFEST} claims algorithm = {claimed:?} and defines {:?}: give one (a \
                 [define] table is the algorithm the plugin implements)",
                d.id
            ),
        ));
    }
    let refused = |e: defined::DefineError| layout(dir, format!("{MANIFEST} [define]: {e}"));
    let definition = Definition {
        id: d.id,
        class: d.class.into(),
        output_bits: d.output_bits,
        note: d.note,
        standard: d.standard,
        key: d.key,
        stable: d.stable,
    };
    defined::check(&definition).map_err(refused)?;
    let vectors = read_vectors(dir, &d.vectors)?;
    check_vectors(dir, &definition, &vectors)?;
    defined::define(definition, vectors)
        .map(Some)
        .map_err(refused)
}

/// The definition's known answers as verification will read them: the format, the
/// algorithm they are for, every digest's length, and at least one answer of the byte
/// API (with none, any function would pass).
fn check_vectors(dir: &Path, d: &Definition, vectors: &Vectors) -> Result<(), PluginError> {
    let Vectors { file, text } = vectors;
    let bad = |why: String| layout(dir, format!("the known answers {file}: {why}"));
    // Their errors name the file themselves.
    let unreadable =
        |e: hashbench_verify::VectorError| layout(dir, format!("the known answers: {e}"));
    let parsed = VectorFile::parse(file, text).map_err(unreadable)?;
    if parsed.algorithm != d.id {
        return Err(bad(format!(
            "they are for {:?}, the manifest defines {:?}",
            hashbench_model::inert::clipped(&parsed.algorithm, 40),
            d.id
        )));
    }
    let bytes = (d.output_bits / 8) as usize;
    let answers = parsed.known_answers(file, bytes).map_err(unreadable)?;
    parsed.typed_answers(file, bytes).map_err(unreadable)?;
    if answers.is_empty() {
        return Err(bad(
            "no known answer of the byte API: give at least one, from a source other than \
             the plugin (vectors/README.md)"
                .into(),
        ));
    }
    Ok(())
}

/// The vectors file a definition names, read within its bound.
fn read_vectors(dir: &Path, file: &Path) -> Result<Vectors, PluginError> {
    let path = dir.join(file);
    let io = |source| PluginError::Io {
        path: dir.to_path_buf(),
        what: "reading the known answers",
        file: path.clone(),
        source,
    };
    let meta = std::fs::metadata(&path).map_err(io)?;
    // A FIFO or a device would hold the read (and the run) as long as it likes.
    if !meta.is_file() {
        return Err(layout(
            dir,
            format!(
                "the known answers {} are not a regular file",
                path.display()
            ),
        ));
    }
    if meta.len() > MAX_VECTORS_BYTES {
        return Err(layout(
            dir,
            format!(
                "the known answers {} are {} bytes, over the {MAX_VECTORS_BYTES} a manifest's \
                 vectors may have",
                path.display(),
                meta.len()
            ),
        ));
    }
    let text = std::fs::read_to_string(&path).map_err(io)?;
    Ok(Vectors {
        file: path.display().to_string(),
        text,
    })
}

#[cfg(test)]
mod tests;
