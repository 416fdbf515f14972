//! The page's opening: what was measured, in a sentence, and the leaders of the run's
//! stored rankings at each size, before the charts. The run's settings, host and build
//! follow at the end (`sections::facts`).

use hashbench_model::{Mode, Run};

use super::page::{heading, note, para, table};
use crate::format::size;

/// How many of each ranking's next places are named after its leaders.
const NEXT: usize = 3;

/// The summary: a sentence of what was measured where, then one row per stored ranking
/// (size and mode): its first tie group and the next few places.
pub(super) fn summary(run: &Run) -> String {
    let mut implementations: Vec<&str> = run.cells.iter().map(|c| c.implementation.id()).collect();
    implementations.sort_unstable();
    implementations.dedup();
    let mut algorithms: Vec<&str> = run
        .cells
        .iter()
        .filter_map(|c| c.algorithm.as_deref())
        .collect();
    algorithms.sort_unstable();
    algorithms.dedup();
    // The sizes asked; a run that does not record them (a library caller's), its cells'.
    let mut asked = run.config.sizes.clone();
    if asked.is_empty() {
        asked = run.cells.iter().map(|c| c.size).collect();
        asked.sort_unstable();
        asked.dedup();
    }
    let sizes: Vec<String> = asked.iter().map(|s| size(*s)).collect();
    let mut out = heading(2, "Summary");
    out.push_str(&para(&format!(
        "{} implementations of {} algorithms at {}, on {} ({} logical cores), {}.",
        implementations.len(),
        algorithms.len(),
        if sizes.is_empty() {
            "-".to_string()
        } else {
            sizes.join(", ")
        },
        run.host.cpu_model,
        run.host.logical_cores,
        run.timestamp
    )));
    if run.rankings.is_empty() {
        return out;
    }
    let rows: Vec<Vec<String>> = run
        .rankings
        .iter()
        .map(|r| {
            // The first group: its leader and what ties with it or is equivalent.
            let (first, rest): (Vec<_>, Vec<_>) = r.order.iter().partition(|x| x.group == 1);
            let named = |v: &[&hashbench_model::Ranked]| {
                v.iter()
                    .map(|x| x.implementation.as_str())
                    .collect::<Vec<_>>()
                    .join(", ")
            };
            let next: Vec<String> = rest
                .iter()
                .take(NEXT)
                .map(|x| match x.ratio {
                    Some(ratio) => format!("{} ({ratio:.2}x)", x.implementation),
                    None => x.implementation.clone(),
                })
                .collect();
            vec![
                size(r.size),
                if r.mode == Mode::Latency {
                    "latency"
                } else {
                    "throughput"
                }
                .to_string(),
                named(&first),
                if next.is_empty() {
                    "-".to_string()
                } else {
                    next.join(", ")
                },
            ]
        })
        .collect();
    out.push_str(&table(
        &[
            "size",
            "mode",
            "fastest (with its ties)",
            "next (time over the fastest)",
        ],
        &rows,
        &[false, false, false, false],
    ));
    out.push_str(&note(
        "The fastest at each size is its ranking's first group: the cells this run cannot \
         order against its leader (tied) or finds within the equivalence margin of it. \
         The charts and the detail table follow; the run's settings, host and build are \
         at the end.",
    ));
    out
}
