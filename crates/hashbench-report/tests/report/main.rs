//! hashbench-report's tests through its public API, in one executable (CONTRIBUTING.md,
//! "Where tests go"): a module per subject.

mod crossover_render;
mod golden_render;
mod loader_mutations;
