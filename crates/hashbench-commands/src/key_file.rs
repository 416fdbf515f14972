//! The user's key file, as `maps`, `quality` and `recommend --need hash-table` read it:
//! one key per line, or fixed-size records, through `hashbench-quality`'s bounded loader.

use std::path::PathBuf;

use hashbench_quality::keys::{KeyFile, KeysError};
use hashbench_quality::KeySet;

/// A map's keys from the user's file: `maps` and `recommend --need hash-table` take it
/// alike.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct KeyFileArgs {
    /// Your own keys: a file of one key per line (string keys), or of 8- or 16-byte
    /// records with --key-bytes; at most 64 MiB and 4 million keys. Half of them fill
    /// the map, the other half are its misses.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub keys: Option<PathBuf>,
    /// Read --keys FILE as records of 8 bytes (u64 little-endian) or 16 (ids): a map's
    /// typed keys.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", requires = "keys",
        value_parser = record_bytes()))]
    pub key_bytes: Option<u64>,
}

impl KeyFileArgs {
    /// The user's key set, when a file is given, named `file:NAME` (its file name).
    ///
    /// # Errors
    ///
    /// The file cannot be used ([`KeysError`]).
    pub fn load(&self) -> Result<Option<KeySet>, KeysError> {
        let Some(path) = &self.keys else {
            return Ok(None);
        };
        let mut set = key_file(path, self.key_bytes)?;
        // Named apart from the generated sets: a file called `words` is not `words`.
        set.name = format!("file:{}", set.name);
        Ok(Some(set))
    }
}

/// `--key-bytes 8|16`: the record sizes a map's typed keys have.
#[cfg(feature = "clap")]
fn record_bytes() -> impl clap::builder::TypedValueParser<Value = u64> {
    use clap::builder::TypedValueParser;
    // Only the two names listed get through.
    clap::builder::PossibleValuesParser::new(["8", "16"])
        .map(|n: String| if n == "8" { 8 } else { 16 })
}

/// The user's `--keys` file: one key per line, or records of `key_bytes` bytes.
///
/// # Errors
///
/// The file cannot be used ([`KeysError`]).
pub fn key_file(path: &std::path::Path, key_bytes: Option<u64>) -> Result<KeySet, KeysError> {
    let layout = match key_bytes {
        // Bounded by the flag's parser; an impossible size is refused by the loader.
        Some(n) => KeyFile::Records(usize::try_from(n).unwrap_or(usize::MAX)),
        None => KeyFile::Lines,
    };
    hashbench_quality::keys::load(path, layout)
}
