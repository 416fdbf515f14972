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
mod tests {
    use super::*;
    use crate::Samples;

    #[test]
    fn known_rates() {
        let r = Rates::at(Nanos(100.0), 1024.0, Some(3e9)).expect("valid");
        assert_eq!(r.ns_per_op, 100.0);
        assert_eq!(r.ops_per_sec, 1e7);
        assert_eq!(r.gb_per_sec, 10.24);
        assert_eq!(r.mib_per_sec, 9765.625);
        let cycles = r.cycles_per_op.expect("frequency given");
        assert!((cycles - 300.0).abs() < 1e-9);
        let cpb = r.cycles_per_byte.expect("bytes > 0");
        assert!((cpb - 0.292_968_75).abs() < 1e-12);
    }

    #[test]
    fn missing_or_bad_inputs() {
        let r = Rates::at(Nanos(2.0), 0.0, None).expect("valid");
        assert_eq!(r.gb_per_sec, 0.0);
        assert_eq!(r.cycles_per_op, None);
        let r = Rates::at(Nanos(2.0), 0.0, Some(1e9)).expect("valid");
        assert_eq!(r.cycles_per_op, Some(2.0));
        assert_eq!(r.cycles_per_byte, None);
        assert_eq!(
            Rates::at(Nanos(0.0), 8.0, None),
            Err(ThroughputError::BadTime(0.0))
        );
        assert!(Rates::at(Nanos(f64::NAN), 8.0, None).is_err());
        assert_eq!(
            Rates::at(Nanos(1.0), 8.0, Some(0.0)),
            Err(ThroughputError::BadFrequency(0.0))
        );
    }

    #[test]
    fn interval_inverts() {
        let s = Samples::from_nanos((1..=10).map(f64::from))
            .expect("valid")
            .summary();
        let t = Throughput::from_summary(&s, 100.0, None).expect("median > 0");
        let upper = t.upper.expect("ci low > 0");
        assert!(t.lower.gb_per_sec < t.estimate.gb_per_sec);
        assert!(t.estimate.gb_per_sec < upper.gb_per_sec);
        assert_eq!(t.lower.ns_per_op, s.median_ci.high.get());
        assert_eq!(upper.ns_per_op, s.median_ci.low.get());
    }

    #[test]
    fn whole_byte_counts_stay_integers_in_json() {
        let s = Samples::from_nanos([10.0, 10.0, 10.0])
            .expect("valid")
            .summary();
        let json = |b| {
            let t = Throughput::from_summary(&s, b, None).expect("positive");
            serde_json::to_value(t).expect("serialises")["bytes_per_iteration"].to_string()
        };
        assert_eq!(json(4096.0), "4096");
        assert_eq!(json(64.5), "64.5");
    }

    #[test]
    fn zero_lower_time_bound_means_unbounded_upper_rate() {
        let s = Samples::from_nanos([0.0, 0.0, 1.0, 1.0, 1.0, 1.0, 1.0])
            .expect("valid")
            .summary();
        assert_eq!(s.median_ci.low, Nanos(0.0));
        let t = Throughput::from_summary(&s, 1.0, None).expect("median > 0");
        assert_eq!(t.upper, None);
        let zero = Samples::from_nanos([0.0]).expect("valid").summary();
        assert!(Throughput::from_summary(&zero, 1.0, None).is_err());
    }
}
