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
mod tests {
    use super::*;
    use crate::Cache;

    fn host(caches: &[(u8, &str, u64)]) -> Host {
        Host {
            cpu_model: "test".into(),
            cpu_vendor: "test".into(),
            logical_cores: 2,
            physical_cores: None,
            cpu_features: Vec::new(),
            caches: caches
                .iter()
                .map(|&(level, kind, size_bytes)| Cache {
                    level,
                    kind: kind.into(),
                    size_bytes,
                    shared_by_cpus: None,
                })
                .collect(),
            os: "test".into(),
            kernel: None,
            arch: "x86_64".into(),
            memory_bytes: None,
            memory_available_bytes: None,
        }
    }

    /// The development machine's caches: 32 KiB L1d (and L1i), 1 MiB L2, 35.75 MiB L3.
    fn cascade_lake() -> Host {
        host(&[
            (1, "data", 32 << 10),
            (1, "instruction", 32 << 10),
            (2, "unified", 1 << 20),
            (3, "unified", 36608 << 10),
        ])
    }

    #[test]
    fn sizes_straddle_every_level() {
        assert_eq!(
            cascade_lake().sizes_around_caches(),
            Some(vec![
                16 << 10,
                64 << 10,
                512 << 10,
                2 << 20,
                18304 << 10,
                73216 << 10
            ])
        );
        // Only L1 and L2 known; overlapping neighbours are kept once.
        let small = host(&[(1, "data", 64), (2, "unified", 256)]);
        assert_eq!(small.sizes_around_caches(), Some(vec![32, 128, 512]));
        assert_eq!(
            host(&[(1, "instruction", 32 << 10)]).sizes_around_caches(),
            None
        );
        assert_eq!(host(&[]).sizes_around_caches(), None);
    }

    #[test]
    fn each_size_lives_in_the_first_level_that_holds_it() {
        let h = cascade_lake();
        assert_eq!(h.cache_level(1), CacheLevel::L1);
        assert_eq!(h.cache_level(32 << 10), CacheLevel::L1);
        assert_eq!(h.cache_level((32 << 10) + 1), CacheLevel::L2);
        assert_eq!(h.cache_level(1 << 20), CacheLevel::L2);
        assert_eq!(h.cache_level(2 << 20), CacheLevel::L3);
        assert_eq!(h.cache_level(73216 << 10), CacheLevel::Memory);
        // The instruction cache never counts; unknown caches mean memory.
        assert_eq!(
            host(&[(1, "instruction", 1 << 30)]).cache_level(64),
            CacheLevel::Memory
        );
        assert_eq!(
            serde_json::to_string(&CacheLevel::Memory).unwrap(),
            "\"memory\""
        );
        assert_eq!(CacheLevel::L2.to_string(), "L2");
    }
}
