//! Implementations: one library's code for one algorithm, possibly pinned to a backend.

use serde::Serialize;

use crate::algorithm::Algorithm;
use crate::hasher::Hasher;
use hashbench_host::CpuFeature;

/// Where a provider's code comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum ProviderKind {
    /// A crate from crates.io, compiled into hashbench.
    RustCrate,
    /// A C library reached through a binding crate.
    CLibrary,
}

/// A library that implements one or more algorithms.
#[derive(Debug)]
pub struct Provider {
    /// Name used in implementation ids and filters (`openssl`, `sha2`, `blake3`).
    pub name: &'static str,
    pub kind: ProviderKind,
    /// The crate whose version identifies this provider's code in the build.
    pub crate_name: &'static str,
    /// For C libraries: the version string the loaded library reports at run time.
    pub runtime_version: Option<fn() -> String>,
    /// One line on what the provider is, shown by `list`.
    pub about: &'static str,
}

impl Provider {
    /// The version that runs: the C library's own string where there is one, then the
    /// binding crate's version from this build.
    pub fn version(&self) -> String {
        let krate = crate::versions::crate_version(self.crate_name);
        match (self.runtime_version, krate) {
            (Some(f), Some(krate)) => format!("{} ({} {})", f(), self.crate_name, krate),
            // No crate of its own (the standard library): the runtime's string alone.
            (Some(f), None) => f(),
            (None, krate) => krate.unwrap_or_else(|| "unknown".to_string()),
        }
    }
}

/// Whether an implementation can run on this machine.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(tag = "status", content = "reason", rename_all = "kebab-case")]
pub enum Availability {
    Available,
    /// Cannot run here; the reason says what is missing ("needs avx512f").
    Unavailable(String),
}

impl Availability {
    pub fn is_available(&self) -> bool {
        matches!(self, Availability::Available)
    }
}

/// One library's code for an algorithm. A plain struct in a static list
/// ([`crate::registry::IMPLEMENTATIONS`]), so the catalogue is greppable.
pub struct Implementation {
    /// `algorithm/provider[+variant]`, e.g. `blake2b-512/blake2b_simd+portable`.
    pub id: &'static str,
    pub algorithm: &'static Algorithm,
    pub provider: &'static Provider,
    /// The backend this implementation pins, if it does not let the library choose.
    pub variant: Option<&'static str>,
    /// CPU features the pinned backend needs; each is detected at run time, and
    /// printed as `is_x86_feature_detected!` names it (`needs avx512f + avx512vl`).
    pub requires: &'static [CpuFeature],
    /// A run-time check beyond CPU features (an OpenSSL provider that must offer the
    /// algorithm); `Err` says why it cannot run.
    pub probe: Option<fn() -> Result<(), Unavailable>>,
    /// Whether one call spreads one message over a thread pool (blake3's `update_rayon`).
    /// Only these are measured with `hashbench run --threads N` for N > 1.
    pub parallel: bool,
    /// Describes the backend that actually runs here (detected platform, CPU features
    /// the library uses).
    pub backend: fn() -> String,
    /// A fresh state. Only call when [`Implementation::availability`] is available.
    pub new: fn() -> Box<dyn Hasher>,
}

impl std::fmt::Debug for Implementation {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Implementation")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

impl Implementation {
    pub fn availability(&self) -> Availability {
        self.availability_on(&|f| f.is_detected())
    }

    /// [`Implementation::availability`] on a CPU with the features `has` answers.
    pub(crate) fn availability_on(&self, has: &dyn Fn(CpuFeature) -> bool) -> Availability {
        let missing: Vec<&str> = self
            .requires
            .iter()
            .filter(|f| !has(**f))
            .map(|f| f.name())
            .collect();
        if !missing.is_empty() {
            return Availability::Unavailable(format!("needs {}", missing.join(" + ")));
        }
        match self.probe.map_or(Ok(()), |probe| probe()) {
            Ok(()) => Availability::Available,
            Err(why) => Availability::Unavailable(why.0),
        }
    }

    /// A fresh state, or the reason this implementation cannot run here.
    pub fn instantiate(&self) -> Result<Box<dyn Hasher>, Unavailable> {
        match self.availability() {
            Availability::Available => Ok((self.new)()),
            Availability::Unavailable(why) => Err(Unavailable(why)),
        }
    }
}

/// Why an implementation cannot run on this machine, in one line (`needs avx512f`, an
/// OpenSSL provider without the algorithm).
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct Unavailable(pub String);
