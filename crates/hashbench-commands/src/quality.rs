//! What `hashbench quality` screens: the implementations asked for (by default the
//! hash-table hashers, one per algorithm), each through the catalogue's [`Hasher`] as a
//! [`Subject`] of `hashbench-quality`'s screen, with the user's `--keys` beside the
//! generated key sets, and the SMHasher3 verdict the catalogue carries beside each.

use std::path::PathBuf;

use hashbench_catalog::{Class, Hasher, Implementation};
use hashbench_model::{KeyKind, Pattern};
use hashbench_plan::PlanError;
use hashbench_quality::keys::KeysError;
pub use hashbench_quality::Config;
use hashbench_quality::{Document, KeySet, Screened, SetSummary, Subject};

/// What `quality` is asked: each field is also its flag (with the `clap` feature, the
/// binary's); the output format is the binary's.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Implementation ids (`xxh3-64/xxhash-rust`), or algorithm ids, which pick the
    /// algorithm's first implementation that runs here; default: the hash-table hashers
    /// (those with a BuildHasher), one per algorithm, or none when --plugin is given.
    #[cfg_attr(feature = "clap", arg(value_name = "IMPL"))]
    pub implementations: Vec<String>,
    /// Also screen your own keys (bucket and collision tests): a file of one key per
    /// line, or of fixed-size records with --key-bytes; at most 64 MiB and 4 million keys.
    #[cfg_attr(feature = "clap", arg(long, value_name = "FILE"))]
    pub keys: Option<PathBuf>,
    /// Read --keys FILE as records of N bytes each (8: u64 little-endian, 16: ids).
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", requires = "keys",
        value_parser = clap::value_parser!(u64).range(1..=65_536)))]
    pub key_bytes: Option<u64>,
    /// Screen your own C implementation too (docs/plugins.md): a shared library exporting
    /// hashbench_plugin_v1, or a folder hashbench compiles. Loaded into this process (a
    /// crash ends hashbench), and not verified: the screen judges the output, not whether
    /// it is the algorithm's. Repeatable.
    #[cfg_attr(feature = "clap", arg(long = "plugin", value_name = "PATH"))]
    pub plugins: Vec<PathBuf>,
    /// Also view the typed key sets' hash-map tables over N seeds of the map's hasher, as
    /// maps in N processes would seed it (foldhash's and aHash's RandomState): each
    /// figure's least, median and greatest, and how many seeds crowd each table. Hashers
    /// a map does not seed (FxHash) say so.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", default_value_t = 0,
        value_parser = clap::value_parser!(u64).range(0..=1000)))]
    pub seeds: u64,
    /// Exit with 1 when an implementation fails the screen (a failed screen is a finding,
    /// and exits 0, without it).
    #[cfg_attr(feature = "clap", arg(long))]
    pub strict: bool,
}

/// Why `quality` cannot screen what it was asked.
#[derive(Debug, thiserror::Error)]
pub enum QualityError {
    #[error(transparent)]
    Plan(#[from] PlanError),
    #[error(transparent)]
    Keys(#[from] KeysError),
    #[error(
        "{id}: its output is {bits} bits; the screen needs at least 32 (a checksum this \
         narrow is judged by what it detects: `hashbench list {id}`)"
    )]
    TooNarrow { id: String, bits: u32 },
    #[error("{id} cannot run here: {why}")]
    Unavailable { id: String, why: String },
    #[error(transparent)]
    Plugin(#[from] hashbench_plugin::PluginError),
}

impl QualityError {
    /// Whether the command was asked wrongly (exit 2) rather than failing while it ran.
    #[must_use]
    pub fn is_usage(&self) -> bool {
        !matches!(self, QualityError::Unavailable { .. })
    }
}

impl Ask {
    /// The implementations to screen; `notes` hears an alias resolved.
    ///
    /// # Errors
    ///
    /// An unknown name, or one that cannot run here.
    pub fn implementations(
        &self,
        notes: &mut dyn FnMut(&str),
    ) -> Result<Vec<&'static Implementation>, PlanError> {
        if self.implementations.is_empty() {
            // `quality --plugin PATH` asks about the plugin alone.
            if !self.plugins.is_empty() {
                return Ok(Vec::new());
            }
            return Ok(hash_table_hashers());
        }
        named(&self.implementations, notes)
    }

    /// The screen's configuration: [`Config::standard`] with the seeds asked for.
    #[must_use]
    pub fn config(&self) -> Config {
        Config {
            map_seeds: usize::try_from(self.seeds).unwrap_or(usize::MAX),
            ..Config::standard()
        }
    }

    /// The generated key sets and the user's.
    ///
    /// # Errors
    ///
    /// The `--keys` file cannot be used ([`KeysError`]).
    pub fn key_sets(&self, config: &Config) -> Result<Vec<KeySet>, KeysError> {
        let mut sets = config.key_sets();
        if let Some(path) = &self.keys {
            sets.push(key_file(path, self.key_bytes)?);
        }
        Ok(sets)
    }
}

/// The implementations `names` name (ids, or algorithm ids that pick the algorithm's
/// first implementation that runs here, which `notes` hears).
///
/// # Errors
///
/// An unknown name, or one that cannot run here.
pub fn named(
    names: &[String],
    notes: &mut dyn FnMut(&str),
) -> Result<Vec<&'static Implementation>, PlanError> {
    names
        .iter()
        .map(|name| {
            let imp = hashbench_plan::select::implementation(name)?;
            if !imp.id.eq_ignore_ascii_case(name.trim()) {
                notes(&format!("'{}' is {}", name.trim(), imp.id));
            }
            Ok(imp)
        })
        .collect()
}

pub use crate::key_file::key_file;

/// The non-cryptographic hashes that a hash map can use (a `BuildHasher`: `keys:*`), the
/// first that runs here of each algorithm.
#[must_use]
pub fn hash_table_hashers() -> Vec<&'static Implementation> {
    let mut chosen: Vec<&'static Implementation> = Vec::new();
    for imp in hashbench_catalog::registry::IMPLEMENTATIONS {
        if imp.algorithm.class != Class::NonCryptographicHash
            || chosen.iter().any(|c| c.algorithm.id == imp.algorithm.id)
        {
            continue;
        }
        if let Ok(h) = imp.instantiate() {
            if h.supports(Pattern::Keys(KeyKind::U64)).is_ok() {
                chosen.push(imp);
            }
        }
    }
    chosen
}

/// Screens every implementation `ask` names with `config`, telling `observer` each
/// result as it is known.
///
/// # Errors
///
/// An unknown implementation, a bad key file, an output under 32 bits.
pub fn screen(
    ask: &Ask,
    config: &Config,
    notes: &mut dyn FnMut(&str),
    observer: &mut dyn FnMut(&Screened),
) -> Result<Document, QualityError> {
    let implementations = ask.implementations(notes)?;
    // Every width is checked before anything is screened, so a bad list fails at once.
    for imp in &implementations {
        if imp.algorithm.output_bits < 32 {
            return Err(QualityError::TooNarrow {
                id: imp.id.to_string(),
                bits: imp.algorithm.output_bits,
            });
        }
    }
    let sets = ask.key_sets(config)?;
    let mut screens = Vec::new();
    for imp in implementations {
        let screened = screen_one(imp, &sets, config)?;
        observer(&screened);
        screens.push(screened);
    }
    for path in &ask.plugins {
        let screened = screen_plugin(path, &sets, config)?;
        observer(&screened);
        screens.push(screened);
    }
    Ok(Document {
        schema_version: hashbench_quality::QUALITY_SCHEMA_VERSION,
        config: config.clone(),
        key_sets: sets.iter().map(SetSummary::of).collect(),
        screens,
    })
}

/// One implementation's screen, with its algorithm's SMHasher3 verdict.
///
/// # Errors
///
/// It cannot run here.
pub fn screen_one(
    imp: &'static Implementation,
    sets: &[KeySet],
    config: &Config,
) -> Result<Screened, QualityError> {
    let hasher = imp.instantiate().map_err(|e| QualityError::Unavailable {
        id: imp.id.to_string(),
        why: e.0,
    })?;
    let mut subject = Catalogued::new(hasher, imp.algorithm.output_bits);
    let screen = hashbench_quality::screen(&mut subject, sets, config);
    Ok(Screened {
        implementation: imp.id.to_string(),
        algorithm: imp.algorithm.id.to_string(),
        output_bits: imp.algorithm.output_bits,
        passed: screen.passed(),
        screen,
        smhasher3: imp.algorithm.hash.map(|h| h.model().smhasher3),
    })
}

/// The screen of the user's plugin at `path`, built first if it is a folder, loaded into
/// this process, with its algorithm's SMHasher3 verdict.
///
/// # Errors
///
/// It cannot be built or loaded, or its output is under 32 bits.
pub fn screen_plugin(
    path: &std::path::Path,
    sets: &[KeySet],
    config: &Config,
) -> Result<Screened, QualityError> {
    let origin = hashbench_plugin::prepare(path, &[], None)?;
    let plugin = hashbench_plugin::Plugin::load(&origin.library)?;
    let bits = plugin.algorithm.output_bits;
    if bits < 32 {
        return Err(QualityError::TooNarrow {
            id: plugin.id(),
            bits,
        });
    }
    let hasher = Box::new(hashbench_plugin::PluginHasher::new(&plugin));
    let screen = hashbench_quality::screen(&mut Catalogued::new(hasher, bits), sets, config);
    Ok(Screened {
        implementation: plugin.id(),
        algorithm: plugin.algorithm.id.to_string(),
        output_bits: bits,
        passed: screen.passed(),
        screen,
        smhasher3: plugin.algorithm.hash.map(|h| h.model().smhasher3),
    })
}

/// A catalogue implementation as the screen's [`Subject`]: the bytes path is its
/// one-call digest, of which the first 8 bytes in the catalogue's byte order (all of a
/// shorter digest) are read as a big-endian number; where the implementation has a
/// `BuildHasher`, typed keys go through its `hash_one`, as a map calls it.
pub struct Catalogued {
    hasher: Box<dyn Hasher>,
    digest: Vec<u8>,
    typed: bool,
}

impl Catalogued {
    /// `hasher`, whose digest is `output_bits` long (32 or more).
    #[must_use]
    pub fn new(hasher: Box<dyn Hasher>, output_bits: u32) -> Self {
        let typed = [KeyKind::U64, KeyKind::Id16, KeyKind::Str]
            .iter()
            .all(|&k| hasher.supports(Pattern::Keys(k)).is_ok());
        Catalogued {
            hasher,
            digest: vec![0; (output_bits as usize).div_ceil(8)],
            typed,
        }
    }
}

impl Subject for Catalogued {
    fn bits(&self) -> u32 {
        (self.digest.len().min(8) * 8) as u32
    }

    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        self.hasher.oneshot(data, &mut self.digest);
        self.digest
            .iter()
            .take(8)
            .fold(0u64, |v, &b| v << 8 | u64::from(b))
    }

    fn typed(&self) -> bool {
        self.typed
    }

    fn reseed(&mut self, seed: u64) -> bool {
        self.typed && self.hasher.reseed_keys(seed)
    }

    fn hash_u64(&mut self, key: u64) -> u64 {
        if self.typed {
            self.hasher.hash_key_u64(key)
        } else {
            self.hash_bytes(&key.to_le_bytes())
        }
    }

    fn hash_id16(&mut self, key: &[u8; 16]) -> u64 {
        if self.typed {
            self.hasher.hash_key_id16(key)
        } else {
            self.hash_bytes(key)
        }
    }

    fn hash_str(&mut self, key: &str) -> u64 {
        if self.typed {
            self.hasher.hash_key_str(key)
        } else {
            self.hash_bytes(key.as_bytes())
        }
    }
}

#[cfg(test)]
mod tests;
