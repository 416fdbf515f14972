//! The CPU features hashbench implementations dispatch on, as a type: what a pinned
//! implementation `requires` (`hashbench_catalog`'s registry), detected at run time by
//! [`CpuFeature::is_detected`]. Each prints as `is_x86_feature_detected!` and
//! `cfg(target_feature)` spell it (`sse4.1`, `avx512f`), the names results record.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// A name that is not one of [`CpuFeature::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown CPU feature {0:?}")]
pub struct UnknownCpuFeature(pub String);

/// Expands `$m!(...)` with the CPU features hashbench implementations dispatch on: each
/// its [`CpuFeature`] variant and its name in the spelling of `is_x86_feature_detected!`
/// and `cfg(target_feature)`. Those macros take only literals, so the list is written
/// here once and handed to each use.
macro_rules! with_relevant_features {
    ($m:ident) => {
        $m! {
            Sse2 "sse2",
            Ssse3 "ssse3",
            Sse41 "sse4.1",
            Sse42 "sse4.2",
            Pclmulqdq "pclmulqdq",
            Avx "avx",
            Avx2 "avx2",
            Bmi2 "bmi2",
            Sha "sha",
            Aes "aes",
            Avx512f "avx512f",
            Avx512vl "avx512vl",
            Avx512bw "avx512bw",
            Vpclmulqdq "vpclmulqdq"
        }
    };
}
pub(crate) use with_relevant_features;

/// The names of the CPU features hashbench implementations dispatch on
/// ([`CpuFeature::ALL`], in that order).
pub const RELEVANT_FEATURES: [&str; CpuFeature::ALL.len()] = {
    let mut names = [""; CpuFeature::ALL.len()];
    let mut i = 0;
    while i < names.len() {
        names[i] = CpuFeature::ALL[i].name();
        i += 1;
    }
    names
};

/// Whether this CPU (and OS) supports the named feature at run time
/// ([`CpuFeature::is_detected`]). An unknown name, or another architecture, answers
/// `false`: whatever asked for it is then unavailable rather than unsafe.
pub fn has_cpu_feature(name: &str) -> bool {
    name.parse::<CpuFeature>()
        .is_ok_and(CpuFeature::is_detected)
}

macro_rules! define {
    ($($variant:ident $name:tt),*) => {
        /// A CPU feature hashbench implementations dispatch on.
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum CpuFeature {
            $(
                #[doc = concat!("`", $name, "`")]
                $variant,
            )*
        }

        impl CpuFeature {
            /// Every feature, in the order hosts list them.
            pub const ALL: [CpuFeature; [$($name),*].len()] = [$(CpuFeature::$variant),*];

            /// The name `is_x86_feature_detected!` takes: `sse4.1`, `avx512f`.
            #[must_use]
            pub const fn name(self) -> &'static str {
                match self {
                    $(CpuFeature::$variant => $name,)*
                }
            }

            /// Whether this CPU (and OS) supports the feature at run time; `false` on
            /// another architecture, which makes what asked for it unavailable rather
            /// than unsafe.
            #[must_use]
            pub fn is_detected(self) -> bool {
                #[cfg(any(target_arch = "x86", target_arch = "x86_64"))]
                {
                    match self {
                        $(CpuFeature::$variant => std::arch::is_x86_feature_detected!($name),)*
                    }
                }
                #[cfg(not(any(target_arch = "x86", target_arch = "x86_64")))]
                {
                    false
                }
            }
        }
    };
}

with_relevant_features!(define);

impl fmt::Display for CpuFeature {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for CpuFeature {
    type Err = UnknownCpuFeature;

    /// The feature [`CpuFeature::name`] spells `name`, exactly.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        CpuFeature::ALL
            .into_iter()
            .find(|f| f.name() == name)
            .ok_or_else(|| UnknownCpuFeature(name.to_string()))
    }
}

#[cfg(test)]
mod tests;
