//! What machine and build a hashbench run happened on.
//!
//! Every benchmark result records the [`Host`] (CPU model and features,
//! caches, memory, OS) and [`Build`] (compiler, profile, flags) that produced
//! it, and may time with the CPU's time-stamp counter ([`Tsc`]).
//!
//! This crate gathers facts and never prints. Linux on x86_64 is the primary
//! target; elsewhere it compiles and reports [`UNKNOWN`], `None` or empty
//! fields. The host name is deliberately not collected.
//!
//! Parsing is separated from I/O: [`parse`] holds pure functions over the
//! text of `/proc` and `/sys` files, and [`Host::detect`] only reads those
//! files and calls them.
//!
//! ```
//! use hashbench_host::Host;
//!
//! let host = Host::detect();
//! assert!(host.logical_cores >= 1);
//! if let Some(l1) = host.cache_size(1) {
//!     assert!(l1 > 0);
//! }
//! ```

mod build_info;
mod cache;
mod cache_levels;
mod cpu_feature;
mod host;
pub mod load;
pub mod parse;
pub mod tsc;

pub use build_info::Build;
pub use cache::Cache;
pub use cache_levels::CacheLevel;
pub use cpu_feature::{has_cpu_feature, CpuFeature, UnknownCpuFeature, RELEVANT_FEATURES};
pub use host::{detect_cpu_features, Host, UNKNOWN};
pub use parse::ParseError;
pub use tsc::Tsc;
