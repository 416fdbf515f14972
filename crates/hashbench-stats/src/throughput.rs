//! Rates derived from a time per iteration and the bytes each iteration
//! processes.
//!
//! Formulas, for time `t` ns per iteration, `b` bytes per iteration and a
//! cycle frequency `f` Hz:
//!
//! | field             | formula                      | unit                          |
//! |-------------------|------------------------------|-------------------------------|
//! | `ns_per_op`       | `t`                          | ns                            |
//! | `ops_per_sec`     | `1e9 / t`                    | 1/s                           |
//! | `gb_per_sec`      | `b / t`                      | 10⁹ bytes/s (decimal, as divan prints) |
//! | `mib_per_sec`     | `b · 1e9 / t / 2²⁰`          | 2²⁰ bytes/s                   |
//! | `cycles_per_op`   | `t · 1e-9 · f`               | cycles                        |
//! | `cycles_per_byte` | `cycles_per_op / b`          | cycles                        |
//!
//! (`b / t` bytes per nanosecond is exactly 10⁹ bytes per second.)
//!
//! Cycles assume a constant clock: with frequency scaling or turbo the
//! nominal frequency can be off, which is why it is an explicit input.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::summary::Summary;
use crate::units::Nanos;

const MIB: f64 = 1_048_576.0;

/// Why rates could not be derived.
#[derive(Clone, Copy, Debug, PartialEq, Error)]
pub enum ThroughputError {
    /// The time per iteration is zero, negative or not finite: the rate
    /// would be unbounded or meaningless. A zero median means the batch
    /// was too short for the timer.
    #[error("time per iteration must be positive and finite, got {0} ns")]
    BadTime(f64),
    /// The cycle frequency is zero, negative or not finite.
    #[error("cycle frequency must be positive and finite, got {0} Hz")]
    BadFrequency(f64),
}

/// Rates at one time per iteration.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rates {
    /// Nanoseconds per iteration (operation).
    pub ns_per_op: f64,
    /// Operations per second.
    pub ops_per_sec: f64,
    /// Decimal gigabytes (10⁹ bytes) per second.
    pub gb_per_sec: f64,
    /// Mebibytes (2²⁰ bytes) per second.
    pub mib_per_sec: f64,
    /// CPU cycles per operation; `None` without a cycle frequency.
    pub cycles_per_op: Option<f64>,
    /// CPU cycles per byte; `None` without a cycle frequency or when an
    /// iteration processes zero bytes.
    pub cycles_per_byte: Option<f64>,
}

impl Rates {
    /// Rates for `time` per iteration over `bytes_per_iteration` bytes (a mean, for
    /// calls of varying length), with cycles when `cycles_hz` is given.
    ///
    /// # Errors
    ///
    /// [`ThroughputError::BadTime`] unless `time` is positive and finite;
    /// [`ThroughputError::BadFrequency`] unless `cycles_hz` (when given)
    /// is positive and finite.
    pub fn at(
        time: Nanos,
        bytes_per_iteration: f64,
        cycles_hz: Option<f64>,
    ) -> Result<Rates, ThroughputError> {
        let t = time.get();
        if !(t.is_finite() && t > 0.0) {
            return Err(ThroughputError::BadTime(t));
        }
        if let Some(hz) = cycles_hz {
            if !(hz.is_finite() && hz > 0.0) {
                return Err(ThroughputError::BadFrequency(hz));
            }
        }
        let bytes = bytes_per_iteration;
        let cycles_per_op = cycles_hz.map(|hz| t * 1e-9 * hz);
        Ok(Rates {
            ns_per_op: t,
            ops_per_sec: 1e9 / t,
            gb_per_sec: bytes / t,
            mib_per_sec: bytes * 1e9 / t / MIB,
            cycles_per_op,
            cycles_per_byte: cycles_per_op
                .filter(|_| bytes_per_iteration > 0.0)
                .map(|c| c / bytes),
        })
    }
}

/// Throughput of a cell: rates at the median time and over the median's
/// 95 % CI.
///
/// The interval **inverts**: a longer time is a lower rate, so `lower`
/// comes from the CI's *upper* time bound and `upper` from its *lower*
/// time bound. (For `ns_per_op` and `cycles_*`, which grow with time,
/// `lower` therefore holds the larger number: "lower" and "upper" name
/// the throughput ends, not the numeric order of every field.)
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Throughput {
    /// Bytes processed by one iteration: a whole number for a fixed size (written as an
    /// integer), the mean for calls of varying length.
    #[serde(serialize_with = "whole_as_integer")]
    pub bytes_per_iteration: f64,
    /// Cycle frequency used for the `cycles_*` fields, if any.
    pub cycles_hz: Option<f64>,
    /// Rates at the median time per iteration.
    pub estimate: Rates,
    /// Pessimistic end: rates at the CI's upper time bound.
    pub lower: Rates,
    /// Optimistic end: rates at the CI's lower time bound; `None` when
    /// that bound is 0 ns (the throughput is unbounded above).
    pub upper: Option<Rates>,
}

impl Throughput {
    /// Throughput from a summary's median and its CI.
    ///
    /// # Errors
    ///
    /// [`ThroughputError::BadTime`] when the median is 0 ns (no finite
    /// rate); [`ThroughputError::BadFrequency`] for an invalid frequency.
    pub fn from_summary(
        summary: &Summary,
        bytes_per_iteration: f64,
        cycles_hz: Option<f64>,
    ) -> Result<Throughput, ThroughputError> {
        let ci = &summary.median_ci;
        Self::from_interval(
            (summary.median.get(), ci.low.get(), ci.high.get()),
            bytes_per_iteration,
            cycles_hz,
        )
    }

    /// Throughput from a time per iteration and its interval, `(time, low, high)` in ns
    /// (a cell's figure over its rounds).
    ///
    /// # Errors
    ///
    /// As [`Throughput::from_summary`].
    pub fn from_interval(
        (time, low, high): (f64, f64, f64),
        bytes_per_iteration: f64,
        cycles_hz: Option<f64>,
    ) -> Result<Throughput, ThroughputError> {
        let estimate = Rates::at(Nanos(time), bytes_per_iteration, cycles_hz)?;
        // high ≥ time > 0, so this succeeds whenever `estimate` did.
        let lower = Rates::at(Nanos(high.max(time)), bytes_per_iteration, cycles_hz)?;
        let upper = Rates::at(Nanos(low.min(time)), bytes_per_iteration, cycles_hz).ok();
        Ok(Throughput {
            bytes_per_iteration,
            cycles_hz,
            estimate,
            lower,
            upper,
        })
    }
}

/// A whole number of bytes as a JSON integer (`4096`, as files always had it), anything
/// else as a float (`64.5`).
fn whole_as_integer<S: serde::Serializer>(v: &f64, s: S) -> Result<S::Ok, S::Error> {
    if v.fract() == 0.0 && *v >= 0.0 && *v < 9.0e15 {
        s.serialize_u64(*v as u64)
    } else {
        s.serialize_f64(*v)
    }
}

#[cfg(test)]
mod tests;
