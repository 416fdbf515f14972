//! The properties of a non-cryptographic hash beyond its width, as data with sources:
//! its SMHasher3 verdict, its key and whether its output is stable. The catalogue's
//! `&'static` form of the run model's [`hashbench_model::HashProperties`].

use serde::Serialize;

pub use hashbench_model::{Key, Verdict};

/// The SMHasher3 results read here: every raw file below is at this commit of
/// fwojcik/smhasher3 (GitLab fwojcik/smhasher3, mirrored on GitHub), which the summary
/// table `results/README.md` (at 7ad8939d, 2025-11-12) lists; all were run with SMHasher3
/// release 20251015-5035a923.
pub const SMHASHER3_COMMIT: &str = "ea0b94f9fa4b65eafd094ecd8c8cb198eb85aa49";
/// The date of [`SMHASHER3_COMMIT`].
pub const SMHASHER3_DATE: &str = "2025-10-16";

/// The entry of [`Smhasher3::NOT_LOOKED_UP`]: no SMHasher3 name has it.
const NOT_LOOKED_UP_ENTRY: &str = "(defined by a plugin)";

/// SMHasher3's result for one hash: its verdict and the results file it is read from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct Smhasher3 {
    pub verdict: Verdict,
    /// SMHasher3's name of the hash; its results file is `results/raw/<entry>.txt`.
    pub entry: &'static str,
}

impl Smhasher3 {
    /// Passes all `tests` it was given.
    pub const fn passes(entry: &'static str, tests: u32) -> Self {
        Smhasher3 {
            verdict: Verdict::Passes { tests },
            entry,
        }
    }

    /// Fails `failed` of `of` tests.
    pub const fn fails(entry: &'static str, failed: u32, of: u32) -> Self {
        Smhasher3 {
            verdict: Verdict::Fails { failed, of },
            entry,
        }
    }

    /// Not in SMHasher3's results.
    pub const NOT_TESTED: Smhasher3 = Smhasher3 {
        verdict: Verdict::NotTested,
        entry: "",
    };

    /// Not looked up: an algorithm a plugin's manifest defined (crate::defined), whose
    /// name hashbench cannot match to an SMHasher3 entry.
    pub const NOT_LOOKED_UP: Smhasher3 = Smhasher3 {
        verdict: Verdict::NotTested,
        entry: NOT_LOOKED_UP_ENTRY,
    };

    /// The results file, at its commit: `fwojcik/smhasher3 results/raw/XXH3-64.txt @ ea0b94f9`.
    pub fn source(&self) -> String {
        if self.entry == NOT_LOOKED_UP_ENTRY {
            return "not looked up: defined by a plugin's manifest, and hashbench holds \
                    SMHasher3 verdicts for its catalogue's algorithms only"
                .to_string();
        }
        if self.entry.is_empty() {
            return format!(
                "not in fwojcik/smhasher3 results/README.md @ {}",
                &SMHASHER3_COMMIT[..8]
            );
        }
        format!(
            "fwojcik/smhasher3 results/raw/{}.txt @ {}",
            self.entry,
            &SMHASHER3_COMMIT[..8]
        )
    }
}

/// A non-cryptographic hash's properties beyond its width.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct HashProperties {
    pub smhasher3: Smhasher3,
    pub key: Key,
    /// The same input gives the same output on every platform and in every version.
    pub stable: bool,
    /// Why (or why not), as the crate or the authors document it.
    pub stability: &'static str,
}

impl HashProperties {
    /// As the run model records it.
    #[must_use]
    pub fn model(&self) -> hashbench_model::HashProperties {
        hashbench_model::HashProperties {
            smhasher3: hashbench_model::Smhasher3 {
                verdict: self.smhasher3.verdict,
                entry: self.smhasher3.entry.to_string(),
                source: self.smhasher3.source(),
                date: SMHASHER3_DATE.to_string(),
            },
            key: self.key,
            stability: hashbench_model::Stability {
                stable: self.stable,
                reason: self.stability.to_string(),
            },
        }
    }
}

/// Shorthand for the table in `algorithm.rs`.
pub(crate) const fn hp(
    smhasher3: Smhasher3,
    key: Key,
    stable: bool,
    stability: &'static str,
) -> HashProperties {
    HashProperties {
        smhasher3,
        key,
        stable,
        stability,
    }
}
