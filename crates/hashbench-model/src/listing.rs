//! What `hashbench list` shows, as data: the `list --format json` document
//! (docs/json-schema.md). `hashbench-plan` fills it from the catalogue and the runtimes'
//! adapters; `hashbench-report` writes it out as text or JSON.

use serde::Serialize;

use crate::AlgorithmClass;

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
    /// A non-cryptographic hash's SMHasher3 verdict (with its results file and date), key
    /// and stability, as a run records them.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub hash_properties: Option<crate::HashProperties>,
    /// What it detects (a CRC's HD profile, a checksum's weakness), with its source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub detection: Option<crate::Detection>,
    /// A cryptographic hash's FIPS approval, with its source.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub fips: Option<crate::Fips>,
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
    /// What speaks for it: `adapters/node` (a built-in runtime's adapter), `your adapter`
    /// (`--adapter`) or `hashbench's plugin worker` (`--plugin`).
    pub through: String,
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
