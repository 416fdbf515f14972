//! Algorithms a user defines at run time: a plugin whose manifest names a function the
//! catalogue does not have (docs/plugins.md, "A new algorithm"). The definition is the
//! user's claim (class, width, key, stability) with the user's known answers; hashbench
//! checks its form here and the answers before anything is timed, and every property it
//! cannot check says whose claim it is.
//!
//! Definitions live for the process, as the catalogue's do: each is leaked once into a
//! `&'static Algorithm`, so that everything that takes a catalogue algorithm takes it
//! (a process defines a handful at most, one per plugin).

use std::sync::{Mutex, MutexGuard};

use crate::algorithm::{Algorithm, Class, HashProperties, Key, Smhasher3, ALGORITHMS};
use crate::filter::alias_of;

/// The family every defined algorithm belongs to: no catalogue family, so that nothing
/// read from a family (a FIPS approval) applies to it.
pub const FAMILY: &str = "user";
/// The longest id a definition may take.
pub const MAX_ID: usize = 40;

/// What a plugin's manifest defines.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Definition {
    /// The new algorithm's id: lowercase letters, digits and `-`, not the catalogue's.
    pub id: String,
    pub class: Class,
    /// A multiple of 8, 8 to 512.
    pub output_bits: u32,
    /// What it is for and against, in the user's words.
    pub note: Option<String>,
    /// The document that defines it, as the user names it.
    pub standard: Option<String>,
    /// For a non-cryptographic hash: its key or seed (default: none).
    pub key: Option<Key>,
    /// For a non-cryptographic hash: whether its output is the same everywhere and in
    /// every version (default: not claimed).
    pub stable: Option<bool>,
}

/// A definition's known answers, as read: in the vectors format (vectors/README.md).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Vectors {
    /// The file, for messages.
    pub file: String,
    /// Its JSON text.
    pub text: String,
}

/// Why a definition was refused.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum DefineError {
    #[error(
        "the id {0:?} is not 1 to {MAX_ID} lowercase letters, digits and '-' (starting with a letter)"
    )]
    Id(String),
    #[error(
        "the id {0:?} is the catalogue's: claim it with algorithm = {0:?} instead of defining it"
    )]
    Catalogue(String),
    #[error("output_bits {0}: give a multiple of 8 from 8 to 512")]
    Bits(u32),
    #[error("{0}: give it for a non-cryptographic hash only")]
    NotAHash(&'static str),
    #[error("{0:?} is defined twice, differently (two manifests define one id)")]
    Conflict(String),
}

struct Entry {
    definition: Definition,
    vectors: Vectors,
    algorithm: &'static Algorithm,
}

static DEFINED: Mutex<Vec<Entry>> = Mutex::new(Vec::new());

fn defined_entries() -> MutexGuard<'static, Vec<Entry>> {
    // A panic while the list was held left it whole (pushes are the only writes).
    DEFINED
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Adds `definition`, with its known answers `vectors`, to what
/// [`crate::find_algorithm`] finds; the same definition and answers again are the same
/// algorithm.
///
/// # Errors
///
/// An id that is malformed, or the catalogue's or an alias; a width that is not whole
/// bytes; a key or stability on what is not a non-cryptographic hash; another definition
/// under the same id.
pub fn define(definition: Definition, vectors: Vectors) -> Result<&'static Algorithm, DefineError> {
    check(&definition)?;
    let mut entries = defined_entries();
    if let Some(e) = entries.iter().find(|e| e.definition.id == definition.id) {
        return if e.definition == definition && e.vectors == vectors {
            Ok(e.algorithm)
        } else {
            Err(DefineError::Conflict(definition.id))
        };
    }
    let algorithm: &'static Algorithm = Box::leak(Box::new(algorithm_of(&definition)));
    entries.push(Entry {
        definition,
        vectors,
        algorithm,
    });
    Ok(algorithm)
}

/// The defined algorithm with this id.
pub(crate) fn find(id: &str) -> Option<&'static Algorithm> {
    defined_entries()
        .iter()
        .find(|e| e.definition.id == id)
        .map(|e| e.algorithm)
}

/// Every algorithm defined so far, in the order defined.
#[must_use]
pub fn defined() -> Vec<&'static Algorithm> {
    defined_entries().iter().map(|e| e.algorithm).collect()
}

/// The known answers a definition came with.
#[must_use]
pub fn vectors_of(id: &str) -> Option<Vectors> {
    defined_entries()
        .iter()
        .find(|e| e.definition.id == id)
        .map(|e| e.vectors.clone())
}

/// Whether `a` was defined by a user rather than catalogued.
#[must_use]
pub fn is_defined(a: &Algorithm) -> bool {
    a.family == FAMILY
}

/// What [`define`] checks of `d` before it adds it (a caller that has more to check of
/// it, such as its answers, checks this first, so that its reasons come first).
///
/// # Errors
///
/// As [`define`], but for another definition under the same id.
pub fn check(d: &Definition) -> Result<(), DefineError> {
    let id = d.id.as_str();
    let well_formed = !id.is_empty()
        && id.len() <= MAX_ID
        && id.starts_with(|c: char| c.is_ascii_lowercase())
        && id
            .bytes()
            .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-');
    if !well_formed {
        return Err(DefineError::Id(
            hashbench_model::inert::clipped(id, 60).into_owned(),
        ));
    }
    if ALGORITHMS.iter().any(|a| a.id == id) || alias_of(id).is_some() || id == "nop" {
        return Err(DefineError::Catalogue(id.to_string()));
    }
    if !d.output_bits.is_multiple_of(8) || !(8..=512).contains(&d.output_bits) {
        return Err(DefineError::Bits(d.output_bits));
    }
    if d.class != Class::NonCryptographicHash {
        if d.key.is_some() {
            return Err(DefineError::NotAHash("key"));
        }
        if d.stable.is_some() {
            return Err(DefineError::NotAHash("stable"));
        }
    }
    Ok(())
}

/// Text made `'static` for the catalogue's `&'static str` fields.
fn leak(s: String) -> &'static str {
    Box::leak(s.into_boxed_str())
}

/// The catalogue's form of a checked definition. What hashbench cannot know stays
/// unknown: no collision strength (a cryptographic class is a claim, not a proof), no
/// Hamming distance, no SMHasher3 verdict (not looked up).
fn algorithm_of(d: &Definition) -> Algorithm {
    let claim = "defined by a plugin's manifest: its class, width and properties are the \
                 manifest's claims, its known answers the manifest's vectors";
    let note = match &d.note {
        Some(n) => format!("{} ({claim})", n.trim()),
        None => claim.to_string(),
    };
    let hash = (d.class == Class::NonCryptographicHash).then(|| HashProperties {
        smhasher3: Smhasher3::NOT_LOOKED_UP,
        key: d.key.unwrap_or(Key::Unkeyed),
        stable: d.stable.unwrap_or(false),
        stability: if d.stable.is_some() {
            "as the plugin's manifest claims"
        } else {
            "not claimed by the plugin's manifest"
        },
    });
    Algorithm {
        id: leak(d.id.clone()),
        family: FAMILY,
        class: d.class,
        output_bits: d.output_bits,
        block_bytes: 1,
        security_note: leak(note),
        collision_bits: None,
        broken: false,
        standard: d.standard.clone().map(leak),
        hash,
    }
}

#[cfg(test)]
mod tests;
