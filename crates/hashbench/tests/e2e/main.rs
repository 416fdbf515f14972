//! End-to-end tests of the `hashbench` binary, in one test executable: each module was a
//! file of its own in `tests/` (and its own executable, linked against everything); one
//! executable is linked once. `common` is what the modules share (building the command,
//! checked exit statuses, edited runs).
//!
//! Run one module's tests by its path, e.g.
//! `cargo test -p hashbench --test e2e golden::`, or one test by its full name,
//! `cargo test -p hashbench --test e2e run::ctrl_c_writes_partial_results_and_exits_130`.
//! The opt-in demonstrations (`#[ignore]`) run with `scripts/test --slow`.
//!
//! The fixtures of every crate's tests are in one place, the workspace's `fixtures/`:
//! tests name them relative to the crate, where cargo runs them
//! (`../../fixtures/golden/time.json`).

mod common;

mod adapter_check;
mod baseline_regression;
mod cli;
mod compact;
mod compare;
mod compare_machine;
mod compare_machines;
mod compare_verdicts;
mod crossover_measured;
mod default_suite;
mod escaping;
mod fuzz;
mod golden;
mod guards;
mod hostile;
mod hostile_two;
mod html;
mod levels;
mod maps;
mod memory;
mod patterns;
mod plugins;
mod plugins_defined;
mod proofs;
mod published;
mod quality;
mod recommend;
mod recommend_maps;
mod relative;
mod report_output;
mod run;
mod run_options;
mod run_to_run;
mod run_vectors;
mod runtimes;
mod strict;
mod suites_run;
mod sum;
