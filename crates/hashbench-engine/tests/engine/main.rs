//! hashbench-engine's tests through its public API, in one executable (CONTRIBUTING.md,
//! "Where tests go"): a module per subject.

mod measure;
mod parallel;
mod patterns;
