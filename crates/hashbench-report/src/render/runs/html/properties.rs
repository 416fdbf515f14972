//! The properties table of a run's page: one row per measured algorithm with what it is
//! (class, output bits), what it detects at the run's sizes (a CRC's HD from its
//! published profile, or why there is none), its known weakness, its standard and FIPS
//! approval, its SMHasher3 verdict, and the source of each figure, as the catalogue's
//! data has them (`hashbench list` and docs/detection.md show the same). Every string
//! goes through `page`'s escaping: a run file can come from anywhere.

use std::collections::BTreeSet;

use hashbench_model::{AlgorithmProperties, Detection, Run, Size};

use super::page::{heading, note, table};
use crate::format::size;

const HEADER: [&str; 9] = [
    "algorithm",
    "kind",
    "output bits",
    "error detection at the run's sizes",
    "known weakness",
    "standard",
    "FIPS",
    "SMHasher3",
    "sources",
];

/// The section: from the run's own properties, else from `catalogue` (a run file from
/// before they were recorded; the page says so), else left out with the reason.
pub(super) fn section(run: &Run, catalogue: &[AlgorithmProperties]) -> String {
    let algorithms: BTreeSet<&str> = run
        .cells
        .iter()
        .filter_map(|c| c.algorithm.as_deref())
        .collect();
    if algorithms.is_empty() {
        return String::new();
    }
    let mut out = heading(2, "Properties of the algorithms, with sources");
    let (known, whose) = if run.properties.is_empty() {
        (catalogue, Some("this run file does not record them (it predates them): they are this hashbench's catalogue's"))
    } else {
        (run.properties.as_slice(), None)
    };
    if known.is_empty() {
        out.push_str(&note(
            "Not shown: this run file does not record its algorithms' properties, and no \
             catalogue was given to take them from.",
        ));
        return out;
    }
    if let Some(whose) = whose {
        out.push_str(&note(&format!("Properties: {whose}.")));
    }
    let mut missing = Vec::new();
    let rows: Vec<Vec<String>> = algorithms
        .iter()
        .filter_map(|id| {
            let found = known.iter().find(|p| p.id == *id);
            if found.is_none() {
                missing.push(*id);
            }
            found
        })
        .map(|p| row(p, &sizes_of(run, &p.id)))
        .collect();
    out.push_str(&table(&HEADER, &rows, &[false, false, true]));
    if !missing.is_empty() {
        out.push_str(&note(&format!(
            "No properties known for {}: not in the catalogue.",
            missing.join(", ")
        )));
    }
    out.push_str(&note(
        "HD: the Hamming distance guaranteed at that data length (every error of fewer \
         bits is detected); docs/detection.md explains each property and its source.",
    ));
    out
}

/// The sizes `algorithm`'s cells were measured at, smallest first.
fn sizes_of(run: &Run, algorithm: &str) -> Vec<Size> {
    let mut sizes: Vec<Size> = run
        .cells
        .iter()
        .filter(|c| c.algorithm.as_deref() == Some(algorithm))
        .map(|c| c.size)
        .collect();
    sizes.sort_by_key(|s| (s.max_bytes(), s.fixed().is_none()));
    sizes.dedup();
    sizes
}

fn row(p: &AlgorithmProperties, sizes: &[Size]) -> Vec<String> {
    let dash = || "-".to_string();
    let mut sources: Vec<String> = Vec::new();
    if let Some(s) = p.detection.as_ref().and_then(Detection::source) {
        sources.push(format!("detection: {s}"));
    }
    if let Some(f) = &p.fips {
        sources.push(format!("FIPS: {}", f.source));
    }
    if let Some(h) = &p.hash {
        sources.push(format!(
            "SMHasher3: {} ({})",
            h.smhasher3.source, h.smhasher3.date
        ));
    }
    vec![
        p.id.clone(),
        p.class.as_str().to_string(),
        p.output_bits.to_string(),
        detection(p.detection.as_ref(), sizes),
        weakness(p),
        p.standard.clone().unwrap_or_else(dash),
        p.fips.as_ref().map_or_else(dash, |f| f.status.clone()),
        p.hash
            .as_ref()
            .map_or_else(dash, |h| h.smhasher3.verdict.describe()),
        if sources.is_empty() {
            dash()
        } else {
            sources.join("; ")
        },
    ]
}

/// `HD 6 at 64 B, HD 4 at 4 KiB (polynomial 0x04C11DB7)` for a published profile; else
/// why there is no HD, as `list` and `recommend` say it.
fn detection(d: Option<&Detection>, sizes: &[Size]) -> String {
    let Some(d) = d else {
        return "-".to_string();
    };
    match d {
        Detection::Profile { polynomial, .. } => {
            let at: Vec<String> = sizes
                .iter()
                .filter_map(|s| {
                    let bits = s.max_bytes().saturating_mul(8);
                    let hd = d.hd_at(bits)?;
                    let rel = if d.hd_is_lower_bound(bits) { ">=" } else { " " };
                    Some(format!("HD{rel}{hd} at {}", size(*s)))
                })
                .collect();
            format!("{} (polynomial {polynomial})", at.join(", "))
        }
        Detection::Weak { .. } => "no guaranteed HD".to_string(),
        other => other.why_no_hd().unwrap_or_default(),
    }
}

/// A checksum's documented weakness, or a broken hash's published collisions.
fn weakness(p: &AlgorithmProperties) -> String {
    match &p.detection {
        Some(Detection::Weak { weakness, .. }) => weakness.clone(),
        _ if p.broken => match p.collision_bits {
            Some(bits) => format!("practical collisions published (about 2^{bits} work)"),
            None => "practical collisions published".to_string(),
        },
        _ => "-".to_string(),
    }
}

#[cfg(test)]
mod tests;
