//! What an algorithm promises, as data the analysis can judge without the catalogue:
//! the binary fills these from `hashbench-catalog` (which links C libraries, so the
//! report floor cannot depend on it) and `hashbench recommend` ranks by them.

use serde::{Deserialize, Serialize};

/// What an algorithm is for (the catalogue's `Class`, mirrored as data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum AlgorithmClass {
    /// Detects accidental corruption; trivially forgeable.
    Checksum,
    /// Spreads inputs evenly for tables and deduplication; forgeable.
    NonCryptographicHash,
    /// Built to resist deliberate collisions and preimages (some are now broken).
    CryptographicHash,
}

impl AlgorithmClass {
    /// `checksum`, `non-cryptographic hash`, `cryptographic hash`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            AlgorithmClass::Checksum => "checksum",
            AlgorithmClass::NonCryptographicHash => "non-cryptographic hash",
            AlgorithmClass::CryptographicHash => "cryptographic hash",
        }
    }
}

/// One algorithm's properties: class, width, strength against collisions, standard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct AlgorithmProperties {
    /// The algorithm id (`sha2-256`), as cells carry it.
    pub id: String,
    pub class: AlgorithmClass,
    pub output_bits: u32,
    /// Work to find a collision, log2: half the output for a sound cryptographic hash,
    /// the best published attack's cost for a broken one; `None` where an adversary
    /// needs no work at all (checksums, non-cryptographic hashes).
    pub collision_bits: Option<u32>,
    /// Practical collisions are published: never an answer to a need for collision
    /// resistance.
    pub broken: bool,
    /// The standard that defines it (`FIPS 180-4`, `RFC 7693`); `None` when only its
    /// authors' specification does.
    pub standard: Option<String>,
    /// What it is and is not safe for, in one line.
    pub note: String,
    /// A non-cryptographic hash's SMHasher3 verdict, key and stability (absent for
    /// checksums and cryptographic hashes, and in documents from before it).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub hash: Option<crate::HashProperties>,
    /// What it detects: a CRC's HD profile, a checksum's weakness, or why HD does not
    /// apply (absent in documents from before it, and for algorithms not yet described).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detection: Option<crate::Detection>,
    /// A cryptographic hash's FIPS approval (absent for the other classes).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub fips: Option<crate::Fips>,
}
