//! Where the guards draw their lines.

/// Where each guard draws its line. The defaults are argued in docs/method.md.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Thresholds {
    /// Not-scaling fires when the long batch took less than this fraction of the
    /// proportional time (2x the calls in less than 1.25x the time for 0.625).
    pub iteration_min_fraction: f64,
    /// High spread fires when the robust coefficient of variation (1.4826 MAD / median)
    /// is above this...
    pub spread_max_robust_cv: f64,
    /// ...or when the slowest round's median is more than this many times the fastest's
    /// (these two judge files from before figures; a cell with a figure is judged by
    /// [`unsettled_figure`]).
    pub rounds_max_ratio: f64,
}

impl Default for Thresholds {
    fn default() -> Self {
        Self {
            iteration_min_fraction: 0.625,
            spread_max_robust_cv: 0.10,
            rounds_max_ratio: 1.25,
        }
    }
}
