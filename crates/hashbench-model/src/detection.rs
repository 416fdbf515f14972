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
    /// A CRC whose HD profile is published or computed: `max_bits[i]` is the longest data
    /// word, in bits, at which HD = i + 3 holds (Koopman's `{HD3, HD4, ...}` lengths);
    /// longer data has HD 2. A level listed in `lower_bounds` is only proven up to its
    /// length (the search stopped there), so past it the HD is "at least" the level below.
    Profile {
        /// The generator polynomial, normal notation (`0x04C11DB7`).
        polynomial: String,
        /// The same in Koopman's implicit +1 notation (`0x82608edb`).
        koopman: String,
        max_bits: Vec<u64>,
        source: String,
        /// The HDs (3 = `max_bits[0]`) whose length is a lower bound, not exact. Absent
        /// in files written before computed profiles, where every level is exact.
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        lower_bounds: Vec<u32>,
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
    /// The HD guaranteed for `data_bits` of data: `Some` only for a profile. It is exact
    /// unless [`Detection::hd_is_lower_bound`] says otherwise.
    #[must_use]
    pub fn hd_at(&self, data_bits: u64) -> Option<u32> {
        let Detection::Profile { max_bits, .. } = self else {
            return None;
        };
        let held = max_bits.iter().take_while(|&&m| m >= data_bits).count();
        Some(2 + u32::try_from(held).unwrap_or(u32::MAX))
    }

    /// Whether [`Detection::hd_at`] is only a lower bound at `data_bits`: the next level's
    /// length is a lower bound that `data_bits` exceeds, so the next HD is neither proven
    /// nor ruled out there.
    #[must_use]
    pub fn hd_is_lower_bound(&self, data_bits: u64) -> bool {
        let (Some(hd), Detection::Profile { lower_bounds, .. }) = (self.hd_at(data_bits), self)
        else {
            return false;
        };
        lower_bounds.contains(&(hd + 1))
    }

    /// The HD at `data_bits` as `recommend` states it, with `source`.
    #[must_use]
    pub fn hd_at_with_source(&self, data_bits: u64) -> Option<HdAt> {
        Some(HdAt {
            hd: self.hd_at(data_bits)?,
            data_bits,
            source: self.source().unwrap_or_default().to_string(),
            at_least: self.hd_is_lower_bound(data_bits),
        })
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
    /// `hd` is a lower bound: the profile was not searched to this length for the next
    /// HD. Absent (false) in files written before computed profiles.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub at_least: bool,
}

impl HdAt {
    /// `HD=4`, or `HD>=4` for a lower bound.
    #[must_use]
    pub fn label(&self) -> String {
        let rel = if self.at_least { ">=" } else { "=" };
        format!("HD{rel}{}", self.hd)
    }

    /// `every 3-bit error detected, not every 4-bit one`; for a lower bound, `every 3-bit
    /// error detected; 4-bit errors not searched this far`.
    #[must_use]
    pub fn meaning(&self) -> String {
        if self.hd <= 1 {
            return "no error count is always detected".to_string();
        }
        if self.at_least {
            return format!(
                "every {}-bit error detected; {}-bit errors not searched this far",
                self.hd - 1,
                self.hd
            );
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

#[cfg(test)]
mod tests;
