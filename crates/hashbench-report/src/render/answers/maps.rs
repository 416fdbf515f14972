//! `hashbench maps`: a table per key set, map size and workload, its hashers ranked by
//! time per operation with the figure's interval, beside what the map saw of the set's
//! hashes (groups read and keys compared in vain per lookup, the longest probe, each
//! beside a random function's); then the hashers not timed; or the JSON document
//! (`hashbench_quality::MapsDocument`).

use hashbench_model::format::{time_interval, time_ns};
use hashbench_quality::{MapCell, MapsDocument};

use crate::format::aligned;
use crate::render::sanitize::escaped;

/// The JSON document, pretty-printed, with a final newline.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(doc: &MapsDocument) -> Result<String, serde_json::Error> {
    Ok(format!("{}\n", serde_json::to_string_pretty(doc)?))
}

/// Every table, then the hashers not timed and how to read the columns: what a table
/// output prints, [`group`] by group as each is measured, then [`footer`].
#[must_use]
pub fn tables(doc: &MapsDocument) -> String {
    let mut out = String::new();
    let mut groups: Vec<(&str, usize, &str)> = Vec::new();
    for c in &doc.cells {
        let key = (c.key_set.as_str(), c.entries, c.workload.as_str());
        if !groups.contains(&key) {
            groups.push(key);
        }
    }
    for (set, entries, workload) in groups {
        let cells: Vec<MapCell> = doc
            .cells
            .iter()
            .filter(|c| c.key_set == set && c.entries == entries && c.workload == workload)
            .cloned()
            .collect();
        out.push_str(&group(&cells));
    }
    out.push_str(&footer(doc));
    out
}

/// One key set, size and workload: a line that says which, its hashers fastest first,
/// and a blank line; nothing for no cells.
#[must_use]
pub fn group(cells: &[MapCell]) -> String {
    let Some(first) = cells.first() else {
        return String::new();
    };
    format!(
        "{}, {} keys, {}: {}\n{}\n",
        escaped(&first.key_set),
        first.entries,
        first.workload,
        per_op(&first.workload),
        table(cells, &first.workload)
    )
}

/// The hashers not timed, and how to read the tables.
#[must_use]
pub fn footer(doc: &MapsDocument) -> String {
    let mut out = String::new();
    for s in &doc.skipped {
        out.push_str(&format!(
            "not timed: {}: {}\n",
            s.implementation,
            escaped(&s.reason)
        ));
    }
    out.push_str(&format!(
        "{} rounds a cell, each a new map, the hashers' rounds in sweeps side by side; \
         \"x fastest\" is the time over the fastest's, paired sweep by sweep, with its \
         interval; `=` cannot be told apart from the fastest (within ±3 %, or an interval \
         across it); \"probe\" is \
         what a lookup reads in hashbrown's table (groups of 16 slots, keys compared in vain on \
         a false 7-bit tag), beside a random function's in brackets; docs/hash-tables.md.\n",
        doc.config.rounds
    ));
    // Each interval reaches at least as far as earlier runs saw figures move: say how.
    if !doc.config.run_to_run.is_empty() {
        // Map cells' classes (map-core, map-shared) learn from map cells only; one that
        // learned nothing reaches as far as map cells moved on the development VM.
        out.push_str(&format!("The {}.\n", doc.config.run_to_run));
    }
    out
}

pub(crate) fn per_op(workload: &str) -> &'static str {
    match workload {
        "build" => "time per insert, the map's growth included",
        "miss" => "time per lookup of a key not in the map",
        "churn" => "time per remove and insert",
        _ => "time per lookup of a key in the map",
    }
}

/// One group's rows, fastest first: by each cell's standing to the table's fastest
/// (paired sweep by sweep) where the cells have one, else by figure.
fn table(cells: &[MapCell], workload: &str) -> String {
    let mut ranked: Vec<&MapCell> = cells.iter().collect();
    let key = |c: &MapCell| c.standing.as_ref().map_or(c.ns, |s| s.ratio.ratio);
    ranked.sort_by(|a, b| key(a).total_cmp(&key(b)));
    let Some(best) = ranked.first() else {
        return String::new();
    };
    let mut rows = vec![[
        "",
        "hasher",
        "per op",
        "interval",
        "x fastest",
        "probe",
        "flags",
    ]
    .map(String::from)
    .to_vec()];
    for (i, c) in ranked.iter().enumerate() {
        let (tied, times) = match &c.standing {
            Some(s) => (
                s.relation != "slower",
                if s.relation == "fastest" {
                    "1.00".to_string()
                } else {
                    format!(
                        "{:.2} [{:.2}, {:.2}]",
                        s.ratio.ratio, s.ratio.low, s.ratio.high
                    )
                },
            ),
            // A cell made by hand: its interval beside the fastest's.
            None => (
                i == 0 || c.low_ns <= best.high_ns,
                format!("{:.2}", c.ns / best.ns),
            ),
        };
        rows.push(vec![
            if tied { "=".to_string() } else { String::new() },
            c.implementation.clone(),
            time_ns(c.ns),
            time_interval(c.low_ns, c.high_ns, c.ns),
            times,
            probe(c, workload),
            flags(c),
        ]);
    }
    aligned(&rows, &[false, false, true, true, true, false, false])
}

/// What a lookup of the workload reads: groups, and keys compared in vain, each beside a
/// random function's; the longest probe of a hit.
fn probe(c: &MapCell, workload: &str) -> String {
    let Some(v) = &c.view else {
        return "-".to_string();
    };
    let (o, r) = (&v.observed, &v.random);
    let (groups, random_groups, tags, random_tags) = if workload == "miss" {
        (
            o.groups_per_miss,
            r.groups_per_miss,
            o.false_tags_per_miss,
            r.false_tags_per_miss,
        )
    } else {
        (
            o.groups_per_hit,
            r.groups_per_hit,
            o.false_tags_per_hit,
            r.false_tags_per_hit,
        )
    };
    format!(
        "{groups:.2} groups [{random_groups:.2}], {tags:.3} in vain [{random_tags:.3}], longest {} [{}]",
        o.longest, r.longest
    )
}

fn flags(c: &MapCell) -> String {
    let mut f = Vec::new();
    if !c.settled {
        f.push("unsettled".to_string());
    }
    if let Some(v) = &c.view {
        if !v.crowded.is_empty() {
            f.push(format!("crowded: {}", escaped(&v.crowded.join("; "))));
        }
    }
    f.join(", ")
}

#[cfg(test)]
mod tests;
