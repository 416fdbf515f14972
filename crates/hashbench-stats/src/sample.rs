//! Raw measurements and the validated sample set built from them.

use std::time::Duration;

use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::units::Nanos;

/// Largest per-iteration time accepted, in nanoseconds (1e18 ns, about
/// 31.7 years).
///
/// No real measurement comes near it. The cap exists so that every
/// derived quantity stays finite: sums of up to ~1e290 values and squares
/// of deviations (≤ 1e36) cannot overflow `f64`, so a [`crate::Summary`]
/// never contains an infinity (which JSON cannot carry).
pub const MAX_NANOS: f64 = 1e18;

/// One timed batch: `iterations` calls of the routine took `elapsed`.
///
/// This is the raw record the engine produces; it becomes one
/// per-iteration time `elapsed / iterations` in a [`Samples`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Measurement {
    /// How many times the routine ran inside the timed region.
    pub iterations: u64,
    /// Wall time of the whole batch.
    pub elapsed: Duration,
}

impl Measurement {
    /// A measurement of `iterations` runs taking `elapsed` in total.
    #[must_use]
    pub const fn new(iterations: u64, elapsed: Duration) -> Self {
        Measurement {
            iterations,
            elapsed,
        }
    }
}

/// Why a [`Samples`] could not be built.
#[derive(Clone, Debug, PartialEq, Error)]
pub enum SampleError {
    /// No samples at all: no statistic is defined.
    #[error("no samples")]
    Empty,
    /// A measurement with zero iterations has no time per iteration.
    #[error("sample {index} has zero iterations")]
    ZeroIterations {
        /// Position of the offending sample in the input.
        index: usize,
    },
    /// A value was NaN or infinite.
    #[error("sample {index} is not finite: {value}")]
    NotFinite {
        /// Position of the offending sample in the input.
        index: usize,
        /// The rejected value, in nanoseconds.
        value: f64,
    },
    /// A time was negative: clocks used for benchmarking are monotonic, so
    /// this is a caller bug, not a measurement.
    #[error("sample {index} is negative: {value} ns")]
    Negative {
        /// Position of the offending sample in the input.
        index: usize,
        /// The rejected value, in nanoseconds.
        value: f64,
    },
    /// A time exceeded [`MAX_NANOS`].
    #[error("sample {index} is implausibly large: {value} ns (limit {MAX_NANOS} ns)")]
    TooLarge {
        /// Position of the offending sample in the input.
        index: usize,
        /// The rejected value, in nanoseconds.
        value: f64,
    },
    /// The iteration counts add up to more than `u64::MAX`.
    #[error("total iteration count overflows u64")]
    IterationOverflow,
}

/// A validated, non-empty set of per-iteration times.
///
/// # Invariants
///
/// Established by the constructors and relied on by every statistic:
///
/// * at least one value;
/// * every value is finite, `>= 0` and `<= MAX_NANOS` (a negative zero
///   is stored as `+0.0` so that ordering is a plain total order);
/// * `total_iterations` is the exact sum of the batches' iteration counts.
///
/// Each sample is one observation regardless of how many iterations its
/// batch had: the statistics are over batches, as in criterion and divan,
/// so a huge batch does not outvote many small ones.
///
/// The values are kept both in input order and sorted ascending, so all
/// statistics are computed from the sorted copy and are therefore exactly
/// (bit-for-bit) independent of input order.
#[derive(Clone, Debug, PartialEq)]
pub struct Samples {
    values: Vec<Nanos>,
    sorted: Vec<Nanos>,
    total_iterations: u64,
}

impl Samples {
    /// Per-iteration times from timed batches.
    ///
    /// # Errors
    ///
    /// [`SampleError::Empty`] for no input, [`SampleError::ZeroIterations`]
    /// for a batch of zero iterations, [`SampleError::TooLarge`] for a
    /// per-iteration time above [`MAX_NANOS`] and
    /// [`SampleError::IterationOverflow`] when the total count overflows.
    pub fn from_measurements(
        measurements: impl IntoIterator<Item = Measurement>,
    ) -> Result<Self, SampleError> {
        let mut values = Vec::new();
        let mut total: u64 = 0;
        for (index, m) in measurements.into_iter().enumerate() {
            let per_iter = Nanos::per_iteration(m.elapsed, m.iterations)
                .ok_or(SampleError::ZeroIterations { index })?;
            total = total
                .checked_add(m.iterations)
                .ok_or(SampleError::IterationOverflow)?;
            values.push(check_value(index, per_iter.get())?);
        }
        Self::build(values, total)
    }

    /// Per-iteration times given directly in nanoseconds.
    ///
    /// Each value counts as a sample of one iteration, so
    /// `total_iterations` equals the number of values. Intended for tests
    /// and for callers that already hold per-iteration times.
    ///
    /// # Errors
    ///
    /// [`SampleError::Empty`], [`SampleError::NotFinite`] (NaN or
    /// infinite), [`SampleError::Negative`] or [`SampleError::TooLarge`].
    pub fn from_nanos(values: impl IntoIterator<Item = f64>) -> Result<Self, SampleError> {
        let values = values
            .into_iter()
            .enumerate()
            .map(|(index, v)| check_value(index, v))
            .collect::<Result<Vec<_>, _>>()?;
        let total = values.len() as u64;
        Self::build(values, total)
    }

    fn build(values: Vec<Nanos>, total_iterations: u64) -> Result<Self, SampleError> {
        if values.is_empty() {
            return Err(SampleError::Empty);
        }
        let mut sorted = values.clone();
        // All values are finite and non-negative with no -0.0, so
        // `total_cmp` agrees with numeric order.
        sorted.sort_by(|a, b| a.0.total_cmp(&b.0));
        Ok(Samples {
            values,
            sorted,
            total_iterations,
        })
    }

    /// Number of samples (never zero).
    #[must_use]
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Always `false`: a `Samples` is non-empty by construction. Present
    /// for API symmetry with `len`.
    #[must_use]
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Per-iteration times in input order.
    #[must_use]
    pub fn values(&self) -> &[Nanos] {
        &self.values
    }

    /// Per-iteration times sorted ascending.
    #[must_use]
    pub fn sorted(&self) -> &[Nanos] {
        &self.sorted
    }

    /// Sum of the batches' iteration counts.
    #[must_use]
    pub fn total_iterations(&self) -> u64 {
        self.total_iterations
    }
}

fn check_value(index: usize, value: f64) -> Result<Nanos, SampleError> {
    if !value.is_finite() {
        return Err(SampleError::NotFinite { index, value });
    }
    if value < 0.0 {
        return Err(SampleError::Negative { index, value });
    }
    if value > MAX_NANOS {
        return Err(SampleError::TooLarge { index, value });
    }
    // `-0.0 + 0.0 == +0.0`: normalise the sign of zero.
    Ok(Nanos(value + 0.0))
}

#[cfg(test)]
mod tests;
