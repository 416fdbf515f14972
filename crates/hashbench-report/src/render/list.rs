//! `hashbench list`: the catalogue as one machine sees it, as data (the `list --format
//! json` document, docs/json-schema.md) and as text (one heading per algorithm, then its
//! implementations in aligned columns, then the other runtimes). The catalogue's facts
//! arrive as plain data, so this crate needs no hash library.

use hashbench_model::AlgorithmClass;
use serde::Serialize;

use crate::format::aligned;

/// Version of the `list --format json` document (docs/json-schema.md).
pub const LIST_SCHEMA_VERSION: u32 = 1;

/// The whole listing.
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    pub schema_version: u32,
    pub algorithms: Vec<AlgorithmEntry>,
    /// The runtimes asked for (absent when none was).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub runtimes: Vec<RuntimeEntry>,
}

/// One algorithm: the catalogue's facts (in its order), then its implementations.
#[derive(Clone, Debug, Serialize)]
pub struct AlgorithmEntry {
    pub id: String,
    pub family: String,
    pub class: AlgorithmClass,
    pub output_bits: u32,
    pub block_bytes: u32,
    pub security_note: String,
    pub collision_bits: Option<u32>,
    pub broken: bool,
    pub standard: Option<String>,
    pub implementations: Vec<ImplementationEntry>,
}

/// Where a provider's code comes from (the catalogue's `ProviderKind`, as data).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderKind {
    /// A crate compiled into hashbench.
    RustCrate,
    /// A C library reached through a binding crate.
    CLibrary,
}

/// One in-process implementation.
#[derive(Clone, Debug, Serialize)]
pub struct ImplementationEntry {
    pub id: String,
    pub provider: String,
    pub provider_kind: ProviderKind,
    pub provider_version: String,
    /// The backend the id pins, if any.
    pub variant: Option<String>,
    /// What runs here.
    pub backend: String,
    pub available: bool,
    pub unavailable_reason: Option<String>,
}

/// A runtime's adapter: what it offers, or why it cannot run here.
#[derive(Clone, Debug, Serialize)]
pub struct RuntimeEntry {
    pub runtime: String,
    pub available: bool,
    /// Why not, and the command that sets it up.
    pub unavailable_reason: Option<String>,
    pub setup: Option<String>,
    pub implementations: Vec<ExternalEntry>,
}

/// One implementation an adapter offers.
#[derive(Clone, Debug, Serialize)]
pub struct ExternalEntry {
    pub id: String,
    pub algorithm: String,
    pub provider: String,
    pub runtime_version: String,
    pub backend: String,
    pub patterns: Vec<String>,
}

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
                "{} (runtime {version}), through adapters/{}:\n{}",
                r.runtime,
                r.runtime,
                aligned(&rows, &[])
            )
        }
    }
}
