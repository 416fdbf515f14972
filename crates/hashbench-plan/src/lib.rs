//! The plan below the binary: what a hashbench command is asked to do, resolved into
//! what the runner measures, without a flag parser, a terminal or a file.
//!
//! - [`RunRequest`] is every run option, typed and clap-free: the binary's flags fill it,
//!   a suite file fills it ([`SuiteFile`], parsed by [`suite::parse`]), and `recommend`
//!   and `crossover` fill it by their own rules ([`recommend::Ask`], [`crossover::Ask`]);
//! - [`values`] parses option values from text, for the flags and the suite files alike;
//! - [`select`] turns filter terms into implementations, in this process and in other
//!   runtimes (it starts their adapters);
//! - [`resolve`] turns one request (the flags over a suite's settings) into one
//!   [`RunPlan`], every check that needs no machine done, and an error that names where
//!   a bad value came from ([`Source`]: a flag, or a suite file's key);
//! - [`Outcome`] is how a command ended, which `main` maps to the exit code;
//! - [`memory`] is what earlier runs on this machine remember of its speed;
//! - [`list`] is what `hashbench list` shows, as data; [`report`], what `hashbench
//!   report` renders a saved run with; [`compare`], which runs `compare` compares;
//!   [`verify`], `hashbench verify`'s outcomes of implementations in other runtimes.
//!
//! Nothing here prints: what a user should be told on the way goes to a `notes` callback.

pub mod compare;
pub mod crossover;
mod error;
pub mod list;
pub mod memory;
mod outcome;
pub mod recommend;
pub mod report;
mod request;
mod resolve;
pub mod select;
pub mod suite;
pub mod sum;
pub mod values;
pub mod verify;

pub use error::{Given, PlanError, Source, UsageError};
pub use hashbench_runner::RunPlan;
pub use outcome::Outcome;
pub use request::{RunRequest, SuiteFile};
pub use resolve::{default_suite, layout_for, parse_relative_to, resolve};
pub use suite::Parsed;
