//! `recommend --from A --from B`: whether runs of several machines give the same answer
//! (apart from [`crate::recommend`], which answers for one run).

use serde::Serialize;

use hashbench_model::{Mode, Pattern, Size};

use crate::recommend::Recommendation;

/// At one size (mode, pattern): each machine's answer and whether they agree.
#[derive(Clone, Debug, Serialize)]
pub struct Agreement {
    pub size: Size,
    pub mode: Mode,
    pub pattern: Pattern,
    /// Per machine (in the order given): its answer's implementation, or `None` where
    /// its run has no answer at this size.
    pub answers: Vec<Option<String>>,
    /// Every machine's answer is the first machine's, or is in the first's answer group
    /// (equivalent or tied with it) or has the first's answer in its own: no machine
    /// shows another answer to be better than the first's.
    pub same: bool,
}

/// The answer and every implementation this run cannot tell from it.
fn group(r: &Recommendation) -> Vec<&str> {
    std::iter::once(r.answer.implementation.as_str())
        .chain(r.equivalent.iter().map(|c| c.pick.implementation.as_str()))
        .chain(r.ties.iter().map(|c| c.pick.implementation.as_str()))
        .collect()
}

/// Per size of the first machine's answers, what each machine answers.
#[must_use]
pub fn agreement(machines: &[(String, Vec<Recommendation>)]) -> Vec<Agreement> {
    let Some((_, first)) = machines.first() else {
        return Vec::new();
    };
    first
        .iter()
        .map(|r0| {
            let on: Vec<Option<&Recommendation>> = machines
                .iter()
                .map(|(_, recs)| {
                    recs.iter()
                        .find(|r| r.size == r0.size && r.mode == r0.mode && r.pattern == r0.pattern)
                })
                .collect();
            let same = on.iter().all(|r| {
                r.is_some_and(|r| {
                    group(r0).contains(&r.answer.implementation.as_str())
                        || group(r).contains(&r0.answer.implementation.as_str())
                })
            });
            Agreement {
                size: r0.size,
                mode: r0.mode,
                pattern: r0.pattern,
                answers: on
                    .iter()
                    .map(|r| r.map(|r| r.answer.implementation.clone()))
                    .collect(),
                same,
            }
        })
        .collect()
}
