use super::*;

#[test]
fn candidates_follow_the_need_and_leave_out_pinned_backends() {
    let ids = |v: Vec<&Implementation>| v.iter().map(|i| i.id).collect::<Vec<_>>();
    let crypto = ids(candidates(Need::Crypto, None, 1, false));
    assert!(crypto.contains(&"sha2-256/openssl"));
    // Broken ones are measured, to say so when they would have won.
    assert!(crypto.contains(&"md5/openssl"));
    assert!(!crypto.iter().any(|id| id.starts_with("crc32c/")));
    assert!(!crypto.contains(&"blake3/blake3+avx2"));
    assert!(!crypto.contains(&"blake3/blake3+rayon"));
    assert!(ids(candidates(Need::Crypto, None, 2, false)).contains(&"blake3/blake3+rayon"));
    assert!(ids(candidates(Need::Crypto, None, 1, true)).contains(&"blake3/blake3+avx2"));
    let wide = ids(candidates(Need::Hash, Some(128), 1, false));
    assert!(wide.contains(&"xxh3-128/twox-hash") && !wide.contains(&"xxh3-64/twox-hash"));
    assert!(candidates(Need::Crypto, Some(4096), 1, false).is_empty());
}

#[test]
fn properties_cover_the_catalogue() {
    let props = properties();
    assert_eq!(props.len(), hashbench_catalog::ALGORITHMS.len());
    let sha1 = props.iter().find(|p| p.id == "sha1").unwrap();
    assert!(sha1.broken);
    assert_eq!(sha1.standard.as_deref(), Some("FIPS 180-4"));
}

#[test]
fn hash_table_measures_every_non_cryptographic_hash_in_latency_by_default() {
    let ids = |v: Vec<&Implementation>| v.iter().map(|i| i.id).collect::<Vec<_>>();
    let table = ids(candidates(Need::HashTable, None, 1, false));
    // Keyed and seeded alike: with --keyed the faster seeded ones are measured, to say
    // why they were left out.
    assert!(table.contains(&"siphash-1-3/std") && table.contains(&"xxh3-64/xxhash-rust"));
    assert!(!table
        .iter()
        .any(|id| id.starts_with("crc32c/") || id.starts_with("sha2-")));
    assert_eq!(default_mode(Need::HashTable), Mode::Latency);
    assert_eq!(default_mode(Need::Checksum), Mode::Throughput);
    // Every non-cryptographic hash carries its properties to the analysis.
    for p in properties() {
        assert_eq!(
            p.hash.is_some(),
            p.class == hashbench_model::AlgorithmClass::NonCryptographicHash,
            "{}",
            p.id
        );
    }
}

#[test]
fn keyed_and_stable_are_refused_where_the_need_has_no_key() {
    let ask = |need: Need, keyed: bool, stable: bool| Ask {
        sizes: vec![Size::Bytes(16)],
        need,
        min_bits: None,
        keyed,
        stable,
        threads: 1,
        mode: None,
        pinned: false,
        time_s: 0.01,
        equivalence: 0.03,
    };
    assert!(ask(Need::HashTable, true, true).check().is_ok());
    assert!(ask(Need::Hash, false, true).check().is_ok());
    let e = ask(Need::Crypto, true, false).check().unwrap_err();
    assert!(e.0.contains("--keyed") && e.0.contains("crypto"), "{e}");
    let e = ask(Need::Checksum, false, true).check().unwrap_err();
    assert!(e.0.contains("--stable") && e.0.contains("checksum"), "{e}");
}
