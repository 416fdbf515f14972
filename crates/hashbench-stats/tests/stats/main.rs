//! hashbench-stats's tests through its public API, in one executable (CONTRIBUTING.md,
//! "Where tests go"): a module per subject.

mod boundaries;
mod known_values;
mod properties;
