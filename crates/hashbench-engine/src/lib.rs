//! Measurement of one benchmark *cell*: one [`Kernel`] timed on one [`Input`].
//!
//! The engine warms the kernel up, calibrates a batch size large enough for the
//! clock, then takes timed samples until the median's confidence interval is
//! tight enough ([`hashbench_stats::precision_reached`]), the time budget is
//! spent, or the caller cancels. After every timed batch the kernel runs once
//! more, untimed, and its output is compared with the expected digest, so a
//! kernel that goes wrong under load is caught.
//!
//! This crate never prints and reports nothing while a cell is measured: anything done
//! between timed batches (a callback that draws, a lock, a write) would disturb the very
//! samples being taken. Progress is per cell, reported by the runner that calls it
//! (`hashbench_runner::RunObserver`).

mod alloc_count;
mod baselines;
mod config;
mod error;
mod input;
mod kernel;
mod map_kernel;
mod measure;
mod parallel;
mod rounds;
mod scaling;
mod split_read;
mod timed;
mod timing;
mod workload;

pub use alloc_count::{
    count_allocations, installed as counting_allocator_installed, Allocations, CountingAllocator,
};
pub use baselines::{read_fold, Memcpy, Nop, Read};
pub use error::EngineError;
pub use input::{Input, INPUT_ALIGN, PLACEMENTS};
pub use kernel::{HashKernel, Kernel, KernelError, Malformed};
pub use map_kernel::{
    settle_heap, MapKernel, Warming, MAP_CORRECT, WARM_CALM, WARM_GAIN, WARM_STEP_LEAST,
    WARM_STEP_MOST,
};
pub use measure::{measure, CellResult, CellState, Config, StopReason, STACK_STEP};
pub use parallel::{measure_streams, StreamsResult, ThreadPool};
pub use rounds::{figure_precise, RoundRecord};
pub use scaling::{IterationScaling, ScalingClock, ScalingTrial, SCALING_FACTOR};
pub use split_read::SplitRead;
pub use workload::Workload;
