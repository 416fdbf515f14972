//! What each command decides, by command, between the plan (`hashbench-plan`: the options
//! resolved into a `RunPlan`) and the binary (clap, the terminal, files):
//!
//! - [`adapter`]: `adapter check`, what an adapter gets wrong of the protocol;
//! - [`recommend`]: the candidates for a need, the race that measures them, and the
//!   question each size asks of `hashbench-analysis`' pure answer;
//! - [`crossover`]: the pair, the sizes that bracket their crossover, the series compared;
//! - [`compare`]: which run is the base, the noise threshold, runs that share no cell;
//! - [`report`]: the metric, layout and relative columns a saved run is rendered with;
//! - [`sum`]: the implementation `sum` digests with;
//! - [`list`]: what `hashbench list` shows, as data;
//! - [`verify`]: the outcomes of the selected implementations, those in other runtimes
//!   through `hashbench-runner`;
//! - [`quality`]: the implementations a quality screen runs on (the hash-table hashers
//!   by default), each through the catalogue's `Hasher`, with the user's `--keys`;
//! - [`Outcome`]: how a command ended, which `main` maps to the exit code;
//! - `help` (with the `clap` feature): the tip on a `run` option given without `run`,
//!   and the subcommands' man pages.
//!
//! Nothing here prints: what a user should be told on the way goes to a callback.

pub mod adapter;
pub mod compare;
pub mod crossover;
#[cfg(feature = "clap")]
pub mod help;
pub mod key_file;
pub mod list;
pub mod maps;
pub mod memories;
mod outcome;
pub mod quality;
pub mod recommend;
pub mod report;
pub mod sum;
pub mod verify;

pub use outcome::Outcome;

/// Whether `error` (one link of an error's chain) says the command was asked wrongly
/// (exit 2: a flag, a filter, a file or a value the user gave), rather than that
/// something failed while it ran (exit 1).
#[must_use]
pub fn is_usage(error: &(dyn std::error::Error + 'static)) -> bool {
    error.is::<hashbench_plan::PlanError>()
        || error.is::<hashbench_catalog::FilterError>()
        || error.is::<hashbench_plan::UsageError>()
        || error.is::<hashbench_verify::VectorError>()
        || error.is::<hashbench_verify::FuzzError>()
        || error
            .downcast_ref::<hashbench_runner::RunError>()
            .is_some_and(hashbench_runner::RunError::is_usage)
        || error
            .downcast_ref::<sum::SumError>()
            .is_some_and(sum::SumError::is_usage)
        || error
            .downcast_ref::<quality::QualityError>()
            .is_some_and(quality::QualityError::is_usage)
        || error
            .downcast_ref::<maps::MapsError>()
            .is_some_and(maps::MapsError::is_usage)
        || error.is::<hashbench_quality::keys::KeysError>()
}
