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
        "rapidhash-fast",
        "fxhash",
        "ahash-fallback",
        "wyhash-final4",
        "gxhash-64",
        // One crate catalogued (issue 24): RustCrypto's ripemd and sm3 (OpenSSL's
        // RIPEMD-160 and SM3 are not adapted), and blake2b_simd's and blake2s_simd's
        // parallel modes (no other Rust crate implements them).
        "ripemd-160",
        "sm3",
        "blake2bp-512",
        "blake2sp-256",
        // RustCrypto's ascon-hash is the one SP 800-232 Ascon-Hash256 on crates.io here.
        "ascon-hash256",
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
        &[CpuFeature::Avx512f, CpuFeature::Sha],
        imp(
            "crc32/test",
            &CRC32,
            &CRC_CRATE,
            portable,
            boxed::<CrcCrc32>,
        ),
    );
    // On a CPU without them, and on one with only one of them: the missing are named.
    assert_eq!(
        needs_feature.availability_on(&|_| false),
        crate::Availability::Unavailable("needs avx512f + sha".to_string())
    );
    assert_eq!(
        needs_feature.availability_on(&|f| f == CpuFeature::Avx512f),
        crate::Availability::Unavailable("needs sha".to_string())
    );
    assert_eq!(
        needs_feature.availability_on(&|_| true),
        crate::Availability::Available
    );
    // This CPU: whatever it lacks of them, it is refused for.
    let lacking: Vec<&str> = [CpuFeature::Avx512f, CpuFeature::Sha]
        .into_iter()
        .filter(|f| !f.is_detected())
        .map(CpuFeature::name)
        .collect();
    if !lacking.is_empty() {
        assert_eq!(
            needs_feature.availability(),
            crate::Availability::Unavailable(format!("needs {}", lacking.join(" + ")))
        );
        assert!(needs_feature.instantiate().is_err());
    }
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
    assert!(probed.instantiate().is_err());
}

#[test]
fn every_required_cpu_feature_is_one_the_host_detects_by_its_name() {
    let mut required: Vec<CpuFeature> = IMPLEMENTATIONS
        .iter()
        .flat_map(|i| i.requires.iter().copied())
        .collect();
    required.sort();
    required.dedup();
    // The registry pins backends that need these (not a closed list: a new entry may add
    // one, and this test then checks it too).
    for f in [CpuFeature::Pclmulqdq, CpuFeature::Sse41, CpuFeature::Avx2] {
        assert!(
            required.contains(&f),
            "{f} is no longer required: {required:?}"
        );
    }
    let recorded = hashbench_host::RELEVANT_FEATURES;
    for f in required {
        // Detected by the host module under the name results record and messages print.
        assert!(recorded.contains(&f.name()), "{f}");
        assert_eq!(f.name().parse::<CpuFeature>(), Ok(f));
        assert_eq!(
            hashbench_host::has_cpu_feature(f.name()),
            f.is_detected(),
            "{f}"
        );
        assert_eq!(crate::cpu::has_feature(f.name()), f.is_detected(), "{f}");
    }
}
