//! What one call is given: a fixed number of bytes, or a length drawn per call from a
//! range (`--sizes 1..=128`); and whether calls may overlap (`--mode`).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The most lengths one random range may span: each length appears once per period of
/// the call sequence, so a batch is a whole number of periods and its mean length is
/// exactly the range's middle.
pub const MAX_RANGE_LENGTHS: u64 = 4096;

/// The input of one cell's calls.
///
/// In JSON a fixed size is a number of bytes (`4096`), a range the text `--sizes` takes
/// (`"1..=128"`), so files from before ranges existed read unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(into = "SizeRepr", try_from = "SizeRepr")]
pub enum Size {
    /// Every call hashes this many bytes.
    Bytes(u64),
    /// Each call hashes a length from `min` to `max` inclusive: every length once per
    /// period of `max - min + 1` calls, in a shuffled order drawn from the run's seed
    /// before anything is timed.
    Range { min: u64, max: u64 },
}

impl Size {
    /// The fixed size, `None` for a range.
    #[must_use]
    pub fn fixed(self) -> Option<u64> {
        match self {
            Size::Bytes(n) => Some(n),
            Size::Range { .. } => None,
        }
    }

    /// Mean bytes per call: exact for a range, whose every length appears once per
    /// period.
    #[must_use]
    pub fn mean_bytes(self) -> f64 {
        match self {
            Size::Bytes(n) => n as f64,
            Size::Range { min, max } => (min as f64 + max as f64) / 2.0,
        }
    }

    /// The largest input one call is given: the buffer the input needs.
    #[must_use]
    pub fn max_bytes(self) -> u64 {
        match self {
            Size::Bytes(n) => n,
            Size::Range { max, .. } => max,
        }
    }

    /// Calls per period of the length sequence (1 for a fixed size).
    #[must_use]
    pub fn period(self) -> u64 {
        match self {
            Size::Bytes(_) => 1,
            Size::Range { min, max } => max - min + 1,
        }
    }

    /// A range, checked: `min <= max` and at most [`MAX_RANGE_LENGTHS`] lengths.
    ///
    /// # Errors
    ///
    /// Why the range is not one.
    pub fn range(min: u64, max: u64) -> Result<Size, String> {
        if min > max {
            return Err(format!(
                "{min}..={max} is empty: the first length must not exceed the last"
            ));
        }
        if max - min >= MAX_RANGE_LENGTHS {
            return Err(format!(
                "{min}..={max} spans {} lengths; a random range spans at most {MAX_RANGE_LENGTHS} \
                 (each length is hashed once per period of the sequence); use every:A..=B to sweep more",
                max - min + 1
            ));
        }
        Ok(Size::Range { min, max })
    }
}

impl From<u64> for Size {
    fn from(n: u64) -> Self {
        Size::Bytes(n)
    }
}

impl PartialEq<u64> for Size {
    fn eq(&self, other: &u64) -> bool {
        *self == Size::Bytes(*other)
    }
}

/// `4096` or `1..=128` (bytes; the human forms with units are the renderers').
impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Size::Bytes(n) => write!(f, "{n}"),
            Size::Range { min, max } => write!(f, "{min}..={max}"),
        }
    }
}

impl FromStr for Size {
    type Err = String;

    /// Plain byte counts only: `4096`, `1..=128`. Units are the command line's business.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let num = |t: &str| {
            t.trim()
                .parse::<u64>()
                .map_err(|_| format!("{t:?} is not a byte count"))
        };
        match s.split_once("..=") {
            Some((a, b)) => Size::range(num(a)?, num(b)?),
            None => num(s).map(Size::Bytes),
        }
    }
}

#[derive(Serialize, Deserialize)]
#[serde(untagged)]
enum SizeRepr {
    Bytes(u64),
    Text(String),
}

impl From<Size> for SizeRepr {
    fn from(s: Size) -> Self {
        match s {
            Size::Bytes(n) => SizeRepr::Bytes(n),
            range => SizeRepr::Text(range.to_string()),
        }
    }
}

impl TryFrom<SizeRepr> for Size {
    type Error = String;

    fn try_from(r: SizeRepr) -> Result<Self, Self::Error> {
        match r {
            SizeRepr::Bytes(n) => Ok(Size::Bytes(n)),
            SizeRepr::Text(t) => t.parse(),
        }
    }
}

/// Whether calls may overlap.
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize,
)]
#[serde(rename_all = "kebab-case")]
pub enum Mode {
    /// Every call hashes the same input: a CPU may overlap one call's work with the next
    /// (bulk hashing of independent buffers).
    #[default]
    Throughput,
    /// Each call's input depends on the previous call's digest (its first 8 bytes are
    /// XORed with the digest's first 8), so no call can start before the last one ended
    /// (a hash table probing key after key, a chain of records).
    Latency,
}

impl Mode {
    /// `throughput` or `latency`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Throughput => "throughput",
            Mode::Latency => "latency",
        }
    }

    #[must_use]
    pub fn is_throughput(&self) -> bool {
        *self == Mode::Throughput
    }
}

impl fmt::Display for Mode {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[cfg(test)]
mod tests;
