//! CPU feature queries by name, so implementations can declare what they need as data.

/// Whether this CPU (and OS) supports the named feature. Names are those of
/// `is_x86_feature_detected!`; an unknown name or another architecture answers `false`,
/// which makes the implementation that asked for it unavailable rather than unsafe.
/// The feature list lives once, in `hashbench_host`.
pub fn has_feature(name: &str) -> bool {
    hashbench_host::has_cpu_feature(name)
}

/// The first of `choices` whose features are all present, else `fallback`: how the
/// backend reports of libraries with runtime dispatch mirror that dispatch.
pub fn first_supported(choices: &[(&'static str, &[&str])], fallback: &'static str) -> String {
    choices
        .iter()
        .find(|(_, needs)| needs.iter().all(|f| has_feature(f)))
        .map_or(fallback, |(name, _)| name)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_features_are_absent() {
        assert!(!has_feature("no-such-feature"));
        assert_eq!(
            first_supported(&[("x", &["no-such-feature"])], "fallback"),
            "fallback"
        );
    }

    #[cfg(target_arch = "x86_64")]
    #[test]
    fn sse2_is_baseline_on_x86_64() {
        assert!(has_feature("sse2"));
        assert_eq!(first_supported(&[("sse2", &["sse2"])], "none"), "sse2");
    }
}
