//! How long and how precisely to measure a cell.

use std::time::Duration;

/// How long and how precisely to measure a cell.
#[derive(Clone, Debug, PartialEq)]
pub struct Config {
    /// Stop once the 95 % CI half-width of the median is within this fraction
    /// of the median (0.01 = ±1 %).
    pub target_precision: f64,
    /// Wall-clock budget for the whole cell, warm-up and calibration included.
    /// `min_samples` takes precedence over it.
    pub time_budget: Duration,
    /// Samples required before stopping on precision or budget.
    pub min_samples: usize,
    /// Lower bound on the duration of one timed batch.
    pub min_sample_time: Duration,
    /// Untimed calls before each round's samples, for this long (at least 3 calls);
    /// `None`: a tenth of `time_budget`. A run of many short rounds warms each
    /// implementation up once, at length, and each round only briefly, to bring its code
    /// and input back into the caches the other cells used meanwhile.
    pub warm_up: Option<Duration>,
    /// Run the round this many [`crate::STACK_STEP`]-byte steps deeper on the stack:
    /// with the input's placement ([`crate::Input::placed`]), what the stack's address
    /// does to a kernel (4K aliasing between its state and the input, a state that
    /// straddles a 32-byte boundary) varies between rounds instead of being fixed for the
    /// life of the process.
    pub stack_steps: usize,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            target_precision: 0.01,
            time_budget: Duration::from_millis(300),
            min_samples: 10,
            min_sample_time: Duration::from_micros(50),
            warm_up: None,
            stack_steps: 0,
        }
    }
}
