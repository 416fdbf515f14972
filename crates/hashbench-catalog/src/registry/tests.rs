use super::*;
use crate::ALGORITHMS;

#[test]
fn ids_are_unique_and_name_their_algorithm_and_provider() {
    let mut seen = std::collections::HashSet::new();
    for imp in IMPLEMENTATIONS {
        assert!(seen.insert(imp.id), "duplicate {}", imp.id);
        let (alg, rest) = imp.id.split_once('/').expect("algorithm/provider");
        assert_eq!(alg, imp.algorithm.id, "{}", imp.id);
        let (provider, variant) = match rest.split_once('+') {
            Some((p, v)) => (p, Some(v)),
            None => (rest, None),
        };
        assert_eq!(provider, imp.provider.name, "{}", imp.id);
        assert_eq!(variant, imp.variant, "{}", imp.id);
        assert!(
            PROVIDERS.iter().any(|p| std::ptr::eq(*p, imp.provider)),
            "{}",
            imp.id
        );
    }
}

#[test]
fn every_algorithm_has_two_implementations_grouped_in_catalogue_order() {
    // Where only one pure-Rust crate exists; verification checks these against their
    // independent vectors alone.
    const ONE_CRATE: &[&str] = &[
        "cityhash-64",
        "farmhash-64",
        "highwayhash-64",
        "komihash",
        "foldhash-fast",
        "foldhash-quality",
        "rapidhash",
        "fxhash",
        "ahash-fallback",
        "wyhash-final4",
        "gxhash-64",
    ];
    for alg in ALGORITHMS {
        let n = IMPLEMENTATIONS
            .iter()
            .filter(|i| i.algorithm.id == alg.id)
            .count();
        let least = if ONE_CRATE.contains(&alg.id) { 1 } else { 2 };
        assert!(n >= least, "{} has {n}", alg.id);
    }
    let order: Vec<usize> = IMPLEMENTATIONS
        .iter()
        .map(|i| {
            ALGORITHMS
                .iter()
                .position(|a| a.id == i.algorithm.id)
                .unwrap()
        })
        .collect();
    assert!(
        order.windows(2).all(|w| w[0] <= w[1]),
        "not grouped by algorithm"
    );
}

#[test]
fn every_provider_reports_a_version() {
    for p in PROVIDERS {
        let v = p.version();
        assert!(!v.contains("unknown"), "{}: {v}", p.name);
    }
    assert!(
        OPENSSL.version().starts_with("OpenSSL "),
        "{}",
        OPENSSL.version()
    );
    assert!(
        LIBSODIUM.version().starts_with("libsodium 1."),
        "{}",
        LIBSODIUM.version()
    );
}

#[test]
fn unavailable_implementations_say_why() {
    fn refuse() -> Result<(), crate::Unavailable> {
        Err(crate::Unavailable("provider not loaded".to_string()))
    }
    let needs_feature = pinned(
        "imaginary",
        &["no-such-feature"],
        imp(
            "crc32/test",
            &CRC32,
            &CRC_CRATE,
            portable,
            boxed::<CrcCrc32>,
        ),
    );
    assert_eq!(
        needs_feature.availability(),
        crate::Availability::Unavailable("needs no-such-feature".to_string())
    );
    assert!(needs_feature.instantiate().is_err());
    let probed = Implementation {
        probe: Some(refuse),
        ..imp(
            "crc32/test",
            &CRC32,
            &CRC_CRATE,
            portable,
            boxed::<CrcCrc32>,
        )
    };
    assert_eq!(
        probed.availability(),
        crate::Availability::Unavailable("provider not loaded".to_string())
    );
}
