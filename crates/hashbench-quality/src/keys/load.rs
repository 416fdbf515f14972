//! The user's own keys (`--keys FILE`): one key per line, or fixed-size binary records.
//! The file is untrusted input: its size and its number of keys are bounded before they
//! are held, every way it can be wrong is a [`KeysError`] naming the file, and nothing
//! here panics on what a file holds.

use std::collections::HashSet;
use std::io::Read;
use std::path::{Path, PathBuf};

use super::set::{KeySet, Keys};

/// The largest key file read: 64 MiB.
pub const MAX_FILE_BYTES: u64 = 64 << 20;
/// The most keys a file may hold: beyond it the screen would take more than seconds.
pub const MAX_KEYS: usize = 4_000_000;
/// The longest key, a line or a record: 64 KiB.
pub const MAX_KEY_BYTES: usize = 64 << 10;

/// How a key file is laid out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeyFile {
    /// One key per line (`\n`, a `\r` before it dropped); empty lines are skipped. Keys
    /// that are all UTF-8 are strings, as a map of `String`s hashes them; else bytes.
    Lines,
    /// Records of this many bytes, back to back: 8-byte records are `u64`s (read
    /// little-endian, as they lie in an x86 or ARM program's memory), 16-byte ones ids,
    /// others bytes.
    Records(usize),
}

/// Why a key file cannot be used; each names the file.
#[derive(Debug, thiserror::Error)]
pub enum KeysError {
    #[error("{path}: cannot read the key file: {source}")]
    Unreadable {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{path}: the key file is over {limit} bytes; give a sample of your keys")]
    TooLarge { path: PathBuf, limit: u64 },
    #[error("{path}: the key file holds no keys")]
    Empty { path: PathBuf },
    #[error("{path}: line {line} is {len} bytes, over the {limit}-byte limit of a key")]
    LineTooLong {
        path: PathBuf,
        line: usize,
        len: usize,
        limit: usize,
    },
    #[error(
        "{path}: {len} bytes is not a whole number of {record}-byte records \
         ({rest} bytes left over); is --key-bytes right?"
    )]
    NotRecords {
        path: PathBuf,
        len: usize,
        record: usize,
        rest: usize,
    },
    #[error("--key-bytes {0}: a record is 1 to {MAX_KEY_BYTES} bytes")]
    RecordSize(usize),
    #[error("{path}: {count} keys, over the limit of {limit}; give a sample of your keys")]
    TooManyKeys {
        path: PathBuf,
        count: usize,
        limit: usize,
    },
}

/// The distinct keys of the file at `path`, named by its file name. Duplicates are
/// dropped (a table holds each key once, and a repeated key would count as a collision
/// of the hash).
///
/// # Errors
///
/// The file cannot be read, is over [`MAX_FILE_BYTES`], holds no keys or over
/// [`MAX_KEYS`], has a line over [`MAX_KEY_BYTES`], or is not a whole number of records.
pub fn load(path: &Path, layout: KeyFile) -> Result<KeySet, KeysError> {
    if let KeyFile::Records(size) = layout {
        if size == 0 || size > MAX_KEY_BYTES {
            return Err(KeysError::RecordSize(size));
        }
    }
    let bytes = read_bounded(path)?;
    let keys = match layout {
        KeyFile::Lines => lines(path, &bytes)?,
        KeyFile::Records(size) => records(path, &bytes, size)?,
    };
    if keys.is_empty() {
        return Err(KeysError::Empty {
            path: path.to_path_buf(),
        });
    }
    if keys.len() > MAX_KEYS {
        return Err(KeysError::TooManyKeys {
            path: path.to_path_buf(),
            count: keys.len(),
            limit: MAX_KEYS,
        });
    }
    let name = path.file_name().map_or_else(
        || path.display().to_string(),
        |n| n.to_string_lossy().into(),
    );
    Ok(KeySet { name, keys })
}

/// The file's bytes, read at most one past the limit whatever the file is (a device or
/// a pipe has no size to check first).
fn read_bounded(path: &Path) -> Result<Vec<u8>, KeysError> {
    let unreadable = |source| KeysError::Unreadable {
        path: path.to_path_buf(),
        source,
    };
    let file = std::fs::File::open(path).map_err(unreadable)?;
    let mut bytes = Vec::new();
    file.take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(unreadable)?;
    if bytes.len() as u64 > MAX_FILE_BYTES {
        return Err(KeysError::TooLarge {
            path: path.to_path_buf(),
            limit: MAX_FILE_BYTES,
        });
    }
    Ok(bytes)
}

fn lines(path: &Path, bytes: &[u8]) -> Result<Keys, KeysError> {
    let mut seen = HashSet::new();
    let mut keys: Vec<&[u8]> = Vec::new();
    for (i, line) in bytes.split(|&b| b == b'\n').enumerate() {
        let line = line.strip_suffix(b"\r").unwrap_or(line);
        if line.len() > MAX_KEY_BYTES {
            return Err(KeysError::LineTooLong {
                path: path.to_path_buf(),
                line: i + 1,
                len: line.len(),
                limit: MAX_KEY_BYTES,
            });
        }
        if !line.is_empty() && seen.insert(line) {
            keys.push(line);
        }
    }
    let text: Option<Vec<String>> = keys
        .iter()
        .map(|k| std::str::from_utf8(k).ok().map(str::to_string))
        .collect();
    Ok(match text {
        Some(text) => Keys::Str(text),
        None => Keys::Bytes(keys.iter().map(|k| k.to_vec()).collect()),
    })
}

fn records(path: &Path, bytes: &[u8], size: usize) -> Result<Keys, KeysError> {
    let rest = bytes.len() % size;
    if rest != 0 {
        return Err(KeysError::NotRecords {
            path: path.to_path_buf(),
            len: bytes.len(),
            record: size,
            rest,
        });
    }
    let chunks = bytes.chunks_exact(size);
    // chunks_exact gives slices of exactly `size` bytes, so the conversions cannot fail.
    Ok(match size {
        8 => Keys::U64(unique(
            chunks.filter_map(|c| c.try_into().ok().map(u64::from_le_bytes)),
        )),
        16 => Keys::Id16(unique(chunks.filter_map(|c| c.try_into().ok()))),
        _ => Keys::Bytes(unique(chunks.map(<[u8]>::to_vec))),
    })
}

/// The distinct items of `items`, in their first order.
fn unique<T: Clone + Eq + std::hash::Hash>(items: impl Iterator<Item = T>) -> Vec<T> {
    let mut seen = HashSet::new();
    items.filter(|k| seen.insert(k.clone())).collect()
}

#[cfg(test)]
mod tests;
