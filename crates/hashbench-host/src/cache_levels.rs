//! Which cache level an input of a given size lives in, and sizes that straddle each
//! level (`hashbench run --sizes cache`).

use serde::{Deserialize, Serialize};

use crate::Host;

/// The smallest level of the data-cache hierarchy that holds a whole input.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum CacheLevel {
    L1,
    L2,
    L3,
    /// Larger than every cache (or the caches are unknown).
    #[serde(rename = "memory")]
    Memory,
}

impl CacheLevel {
    /// `"L1"`, `"L2"`, `"L3"` or `"memory"`, as the JSON writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            CacheLevel::L1 => "L1",
            CacheLevel::L2 => "L2",
            CacheLevel::L3 => "L3",
            CacheLevel::Memory => "memory",
        }
    }
}

impl std::fmt::Display for CacheLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.as_str())
    }
}

const LEVELS: [(u8, CacheLevel); 3] = [
    (1, CacheLevel::L1),
    (2, CacheLevel::L2),
    (3, CacheLevel::L3),
];

impl Host {
    /// The level an input of `size` bytes fits in: the first data or unified cache at
    /// least as large. This counts the input alone, as one core sees it: a kernel's own
    /// state, the `memcpy` baseline's copy and the other core's use of a shared L3 are
    /// not counted, so near a boundary the input may already spill.
    pub fn cache_level(&self, size: u64) -> CacheLevel {
        LEVELS
            .iter()
            .find(|(level, _)| self.cache_size(*level).is_some_and(|c| size <= c))
            .map_or(CacheLevel::Memory, |&(_, l)| l)
    }

    /// Half and twice each known data-cache size (L1d, L2, L3), ascending and without
    /// repeats: every level is seen from inside and from just outside. `None` when no
    /// cache size is known (non-Linux, a restricted `/sys`).
    pub fn sizes_around_caches(&self) -> Option<Vec<u64>> {
        let mut sizes: Vec<u64> = LEVELS
            .iter()
            .filter_map(|(level, _)| self.cache_size(*level))
            .flat_map(|c| [(c / 2).max(1), c.saturating_mul(2)])
            .collect();
        if sizes.is_empty() {
            return None;
        }
        sizes.sort_unstable();
        sizes.dedup();
        Some(sizes)
    }
}

#[cfg(test)]
mod tests;
