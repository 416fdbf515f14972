//! The analysis of a run: pure functions over the run model (`hashbench-model`) that
//! compute from what a run measured. Nothing here prints or renders: the renderers
//! (`hashbench-report`) and the runner read what these compute, and the runner depends
//! on this crate and on no renderer.
//!
//! - [`guards`]: flags on impossible or untrustworthy numbers (above the read ceiling,
//!   flat scaling, not scaling with iterations, high spread, drift);
//! - [`plausibility`]: the flat-scaling rule that the guards and the published seed data
//!   ([`published`]) share;
//! - [`costmodel`]: time(n) = fixed + n / rate per series, and the crossover of two;
//! - [`relative`]: the `--relative-to` columns, and what they default to;
//! - [`compare`]: joining two runs' cells and deciding which differences are real;
//! - [`staircase`]: an every-length sweep as steps;
//! - [`ties`]: which cells of a ranking this run cannot tell apart;
//! - [`machines`]: runs from different machines side by side, with no verdicts;
//! - [`recommend`]: the answer `hashbench recommend` gives, from a run and the
//!   algorithms' properties; [`agreement`]: whether several machines' answers agree;
//! - [`published`]: other people's published figures (the seeds) as data, judged by
//!   [`plausibility`]; [`counterparts`]: the seed rows' like-for-like implementations.
//!
//! Dependencies point one way: `plausibility` <- `published` <- `counterparts`.

pub mod agreement;
pub mod compare;
pub mod completion;
pub mod costmodel;
pub mod counterparts;
pub mod guards;
pub mod machines;
pub mod plausibility;
pub mod published;
pub mod recommend;
pub mod relative;
pub mod staircase;
pub mod ties;

pub use costmodel::cost_model;
pub use guards::Thresholds;
