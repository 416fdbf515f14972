use super::*;

#[test]
fn unknown_features_are_absent() {
    assert!(!has_feature("no-such-feature"));
    assert!(!has_fact("no-such-feature"));
    assert_eq!(
        first_supported(&[("x", &["no-such-feature"])], "fallback"),
        if cfg!(any(target_arch = "x86", target_arch = "x86_64")) {
            "fallback"
        } else {
            UNKNOWN_KERNEL
        }
    );
}

#[test]
fn first_of_takes_the_first_choice_whose_facts_all_hold() {
    let choices: &[(&str, &[&str])] = &[("wide", &["a", "b"]), ("narrow", &["a"])];
    assert_eq!(first_of(choices, "none", &cpu_with(&["a", "b"])), "wide");
    assert_eq!(first_of(choices, "none", &cpu_with(&["b", "a"])), "wide");
    assert_eq!(first_of(choices, "none", &cpu_with(&["a"])), "narrow");
    assert_eq!(first_of(choices, "none", &cpu_with(&["b"])), "none");
    assert_eq!(first_of(&[], "none", &cpu_with(&["a"])), "none");
}

#[cfg(target_arch = "x86_64")]
#[test]
fn sse2_is_baseline_on_x86_64() {
    assert!(has_feature("sse2"));
    assert!(has_fact("x86_64"));
    assert_eq!(first_supported(&[("sse2", &["sse2"])], "none"), "sse2");
}

#[cfg(target_arch = "x86_64")]
#[test]
fn the_vendor_fact_matches_the_host_report() {
    let vendor = hashbench_host::Host::detect().cpu_vendor;
    if vendor != hashbench_host::UNKNOWN {
        assert_eq!(has_fact("intel"), vendor == "GenuineIntel", "{vendor}");
    }
}
