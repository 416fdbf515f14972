//! API usage patterns: the ways a caller drives a hash library, each of which `hashbench
//! run --pattern` can time on its own.
//!
//! Which patterns an implementation can express is the library's property, declared by its
//! adapter in the catalogue (`hashbench_catalog::Hasher::supports`). A pattern a library
//! cannot express is reported as not applicable, never imitated with another call.
//!
//! The type lives in the model because every cell records the pattern it measured; in
//! JSON it is the name `--pattern` takes (`oneshot`, `streaming:4k`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// How one timed call drives the library.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Pattern {
    /// The library's one-call function ([`crate::Hasher::oneshot`]); where the library
    /// has none, reset, update and finalize on one long-lived state.
    Oneshot,
    /// A new library state per call (the library's constructor), one update, finalize;
    /// the state is dropped.
    New,
    /// One long-lived state: update, then finalize with the library's reset. Only for
    /// libraries that have a reset.
    Reuse,
    /// The digest written by the library straight into a buffer the caller owns and
    /// reuses. Only for libraries with such a call.
    Prealloc,
    /// The one-call path into a fresh heap `Vec<u8>` per call (the caller's allocation).
    Alloc,
    /// The one-call path, then the digest as a fresh lowercase hex `String` per call.
    Hex,
    /// One message of the cell's size fed in updates of this many bytes, on one state.
    Streaming(usize),
    /// OpenSSL: the algorithm looked up by name (`EVP_MD_fetch`) on every call.
    ByName,
    /// OpenSSL: the `EVP_MD` fetched once and reused, as `openssl speed -evp` does.
    Prefetched,
    /// A hash table's call: `BuildHasher::hash_one(&key)` on the library's `BuildHasher`
    /// (a fixed seed for keyed ones), over a typed key made from the cell's input
    /// ([`KeyKind`]); the cell's size is the key's byte length.
    Keys(KeyKind),
}

/// The typed key of a [`Pattern::Keys`] cell, made from the cell's input bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum KeyKind {
    /// `u64`, the input's 8 bytes read little-endian (`keys:u64`, size 8 only).
    U64,
    /// `[u8; 16]`, the input's 16 bytes (`keys:id16`, size 16 only).
    Id16,
    /// `&str`, the input's bytes with each top bit cleared (ASCII), as long as the cell's
    /// size (`keys:str`; a range of sizes, `--sizes 1..=64`, is a mix of lengths).
    Str,
}

/// The shortest input one call of a cell of `size` is given.
fn shortest(size: crate::Size) -> u64 {
    match size {
        crate::Size::Bytes(n) => n,
        crate::Size::Range { min, .. } => min,
    }
}

/// The longest `keys:str` key, bytes: its text is made on the stack.
pub const MAX_STR_KEY: u64 = 256;

impl KeyKind {
    /// The key's fixed byte length; `None` for strings, whose length is the cell's size.
    #[must_use]
    pub fn fixed_len(self) -> Option<u64> {
        match self {
            KeyKind::U64 => Some(8),
            KeyKind::Id16 => Some(16),
            KeyKind::Str => None,
        }
    }

    /// Whether a cell of `size` can hold this key: `Err` says why not. `give` spells the
    /// size the key needs as the caller's command takes it (`--sizes 8` for `run`,
    /// `--size 8` for `recommend`, a suite's key), so the hint names a flag that exists.
    ///
    /// # Errors
    ///
    /// The size the key needs, as text for the user.
    pub fn fits(self, size: crate::Size, give: impl FnOnce(u64) -> String) -> Result<(), String> {
        let name = Pattern::Keys(self);
        match (self.fixed_len(), size) {
            (Some(n), crate::Size::Bytes(b)) if b == n => Ok(()),
            (Some(n), _) => Err(format!(
                "{name} hashes a key of {n} bytes: its cells are {n} B only (give {})",
                give(n)
            )),
            (None, s) if shortest(s) >= 1 && s.max_bytes() <= MAX_STR_KEY => Ok(()),
            (None, _) => Err(format!(
                "{name} hashes a string as long as the cell's size: sizes from 1 to {MAX_STR_KEY} B"
            )),
        }
    }
}

/// Largest streaming chunk accepted, 1 GiB: a chunk larger than any input is one update.
const MAX_CHUNK: usize = 1 << 30;

/// The patterns' names, as `--pattern` takes them, for messages.
pub const PATTERN_NAMES: &str =
    "oneshot, new, reuse, prealloc, alloc, hex, streaming:CHUNK (e.g. streaming:4k), by-name, prefetched, keys:u64, keys:id16, keys:str";

/// A `--pattern` value that is not a pattern.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PatternError {
    #[error("unknown pattern '{0}'; patterns are: {PATTERN_NAMES}")]
    Unknown(String),
    #[error("bad chunk size in pattern '{0}': give a positive byte count up to 1g, with an optional k/m/g suffix (streaming:4k)")]
    BadChunk(String),
}

impl FromStr for Pattern {
    type Err = PatternError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let lower = s.trim().to_ascii_lowercase();
        if let Some(chunk) = lower.strip_prefix("streaming:") {
            return parse_chunk(chunk)
                .map(Pattern::Streaming)
                .ok_or_else(|| PatternError::BadChunk(s.to_string()));
        }
        Ok(match lower.as_str() {
            "oneshot" => Pattern::Oneshot,
            "new" => Pattern::New,
            "reuse" => Pattern::Reuse,
            "prealloc" => Pattern::Prealloc,
            "alloc" => Pattern::Alloc,
            "hex" => Pattern::Hex,
            "by-name" => Pattern::ByName,
            "prefetched" => Pattern::Prefetched,
            "keys:u64" => Pattern::Keys(KeyKind::U64),
            "keys:id16" => Pattern::Keys(KeyKind::Id16),
            "keys:str" => Pattern::Keys(KeyKind::Str),
            _ => return Err(PatternError::Unknown(s.to_string())),
        })
    }
}

/// `4096`, `4k`, `1m`, `1g` (binary multiples) -> bytes; `None` for zero, junk or more
/// than [`MAX_CHUNK`].
fn parse_chunk(text: &str) -> Option<usize> {
    let (digits, unit) = match text.char_indices().last()? {
        (i, 'k') => (&text[..i], 1usize << 10),
        (i, 'm') => (&text[..i], 1 << 20),
        (i, 'g') => (&text[..i], 1 << 30),
        _ => (text, 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n = digits.parse::<usize>().ok()?.checked_mul(unit)?;
    (1..=MAX_CHUNK).contains(&n).then_some(n)
}

impl From<Pattern> for String {
    fn from(p: Pattern) -> String {
        p.to_string()
    }
}

impl TryFrom<String> for Pattern {
    type Error = PatternError;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        s.parse()
    }
}

impl Pattern {
    /// Whether this is the default pattern, which labels leave out.
    #[must_use]
    pub fn is_oneshot(self) -> bool {
        self == Pattern::Oneshot
    }
}

impl fmt::Display for Pattern {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pattern::Oneshot => f.write_str("oneshot"),
            Pattern::New => f.write_str("new"),
            Pattern::Reuse => f.write_str("reuse"),
            Pattern::Prealloc => f.write_str("prealloc"),
            Pattern::Alloc => f.write_str("alloc"),
            Pattern::Hex => f.write_str("hex"),
            Pattern::ByName => f.write_str("by-name"),
            Pattern::Prefetched => f.write_str("prefetched"),
            Pattern::Keys(KeyKind::U64) => f.write_str("keys:u64"),
            Pattern::Keys(KeyKind::Id16) => f.write_str("keys:id16"),
            Pattern::Keys(KeyKind::Str) => f.write_str("keys:str"),
            // Whole binary multiples print with their suffix, as they are usually typed.
            Pattern::Streaming(n) => match n {
                n if n % (1 << 20) == 0 => write!(f, "streaming:{}m", n >> 20),
                n if n % (1 << 10) == 0 => write!(f, "streaming:{}k", n >> 10),
                n => write!(f, "streaming:{n}"),
            },
        }
    }
}

#[cfg(test)]
mod tests;
