//! `recommend --need hash-table`'s answer from a map workload: the fastest admitted
//! hasher on the chosen key set, the others beside it, those left out that were faster,
//! and for the answer and its closest rivals timed on the other key sets of the same
//! type, where the lead changes hands. Pure: the cells come from `hashbench maps`'
//! measurement, what is admitted from the caller.

use hashbench_model::HashProperties;
use serde::Serialize;

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
    /// Its time over the answer's (1 for the answer).
    pub ratio: f64,
    pub settled: bool,
    /// What the map saw that a random function's table would not (`hashbench maps`).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub crowded: Vec<String>,
}

impl MapPick {
    fn of(cell: &MapCell, answer_ns: f64) -> Self {
        MapPick {
            implementation: cell.implementation.clone(),
            ns: cell.ns,
            low_ns: cell.low_ns,
            high_ns: cell.high_ns,
            ratio: cell.ns / answer_ns,
            settled: cell.settled,
            crowded: cell
                .view
                .as_ref()
                .map(|v| v.crowded.clone())
                .unwrap_or_default(),
        }
    }
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
    /// Whether the leader there is another hasher, clearly ahead of the answer: its
    /// interval below the answer's and its time more than the margin below.
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
    /// Admitted hashers within the margin of the answer, or whose interval meets its.
    pub equivalent: Vec<MapPick>,
    /// The other admitted hashers, fastest first.
    pub others: Vec<MapPick>,
    /// Hashers left out (by `--keyed`, `--stable`, `--quality`) that were faster.
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
/// `rejects` says why a hasher is not admitted (`None`: admitted); `elsewhere` holds the
/// cells of the answer and its rivals on other key sets. `None` when no admitted hasher
/// was timed.
#[must_use]
pub fn answer(
    cells: &[MapCell],
    rejects: &dyn Fn(&str) -> Option<String>,
    equivalence: f64,
    elsewhere: &[MapCell],
) -> Option<MapAnswer> {
    let mut sorted: Vec<&MapCell> = cells.iter().collect();
    sorted.sort_by(|a, b| a.ns.total_cmp(&b.ns));
    let admitted: Vec<&MapCell> = sorted
        .iter()
        .copied()
        .filter(|c| rejects(&c.implementation).is_none())
        .collect();
    let best = *admitted.first()?;
    let pick = |c: &MapCell| MapPick::of(c, best.ns);
    let tied = |c: &MapCell| {
        c.ns <= best.ns * (1.0 + equivalence) || (c.low_ns <= best.high_ns && c.ns >= best.ns)
    };
    let (equivalent, others): (Vec<&MapCell>, Vec<&MapCell>) =
        admitted[1..].iter().copied().partition(|c| tied(c));
    let excluded_faster = sorted
        .iter()
        .take_while(|c| c.ns < best.ns)
        .filter_map(|c| rejects(&c.implementation).map(|why| Excluded { pick: pick(c), why }))
        .collect();
    Some(MapAnswer {
        workload: best.workload.clone(),
        key_set: best.key_set.clone(),
        entries: best.entries,
        candidates: admitted.len(),
        answer: pick(best),
        equivalence,
        equivalent: equivalent.into_iter().map(pick).collect(),
        others: others.into_iter().map(pick).collect(),
        excluded_faster,
        elsewhere: leaders(&best.implementation, elsewhere, equivalence),
    })
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
            let changes = match ours {
                Some(o) => {
                    leader.implementation != answer
                        && leader.high_ns < o.low_ns
                        && leader.ns * (1.0 + equivalence) < o.ns
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
    std::iter::once(&answer.answer)
        .chain(&answer.equivalent)
        .chain(&answer.others)
        .take(n + 1)
        .map(|p| p.implementation.clone())
        .collect()
}

#[cfg(test)]
mod tests;
