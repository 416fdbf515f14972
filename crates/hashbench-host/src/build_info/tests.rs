use super::*;

#[test]
fn enabled_features_are_a_subset_in_order() {
    let enabled = Build::target_features_enabled();
    let positions: Vec<usize> = enabled
        .iter()
        .map(|f| {
            crate::RELEVANT_FEATURES
                .iter()
                .position(|r| r == f)
                .expect("feature from the relevant list")
        })
        .collect();
    assert!(positions.windows(2).all(|w| w[0] < w[1]), "{enabled:?}");
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_is_baseline_on_x86_64() {
    assert!(Build::target_features_enabled().contains(&"sse2".to_string()));
}

#[cfg(target_arch = "x86_64")]
#[test]
fn compile_time_features_are_present_at_run_time() {
    // Anything the compiler was allowed to assume must exist on the CPU
    // running the tests, or the binary could not run here at all.
    let detected = crate::host::detect_cpu_features();
    for f in Build::target_features_enabled() {
        assert!(detected.contains(&f), "{f} enabled but not detected");
    }
}
