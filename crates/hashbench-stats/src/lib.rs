//! Pure statistics over benchmark samples for hashbench.
//!
//! A benchmark *cell* (one implementation at one input size) yields
//! [`Measurement`]s: `iterations` runs took `elapsed`. This crate turns
//! them into per-iteration times ([`Samples`]), describes them
//! ([`Summary`]: median with a distribution-free 95 % CI, MAD, quartiles,
//! Tukey outliers, …), converts times into rates ([`Throughput`]), decides
//! when a cell is measured precisely enough ([`precision_reached`]) and
//! fits robust lines ([`theil_sen`]).
//!
//! It does no I/O, reads no clock and prints nothing; every function is
//! deterministic and panic-free on valid (or invalid) input, so the engine
//! and the report code can rely on it and it can be tested exhaustively.
//!
//! Times are [`Nanos`] (`f64` nanoseconds; see [`units`] for why not
//! integer picoseconds). Statistics treat each sample (batch) as one
//! observation.
//!
//! # Example
//!
//! ```
//! use std::time::Duration;
//! use hashbench_stats::{precision_reached, Measurement, Nanos, Samples, Throughput};
//!
//! // Twenty batches of 1000 iterations, 100–119 µs each.
//! let batches = (0..20u64).map(|i| Measurement::new(1000, Duration::from_nanos(100_000 + 1000 * i)));
//! let samples = Samples::from_measurements(batches)?;
//! let summary = samples.summary();
//!
//! assert_eq!(summary.count, 20);
//! assert_eq!(summary.total_iterations, 20_000);
//! assert_eq!(summary.median, Nanos(109.5)); // ns per iteration
//! // n = 20: the 95 % CI is [X(6), X(15)] = [105, 114] ns.
//! assert_eq!((summary.median_ci.low, summary.median_ci.high), (Nanos(105.0), Nanos(114.0)));
//!
//! // Half-width 4.5 ns is 4.1 % of the median: within ±5 %, not ±1 %.
//! assert!(precision_reached(&summary, 0.05));
//! assert!(!precision_reached(&summary, 0.01));
//!
//! // 4 KiB per iteration at a 3 GHz clock.
//! let tp = Throughput::from_summary(&summary, 4096.0, Some(3e9))?;
//! assert!((tp.estimate.gb_per_sec - 4096.0 / 109.5).abs() < 1e-12);
//! // The throughput interval inverts the time interval.
//! assert!(tp.lower.gb_per_sec < tp.estimate.gb_per_sec);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

#![forbid(unsafe_code)]
#![warn(missing_docs)]

pub mod fit;
pub mod order;
pub mod phase;
pub mod rounds;
pub mod sample;
pub mod summary;
pub mod throughput;
pub mod units;

pub use fit::{theil_sen, theil_sen_interval, Fit, FitError, FitInterval, SlopeCiMethod};
pub use order::{
    median_ci_ranks, order_statistic_coverage, quantile_sorted, CiMethod, CiRanks,
    MIN_SAMPLES_FOR_CI,
};
pub use rounds::{decide, sampled, undisturbed, Ratio, Relation, Round, RoundFigure};
pub use sample::{Measurement, SampleError, Samples, MAX_NANOS};
pub use summary::{precision_reached, MedianCi, Summary, TukeyOutliers};
pub use throughput::{Rates, Throughput, ThroughputError};
pub use units::Nanos;
