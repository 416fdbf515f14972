//! Comparing runs: loading result files defensively, joining their cells, and deciding
//! which differences are real.
//!
//! Two runs are joined on (implementation, pattern, size, threads). For each pair the
//! ratio of median times (candidate / base; above 1 is slower) gets an interval built from
//! each run's own uncertainty, and a change is *significant* only when that interval
//! excludes 1 **and** the ratio is further from 1 than a noise threshold. Each run's
//! uncertainty is its figure's interval, which holds the next run's figure: the ratio's
//! interval reaches as far as either run's interval allows the other's figure
//! ([`ratio_interval`]). Older files keep what they were saved with (the figure's
//! interval over its rounds; before figures, the wider of the 95 % CI of the median and
//! the range of the round medians), and those intervals are added whole. A machine that
//! changed speed during a run widens that run's interval instead of producing a
//! "regression".
//!
//! Between the runs the machine itself may have changed speed (a shared VM, a
//! neighbour, the clock): [`machine::machine_speed`] estimates that ratio from what both
//! runs measured that no code change touches, every ratio is divided by it, and its
//! uncertainty widens the interval; a change the machine's own move (at the far end of
//! its interval) could explain is *unreliable*, not significant. Where both cells carry
//! an interval around their run's move (what the figure memory learned of how far cells
//! lie from that estimate), the pair is judged by those ([`around`]).

use std::cmp::Ordering;
use std::collections::BTreeMap;

use serde::{Serialize, Serializer};

use hashbench_model::{Baseline, Cell, FlagCode, Mode, Pattern, Run, SeriesKey, Size, Subject};

mod around;
mod machine;
mod state;
mod visible;
use around::{around_machine, judged_interval};
pub(crate) use machine::interval;
pub use machine::{machine_speed, MachineSpeed, ESTIMATOR_BASELINES};
pub use state::same_steady_state;

/// What identifies a cell across runs: its series at one size.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellKey {
    pub series: SeriesKey,
    pub size: Size,
}

impl CellKey {
    #[must_use]
    pub fn of(c: &Cell) -> Self {
        CellKey {
            series: c.series_key(),
            size: c.size,
        }
    }
}

/// Ordered as the text of its parts, as comparisons always listed their cells: by
/// implementation id, the pattern's name, then size, thread count and mode.
impl Ord for CellKey {
    fn cmp(&self, other: &Self) -> Ordering {
        let (a, b) = (&self.series, &other.series);
        a.implementation
            .cmp(&b.implementation)
            .then_with(|| a.pattern.to_string().cmp(&b.pattern.to_string()))
            .then_with(|| self.size.cmp(&other.size))
            .then_with(|| a.threads.cmp(&b.threads))
            .then_with(|| a.mode.cmp(&b.mode))
    }
}

impl PartialOrd for CellKey {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

/// One flat object, as `compare --format json` always wrote it (docs/json-schema.md):
/// `implementation`, `pattern`, `size`, `threads`, and `mode` only for latency.
impl Serialize for CellKey {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        #[derive(Serialize)]
        struct Flat<'a> {
            implementation: &'a Subject,
            pattern: Pattern,
            size: Size,
            threads: usize,
            #[serde(skip_serializing_if = "Mode::is_throughput")]
            mode: Mode,
        }
        Flat {
            implementation: &self.series.implementation,
            pattern: self.series.pattern,
            size: self.size,
            threads: self.series.threads,
            mode: self.series.mode,
        }
        .serialize(serializer)
    }
}

/// How a cell changed from the base run to the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Significantly faster.
    Faster,
    /// Significantly slower.
    Slower,
    /// The interval includes 1, or the change is below the noise threshold.
    WithinNoise,
    /// The change would count as significant, but a guard flagged one of the two cells
    /// (or its run, e.g. `drift`: the machine changed speed): the difference may be the
    /// machine's, so it is reported and never fails `--fail-on-regression`.
    Unreliable,
}

/// One joined cell.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    pub key: CellKey,
    pub base_median_ns: f64,
    pub candidate_median_ns: f64,
    /// candidate / base median time: above 1 is slower.
    pub ratio: f64,
    /// `ratio` over the machine-speed ratio ([`Comparison::machine`]); `ratio` when
    /// there is no estimate. The verdict judges this one.
    pub adjusted_ratio: f64,
    /// Conservative interval of the adjusted ratio (see the module docs).
    pub ratio_low: f64,
    pub ratio_high: f64,
    pub verdict: Verdict,
    /// Why an `unreliable` verdict is: `flagged` (a guard flagged a cell or its run),
    /// `machine` (the machine's speed moved as much as the cell), or `estimator` (a
    /// `read` or `memcpy` baseline the machine estimate is made of, moved beyond it: the
    /// machine did not change uniformly).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub unreliable: Option<&'static str>,
    /// The smallest slowdown of the code this pair is sure to call `slower`, as an
    /// adjusted ratio (1.154: beyond 15.4 %), from the same two intervals, machine
    /// estimate and noise threshold, as long as the candidate keeps the base run's
    /// promise ([`visible::sure_slower_beyond`]); `None` where no slowdown would have
    /// counted (a flagged cell or run, a machine baseline, an interval that reaches 0).
    /// A `within-noise` verdict rules out only the changes beyond it.
    pub visible_slowdown: Option<f64>,
    /// Whether the pair was judged by the cells' intervals around their runs' moves
    /// ([`around`]), not by their figures' own intervals.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub judged_around_machine: bool,
}

/// The comparison of a candidate run with a base run.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// Relative change below which nothing counts as significant (0.03 = 3 %).
    pub noise_threshold: f64,
    pub changes: Vec<Change>,
    /// Cells only in the base run, or only in the candidate.
    pub only_in_base: Vec<CellKey>,
    pub only_in_candidate: Vec<CellKey>,
    /// Geometric mean of the ratios of all joined cells.
    pub geometric_mean_ratio: Option<f64>,
    /// candidate / base median of `baseline/nop`, over the sizes both runs have: far from
    /// 1 means the machine itself ran at another speed.
    pub machine_speed_ratio: Option<f64>,
    /// The machine-speed ratio every cell's ratio is adjusted by; `None` without a drift
    /// reference in both runs.
    pub machine: Option<MachineSpeed>,
}

/// Compares `candidate` with `base`, cells and baselines alike.
#[must_use]
pub fn compare(base: &Run, candidate: &Run, noise_threshold: f64) -> Comparison {
    let index = |run: &Run| -> BTreeMap<CellKey, Cell> {
        run.cells
            .iter()
            .chain(&run.baselines)
            .map(|c| (CellKey::of(c), c.clone()))
            .collect()
    };
    let (a, b) = (index(base), index(candidate));
    let machine = machine_speed(base, candidate);
    let steady = same_steady_state(base, candidate);
    let mut changes = Vec::new();
    let mut only_in_base = Vec::new();
    for (key, ca) in &a {
        let Some(cb) = b.get(key) else {
            only_in_base.push(key.clone());
            continue;
        };
        let (ma, mb) = (ca.time_ns(), cb.time_ns());
        let ratio = mb / ma;
        // Whole-run moves are the machine's estimate's to divide out, not the cells' to
        // cover twice: where both cells say how far they move around their run's move,
        // the pair is judged by that.
        let around =
            machine.is_some() && around_machine(ca).is_some() && around_machine(cb).is_some();
        let (raw_low, raw_high) = ratio_interval(ca, cb, around);
        let flagged = flagged((base, candidate), (ca, cb), steady);
        // Judged around the runs' moves too, the ratio is divided by the estimate's
        // interval, not the estimate alone: the cells' intervals learned how far a
        // typical pair lay from the estimate, and in a pair whose kernels disagree (a
        // wide estimate) cells lie further. Divided by the estimate alone, 3 of 12
        // `scripts/aa` calls on the development VM (2026-12-01) gave a false verdict at
        // 64 B; by its interval, none of the same runs did.
        let (adjusted, ratio_low, ratio_high) = match &machine {
            Some(m) => (ratio / m.ratio, raw_low / m.high, raw_high / m.low),
            None => (ratio, raw_low, raw_high),
        };
        let verdict = if ratio_low > 1.0 && adjusted > 1.0 + noise_threshold {
            Verdict::Slower
        } else if ratio_high < 1.0 && adjusted < 1.0 / (1.0 + noise_threshold) {
            Verdict::Faster
        } else {
            Verdict::WithinNoise
        };
        // The machine moved (at the far end of its interval) at least as much as the
        // cell did after the adjustment: the adjustment decides the verdict.
        let machine_moved = machine
            .as_ref()
            .is_some_and(|m| m.log_reach() >= adjusted.ln().abs());
        // A baseline the estimate is made of moves with the machine by definition: one
        // that moved beyond the estimate (its placement in a run that met another state
        // of the machine: `memcpy` at 64 B read 0.87 while the reference read 1.00) says
        // the machine did not change uniformly, not that `memcpy` got faster.
        let estimator = machine.is_some()
            && matches!(key.series.implementation,
                Subject::Baseline(b) if ESTIMATOR_BASELINES.contains(&b));
        let unreliable = match verdict {
            Verdict::WithinNoise | Verdict::Unreliable => None,
            _ if flagged => Some("flagged"),
            _ if machine_moved => Some("machine"),
            _ if estimator => Some("estimator"),
            _ => None,
        };
        let visible_slowdown = (!flagged && !estimator)
            .then(|| {
                let low = judged_interval(ca, around).0;
                visible::sure_slower_beyond(ma, low, mb, raw_low, machine.as_ref(), noise_threshold)
            })
            .flatten();
        changes.push(Change {
            key: key.clone(),
            base_median_ns: ma,
            candidate_median_ns: mb,
            ratio,
            adjusted_ratio: adjusted,
            ratio_low,
            ratio_high,
            verdict: if unreliable.is_some() {
                Verdict::Unreliable
            } else {
                verdict
            },
            unreliable,
            visible_slowdown,
            judged_around_machine: around,
        });
    }
    let only_in_candidate = b.keys().filter(|k| !a.contains_key(*k)).cloned().collect();
    let geo = |ratios: &mut dyn Iterator<Item = f64>| {
        let (sum, n) = ratios.fold((0.0, 0usize), |(s, n), r| (s + r.ln(), n + 1));
        (n > 0).then(|| (sum / n as f64).exp())
    };
    let geometric_mean_ratio = geo(&mut changes
        .iter()
        .filter(|c| !c.key.series.implementation.is_baseline())
        .map(|c| c.ratio));
    let machine_speed_ratio = geo(&mut changes
        .iter()
        .filter(|c| c.key.series.implementation == Subject::Baseline(Baseline::Nop))
        .map(|c| c.ratio));
    Comparison {
        noise_threshold,
        changes,
        only_in_base,
        only_in_candidate,
        geometric_mean_ratio,
        machine_speed_ratio,
        machine,
    }
}

/// Whether a guard doubted either cell or run (`steady`: both runs spent their whole
/// length in one steady state, the same one).
fn flagged((base, candidate): (&Run, &Run), (ca, cb): (&Cell, &Cell), steady: bool) -> bool {
    // A wide interval is no reason to doubt a change its interval excludes: the
    // verdict already allowed for it. A slow state of the machine is, even when both
    // cells were measured in one: its states are several, and they slow kernels
    // unevenly (an A/A pair on the development VM, both runs `slow-phase`, read
    // `crc32c` at 4 KiB at 117 ns and 102.6 ns while `read` and `memcpy` at 4 KiB
    // agreed within 1 %: the machine estimate saw nothing, and the verdict would
    // have been "faster"). Unless both runs spent their whole length in one steady
    // state, the same one ([`same_steady_state`]): then they measured on one footing.
    let doubted = |flags: &[hashbench_model::Flag]| {
        flags
            .iter()
            .any(|f| f.code != FlagCode::WideInterval && !(steady && f.code == FlagCode::SlowPhase))
    };
    doubted(&ca.flags) || doubted(&cb.flags) || doubted(&base.flags) || doubted(&candidate.flags)
}

/// The interval of `candidate / base`, from the two cells' own intervals.
///
/// A figure whose interval holds the next run (`"interval": "next-run"`) makes a promise
/// about the other run's figure: with no change, it falls inside. So the ratio's interval
/// reaches as far as either promise allows: its lower end is the lower of the candidate's
/// figure over the base's upper end and the candidate's lower end over the base's figure
/// (the upper end alike), and a change is significant only when each run's figure lies
/// outside the other's promise. Adding the two intervals whole, as for the older kinds,
/// counted each run's luck twice: a 10 % slowdown at 4 KiB, whose rounds sit on placement
/// levels 3.5 % apart (intervals of ±4-5 %), read `1.14 [1.007, 1.19]` slower in one pair
/// and "within noise" in another. Older intervals (over the rounds, or the median's CI and
/// the round range) say nothing of a next run, and are added whole.
///
/// With `around`, each cell's interval around its run's move stands for its figure's
/// ([`judged_interval`]).
fn ratio_interval(base: &Cell, candidate: &Cell, around: bool) -> (f64, f64) {
    let (a_low, a_high) = judged_interval(base, around);
    let (b_low, b_high) = judged_interval(candidate, around);
    if a_low <= 0.0 {
        return (b_low / a_high, f64::INFINITY);
    }
    let next_run = |c: &Cell| {
        c.figure
            .as_ref()
            .is_some_and(|f| f.interval == hashbench_stats::rounds::IntervalKind::NextRun)
    };
    if !(next_run(base) && next_run(candidate)) {
        return (b_low / a_high, b_high / a_low);
    }
    let (a, b) = (base.time_ns(), candidate.time_ns());
    ((b / a_high).min(b_low / a), (b / a_low).max(b_high / a))
}

impl Comparison {
    /// Cells significantly slower by more than `percent` %, for `--fail-on-regression`.
    #[must_use]
    pub fn regressions_over(&self, percent: f64) -> Vec<&Change> {
        self.changes
            .iter()
            .filter(|c| {
                c.verdict == Verdict::Slower
                    && c.adjusted_ratio > 1.0 + percent / 100.0
                    && !c.key.series.implementation.is_baseline()
            })
            .collect()
    }

    /// Implementation cells that a slowdown of `percent` % would not have failed: not
    /// `slower`, and no slowdown up to `percent` % visible ([`Change::visible_slowdown`]),
    /// so `--fail-on-regression PERCENT` passing says nothing of them.
    #[must_use]
    pub fn blind_to(&self, percent: f64) -> Vec<&Change> {
        self.changes
            .iter()
            .filter(|c| {
                c.verdict != Verdict::Slower
                    && !c.key.series.implementation.is_baseline()
                    && c.visible_slowdown.is_none_or(|v| v > 1.0 + percent / 100.0)
            })
            .collect()
    }
}

#[cfg(test)]
mod tests;
