//! Time-per-iteration as a unit type.
//!
//! # Why `f64` nanoseconds and not integer picoseconds
//!
//! Every statistic this crate produces except min/max is a *derived*
//! real number: a mean, an interpolated quartile, half the sum of two
//! middle values, a MAD scaled by 1.4826. An integer `Picos(u64)` would
//! have to be converted to floating point for all of those and then
//! rounded back, which gains nothing and loses the sub-picosecond part
//! that a per-iteration time of a very cheap checksum (well under one
//! nanosecond per call) legitimately has after dividing a batch's elapsed
//! time by millions of iterations.
//!
//! An `f64` has a 53-bit mantissa, so a nanosecond count is exact up to
//! 2^53 ns (about 104 days) and its relative rounding error is ~1e-16 at
//! any magnitude: far below any timer's resolution. The newtype exists so
//! that a time can't be confused with a rate, a byte count or a
//! fraction at a call site.

use std::time::Duration;

use serde::{Deserialize, Serialize};

/// A time in nanoseconds, usually the time of one iteration.
///
/// This is a plain unit wrapper: it does not itself guarantee that the
/// value is finite or non-negative. Values that come out of a
/// [`crate::Samples`] or a [`crate::Summary`] are finite and non-negative,
/// because [`crate::Samples`] checks its input.
///
/// Serialized transparently, as a bare number of nanoseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, PartialOrd, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Nanos(pub f64);

impl Nanos {
    /// Zero nanoseconds.
    pub const ZERO: Nanos = Nanos(0.0);

    /// The number of nanoseconds.
    #[must_use]
    pub const fn get(self) -> f64 {
        self.0
    }

    /// The same time in seconds.
    #[must_use]
    pub fn as_secs_f64(self) -> f64 {
        self.0 * 1e-9
    }

    /// Time per iteration of a batch: `elapsed / iterations`.
    ///
    /// Returns `None` when `iterations` is zero (the quotient has no
    /// meaning). The elapsed time is converted to nanoseconds exactly as a
    /// `u128` and only then to `f64`, so the only rounding is the final
    /// one of the conversion and the division.
    #[must_use]
    pub fn per_iteration(elapsed: Duration, iterations: u64) -> Option<Nanos> {
        if iterations == 0 {
            return None;
        }
        // `as` is the intended, documented rounding conversion here.
        Some(Nanos(elapsed.as_nanos() as f64 / iterations as f64))
    }
}

impl From<Duration> for Nanos {
    fn from(d: Duration) -> Self {
        Nanos(d.as_nanos() as f64)
    }
}

impl std::fmt::Display for Nanos {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{} ns", self.0)
    }
}

#[cfg(test)]
mod tests;
