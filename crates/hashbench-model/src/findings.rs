//! What the analysis finds in a run beside its rankings and relative columns: the steps of
//! every-length sweeps, random-length cells beside their series' line, and the cost-model
//! figures a fit cannot stand behind. Derived from the stored cells, never written to a
//! file: `hashbench_analysis::completion::completed` fills them once, at the renderers' entry,
//! for new runs and old files alike, and the renderers only read them.

use crate::size::Size;

/// What the renderers read ([`crate::Run::findings`]).
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Findings {
    /// Every series swept one byte at a time (`hashbench_analysis::staircase`).
    pub staircases: Vec<Staircase>,
    /// Every range cell with a line to be set beside (`hashbench_analysis::costmodel::
    /// ranges_vs_lines`).
    pub ranges: Vec<RangeVsLine>,
    /// One entry per fit of `Run::cost_model`, in its order: the figures that fit cannot
    /// stand behind (`hashbench_analysis::costmodel::checks`), empty when none.
    pub unresolved_fits: Vec<Vec<Unresolved>>,
    /// Where the fitted lines of two series of one algorithm cross inside the sizes both
    /// were fitted over (`hashbench_analysis::costmodel::fit_crossings`), in the order of
    /// the series.
    pub fit_crossings: Vec<FitCrossing>,
    /// One entry per `Run::streams` measurement, in its order: the share of the time its
    /// threads waited for a CPU, where that makes its scaling a busy machine's
    /// (`hashbench_analysis::guards::streams_busy`), else `None`.
    pub busy_streams: Vec<Option<f64>>,
}

/// Two fitted lines crossing: from `size_bytes` on, `winner`'s line is the cheaper.
#[derive(Clone, Debug, PartialEq)]
pub struct FitCrossing {
    /// Series labels (`SeriesKey::label`).
    pub winner: String,
    pub loser: String,
    pub size_bytes: f64,
}

/// No findings: what a run no one completed shows ([`crate::Run::findings`]).
pub static NONE: Findings = Findings {
    staircases: Vec::new(),
    ranges: Vec::new(),
    unresolved_fits: Vec::new(),
    fit_crossings: Vec::new(),
    busy_streams: Vec::new(),
};

/// Lengths `from..=to` at about the same time per call.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    pub from: u64,
    pub to: u64,
    /// The median of the step's cells' medians, ns.
    pub median_ns: f64,
    /// Single lengths inside the step that read differently from the lengths on both
    /// sides of them, which agree with each other: a cell measured in a slow moment of the
    /// machine, not a step (a step lasts). Kept, not hidden.
    pub outliers: Vec<(u64, f64)>,
}

/// One series' steps.
#[derive(Clone, Debug, PartialEq)]
pub struct Staircase {
    pub label: String,
    pub steps: Vec<Step>,
}

/// A cell of random lengths set beside its series' line: what the line predicts at the
/// mean length, against what the cell measured. A line is straight, so its mean over the
/// lengths is its value at their mean: `ratio` above 1 is what varying lengths cost
/// beyond that (branches on the length that the predictor cannot learn, tail handling).
#[derive(Clone, Debug, PartialEq)]
pub struct RangeVsLine {
    pub label: String,
    pub size: Size,
    pub measured_ns: f64,
    pub predicted_ns: f64,
}

impl RangeVsLine {
    /// Measured over predicted.
    #[must_use]
    pub fn ratio(&self) -> f64 {
        self.measured_ns / self.predicted_ns
    }
}

/// Why a fitted figure is not shown.
#[derive(Clone, Debug, PartialEq)]
pub enum Unresolved {
    /// The fixed cost's estimate is below zero.
    NegativeFixed { estimate: f64, low: f64, high: f64 },
    /// The fixed cost's interval holds zero: the fit cannot tell a fixed cost from none.
    FixedSpansZero { low: f64, high: f64 },
    /// The steady rate is above the fastest the run read its input at (the `read`
    /// baseline): no hash reads faster than a plain read.
    RateAboveRead { estimate: f64, ceiling: f64 },
    /// The slope's interval reaches zero or below, so the rate has no upper bound.
    RateUnbounded,
}

impl Unresolved {
    /// Whether this is about the fixed cost (else about the steady rate).
    #[must_use]
    pub fn is_fixed(&self) -> bool {
        matches!(
            self,
            Unresolved::NegativeFixed { .. } | Unresolved::FixedSpansZero { .. }
        )
    }
}

impl std::fmt::Display for Unresolved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Unresolved::NegativeFixed {
                estimate,
                low,
                high,
            } => write!(
                f,
                "fixed cost not resolved: {estimate:.0} ns is negative (interval [{low:.0}, \
                 {high:.0}] ns)"
            ),
            Unresolved::FixedSpansZero { low, high } => write!(
                f,
                "fixed cost not resolved: interval [{low:.0}, {high:.0}] ns spans zero"
            ),
            Unresolved::RateAboveRead { estimate, ceiling } => write!(
                f,
                "steady rate not shown: {estimate:.2} GB/s is above the read ceiling \
                 ({ceiling:.2} GB/s, the fastest read baseline of the run)"
            ),
            Unresolved::RateUnbounded => write!(
                f,
                "steady rate not resolved: its interval has no upper bound (the slope's \
                 interval reaches zero)"
            ),
        }
    }
}
