use super::*;

#[test]
fn names_round_trip_and_are_the_hosts_list() {
    for f in CpuFeature::ALL {
        assert_eq!(f.name().parse::<CpuFeature>(), Ok(f));
        assert_eq!(f.to_string(), f.name());
    }
    let names: Vec<&str> = CpuFeature::ALL.iter().map(|f| f.name()).collect();
    assert_eq!(names, crate::RELEVANT_FEATURES);
    assert_eq!(CpuFeature::Sse41.name(), "sse4.1");
    assert_eq!(CpuFeature::Avx512f.name(), "avx512f");
}

#[test]
fn unknown_names_are_refused() {
    // Only the exact spelling: no case folding, no `sse41` for `sse4.1`.
    for bad in ["", "AVX2", "sse41", "avx512", " avx2", "no-such-feature"] {
        assert_eq!(
            bad.parse::<CpuFeature>(),
            Err(UnknownCpuFeature(bad.to_string())),
            "{bad:?}"
        );
    }
}

#[test]
fn detection_by_the_enum_agrees_with_detection_by_name() {
    for f in CpuFeature::ALL {
        assert_eq!(crate::has_cpu_feature(f.name()), f.is_detected(), "{f}");
    }
    let detected: Vec<String> = CpuFeature::ALL
        .into_iter()
        .filter(|f| f.is_detected())
        .map(|f| f.to_string())
        .collect();
    assert_eq!(crate::detect_cpu_features(), detected);
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_is_detected_on_x86_64() {
    assert!(CpuFeature::Sse2.is_detected());
}
