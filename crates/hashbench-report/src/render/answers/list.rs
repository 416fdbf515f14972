//! `hashbench list`: the catalogue as one machine sees it, as data (the `list --format
//! json` document, docs/json-schema.md) and as text (one heading per algorithm, then its
//! implementations in aligned columns, then the other runtimes). The catalogue's facts
//! arrive as plain data, so this crate needs no hash library.

pub use hashbench_model::listing::{
    AlgorithmEntry, ExternalEntry, ImplementationEntry, Listing, ProviderKind, RuntimeEntry,
    LIST_SCHEMA_VERSION,
};

use crate::format::aligned;

/// The JSON document, pretty-printed, with a final newline.
///
/// # Errors
///
/// Serialization failed (it does not for these types).
pub fn json(listing: &Listing) -> Result<String, serde_json::Error> {
    Ok(format!("{}\n", serde_json::to_string_pretty(listing)?))
}

/// The listing as text.
#[must_use]
pub fn text(listing: &Listing) -> String {
    // One table over every implementation row keeps columns aligned across algorithms;
    // the algorithm headings go between its lines.
    let rows: Vec<Vec<String>> = listing
        .algorithms
        .iter()
        .flat_map(|a| &a.implementations)
        .map(|i| {
            vec![
                format!("  {}", i.id),
                match i.provider_kind {
                    ProviderKind::RustCrate => format!("{} {}", i.provider, i.provider_version),
                    ProviderKind::CLibrary => i.provider_version.clone(),
                },
                i.backend.clone(),
                match &i.unavailable_reason {
                    None => "available".to_string(),
                    Some(why) => format!("UNAVAILABLE: {why}"),
                },
            ]
        })
        .collect();
    let rendered = aligned(&rows, &[]);
    let mut lines = rendered.lines();
    let mut out = String::new();
    for a in &listing.algorithms {
        out.push_str(&format!(
            "{} ({}, {} bits, {} B blocks): {}\n",
            a.id,
            a.class.as_str(),
            a.output_bits,
            a.block_bytes,
            a.security_note
        ));
        if let Some(p) = &a.hash_properties {
            out.push_str(&properties_line(p));
        }
        out.push_str(&detection_line(a.detection.as_ref(), a.fips.as_ref()));
        for line in lines.by_ref().take(a.implementations.len()) {
            out.push_str(line);
            out.push('\n');
        }
    }
    for r in &listing.runtimes {
        out.push_str(&runtime_text(r));
    }
    let external: usize = listing
        .runtimes
        .iter()
        .map(|r| r.implementations.len())
        .sum();
    out.push_str(&format!(
        "\n{}, {}{}\n",
        counted(listing.algorithms.len(), "algorithm"),
        counted(rows.len(), "implementation"),
        if listing.runtimes.is_empty() {
            String::new()
        } else {
            format!(", {external} in other runtimes")
        }
    ));
    out
}

/// `1 algorithm`, `2 algorithms`: a filter may select one.
fn counted(n: usize, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else {
        format!("{n} {noun}s")
    }
}

/// `  SMHasher3: fails 27/250 (...); key: 64-bit seed (...); output: stable (...)`.
fn properties_line(p: &hashbench_model::HashProperties) -> String {
    let s = &p.smhasher3;
    format!(
        "  SMHasher3: {} ({}, {}); key: {}; output: {} ({})\n",
        s.verdict.describe(),
        s.source,
        s.date,
        p.key.describe(),
        if p.stability.stable {
            "stable"
        } else {
            "NOT stable"
        },
        p.stability.reason
    )
}

/// A checksum's error detection or a cryptographic hash's FIPS approval, with its
/// source: `  HD: 5 up to 2974 data bits, 4 up to 91607, ... (source)`. Empty for the
/// hashes, which guarantee no HD (`--format json` says so).
fn detection_line(
    detection: Option<&hashbench_model::Detection>,
    fips: Option<&hashbench_model::Fips>,
) -> String {
    use hashbench_model::Detection;
    let mut out = String::new();
    match detection {
        Some(Detection::Profile {
            polynomial,
            koopman,
            max_bits,
            source,
            lower_bounds,
        }) => {
            // A lower-bound level was searched only that far: "HD=5 up to at least 40000".
            let steps: Vec<String> = (3u32..)
                .zip(max_bits)
                .map(|(hd, m)| {
                    let at_least = if lower_bounds.contains(&hd) {
                        "at least "
                    } else {
                        ""
                    };
                    format!("HD={hd} up to {at_least}{m}")
                })
                .collect();
            out.push_str(&format!(
                "  polynomial {polynomial} (Koopman {koopman}); data bits: {}; longer: HD=2 ({source})\n",
                steps.join(", ")
            ));
        }
        Some(d @ (Detection::Unknown { .. } | Detection::Weak { .. })) => {
            out.push_str(&format!("  {}\n", d.why_no_hd().unwrap_or_default()));
        }
        _ => {}
    }
    if let Some(f) = fips {
        out.push_str(&format!("  FIPS: algorithm {} ({})\n", f.status, f.source));
    }
    out
}

/// One runtime: why it cannot run, or what its adapter offers.
fn runtime_text(r: &RuntimeEntry) -> String {
    match &r.unavailable_reason {
        Some(why) => format!(
            "{} (runtime): UNAVAILABLE: {why}\n  set it up with: {}\n",
            r.runtime,
            r.setup.as_deref().unwrap_or("")
        ),
        None => {
            let version = r
                .implementations
                .first()
                .map_or("", |i| i.runtime_version.as_str());
            let rows: Vec<Vec<String>> = r
                .implementations
                .iter()
                .map(|i| {
                    vec![
                        format!("  {}", i.id),
                        i.provider.clone(),
                        i.backend.clone(),
                        i.patterns.join(","),
                    ]
                })
                .collect();
            format!(
                "{} (runtime {version}), through {}:\n{}",
                r.runtime,
                r.through,
                aligned(&rows, &[])
            )
        }
    }
}
