//! `recommend --need hash-table` answered from a map workload: the answer with its figure
//! and properties, those within the margin, every hasher timed on the key set (the
//! `maps` table), those left out though faster, and whether the other key sets of the
//! same type would change the answer; or the JSON document
//! (`hashbench_quality::answer::MapRecommendation`).

use hashbench_model::format::{time_interval, time_ns};
use hashbench_quality::answer::{MapPick, MapRecommendation};

use super::maps::{group, per_op};
use crate::render::sanitize::escaped;

/// The JSON document, pretty-printed, with a final newline.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(rec: &MapRecommendation) -> Result<String, serde_json::Error> {
    Ok(format!("{}\n", serde_json::to_string_pretty(rec)?))
}

/// The answer as a table output prints it.
#[must_use]
pub fn text(rec: &MapRecommendation) -> String {
    let a = &rec.answer;
    let set = rec.measured.key_sets.iter().find(|s| s.name == a.key_set);
    let kind = set.map_or(String::new(), |s| format!(" ({})", escaped(s.kind)));
    let when = rec.measured.measured.as_ref().map_or(String::new(), |m| {
        format!(
            "hashbench recommend: {} on {}, {} s per cell\n",
            escaped(&m.timestamp),
            escaped(&m.cpu),
            rec.measured.config.time_per_cell_s
        )
    });
    let mut out = format!(
        "{when}recommend --need hash-table: {} keys of {}{kind} in std's HashMap, each \
         hasher's BuildHasher; {} rounds a cell, each a new map; {} candidates\n\n",
        a.entries,
        escaped(&a.key_set),
        rec.measured.config.rounds,
        a.candidates
    );
    out.push_str(&format!(
        "Answer: {}\n  {} [{}] {}{}\n",
        a.answer.implementation,
        time_ns(a.answer.ns),
        time_interval(a.answer.low_ns, a.answer.high_ns, a.answer.ns),
        per_op(&a.workload).trim_start_matches("time "),
        if a.answer.settled { "" } else { " (unsettled)" }
    ));
    if let Some(p) = &rec.properties {
        out.push_str(&format!(
            "  SMHasher3: {}; key: {}; output: {}\n",
            p.smhasher3.verdict.describe(),
            p.key.describe(),
            if p.stability.stable {
                "stable"
            } else {
                "NOT stable"
            }
        ));
    }
    if !a.answer.crowded.is_empty() {
        out.push_str(&format!(
            "  crowded on this key set: {}\n",
            escaped(&a.answer.crowded.join("; "))
        ));
    }
    out.push_str(&format!(
        "\nWithin ±{:.0} % of the answer (time over the answer's, paired sweep by sweep): {}\n",
        a.equivalence * 100.0,
        picks(&a.equivalent)
    ));
    out.push_str(&format!(
        "Cannot be told apart from the answer (the interval reaches across ±{:.0} %): {}\n\n",
        a.equivalence * 100.0,
        picks(&a.ties)
    ));
    out.push_str("Every hasher timed:\n");
    out.push_str(&group(&rec.measured.cells));
    for e in &a.excluded_faster {
        out.push_str(&format!(
            "Left out, though faster ({:.2}x): {}: {}\n",
            e.pick.ratio,
            e.pick.implementation,
            escaped(&e.why)
        ));
    }
    for s in &rec.measured.skipped {
        out.push_str(&format!(
            "Not timed: {}: {}\n",
            s.implementation,
            escaped(&s.reason)
        ));
    }
    // The table ends in a blank line; the lines after it get one of their own.
    if !a.excluded_faster.is_empty() || !rec.measured.skipped.is_empty() {
        out.push('\n');
    }
    out.push_str(&elsewhere(rec));
    out.push_str(&screens(rec));
    out
}

fn picks(p: &[MapPick]) -> String {
    if p.is_empty() {
        return "none".to_string();
    }
    p.iter()
        .map(|p| {
            format!(
                "{} ({:.3}x [{:.3}, {:.3}])",
                p.implementation, p.ratio, p.ratio_low, p.ratio_high
            )
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Whether the other key sets of the type would change the answer.
fn elsewhere(rec: &MapRecommendation) -> String {
    let a = &rec.answer;
    if a.elsewhere.is_empty() {
        return String::new();
    }
    let rivals = rec.elsewhere_measured.as_ref().map_or(0, |d| {
        let mut ids: Vec<&str> = d.cells.iter().map(|c| c.implementation.as_str()).collect();
        ids.sort_unstable();
        ids.dedup();
        ids.len().saturating_sub(1)
    });
    let mut out = format!(
        "On the other key sets of this type (the answer and its {rivals} closest rivals, \
         the same size and workload):\n"
    );
    for e in &a.elsewhere {
        let ours = e
            .answer_ns
            .map_or("not timed".to_string(), |ns| time_ns(ns).to_string());
        let line = if e.leader == a.answer.implementation {
            format!("the answer leads ({ours})")
        } else if e.changes {
            format!(
                "{} leads ({}; the answer {ours}): it would change the answer",
                e.leader,
                time_ns(e.leader_ns)
            )
        } else {
            format!(
                "{} leads ({}; the answer {ours}, within the margin or its interval): the \
                 answer holds",
                e.leader,
                time_ns(e.leader_ns)
            )
        };
        out.push_str(&format!("  {}: {line}\n", escaped(&e.key_set)));
    }
    out.push('\n');
    out
}

/// The quality screens `--quality screen` ran.
fn screens(rec: &MapRecommendation) -> String {
    if rec.screens.is_empty() {
        return String::new();
    }
    let failed: Vec<String> = rec
        .screens
        .iter()
        .filter(|(_, n)| *n > 0)
        .map(|(id, n)| {
            if *n == usize::MAX {
                format!("{id} (could not be screened)")
            } else {
                format!("{id} ({n} check{})", if *n == 1 { "" } else { "s" })
            }
        })
        .collect();
    format!(
        "Quality screen (--quality {}): {} passed; failed: {}\n",
        rec.quality.as_deref().unwrap_or("screen"),
        rec.screens.len() - failed.len(),
        if failed.is_empty() {
            "none".to_string()
        } else {
            failed.join(", ")
        }
    )
}

#[cfg(test)]
mod tests;
