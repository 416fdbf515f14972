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

#[test]
fn past_own_caches_is_more_than_half_the_l2() {
    let h = cascade_lake();
    assert_eq!(h.past_own_caches(64 << 10), Some(false));
    assert_eq!(h.past_own_caches(512 << 10), Some(false));
    assert_eq!(h.past_own_caches((512 << 10) + 1), Some(true));
    assert_eq!(h.past_own_caches(1 << 20), Some(true));
    assert_eq!(
        host(&[(1, "data", 32 << 10)]).past_own_caches(1 << 30),
        None
    );
}
