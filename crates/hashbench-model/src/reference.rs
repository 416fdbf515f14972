//! The drift references: fixed kernels timed at the start of a run and after each of
//! its passes, their timings, and the machine's phase in each pass that they show.

use std::fmt;

use serde::{Deserialize, Serialize};

/// A fixed kernel timed at several points of the run, to see whether the machine's
/// speed changed while the cells were measured.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DriftReference {
    /// `baseline/read`.
    pub kernel: String,
    /// Input bytes per call.
    pub size: u64,
    /// In time order.
    pub points: Vec<ReferencePoint>,
    /// This reference's undisturbed time on this machine, remembered from earlier runs
    /// (absent when there were too few, or the run was told to forget them, and in older
    /// files): the level the passes are judged against when it is faster than anything
    /// this run's own timings settled on.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub remembered: Option<RememberedSpeed>,
    /// A second kernel timed at the same points, bound by the core rather than by the L1
    /// cache's bandwidth (`read` at 64 B; absent in older files). The passes are judged
    /// by both: on the development VM a state of the machine made short calls 1.7x
    /// slower for whole runs while `read` at 4 KiB moved 6 % (`hashbench_stats::phase::
    /// PassPhases::and`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub short: Option<Box<DriftReference>>,
}

/// What earlier runs on one machine say of the drift reference's undisturbed time.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct RememberedSpeed {
    /// The figure of the earlier runs' reference figures (their fastest cluster that
    /// agrees, as a cell's figure from its rounds), ns.
    pub median_ns: f64,
    /// How many earlier runs that figure rests on.
    pub runs: usize,
    /// Borrowed from other hashbench builds on the machine, this build having too few
    /// runs of its own: their slowest such figure with a margin for where each build's
    /// compiler placed the reference kernels (`hashbench_plan::memory::BORROW_MARGIN`).
    /// Absent (false) in older files and for a build's own memory.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    pub borrowed: bool,
}

/// What earlier runs on one machine remember of its two drift references' undisturbed
/// times: the run's reference (`read` at 4 KiB) and its short companion (`read` at 64 B).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RememberedSpeeds {
    pub first: Option<RememberedSpeed>,
    pub short: Option<RememberedSpeed>,
}

impl DriftReference {
    /// The reference's figure over its timings, as a cell's over its rounds
    /// ([`hashbench_stats::undisturbed`], each timing's own CI as its interval): the
    /// machine's undisturbed speed, and whether its timings ever settled on one. `None`
    /// without usable timings.
    #[must_use]
    pub fn figure(&self) -> Option<hashbench_stats::RoundFigure> {
        let rounds: Vec<hashbench_stats::Round> = self
            .points
            .iter()
            .filter(|p| p.median_ns.is_finite() && p.median_ns > 0.0)
            .map(|p| {
                let half = p.median_ns * p.ci_percent.unwrap_or(0.0).max(0.0) / 100.0;
                hashbench_stats::Round {
                    median: p.median_ns,
                    low: p.median_ns - half,
                    high: p.median_ns + half,
                }
            })
            .collect();
        hashbench_stats::undisturbed(&rounds)
    }

    /// Its level and relative half-width: its figure (the median of its settled
    /// timings, [`DriftReference::figure`]) with the figure's interval where its timings
    /// settled and it has several (a run of many rounds), else the median of its timings and
    /// the median of their CIs (percent / 100), as for files from before figures.
    #[must_use]
    pub fn level(&self) -> Option<(f64, f64)> {
        if let Some(f) = self.figure().filter(|f| f.settled && f.rounds.len() >= 3) {
            let half = f.relative_half_width();
            if half.is_finite() {
                return Some((f.median_ns, half));
            }
        }
        let median = |mut v: Vec<f64>| -> Option<f64> {
            v.retain(|x| x.is_finite() && *x > 0.0);
            v.sort_by(f64::total_cmp);
            hashbench_stats::order::median_sorted(&v)
        };
        let level = median(self.points.iter().map(|p| p.median_ns).collect())?;
        let ci = median(self.points.iter().filter_map(|p| p.ci_percent).collect()).unwrap_or(0.0);
        Some((level, ci / 100.0))
    }

    /// The machine's phase in each pass of the run, as these timings show it
    /// ([`phases_of`]); the passes are those the timings were taken after.
    #[must_use]
    pub fn pass_phases(&self) -> Option<hashbench_stats::phase::PassPhases> {
        let passes = self
            .points
            .iter()
            .filter_map(|p| match p.at {
                Checkpoint::AfterRound(n) => Some(n),
                Checkpoint::Start => None,
            })
            .max()?;
        self.phases(passes)
    }

    /// The phase of each of the first `passes` passes as this reference and its short
    /// companion judge them together ([`phases_of`] for each,
    /// `hashbench_stats::phase::PassPhases::and`).
    #[must_use]
    pub fn phases(&self, passes: usize) -> Option<hashbench_stats::phase::PassPhases> {
        phases_of_both(
            self.timings(),
            self.short.as_deref().map(Self::timings),
            passes,
        )
    }

    /// Whether the remembered level that judged `phases` (this reference's, or its short
    /// companion's where [`hashbench_stats::phase::PassPhases::second`] says so) was
    /// borrowed from other builds ([`RememberedSpeed::borrowed`]).
    #[must_use]
    pub fn judged_by_borrowed(&self, phases: &hashbench_stats::phase::PassPhases) -> bool {
        let judge = if phases.second {
            self.short.as_deref()
        } else {
            Some(self)
        };
        phases.remembered && judge.and_then(|r| r.remembered).is_some_and(|r| r.borrowed)
    }

    /// Its timings and remembered speed, as [`phases_of_both`] takes them.
    fn timings(&self) -> (&[ReferencePoint], Option<RememberedSpeed>) {
        (&self.points, self.remembered)
    }
}

/// The phase of each of the first `passes` passes from the reference timings `points`
/// (`hashbench_stats::phase::pass_phases`: a pass is slow when a timing beside it ran
/// well slower than the reference's figure, or than the `remembered` undisturbed time
/// where that is faster). `None` when they cannot tell.
#[must_use]
pub fn phases_of(
    points: &[ReferencePoint],
    passes: usize,
    remembered: Option<f64>,
) -> Option<hashbench_stats::phase::PassPhases> {
    let mut boundaries = vec![None; passes + 1];
    for p in points {
        let k = match p.at {
            Checkpoint::Start => 0,
            Checkpoint::AfterRound(n) => n,
        };
        if let Some(b) = boundaries.get_mut(k) {
            *b = Some(p.median_ns);
        }
    }
    hashbench_stats::phase::pass_phases(&boundaries, passes, remembered)
}

/// The phase of each of the first `passes` passes as two references judge them together:
/// the first's timings and remembered speed, and the short one's where there is one
/// ([`phases_of`] for each, `hashbench_stats::phase::PassPhases::and`). What a run judges
/// its passes by while it measures, and what a saved run is judged by again.
#[must_use]
pub fn phases_of_both(
    first: (&[ReferencePoint], Option<RememberedSpeed>),
    short: Option<(&[ReferencePoint], Option<RememberedSpeed>)>,
    passes: usize,
) -> Option<hashbench_stats::phase::PassPhases> {
    let judge = |(points, remembered): (&[ReferencePoint], Option<RememberedSpeed>)| {
        phases_of(points, passes, remembered.map(|r| r.median_ns))
    };
    hashbench_stats::phase::PassPhases::and(judge(first), short.and_then(judge))
}

#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct ReferencePoint {
    /// `at start`, `after round 1`, ...
    pub at: Checkpoint,
    /// Median time per call, nanoseconds.
    pub median_ns: f64,
    /// Half-width of the median's 95 % CI, percent of the median.
    pub ci_percent: Option<f64>,
}

/// When a drift reference point was timed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "String", try_from = "String")]
pub enum Checkpoint {
    /// Before the first round: `at start`.
    Start,
    /// After round n (1-based): `after round n`.
    AfterRound(usize),
}

impl fmt::Display for Checkpoint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Checkpoint::Start => f.write_str("at start"),
            Checkpoint::AfterRound(n) => write!(f, "after round {n}"),
        }
    }
}

impl From<Checkpoint> for String {
    fn from(c: Checkpoint) -> String {
        c.to_string()
    }
}

impl TryFrom<String> for Checkpoint {
    type Error = String;

    fn try_from(s: String) -> Result<Self, Self::Error> {
        if s == "at start" {
            return Ok(Checkpoint::Start);
        }
        s.strip_prefix("after round ")
            .and_then(|n| n.parse().ok())
            .map(Checkpoint::AfterRound)
            .ok_or_else(|| format!("{s:?} is neither \"at start\" nor \"after round N\""))
    }
}
