//! Hand-built cells for the analysis tests (guards, compare, relative columns), whose
//! statistics are set to exact values so every expected verdict can be derived by hand.
//!
//! `testutil::cell_with` gives a realistic cell; these helpers then overwrite the
//! figures an analysis reads, so a test states them instead of deriving them from
//! truncated sample durations.

use crate::{IterationScaling, ScalingClock, ScalingTrial};
use hashbench_stats::Nanos;

use crate::testutil::cell_with;
use crate::{Cell, Checkpoint, DriftReference, ReferencePoint};
use crate::{Flag, FlagCode};

/// A one-thread `oneshot` cell at `size` with median `median` ns and a 95 % CI of exactly
/// `[low, high]` ns. Its robust spread stays `cell_with`'s (0.37 % of the median), so no
/// guard fires on it unless a test sets something else.
pub fn cell_ci(implementation: &str, size: u64, median: f64, low: f64, high: f64) -> Cell {
    let mut c = cell_with(implementation, 1, size, median);
    c.summary.median = Nanos(median);
    c.summary.median_ci.low = Nanos(low);
    c.summary.median_ci.high = Nanos(high);
    c.summary.min = Nanos(low.min(median));
    c.summary.max = Nanos(high.max(median));
    c
}

/// A cell with median `median` and a CI of ±0.5 % (`cell_ci` with the interval a quiet
/// machine gives), so `interval()` of compare is [0.995, 1.005] x the median.
pub fn quiet(implementation: &str, size: u64, median: f64) -> Cell {
    cell_ci(implementation, size, median, median * 0.995, median * 1.005)
}

/// `cell` with `round_medians_ns` set.
pub fn with_rounds(mut cell: Cell, rounds: &[f64]) -> Cell {
    cell.round_medians_ns = rounds.to_vec();
    cell
}

/// A cell measured in rounds of these medians (ns), with these pass ids (`None`: 0, 1,
/// 2...), each round's own interval ±0.5 %; its figure, throughput and summary median
/// are what the rounds give ([`hashbench_stats::undisturbed`]).
pub fn cell_rounds(implementation: &str, size: u64, medians: &[f64], ids: Option<&[u32]>) -> Cell {
    let rounds: Vec<hashbench_stats::Round> = medians
        .iter()
        .map(|&m| hashbench_stats::Round {
            median: m,
            low: m * 0.995,
            high: m * 1.005,
        })
        .collect();
    let figure = hashbench_stats::undisturbed(&rounds).expect("rounds given");
    let mut c = cell_with(implementation, 1, size, figure.median_ns);
    c.throughput = hashbench_stats::Throughput::from_interval(
        (figure.median_ns, figure.ci_low_ns, figure.ci_high_ns),
        size as f64,
        None,
    )
    .expect("finite");
    c.round_medians_ns = medians.to_vec();
    c.round_samples = vec![10; medians.len()];
    c.round_ids = ids.map_or_else(|| (0..medians.len() as u32).collect(), <[u32]>::to_vec);
    c.figure = Some(figure);
    c
}

/// A cell of eight rounds at `median` ns whose figure's interval reaches ±`half` (a
/// fraction) and holds what `kind` says (the next run, or only its rounds, as files from
/// before that).
pub fn figure_cell(
    implementation: &str,
    size: u64,
    median: f64,
    half: f64,
    kind: hashbench_stats::rounds::IntervalKind,
) -> Cell {
    let mut c = cell_rounds(implementation, size, &[median; 8], None);
    let f = c.figure.as_mut().expect("a figure");
    f.ci_low_ns = median * (1.0 - half);
    f.ci_high_ns = median * (1.0 + half);
    f.interval = kind;
    c
}

/// A run of `cell` alone, with a drift reference timed five times at `reference_ns`
/// where given.
pub fn run_of_cell(cell: Cell, reference_ns: Option<f64>) -> crate::Run {
    let mut r = crate::testutil::run_with(vec![cell]);
    r.reference = reference_ns.map(|ns| reference(&[ns; 5]));
    r
}

/// `cell` with one flag of `code` (its reason is not what these tests look at).
pub fn flagged(mut cell: Cell, code: FlagCode) -> Cell {
    cell.flags.push(Flag {
        code,
        reason: "set by the test".to_string(),
    });
    cell
}

/// A drift reference (`baseline/read` at 4 KiB) timed at `medians`, in order.
pub fn reference(medians: &[f64]) -> DriftReference {
    DriftReference {
        kernel: "baseline/read".into(),
        size: 4096,
        points: medians
            .iter()
            .enumerate()
            .map(|(i, &m)| ReferencePoint {
                at: if i == 0 {
                    Checkpoint::Start
                } else {
                    Checkpoint::AfterRound(i)
                },
                median_ns: m,
                ci_percent: None,
            })
            .collect(),
        remembered: None,
        short: None,
    }
}

/// Iteration-scaling evidence: a batch of 1000 calls took `short_ns`, one of 2000 calls
/// `long_ns` (one trial), so the observed ratio is `long_ns / short_ns` against an
/// expected 2.
pub fn scaling(short_ns: u64, long_ns: u64) -> IterationScaling {
    IterationScaling {
        short_iterations: 1000,
        long_iterations: 2000,
        clock: ScalingClock::ThreadCpu,
        trials: vec![ScalingTrial { short_ns, long_ns }],
    }
}

/// The codes of a cell's flags, in order.
pub fn codes(cell: &Cell) -> Vec<FlagCode> {
    cell.flags.iter().map(|f| f.code).collect()
}
