//! Known-answer vectors: the reviewable JSON files under `vectors/`, their inputs, and
//! the set compiled into the binary.
//!
//! The schema and the input kinds are documented in `vectors/README.md`; the files are
//! written and checked by `vectors/generate.py`.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use hashbench_model::KeyKind;
use serde::Deserialize;

/// One algorithm's vectors, as in `vectors/<algorithm>.json`.
/// The longest message a vector may describe (64 MiB): more than any published vector
/// needs (the longest here is a million bytes), and little enough to allocate anywhere.
pub const MAX_INPUT_BYTES: u64 = 64 << 20;

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct VectorFile {
    pub algorithm: String,
    /// Source key -> citation.
    pub sources: BTreeMap<String, String>,
    pub vectors: Vec<Vector>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Vector {
    pub source: String,
    /// For a typed-key vector, the key's kind (`u64`, `id16`, `str`): the digest is then
    /// `BuildHasher::hash_one` of the key a `keys:<kind>` cell makes from the input, not
    /// the byte API's digest of the input (`vectors/README.md`, "Typed keys").
    #[serde(default)]
    pub key: Option<String>,
    pub input: Input,
    /// Lowercase hex, in the output byte order of `hashbench_catalog::algorithm`.
    pub digest: String,
}

/// The message of a vector: exactly one kind, see `vectors/README.md`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Input {
    pub ascii: Option<String>,
    pub hex: Option<String>,
    pub repeat: Option<u64>,
    pub pattern251: Option<usize>,
    pub xorshift: Option<usize>,
    pub seed: Option<u64>,
}

#[derive(Debug, thiserror::Error)]
pub enum VectorError {
    #[error("cannot read vector file {path}")]
    Read {
        path: PathBuf,
        source: std::io::Error,
    },
    #[error("{file}: not a valid vector file: {message}")]
    Parse { file: String, message: String },
    #[error("{file}: vector #{index}: {message}")]
    Invalid {
        file: String,
        index: usize,
        message: String,
    },
    #[error("no vector file for algorithm '{0}'")]
    Missing(String),
    #[error("vector directory {0} does not exist or is not a directory")]
    NoDirectory(PathBuf),
}

/// Bytes `i % 251` for i in 0..len: the BLAKE3 test-vector pattern, whose period is
/// prime so it never lines up with a power-of-two block or chunk boundary.
pub fn pattern251(len: usize) -> Vec<u8> {
    (0..len).map(|i| (i % 251) as u8).collect()
}

/// xorshift64 (13, 7, 17) bytes, little-endian per step: a seeded stream that Python
/// reproduces in three lines, so generated vectors need no shared random library.
pub fn xorshift(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.truncate(len);
    out
}

/// Bytes from hex digits (either case), as vector files write digests and inputs.
///
/// # Errors
///
/// The `hex` crate's: an odd number of digits, or a character that is not one (where).
pub fn decode_hex(s: &str) -> Result<Vec<u8>, hex::FromHexError> {
    hex::decode(s)
}

/// Lowercase hex of `bytes`.
pub fn encode_hex(bytes: &[u8]) -> String {
    hex::encode(bytes)
}

/// What is wrong with a vector's input description.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum InputError {
    #[error("input must have exactly one of ascii, hex, pattern251, xorshift")]
    NotOneKind,
    #[error("repeat must be at least 1")]
    ZeroRepeat,
    #[error("repeat applies only to ascii and hex inputs")]
    RepeatWithoutText,
    #[error("seed goes with xorshift, and xorshift needs a seed")]
    SeedWithoutXorshift,
    #[error("xorshift seed must be nonzero")]
    ZeroSeed,
    #[error(
        "the input would be {0} bytes; vectors are limited to {MAX_INPUT_BYTES} bytes (64 MiB)"
    )]
    TooLong(u64),
    #[error("bad hex: {0}")]
    Hex(#[from] hex::FromHexError),
}

impl Input {
    /// The message bytes, or what is wrong with the description.
    ///
    /// # Errors
    ///
    /// An [`InputError`] naming what is inconsistent or too large.
    pub fn bytes(&self) -> Result<Vec<u8>, InputError> {
        let kinds = [
            self.ascii.is_some(),
            self.hex.is_some(),
            self.pattern251.is_some(),
            self.xorshift.is_some(),
        ];
        if kinds.iter().filter(|k| **k).count() != 1 {
            return Err(InputError::NotOneKind);
        }
        let repeat = self.repeat.unwrap_or(1);
        if repeat == 0 {
            return Err(InputError::ZeroRepeat);
        }
        if self.repeat.is_some() && self.ascii.is_none() && self.hex.is_none() {
            return Err(InputError::RepeatWithoutText);
        }
        if self.seed.is_some() != self.xorshift.is_some() {
            return Err(InputError::SeedWithoutXorshift);
        }
        let too_long = InputError::TooLong;
        let unit = match (&self.ascii, &self.hex, self.pattern251, self.xorshift) {
            (Some(a), ..) => a.as_bytes().to_vec(),
            (_, Some(h), ..) => decode_hex(h)?,
            (_, _, Some(len), _) if len as u64 > MAX_INPUT_BYTES => {
                return Err(too_long(len as u64))
            }
            (_, _, _, Some(len)) if len as u64 > MAX_INPUT_BYTES => {
                return Err(too_long(len as u64))
            }
            (_, _, Some(len), _) => return Ok(pattern251(len)),
            (_, _, _, Some(len)) => {
                let seed = self.seed.unwrap_or(0);
                if seed == 0 {
                    return Err(InputError::ZeroSeed);
                }
                return Ok(xorshift(len, seed));
            }
            _ => unreachable!("exactly one kind was checked above"),
        };
        // Checked before allocating: a file asking for more is refused, not an abort.
        let total = (unit.len() as u64).saturating_mul(repeat);
        if total > MAX_INPUT_BYTES {
            return Err(too_long(total));
        }
        Ok(unit.repeat(repeat as usize))
    }

    /// A short human description for failure reports (`ascii "abc"`, `pattern251 x 1025`).
    pub fn describe(&self) -> String {
        let times = self.repeat.map_or(String::new(), |n| format!(" x {n}"));
        if let Some(a) = &self.ascii {
            let shown: String = a.chars().take(40).collect();
            let more = if a.chars().count() > 40 { "..." } else { "" };
            format!("ascii {shown:?}{more}{times}")
        } else if let Some(h) = &self.hex {
            format!("hex {} bytes{times}", h.len() / 2)
        } else if let Some(n) = self.pattern251 {
            format!("pattern251 len {n}")
        } else {
            format!(
                "xorshift len {} seed {}",
                self.xorshift.unwrap_or(0),
                self.seed.unwrap_or(0)
            )
        }
    }
}

/// A vector ready to run: message bytes and expected digest decoded.
#[derive(Clone, Debug)]
pub struct KnownAnswer {
    /// `md5.json #3 (rfc1321: ascii "abc")`
    pub label: String,
    pub message: Vec<u8>,
    pub digest: Vec<u8>,
}

/// A typed-key vector ready to run: the key's kind, the input a `keys:*` cell would make
/// the key from, and `hash_one`'s value in the catalogue's byte order.
#[derive(Clone, Debug)]
pub struct TypedAnswer {
    pub kind: KeyKind,
    pub label: String,
    pub input: Vec<u8>,
    pub digest: Vec<u8>,
}

/// The key kind a vector's `key` names.
fn key_kind(name: &str) -> Result<KeyKind, String> {
    match name {
        "u64" => Ok(KeyKind::U64),
        "id16" => Ok(KeyKind::Id16),
        "str" => Ok(KeyKind::Str),
        other => Err(format!("key '{other}' is not one of u64, id16, str")),
    }
}

impl VectorFile {
    pub fn parse(file: &str, text: &str) -> Result<VectorFile, VectorError> {
        serde_json::from_str(text).map_err(|e| VectorError::Parse {
            file: file.to_string(),
            message: e.to_string(),
        })
    }

    /// Decodes every vector, checking each against the schema and the expected output
    /// length.
    pub fn known_answers(
        &self,
        file: &str,
        output_bytes: usize,
    ) -> Result<Vec<KnownAnswer>, VectorError> {
        let mut answers = Vec::new();
        for (index, v) in self.vectors.iter().enumerate() {
            let (message, digest) = self.decode(file, index, output_bytes)?;
            if v.key.is_none() {
                answers.push(KnownAnswer {
                    label: format!("{file} #{index} ({}: {})", v.source, v.input.describe()),
                    message,
                    digest,
                });
            }
        }
        Ok(answers)
    }

    /// Decodes every typed-key vector, checking each as [`Self::known_answers`] does and
    /// its input against the key's length.
    pub fn typed_answers(
        &self,
        file: &str,
        output_bytes: usize,
    ) -> Result<Vec<TypedAnswer>, VectorError> {
        let mut answers = Vec::new();
        for (index, v) in self.vectors.iter().enumerate() {
            let Some(name) = &v.key else { continue };
            let invalid = |message: String| VectorError::Invalid {
                file: file.to_string(),
                index,
                message,
            };
            let kind = key_kind(name).map_err(invalid)?;
            let (input, digest) = self.decode(file, index, output_bytes)?;
            let len = input.len() as u64;
            let fits = match kind.fixed_len() {
                Some(n) => len == n,
                None => (1..=hashbench_model::MAX_STR_KEY).contains(&len),
            };
            if !fits {
                return Err(invalid(format!(
                    "a keys:{name} key cannot be made from {len} bytes"
                )));
            }
            answers.push(TypedAnswer {
                kind,
                label: format!(
                    "{file} #{index} ({}: keys:{name} of {})",
                    v.source,
                    v.input.describe()
                ),
                input,
                digest,
            });
        }
        Ok(answers)
    }

    /// Vector `index`'s message and digest, checked against the schema and the output
    /// length.
    fn decode(
        &self,
        file: &str,
        index: usize,
        output_bytes: usize,
    ) -> Result<(Vec<u8>, Vec<u8>), VectorError> {
        let v = &self.vectors[index];
        let invalid = |message: String| VectorError::Invalid {
            file: file.to_string(),
            index,
            message,
        };
        if !self.sources.contains_key(&v.source) {
            return Err(invalid(format!("source '{}' is not in sources", v.source)));
        }
        let message = v.input.bytes().map_err(|e| invalid(e.to_string()))?;
        let digest = decode_hex(&v.digest).map_err(|e| invalid(format!("digest: {e}")))?;
        if digest.len() != output_bytes {
            return Err(invalid(format!(
                "digest is {} bytes, the algorithm outputs {output_bytes}",
                digest.len()
            )));
        }
        Ok((message, digest))
    }
}

// `EMBEDDED`: every `vectors/*.json`, listed by build.rs from the directory.
include!(concat!(env!("OUT_DIR"), "/embedded.rs"));

/// Where known answers come from: the embedded set or a directory of the same files.
#[derive(Clone, Debug, Default)]
pub enum VectorSource {
    #[default]
    Embedded,
    Directory(PathBuf),
}

impl VectorSource {
    /// The decoded known answers of one algorithm's byte API.
    pub fn load(
        &self,
        algorithm: &str,
        output_bytes: usize,
    ) -> Result<Vec<KnownAnswer>, VectorError> {
        let (file, parsed) = self.file(algorithm)?;
        parsed.known_answers(&file, output_bytes)
    }

    /// The decoded typed-key answers of one algorithm (none for most).
    pub fn load_typed(
        &self,
        algorithm: &str,
        output_bytes: usize,
    ) -> Result<Vec<TypedAnswer>, VectorError> {
        let (file, parsed) = self.file(algorithm)?;
        parsed.typed_answers(&file, output_bytes)
    }

    /// Both kinds of answer of one algorithm from one read and parse of its file (what
    /// verification needs; [`Self::load`] and [`Self::load_typed`] each read it).
    pub fn load_all(
        &self,
        algorithm: &str,
        output_bytes: usize,
    ) -> Result<(Vec<KnownAnswer>, Vec<TypedAnswer>), VectorError> {
        let (file, parsed) = self.file(algorithm)?;
        Ok((
            parsed.known_answers(&file, output_bytes)?,
            parsed.typed_answers(&file, output_bytes)?,
        ))
    }

    /// One algorithm's vector file, parsed, and its name for messages. An algorithm a
    /// plugin's manifest defined has its vectors from that manifest, whichever the source
    /// (it is in neither).
    fn file(&self, algorithm: &str) -> Result<(String, VectorFile), VectorError> {
        let (file, text) = match (hashbench_catalog::defined::vectors_of(algorithm), self) {
            (Some(defined), _) => (defined.file, defined.text),
            (None, VectorSource::Embedded) => (
                format!("{algorithm}.json"),
                EMBEDDED
                    .iter()
                    .find(|(id, _)| *id == algorithm)
                    .map(|(_, text)| text.to_string())
                    .ok_or_else(|| VectorError::Missing(algorithm.to_string()))?,
            ),
            (None, VectorSource::Directory(dir)) => {
                if !dir.is_dir() {
                    return Err(VectorError::NoDirectory(dir.clone()));
                }
                let path = dir.join(format!("{algorithm}.json"));
                (path.display().to_string(), read(&path)?)
            }
        };
        let parsed = VectorFile::parse(&file, &text)?;
        if parsed.algorithm != algorithm {
            return Err(VectorError::Parse {
                file,
                message: format!(
                    "says algorithm '{}', expected '{algorithm}'",
                    parsed.algorithm
                ),
            });
        }
        Ok((file, parsed))
    }
}

/// The most bytes a vector file may have: its inputs are limited to 64 MiB each, and a
/// bound keeps a device or an endless pipe in `--vectors` from filling memory.
const MAX_VECTOR_FILE_BYTES: u64 = 256 << 20;

fn read(path: &Path) -> Result<String, VectorError> {
    let error = |source| VectorError::Read {
        path: path.to_path_buf(),
        source,
    };
    let bytes =
        hashbench_model::bounded::read_file_at_most(path, MAX_VECTOR_FILE_BYTES, "a vector file")
            .map_err(|e| match e {
            hashbench_model::bounded::ReadError::Io(source) => error(source),
            too_large => error(std::io::Error::new(
                std::io::ErrorKind::FileTooLarge,
                too_large.to_string(),
            )),
        })?;
    String::from_utf8(bytes)
        .map_err(|e| error(std::io::Error::new(std::io::ErrorKind::InvalidData, e)))
}

#[cfg(test)]
mod tests;
