//! `hashbench list`: the catalogue as this machine sees it.

use anyhow::Result;
use hashbench_catalog::{Algorithm, Availability, Implementation, ProviderKind};
use serde::Serialize;

use crate::{cli::emit, cli::select, cli::Format};

/// Version of the `list --format json` document (docs/json-schema.md).
const LIST_SCHEMA_VERSION: u32 = 1;

#[derive(Serialize)]
struct Listing {
    schema_version: u32,
    algorithms: Vec<AlgorithmEntry>,
    /// The runtimes asked for (absent when none was).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    runtimes: Vec<RuntimeEntry>,
}

/// A runtime's adapter: what it offers, or why it cannot run here.
#[derive(Serialize)]
struct RuntimeEntry {
    runtime: String,
    available: bool,
    /// Why not, and the command that sets it up.
    unavailable_reason: Option<String>,
    setup: Option<String>,
    implementations: Vec<ExternalEntry>,
}

#[derive(Serialize)]
struct ExternalEntry {
    id: String,
    algorithm: &'static str,
    provider: String,
    runtime_version: String,
    backend: String,
    patterns: Vec<String>,
}

#[derive(Serialize)]
struct AlgorithmEntry {
    #[serde(flatten)]
    algorithm: &'static Algorithm,
    /// A non-cryptographic hash's SMHasher3 verdict (with its results file and date), key
    /// and stability, as a run records them.
    #[serde(skip_serializing_if = "Option::is_none")]
    hash_properties: Option<hashbench_model::HashProperties>,
    implementations: Vec<ImplementationEntry>,
}

#[derive(Serialize)]
struct ImplementationEntry {
    id: &'static str,
    provider: &'static str,
    provider_kind: ProviderKind,
    provider_version: String,
    /// The backend the id pins, if any.
    variant: Option<&'static str>,
    /// What runs here.
    backend: String,
    available: bool,
    unavailable_reason: Option<String>,
}

fn entry(imp: &Implementation) -> ImplementationEntry {
    let availability = imp.availability();
    ImplementationEntry {
        id: imp.id,
        provider: imp.provider.name,
        provider_kind: imp.provider.kind,
        provider_version: imp.provider.version(),
        variant: imp.variant,
        backend: (imp.backend)(),
        available: availability.is_available(),
        unavailable_reason: match availability {
            Availability::Available => None,
            Availability::Unavailable(why) => Some(why),
        },
    }
}

fn listing(selected: &[&'static Implementation]) -> Listing {
    let mut algorithms: Vec<&'static Algorithm> = selected.iter().map(|i| i.algorithm).collect();
    algorithms.dedup_by_key(|a| a.id);
    Listing {
        schema_version: LIST_SCHEMA_VERSION,
        runtimes: Vec::new(),
        algorithms: algorithms
            .into_iter()
            .map(|a| AlgorithmEntry {
                algorithm: a,
                hash_properties: a.hash.map(|h| h.model()),
                implementations: selected
                    .iter()
                    .filter(|i| i.algorithm.id == a.id)
                    .map(|i| entry(i))
                    .collect(),
            })
            .collect(),
    }
}

fn runtime_entries(selection: &crate::runtimes::Selection, asked: &[String]) -> Vec<RuntimeEntry> {
    let mut out: Vec<RuntimeEntry> = Vec::new();
    for (runtime, why, setup) in &selection.unavailable {
        out.push(RuntimeEntry {
            runtime: runtime.clone(),
            available: false,
            unavailable_reason: Some(why.clone()),
            setup: Some(setup.clone()),
            implementations: Vec::new(),
        });
    }
    for runtime in asked {
        if out.iter().any(|e| e.runtime == *runtime) {
            continue;
        }
        out.push(RuntimeEntry {
            runtime: runtime.clone(),
            available: true,
            unavailable_reason: None,
            setup: None,
            implementations: selection
                .external
                .iter()
                .filter(|e| e.runtime == *runtime)
                .map(|e| ExternalEntry {
                    id: e.id.clone(),
                    algorithm: e.algorithm.id,
                    provider: e.provider.clone(),
                    runtime_version: e.runtime_version.clone(),
                    backend: e.backend.clone(),
                    patterns: e.patterns.iter().map(ToString::to_string).collect(),
                })
                .collect(),
        });
    }
    out.sort_by_key(|e| {
        hashbench_adapters::RUNTIMES
            .iter()
            .position(|r| *r == e.runtime)
    });
    out
}

pub fn run(filter: &[String], runtimes: &[String], format: Format) -> Result<u8> {
    let selection = crate::runtimes::select(filter, runtimes)?;
    let mut listing = listing(&if selection.asked {
        selection.local.clone()
    } else {
        select(filter)?
    });
    let mut asked: Vec<String> = runtimes.to_vec();
    asked.extend(selection.external.iter().map(|e| e.runtime.clone()));
    asked.dedup();
    listing.runtimes = runtime_entries(&selection, &asked);
    match format {
        Format::Json => emit(&format!("{}\n", serde_json::to_string_pretty(&listing)?)),
        Format::Table => emit(&render(&listing)),
    }
    Ok(0)
}

fn render(listing: &Listing) -> String {
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
    let rendered = hashbench_report::format::aligned(&rows, &[]);
    let mut lines = rendered.lines();
    let mut out = String::new();
    for entry in &listing.algorithms {
        let a = entry.algorithm;
        out.push_str(&format!(
            "{} ({}, {} bits, {} B blocks): {}\n",
            a.id,
            a.class.as_str(),
            a.output_bits,
            a.block_bytes,
            a.security_note
        ));
        if let Some(p) = &entry.hash_properties {
            out.push_str(&properties_line(p));
        }
        for line in lines.by_ref().take(entry.implementations.len()) {
            out.push_str(line);
            out.push('\n');
        }
    }
    for r in &listing.runtimes {
        match &r.unavailable_reason {
            Some(why) => out.push_str(&format!(
                "{} (runtime): UNAVAILABLE: {why}\n  set it up with: {}\n",
                r.runtime,
                r.setup.as_deref().unwrap_or("")
            )),
            None => {
                let version = r
                    .implementations
                    .first()
                    .map_or("", |i| i.runtime_version.as_str());
                out.push_str(&format!(
                    "{} (runtime {version}), through adapters/{}:\n",
                    r.runtime, r.runtime
                ));
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
                out.push_str(&hashbench_report::format::aligned(&rows, &[]));
            }
        }
    }
    let external: usize = listing
        .runtimes
        .iter()
        .map(|r| r.implementations.len())
        .sum();
    out.push_str(&format!(
        "\n{} algorithms, {} implementations{}\n",
        listing.algorithms.len(),
        rows.len(),
        if listing.runtimes.is_empty() {
            String::new()
        } else {
            format!(", {external} in other runtimes")
        }
    ));
    out
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
