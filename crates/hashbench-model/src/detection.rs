//! What a checksum detects and which standards approve a hash, as data with sources:
//! a CRC's Hamming distance (HD) as a function of the data length, the known weakness of
//! a checksum that is not a CRC, and FIPS approval. The catalogue fills these
//! (`hashbench-catalog`'s `algorithm/detection.rs`); `recommend --min-hd` and `--fips`
//! judge by them.

use serde::{Deserialize, Serialize};

/// An algorithm's guaranteed error detection.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "hd", rename_all = "kebab-case")]
pub enum Detection {
    /// A CRC whose HD profile is published: `max_bits[i]` is the longest data word, in
    /// bits, at which HD = i + 3 holds (Koopman's `{HD3, HD4, ...}` lengths); longer data
    /// has HD 2.
    Profile {
        /// The generator polynomial, normal notation (`0x04C11DB7`).
        polynomial: String,
        /// The same in Koopman's implicit +1 notation (`0x82608edb`).
        koopman: String,
        max_bits: Vec<u64>,
        source: String,
    },
    /// A CRC whose HD profile this catalogue could not find a source for.
    Unknown {
        polynomial: String,
        koopman: String,
        reason: String,
    },
    /// A checksum with no guaranteed HD and a documented weakness (Adler-32).
    Weak { weakness: String, source: String },
    /// Not a CRC: HD is not a property of it; a random error goes undetected with a
    /// probability of about 2^-bits.
    NotApplicable { reason: String },
}

impl Detection {
    /// The HD guaranteed for `data_bits` of data: `Some` only for a published profile.
    #[must_use]
    pub fn hd_at(&self, data_bits: u64) -> Option<u32> {
        let Detection::Profile { max_bits, .. } = self else {
            return None;
        };
        let held = max_bits.iter().take_while(|&&m| m >= data_bits).count();
        Some(2 + u32::try_from(held).unwrap_or(u32::MAX))
    }

    /// Why there is no HD at a length, for a detection with no profile.
    #[must_use]
    pub fn why_no_hd(&self) -> Option<String> {
        match self {
            Detection::Profile { .. } => None,
            Detection::Unknown {
                polynomial, reason, ..
            } => Some(format!("HD unknown ({polynomial}: {reason})")),
            // The source is in `list` and docs/detection.md; a reason stays one phrase.
            Detection::Weak { weakness, .. } => Some(format!("no guaranteed HD ({weakness})")),
            Detection::NotApplicable { reason } => Some(format!("HD not applicable ({reason})")),
        }
    }

    /// The source of the figures, where there is one.
    #[must_use]
    pub fn source(&self) -> Option<&str> {
        match self {
            Detection::Profile { source, .. } | Detection::Weak { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// The HD at one data length, as `recommend` states it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HdAt {
    pub hd: u32,
    /// The data length it holds at, in bits (the size times 8; a range's longest).
    pub data_bits: u64,
    pub source: String,
}

impl HdAt {
    /// `every 3-bit error detected, not every 4-bit one`.
    #[must_use]
    pub fn meaning(&self) -> String {
        if self.hd <= 1 {
            return "no error count is always detected".to_string();
        }
        format!(
            "every {}-bit error detected, not every {}-bit one",
            self.hd - 1,
            self.hd
        )
    }
}

/// Whether a cryptographic hash is approved for US federal use.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Fips {
    pub approved: bool,
    /// The standard and any restriction, in words.
    pub status: String,
    pub source: String,
}
