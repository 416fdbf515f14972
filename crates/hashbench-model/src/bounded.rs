//! Reading outside input with a bound, whatever its kind. A limit checked against a
//! file's size on disk says nothing about a device (`/dev/zero`), a pipe or a FIFO fed
//! by another process, which have no size and may never end: the read itself stops one
//! byte past the limit, so the input is refused before it can take more memory than
//! the limit allows.
//!
//! And what the memories in the data directory keep, bounded the same way everywhere:
//! [`keep_newest`].

use std::collections::BTreeMap;
use std::io::{self, Read};
use std::path::Path;

use thiserror::Error;

/// Why bounded input could not be read.
#[derive(Debug, Error)]
pub enum ReadError {
    /// Opening or reading failed.
    #[error("cannot read: {0}")]
    Io(#[from] io::Error),
    /// More bytes than `limit`: the rest was never read.
    #[error(
        "more than the {limit} bytes ({}) {what} may have; nothing past that was read",
        crate::format::size(*limit)
    )]
    TooLarge { limit: u64, what: &'static str },
}

/// Everything `reader` yields, if that is at most `limit` bytes; `what` names the kind
/// of input in the error (`a result file`). A read interrupted by a signal is retried.
///
/// # Errors
///
/// [`ReadError::TooLarge`] as soon as the input passes `limit` bytes (one byte more is
/// read to know), [`ReadError::Io`] when reading fails.
pub fn read_at_most(
    reader: impl Read,
    limit: u64,
    what: &'static str,
) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(limit.saturating_add(1))
        .read_to_end(&mut bytes)?;
    if bytes.len() as u64 > limit {
        return Err(ReadError::TooLarge { limit, what });
    }
    Ok(bytes)
}

/// The file at `path` read with [`read_at_most`]: refused at once when it is a regular
/// file larger than `limit`, else read up to one byte past it, whatever it is.
///
/// # Errors
///
/// As [`read_at_most`], and when the file cannot be opened.
pub fn read_file_at_most(
    path: &Path,
    limit: u64,
    what: &'static str,
) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path)?;
    if file
        .metadata()
        .is_ok_and(|m| m.is_file() && m.len() > limit)
    {
        return Err(ReadError::TooLarge { limit, what });
    }
    read_at_most(file, limit, what)
}

/// Drops the entries of `map` that `at` dates oldest (seconds since the epoch; among
/// equal dates, the first by key) until at most `keep` remain: how each memory in the
/// data directory forgets its machines, builds or cells beyond its bound.
pub fn keep_newest<K: Ord + Clone, V>(
    map: &mut BTreeMap<K, V>,
    keep: usize,
    at: impl Fn(&V) -> u64,
) {
    let extra = map.len().saturating_sub(keep);
    if extra == 0 {
        return;
    }
    let mut by_age: Vec<(u64, K)> = map.iter().map(|(k, v)| (at(v), k.clone())).collect();
    by_age.sort();
    for (_, k) in by_age.into_iter().take(extra) {
        map.remove(&k);
    }
}

#[cfg(test)]
mod tests;
