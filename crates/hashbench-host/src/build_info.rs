//! How the benchmark binary was built.

use serde::{Deserialize, Serialize};

/// Compile-time facts about the benchmark binary.
///
/// This crate only defines the record: the *binary* fills it from its own
/// `build.rs` (rustc version, profile, `RUSTFLAGS` and so on are only known
/// there), except [`Build::target_features`], for which
/// [`Build::target_features_enabled`] is provided.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Build {
    /// `rustc --version` output, e.g. `rustc 1.89.0 (29483883e 2025-08-04)`.
    pub rustc: String,
    /// Cargo profile, e.g. `release`, `dev`, `bench`.
    pub profile: String,
    /// Target triple, e.g. `x86_64-unknown-linux-gnu`.
    pub target: String,
    /// `-C target-cpu` if given (e.g. `native`, `x86-64-v3`).
    pub target_cpu: Option<String>,
    /// Which of [`RELEVANT_FEATURES`](crate::RELEVANT_FEATURES) the compiler
    /// could assume, i.e. were enabled by the target, `target-cpu` or
    /// `target-feature`; usually [`Build::target_features_enabled`].
    pub target_features: Vec<String>,
    /// The `RUSTFLAGS` / `CARGO_ENCODED_RUSTFLAGS` in effect, space-separated.
    pub rustflags: String,
    /// `OPT_LEVEL` as cargo passes it to build scripts: `0`–`3`, `s` or `z`.
    pub opt_level: String,
}

impl Build {
    /// Those of [`RELEVANT_FEATURES`](crate::RELEVANT_FEATURES) enabled by
    /// `cfg(target_feature)` when **this crate** was compiled, in that order.
    ///
    /// Within one cargo build every crate gets the same `RUSTFLAGS`, so this
    /// is also what the binary was compiled with. (Code may still use other
    /// features through runtime dispatch; see
    /// [`Host::cpu_features`](crate::Host::cpu_features).)
    pub fn target_features_enabled() -> Vec<String> {
        macro_rules! enabled {
            ($($variant:ident $f:tt),*) => {
                [$(($f, cfg!(target_feature = $f))),*]
            };
        }
        crate::cpu_feature::with_relevant_features!(enabled)
            .iter()
            .filter(|(_, on)| *on)
            .map(|(f, _)| f.to_string())
            .collect()
    }
}

#[cfg(test)]
mod tests;
