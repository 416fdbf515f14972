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
}

#[derive(Serialize)]
struct AlgorithmEntry {
    #[serde(flatten)]
    algorithm: &'static Algorithm,
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
        algorithms: algorithms
            .into_iter()
            .map(|a| AlgorithmEntry {
                algorithm: a,
                implementations: selected
                    .iter()
                    .filter(|i| i.algorithm.id == a.id)
                    .map(|i| entry(i))
                    .collect(),
            })
            .collect(),
    }
}

pub fn run(filter: &[String], format: Format) -> Result<u8> {
    let listing = listing(&select(filter)?);
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
        for line in lines.by_ref().take(entry.implementations.len()) {
            out.push_str(line);
            out.push('\n');
        }
    }
    out.push_str(&format!(
        "\n{} algorithms, {} implementations\n",
        listing.algorithms.len(),
        rows.len()
    ));
    out
}
