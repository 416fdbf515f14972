use super::*;
use crate::RELEVANT_FEATURES;

fn cache(level: u8, kind: &str, size_bytes: u64) -> Cache {
    Cache {
        level,
        kind: kind.to_string(),
        size_bytes,
        shared_by_cpus: None,
    }
}

fn host_with(caches: Vec<Cache>) -> Host {
    Host {
        cpu_model: "test".into(),
        cpu_vendor: "test".into(),
        logical_cores: 1,
        physical_cores: None,
        cpu_features: vec!["sse2".into(), "avx2".into()],
        caches,
        os: "test".into(),
        kernel: None,
        arch: "x86_64".into(),
        memory_bytes: None,
        memory_available_bytes: None,
    }
}

#[test]
fn cache_size_picks_data_or_unified() {
    let host = host_with(vec![
        cache(1, "instruction", 32 << 10),
        cache(1, "data", 48 << 10),
        cache(2, "unified", 2 << 20),
        cache(3, "unified", 36608 << 10),
    ]);
    assert_eq!(host.cache_size(1), Some(48 << 10));
    assert_eq!(host.cache_size(2), Some(2 << 20));
    assert_eq!(host.cache_size(3), Some(36608 << 10));
    assert_eq!(host.cache_size(4), None);
    assert_eq!(
        host_with(vec![cache(1, "instruction", 1)]).cache_size(1),
        None
    );
}

#[test]
fn has_feature_matches_exact_names() {
    let host = host_with(Vec::new());
    assert!(host.has_feature("avx2"));
    assert!(!host.has_feature("avx"));
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_is_always_detected_on_x86_64() {
    let features = detect_cpu_features();
    assert!(features.iter().any(|f| f == "sse2"), "{features:?}");
    assert!(features
        .iter()
        .all(|f| RELEVANT_FEATURES.contains(&f.as_str())));
}
