//! Figures from rounds: the time per call of the undisturbed machine, and the ratio of two
//! cells measured side by side.
//!
//! A cell is measured in many short rounds spread over a run. On a shared machine the
//! rounds fall into speed phases (a neighbour on the sibling hyperthread, another tenant,
//! the clock): the round medians of one cell are then bimodal, a tight cluster at the
//! machine's undisturbed speed (it repeats to a few digits from run to run) and a spread
//! of slower values whose size depends on what the machine did meanwhile. Pooling them
//! gives a figure that moves with the share of slow rounds; their minimum is biased low
//! as rounds multiply. So the figure is the median of the *fastest cluster of rounds that
//! agree with each other*:
//!
//! 1. sort the round medians; walking from the fastest, the cluster is the first window
//!    `[m, m · (1 + CLUSTER_WIDTH)]` starting at a round median `m` that holds at least
//!    [`MIN_CLUSTER_ROUNDS`] rounds (a single fast outlier, or two, has no support);
//! 2. the figure is the median of the round medians in that window;
//! 3. with no window that well supported (or fewer than [`MIN_CLUSTER_ROUNDS`] rounds in
//!    all) the figure is the median of all rounds and is *unsettled* (the run could not
//!    find the machine's undisturbed speed, or did not measure enough rounds to tell).
//!
//! Its interval promises something about the next run, not only about this one: it holds
//! both the distribution-free 95 % CI of the median over the cluster's rounds (rounds are
//! the replicates: the samples of one round share its phase; with fewer than six rounds,
//! the envelope of their own intervals) and the range in which a next run's figure is
//! expected, from replays of this run's rounds ([`next_run`]: which rounds a run draws,
//! and so which cluster its estimator picks, varies from run to run).
//!
//! Adding rounds slower than a settled cluster's window changes nothing (no window at or
//! below the cluster gains a member), which is what makes the figure reproducible on a
//! machine whose share of slow time changes from one run to the next.
//!
//! Two cells of one size are compared on their *paired* ratios: in each round both were
//! measured in (next to each other, milliseconds apart, so in the same phase), where both
//! rounds belong to their cells' clusters, the ratio of their round medians; the ratio's
//! figure is the median of those ratios, with its CI over them. [`decide`] turns it into a
//! relation with a practical-equivalence margin.

use serde::{Deserialize, Serialize};

use crate::order::{ci_method, median_ci_ranks, median_sorted, order_statistic_coverage, CiMethod};

mod cluster;
mod next_run;
pub use cluster::{CLUSTER_WIDTH, MIN_CLUSTER_ROUNDS};
pub use next_run::{levels, next_run, FLOOR, PREDICTION_LEVEL, REPLAYS, SHARED_CACHE_FLOOR};

/// The fewest rounds measured side by side (both in their clusters) for a paired ratio;
/// with fewer, two cells are compared by their figures' intervals.
pub const MIN_PAIRED_ROUNDS: usize = 3;

/// One round of a cell: its median time per call and that median's own interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Round {
    /// Median time per call over the round's samples, ns.
    pub median: f64,
    /// The round median's CI (or its samples' `[min, max]` when too few), ns.
    pub low: f64,
    /// Upper end of that interval, ns.
    pub high: f64,
}

impl Round {
    /// A round known only by its median (an interval of no width): a drift reference's
    /// timing, a hand-made test case.
    #[must_use]
    pub fn exact(median: f64) -> Round {
        Round {
            median,
            low: median,
            high: median,
        }
    }
}

/// A cell's figure from its rounds.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct RoundFigure {
    /// Median of the cluster's round medians, ns per call.
    pub median_ns: f64,
    /// Lower end of its interval, ns: with [`IntervalKind::NextRun`], the lower of the
    /// cluster's interval and the next run's expected range.
    pub ci_low_ns: f64,
    /// Upper end of its interval, ns.
    pub ci_high_ns: f64,
    /// Coverage of the cluster's interval over its rounds: ≥ 0.95 from six rounds on;
    /// with fewer, the envelope of the rounds' own intervals, whose coverage is at least
    /// that of `[min, max]` of the cluster's medians (1 − 2^(1−n)), the value given.
    pub coverage: f64,
    /// What the interval promises: in files written before it held the next run's
    /// range, only the cluster's interval (`rounds`).
    #[serde(default)]
    pub interval: IntervalKind,
    /// The rounds (indices into the cell's rounds, ascending) the figure rests on.
    pub rounds: Vec<usize>,
    /// Whether a cluster of at least [`MIN_CLUSTER_ROUNDS`] rounds agreed; when not, the
    /// figure is the median of every round and cannot be trusted.
    pub settled: bool,
    /// Rounds faster than the cluster by more than twice its width, too few to form a
    /// cluster of their own: the machine ran this cell faster than its figure says, but
    /// not often enough to confirm it (the figure may be a slow phase's). A run measures
    /// such a cell again; older files have none.
    #[serde(default, skip_serializing_if = "is_zero")]
    pub faster_rounds: usize,
    /// The interval the figure promises *around its run's move*: where the next run's
    /// figure falls once the move of that whole run (the machine's, which `compare`
    /// estimates and divides out) is taken away. Its rounds' interval, reaching as far as
    /// cells moved around their runs' moves here before
    /// ([`RoundFigure::with_floor_around_machine`]). Absent where nothing of that was
    /// learned, and in files written before 2026-12-01.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub around_machine: Option<Span>,
}

/// An interval of times, ns per call.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Span {
    /// Lower end.
    pub low_ns: f64,
    /// Upper end.
    pub high_ns: f64,
}

/// What a figure's interval holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum IntervalKind {
    /// The 95 % CI of the cluster's median over its rounds (files written before the
    /// next run's range was added).
    #[default]
    Rounds,
    /// That CI and the range a next run's figure is expected in ([`next_run`]).
    NextRun,
}

fn is_zero(n: &usize) -> bool {
    *n == 0
}

impl RoundFigure {
    /// Whether the figure can be relied on as this run's: settled (at least
    /// [`MIN_CLUSTER_ROUNDS`] rounds agree) and no round ran faster than its cluster
    /// unconfirmed (`faster_rounds`), which would say the figure may be a slow phase's.
    /// What a run remembers, what a race decides on, what a map cell calls settled.
    #[must_use]
    pub fn confirmed(&self) -> bool {
        self.settled && self.faster_rounds == 0
    }

    /// The figure with its interval reaching at least `floor` (a fraction of the figure)
    /// either way: what a run cannot see of how the next process will move it
    /// ([`SHARED_CACHE_FLOOR`]).
    #[must_use]
    pub fn with_floor(mut self, floor: f64) -> Self {
        let reached = self.floored(floor);
        self.ci_low_ns = reached.low_ns;
        self.ci_high_ns = reached.high_ns;
        self
    }

    /// Its interval reaching at least `floor` (a fraction of the figure) either way.
    fn floored(&self, floor: f64) -> Span {
        Span {
            low_ns: self.ci_low_ns.min(self.median_ns * (1.0 - floor)),
            high_ns: self.ci_high_ns.max(self.median_ns * (1.0 + floor)),
        }
    }

    /// The figure with [`RoundFigure::around_machine`] set: its interval as it is now,
    /// reaching at least `floor` (a fraction of the figure) either way. Called before
    /// [`RoundFigure::with_floor`], which reaches the interval itself as far as whole runs
    /// moved.
    #[must_use]
    pub fn with_floor_around_machine(mut self, floor: f64) -> Self {
        self.around_machine = Some(self.floored(floor));
        self
    }

    /// Half-width of the interval relative to the figure, as a fraction.
    #[must_use]
    pub fn relative_half_width(&self) -> f64 {
        if self.median_ns > 0.0 {
            (self.ci_high_ns - self.ci_low_ns) / 2.0 / self.median_ns
        } else {
            f64::INFINITY
        }
    }

    /// Whether the interval is a real 95 % interval (six rounds or more).
    #[must_use]
    pub fn method(&self) -> CiMethod {
        ci_method(self.rounds.len())
    }
}

/// The indices of the fastest well-supported cluster of `medians`, ascending by index;
/// `None` when no window holds [`MIN_CLUSTER_ROUNDS`] rounds (or, with fewer rounds in
/// all, when they do not all agree).
#[must_use]
pub fn fast_cluster(medians: &[f64]) -> Option<Vec<usize>> {
    let need = MIN_CLUSTER_ROUNDS.min(medians.len()).max(1);
    let mut order: Vec<usize> = (0..medians.len())
        .filter(|&i| medians[i].is_finite() && medians[i] >= 0.0)
        .collect();
    order.sort_by(|&a, &b| medians[a].total_cmp(&medians[b]));
    for (start, &i) in order.iter().enumerate() {
        let top = medians[i] * (1.0 + CLUSTER_WIDTH);
        let end = start
            + order[start..]
                .iter()
                .take_while(|&&j| medians[j] <= top)
                .count();
        if end - start >= need
            && (medians.len() >= MIN_CLUSTER_ROUNDS || end - start == order.len())
        {
            let mut members = order[start..end].to_vec();
            members.sort_unstable();
            return Some(members);
        }
    }
    None
}

/// The figure of a cell from its rounds (docs: the module's). `None` without rounds.
#[must_use]
pub fn undisturbed(rounds: &[Round]) -> Option<RoundFigure> {
    figure(rounds, true)
}

/// As [`undisturbed`], but with the interval that more rounds can narrow: the cluster's
/// and the replays', without the levels the rounds sat on ([`levels`]), which stay what
/// they are however long a cell is measured. What `--precision` judges, so that a cell
/// whose rounds sit on two placement levels or machine states does not spend its whole
/// budget trying to narrow them.
#[must_use]
pub fn sampled(rounds: &[Round]) -> Option<RoundFigure> {
    figure(rounds, false)
}

fn figure(rounds: &[Round], with_levels: bool) -> Option<RoundFigure> {
    if rounds.is_empty() {
        return None;
    }
    let medians: Vec<f64> = rounds.iter().map(|r| r.median).collect();
    let (members, settled) = match fast_cluster(&medians) {
        Some(m) => (m, true),
        None => ((0..rounds.len()).collect(), false),
    };
    let mut values: Vec<f64> = members.iter().map(|&i| medians[i]).collect();
    values.sort_by(f64::total_cmp);
    let median = median_sorted(&values)?;
    let n = values.len();
    let (low, high, coverage) = if n >= crate::order::MIN_SAMPLES_FOR_CI {
        let ranks = median_ci_ranks(n)?;
        (
            values[ranks.lower - 1],
            values[ranks.upper - 1],
            order_statistic_coverage(n, ranks.lower, ranks.upper),
        )
    } else {
        // Too few rounds for a 95 % interval over them: the envelope of their own
        // intervals holds both the spread within each round and between them.
        let low = members
            .iter()
            .map(|&i| rounds[i].low.min(rounds[i].median))
            .fold(f64::INFINITY, f64::min);
        let high = members
            .iter()
            .map(|&i| rounds[i].high.max(rounds[i].median))
            .fold(f64::NEG_INFINITY, f64::max);
        (low, high, 1.0 - 0.5_f64.powi(n as i32 - 1))
    };
    let bottom = values[0] / (1.0 + CLUSTER_WIDTH).powi(2);
    // Settled needs the rounds to agree and be enough of them: one or two rounds agree
    // with themselves and say nothing about the next run.
    let settled = settled && members.len() >= MIN_CLUSTER_ROUNDS;
    let faster_rounds = if settled {
        medians.iter().filter(|&&m| m < bottom).count()
    } else {
        0
    };
    let (mut low, mut high) = (low.min(median), high.max(median));
    if let Some((next_low, next_high)) = next_run(&medians, median) {
        low = low.min(next_low);
        high = high.max(next_high);
    }
    if settled && with_levels {
        // The levels the cluster's rounds sat on; and when the cluster holds fewer than
        // half the rounds, those up to (1 + CLUSTER_WIDTH)² above its fastest round too:
        // a next run that draws fewer than three rounds on the cluster's levels reads the
        // next level up (`crc32c/crc-fast` at 64 B in one build: six of sixteen rounds at
        // 5.02 ns, ten at 5.35). Slow phases lie 1.6-2x away, beyond that window. With
        // the cluster in the majority the levels above are left out: on the development
        // VM most cells' rounds also sit on machine states 3.4 and 7.1 % above their
        // fastest, and the next run's figure fell on the 7.1 % state too rarely to widen a
        // quarter of the intervals by it (`scripts/coverage`: 1-3 points more coverage,
        // the median half-width 2 -> 3.5 %), at the cost of every slowdown under 10 %.
        let top = if 2 * members.len() < medians.len() {
            values[0] * (1.0 + CLUSTER_WIDTH).powi(2)
        } else {
            values[values.len() - 1]
        };
        let mut near: Vec<f64> = medians
            .iter()
            .copied()
            .filter(|&m| m >= values[0] && m <= top)
            .collect();
        near.sort_by(f64::total_cmp);
        if let Some((level_low, level_high)) = next_run::levels(&near) {
            low = low.min(level_low);
            high = high.max(level_high);
        }
    }
    Some(RoundFigure {
        median_ns: median,
        ci_low_ns: low,
        ci_high_ns: high,
        coverage,
        interval: IntervalKind::NextRun,
        rounds: members,
        settled,
        faster_rounds,
        around_machine: None,
    })
}

/// What a paired comparison rests on for one cell: the id of each round (the pass of the
/// run it belonged to: cells of one size with the same id were measured side by side),
/// its median, and the rounds its figure rests on.
#[derive(Clone, Copy, Debug)]
pub struct Side<'a> {
    /// Round ids, one per round.
    pub ids: &'a [u32],
    /// Round medians, ns, one per round.
    pub medians: &'a [f64],
    /// The figure: its value, interval and rounds.
    pub figure: &'a RoundFigure,
}

/// The ratio of two cells' times per call (`b / a`: above 1 means `b` is slower).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Ratio {
    /// The estimate: the median of the paired ratios, or the ratio of the figures.
    pub ratio: f64,
    /// Lower end of its interval.
    pub low: f64,
    /// Upper end of its interval.
    pub high: f64,
    /// Rounds paired (0 when the figures' intervals were used instead).
    pub paired_rounds: usize,
}

/// `b`'s time over `a`'s, paired over the rounds both were measured in (same id): those
/// where both rounds belong to their figures' clusters when there are at least
/// [`MIN_PAIRED_ROUNDS`]; else those in `a`'s cluster (milliseconds from an undisturbed
/// round of `a`, `b`'s was most likely undisturbed too, even when `b` met too few calm
/// rounds to form a cluster of its own); else every round both had (side by side, both
/// met the same phase); else, from the two figures: their ratio, and the ratio of
/// opposite interval ends, which is conservative. `None` when a figure is 0 ns.
#[must_use]
pub fn ratio(a: Side<'_>, b: Side<'_>) -> Option<Ratio> {
    let (fa, fb) = (a.figure, b.figure);
    if fa.median_ns <= 0.0 || fb.median_ns <= 0.0 {
        return None;
    }
    // Which rounds pair: 2, both in their clusters; 1, in a's; 0, any both had.
    let pairs = |level: u8| -> Vec<f64> {
        let all: Vec<usize> = (0..a.ids.len().min(a.medians.len())).collect();
        let mut out = Vec::new();
        for &i in if level >= 1 { &fa.rounds } else { &all } {
            let (Some(&id), Some(&ma)) = (a.ids.get(i), a.medians.get(i)) else {
                continue;
            };
            let Some(j) = (0..b.ids.len().min(b.medians.len())).find(|&j| b.ids[j] == id) else {
                continue;
            };
            if level >= 2 && !fb.rounds.contains(&j) {
                continue;
            }
            let mb = b.medians[j];
            if ma > 0.0 && mb.is_finite() && mb > 0.0 {
                out.push(mb / ma);
            }
        }
        out
    };
    let ratios = [2, 1, 0]
        .into_iter()
        .map(pairs)
        .find(|r| r.len() >= MIN_PAIRED_ROUNDS);
    let mut ratios = ratios.unwrap_or_default();
    let n = ratios.len();
    if n >= MIN_PAIRED_ROUNDS {
        ratios.sort_by(f64::total_cmp);
        let estimate = median_sorted(&ratios)?;
        let (low, high) = if n >= crate::order::MIN_SAMPLES_FOR_CI {
            let r = median_ci_ranks(n)?;
            (ratios[r.lower - 1], ratios[r.upper - 1])
        } else {
            (ratios[0], ratios[n - 1])
        };
        return Some(Ratio {
            ratio: estimate,
            low,
            high,
            paired_rounds: n,
        });
    }
    let low = if fa.ci_high_ns > 0.0 {
        fb.ci_low_ns / fa.ci_high_ns
    } else {
        0.0
    };
    let high = if fa.ci_low_ns > 0.0 {
        fb.ci_high_ns / fa.ci_low_ns
    } else {
        f64::INFINITY
    };
    Some(Ratio {
        ratio: fb.median_ns / fa.median_ns,
        low,
        high,
        paired_rounds: 0,
    })
}

/// How `b` stands to `a`, with a practical-equivalence margin `margin` (a fraction: 0.03
/// treats times within 3 % either way as the same).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum Relation {
    /// The whole interval lies within the margin: as fast, for any practical purpose.
    Equivalent,
    /// The whole interval lies beyond the margin, `b` slower.
    Slower,
    /// The whole interval lies beyond the margin, `b` faster.
    Faster,
    /// The interval reaches across the margin's edge: this run cannot say which.
    Undecided,
}

/// The relation a ratio supports (see [`Relation`]). Ordering needs the whole interval
/// beyond the margin, not only beyond 1: two runs then contradict each other only when
/// the ratio moves by more than twice the margin between them.
#[must_use]
pub fn decide(r: &Ratio, margin: f64) -> Relation {
    let up = 1.0 + margin.max(0.0);
    let down = 1.0 / up;
    if r.low >= down && r.high <= up {
        Relation::Equivalent
    } else if r.low > up {
        Relation::Slower
    } else if r.high < down {
        Relation::Faster
    } else {
        Relation::Undecided
    }
}

#[cfg(test)]
mod tests;
