//! The plan below the runner: what a run is asked to do, resolved into the [`RunPlan`]
//! the runner measures, without a terminal or a file (the flags are declared here, for
//! clap, and parsed by the binary).
//!
//! - [`RunOptions`] is every run option, defined once: its fields are `run`'s flags
//!   (clap reads them; the binary parses the command line) and a suite file's keys
//!   alike, parsed by the same parsers ([`options`]);
//! - [`RunRequest`] is the options with where each came from ([`Origins`]) and what a
//!   command's own rules add (`recommend` and `crossover`, in `hashbench-commands`);
//!   [`SuiteFile`] is a suite file's schema, parsed by [`suite::parse`];
//! - [`values`] parses option values from text, for the flags and the suite files alike;
//! - [`select`] turns filter terms into implementations, in this process and in other
//!   runtimes (it starts their adapters);
//! - [`resolve`] turns one request (the flags over a suite's settings) into one
//!   [`RunPlan`], every check that needs no machine done, and an error that names where
//!   a bad value came from ([`Source`]: a flag, or a suite file's key);
//! - [`RunPlan`] is what the runner reads, with its defaults and limits;
//! - [`memory`] is what earlier runs on this machine remember of its speed.
//!
//! Nothing here prints: what a user should be told on the way goes to a `notes` callback.

mod error;
pub mod memory;
pub mod moves;
pub mod options;
mod plan;
pub mod plugins;
mod request;
mod resolve;
pub mod select;
pub mod suite;
mod texts;
pub mod values;

pub use error::{Given, PlanError, Source, UsageError};
pub use options::{Asked, Origins, RunOptions};
pub use plan::{RunPlan, Spelling, MAX_CELLS_WITHOUT_YES, MAX_ROUNDS_FACTOR, OVERSUBSCRIBE_FACTOR};
pub use request::{RunRequest, SuiteFile};
pub use resolve::{default_suite, layout_for, parse_relative_to, resolve};
pub use suite::Parsed;
pub use values::{SizeSpec, MAX_THREADS};
