//! The iteration-scaling check's parameters; its record ([`IterationScaling`]) is part of
//! the run model, so the guards can judge a saved run as well as a fresh one.

pub use hashbench_model::{IterationScaling, ScalingClock, ScalingTrial};

/// How many times longer the long batch is than the short one.
pub const SCALING_FACTOR: u64 = 2;
