//! Pure functions over the run model: nothing here prints or renders.
//!
//! - [`guards`]: flags on impossible or untrustworthy numbers (above the read ceiling,
//!   flat scaling, not scaling with iterations, high spread, drift);
//! - [`plausibility`]: the flat-scaling rule that the guards and the published seed data
//!   ([`crate::published`]) share;
//! - [`costmodel`]: time(n) = fixed + n / rate per series, and the crossover of two;
//! - [`relative`]: the `--relative-to` columns;
//! - [`compare`]: joining two runs' cells and deciding which differences are real;
//! - [`staircase`]: an every-length sweep as steps;
//! - [`ties`]: which cells of a ranking this run cannot tell apart;
//! - [`recommend`]: the answer `hashbench recommend` gives, from a run and the
//!   algorithms' properties.

pub mod compare;
pub mod costmodel;
pub mod counterparts;
pub mod guards;
pub mod plausibility;
pub mod recommend;
pub mod relative;
pub mod staircase;
pub mod ties;
