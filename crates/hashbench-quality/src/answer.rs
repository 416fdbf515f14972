//! `recommend --need hash-table`'s answer from a map workload: the fastest admitted
//! hasher on the chosen key set, the others beside it, those left out that were faster,
//! and for the answer and its closest rivals timed on the other key sets of the same
//! type, where the lead changes hands. Pure: the cells come from `hashbench maps`'
//! measurement, what is admitted from the caller.

use hashbench_model::HashProperties;
use hashbench_stats::rounds::{ratio, Side};
use hashbench_stats::{decide, Ratio, Relation};
use serde::Serialize;

use crate::maps::Standing;
use crate::{MapCell, MapsDocument};

/// The version of the `recommend --need hash-table --format json` map answer.
pub const MAP_ANSWER_SCHEMA_VERSION: u32 = 1;

/// One hasher's figure in the answer, with its ratio to the answer's.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapPick {
    pub implementation: String,
    /// Nanoseconds per operation, and its interval.
    pub ns: f64,
    pub low_ns: f64,
    pub high_ns: f64,
    /// Its time over the answer's (1 for the answer): paired round by round where both
    /// cells have rounds, else the figures' ratio.
    pub ratio: f64,
    /// That ratio's interval, and the rounds paired (0: from the figures' intervals).
    pub ratio_low: f64,
    pub ratio_high: f64,
    pub paired_rounds: usize,
    pub settled: bool,
    /// What the map saw that a random function's table would not (`hashbench maps`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub crowded: Vec<String>,
}

impl MapPick {
    /// `cell` with `r`, its time over the answer's.
    fn with(cell: &MapCell, r: Ratio) -> Self {
        MapPick {
            implementation: cell.implementation.clone(),
            ns: cell.ns,
            low_ns: cell.low_ns,
            high_ns: cell.high_ns,
            ratio: r.ratio,
            ratio_low: r.low,
            ratio_high: r.high,
            paired_rounds: r.paired_rounds,
            settled: cell.settled,
            crowded: cell
                .view
                .as_ref()
                .map(|v| v.crowded.clone())
                .unwrap_or_default(),
        }
    }
}

/// `b`'s time over `a`'s: paired over the sweeps both ran in where both have rounds
/// (`hashbench_stats::rounds::ratio`, as `run`'s rankings pair cells), else the ratio of
/// the figures with the ratio of opposite interval ends around it.
fn compared(a: &MapCell, b: &MapCell) -> Ratio {
    let paired = match (&a.paired, &b.paired) {
        (Some(pa), Some(pb)) => ratio(
            Side {
                ids: &pa.round_ids,
                medians: &pa.round_medians_ns,
                figure: &pa.figure,
            },
            Side {
                ids: &pb.round_ids,
                medians: &pb.round_medians_ns,
                figure: &pb.figure,
            },
        ),
        _ => None,
    };
    paired.unwrap_or_else(|| {
        let safe = |x: f64| if x > 0.0 { x } else { f64::MIN_POSITIVE };
        Ratio {
            ratio: b.ns / safe(a.ns),
            low: b.low_ns / safe(a.high_ns),
            high: b.high_ns / safe(a.low_ns),
            paired_rounds: 0,
        }
    })
}

/// A hasher measured and not admitted, faster than the answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Excluded {
    pub pick: MapPick,
    pub why: String,
}

/// The answer and its closest rivals on another key set.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Elsewhere {
    pub key_set: String,
    /// The fastest of those timed there.
    pub leader: String,
    pub leader_ns: f64,
    /// The answer's time there (absent when it could not be timed on that set).
    pub answer_ns: Option<f64>,
    /// Whether the leader there is another hasher, ahead of the answer beyond the margin
    /// (the answer's time over the leader's, its whole interval above 1 + margin).
    pub changes: bool,
}

/// The whole answer.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapAnswer {
    /// `build`, `hit`, `miss` or `churn`.
    pub workload: String,
    pub key_set: String,
    /// Keys in the map.
    pub entries: usize,
    /// Admitted hashers timed.
    pub candidates: usize,
    pub answer: MapPick,
    /// The margin within which a hasher counts as equivalent to the answer (a fraction).
    pub equivalence: f64,
    /// Admitted hashers whose ratio to the answer lies within the margin.
    pub equivalent: Vec<MapPick>,
    /// Admitted hashers the run cannot order against the answer (their ratio's interval
    /// reaches across the margin's edge).
    pub ties: Vec<MapPick>,
    /// The other admitted hashers, slower beyond the margin, fastest first.
    pub others: Vec<MapPick>,
    /// Hashers left out (by `--keyed`, `--stable`, `--quality`) that were faster
    /// (their time over the answer's below 1).
    pub excluded_faster: Vec<Excluded>,
    /// The answer and its closest rivals on the other key sets of the same key type.
    pub elsewhere: Vec<Elsewhere>,
}

/// What `recommend --need hash-table` answers from a map workload, with what it measured.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct MapRecommendation {
    pub schema_version: u32,
    pub answer: MapAnswer,
    /// The answer's algorithm's properties: its SMHasher3 verdict, key and stability.
    pub properties: Option<HashProperties>,
    /// `--quality`, as asked (`screen`, `smhasher3`, `both`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub quality: Option<String>,
    /// The quality screens run for `--quality`: each hasher's checks failed (0: passed).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub screens: Vec<(String, usize)>,
    /// Every hasher on the key set asked.
    pub measured: MapsDocument,
    /// The answer and its closest rivals on the other key sets of the same type.
    pub elsewhere_measured: Option<MapsDocument>,
}

/// The answer from `cells` (one key set, size and workload, every hasher timed):
/// `rejects` says why a hasher is not admitted (`None`: admitted). `None` when no
/// admitted hasher was timed. Its `elsewhere` is empty until
/// [`MapAnswer::compare_elsewhere`] is given the other key sets' cells, timed for the
/// rivals this answer names ([`closest`]).
#[must_use]
pub fn answer(
    cells: &[MapCell],
    rejects: &dyn Fn(&str) -> Option<String>,
    equivalence: f64,
) -> Option<MapAnswer> {
    let mut sorted: Vec<&MapCell> = cells.iter().collect();
    sorted.sort_by(|a, b| a.ns.total_cmp(&b.ns));
    let admitted: Vec<&MapCell> = sorted
        .iter()
        .copied()
        .filter(|c| rejects(&c.implementation).is_none())
        .collect();
    let best = leader(&admitted)?;
    let mut equivalent = Vec::new();
    let mut ties = Vec::new();
    let mut others = Vec::new();
    // Each hasher's ratio to the answer, computed once, then ordered by it.
    let mut rest: Vec<(Ratio, &MapCell)> = admitted
        .iter()
        .filter(|c| !std::ptr::eq(**c, best))
        .map(|c| (compared(best, c), *c))
        .collect();
    rest.sort_by(|a, b| a.0.ratio.total_cmp(&b.0.ratio));
    for (r, c) in rest {
        let p = MapPick::with(c, r);
        match decide(&r, equivalence) {
            Relation::Equivalent => equivalent.push(p),
            Relation::Slower => others.push(p),
            // Faster by its figure's rank it is not; faster paired, the run cannot
            // order them either.
            Relation::Undecided | Relation::Faster => ties.push(p),
        }
    }
    let excluded_faster = sorted
        .iter()
        .filter_map(|c| {
            let why = rejects(&c.implementation)?;
            let r = compared(best, c);
            (r.ratio < 1.0).then(|| Excluded {
                pick: MapPick::with(c, r),
                why,
            })
        })
        .collect();
    Some(MapAnswer {
        workload: best.workload.clone(),
        key_set: best.key_set.clone(),
        entries: best.entries,
        candidates: admitted.len(),
        answer: MapPick::with(best, compared(best, best)),
        equivalence,
        equivalent,
        ties,
        others,
        excluded_faster,
        elsewhere: Vec::new(),
    })
}

impl MapAnswer {
    /// Fills [`MapAnswer::elsewhere`] from `cells`: the answer and its closest rivals
    /// timed on the other key sets of its key type.
    pub fn compare_elsewhere(&mut self, cells: &[MapCell]) {
        self.elsewhere = leaders(&self.answer.implementation, cells, self.equivalence);
    }
}

/// The fastest of `cells` (ranked by figure): the first, unless another was faster in
/// the sweeps both ran in. A figure from rounds that all met a slow phase ranks a hasher
/// too low, while its rounds paired with its rivals' (each sweep within a fraction of a
/// second) do not.
fn leader<'c>(cells: &[&'c MapCell]) -> Option<&'c MapCell> {
    let first = *cells.first()?;
    cells
        .iter()
        .map(|c| (compared(first, c).ratio, *c))
        .min_by(|a, b| a.0.total_cmp(&b.0))
        .map(|(_, c)| c)
}

/// Sets each cell's [`Standing`] to the group's leader (one key set, size and workload:
/// `cells` are one group), with the equivalence margin `margin`: what a table ranks and
/// marks with `=`, computed once here so that renderers only read it.
pub fn rank_group(cells: &mut [MapCell], margin: f64) {
    let mut sorted: Vec<&MapCell> = cells.iter().collect();
    sorted.sort_by(|a, b| a.ns.total_cmp(&b.ns));
    let Some(best) = leader(&sorted) else {
        return;
    };
    let best_id = best.implementation.clone();
    let best = best.clone();
    for c in cells.iter_mut() {
        let r = compared(&best, c);
        c.standing = Some(Standing {
            relation: if c.implementation == best_id {
                "fastest"
            } else {
                match decide(&r, margin) {
                    Relation::Equivalent => "equivalent",
                    Relation::Slower => "slower",
                    Relation::Faster | Relation::Undecided => "undecided",
                }
            },
            ratio: r,
        });
    }
}

/// Per other key set, in the order first met: who leads there, and whether that takes
/// the lead from `answer`.
fn leaders(answer: &str, cells: &[MapCell], equivalence: f64) -> Vec<Elsewhere> {
    let mut sets: Vec<&str> = Vec::new();
    for c in cells {
        if !sets.contains(&c.key_set.as_str()) {
            sets.push(&c.key_set);
        }
    }
    sets.into_iter()
        .filter_map(|set| {
            let here: Vec<&MapCell> = cells.iter().filter(|c| c.key_set == set).collect();
            let leader = here.iter().copied().min_by(|a, b| a.ns.total_cmp(&b.ns))?;
            let ours = here.iter().find(|c| c.implementation == answer);
            // The answer loses the set when it is slower than the leader there, paired,
            // beyond the margin.
            let changes = match ours {
                Some(o) => {
                    leader.implementation != answer
                        && decide(&compared(leader, o), equivalence) == Relation::Slower
                }
                None => true,
            };
            Some(Elsewhere {
                key_set: set.to_string(),
                leader: leader.implementation.clone(),
                leader_ns: leader.ns,
                answer_ns: ours.map(|o| o.ns),
                changes,
            })
        })
        .collect()
}

/// The answer's rivals worth timing on other key sets: the admitted hashers after the
/// answer, fastest first, at most `n`.
#[must_use]
pub fn closest(answer: &MapAnswer, n: usize) -> Vec<String> {
    let mut rivals: Vec<&MapPick> = answer
        .equivalent
        .iter()
        .chain(&answer.ties)
        .chain(&answer.others)
        .collect();
    rivals.sort_by(|a, b| a.ns.total_cmp(&b.ns));
    std::iter::once(&answer.answer)
        .chain(rivals)
        .take(n + 1)
        .map(|p| p.implementation.clone())
        .collect()
}

#[cfg(test)]
mod tests;
