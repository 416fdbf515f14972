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
        keyed,
        stable,
        ..plain(need, &[Size::Bytes(16)])
    };
    assert!(ask(Need::HashTable, true, true).check().is_ok());
    assert!(ask(Need::Hash, false, true).check().is_ok());
    let e = ask(Need::Crypto, true, false).check().unwrap_err();
    assert!(e.0.contains("--keyed") && e.0.contains("crypto"), "{e}");
    let e = ask(Need::Checksum, false, true).check().unwrap_err();
    assert!(e.0.contains("--stable") && e.0.contains("checksum"), "{e}");
}

/// An ask for `need` at `sizes` with no other flag given.
fn plain(need: Need, sizes: &[Size]) -> Ask {
    Ask {
        sizes: Some(SizeList(sizes.to_vec())),
        need,
        min_bits: None,
        keyed: false,
        stable: false,
        min_hd: None,
        fips: false,
        threads: 1,
        mode: None,
        pinned: false,
        time_s: 0.01,
        equivalence: 0.03,
        key: None,
        plugin: Default::default(),
        map: Default::default(),
    }
}

fn table_ask(sizes: &[Size], key: Option<KeyKind>) -> Ask {
    Ask {
        key,
        ..plain(Need::HashTable, sizes)
    }
}

#[test]
fn a_hash_table_is_timed_on_the_typed_key_its_size_suggests_or_the_one_given() {
    let pattern = |sizes: &[Size], key| table_ask(sizes, key).pattern();
    let b = Size::Bytes;
    assert_eq!(pattern(&[b(8)], None), Pattern::Keys(KeyKind::U64));
    assert_eq!(pattern(&[b(16)], None), Pattern::Keys(KeyKind::Id16));
    assert_eq!(pattern(&[b(64)], None), Pattern::Keys(KeyKind::Str));
    assert_eq!(pattern(&[b(8), b(16)], None), Pattern::Keys(KeyKind::Str));
    let range = Size::Range { min: 1, max: 64 };
    assert_eq!(pattern(&[range], None), Pattern::Keys(KeyKind::Str));
    assert_eq!(
        pattern(&[b(16)], Some(KeyKind::Str)),
        Pattern::Keys(KeyKind::Str)
    );
    // The run measures that pattern alone, and says the rule chose it.
    let request = table_ask(&[b(16)], None).request().unwrap();
    assert_eq!(request.options.patterns, vec![Pattern::Keys(KeyKind::Id16)]);
    assert_eq!(
        request.origins.of("patterns").to_string(),
        "recommend --need hash-table's key"
    );
    // The other needs call the byte API once per input.
    let mut hash = table_ask(&[b(16)], None);
    hash.need = Need::Hash;
    assert_eq!(hash.pattern(), Pattern::Oneshot);
    let request = hash.request().unwrap();
    assert_eq!(request.options.patterns, vec![Pattern::Oneshot]);
    assert!(!request.origins.given("patterns"));
}

#[test]
fn a_key_that_the_size_cannot_hold_is_refused_before_anything_runs() {
    let b = Size::Bytes;
    let e = table_ask(&[b(4096)], None).check().unwrap_err();
    assert!(e.0.starts_with("--need hash-table times keys:str"), "{e}");
    assert!(e.0.contains("asked at --size 4 KiB"), "{e}");
    assert!(e.0.contains("ask --need hash"), "{e}");
    let e = table_ask(&[b(16)], Some(KeyKind::U64)).check().unwrap_err();
    assert!(e.0.starts_with("--key times keys:u64"), "{e}");
    let mut crc = table_ask(&[b(16)], Some(KeyKind::U64));
    crc.need = Need::Checksum;
    let e = crc.check().unwrap_err();
    assert!(e.0.contains("--key") && e.0.contains("checksum"), "{e}");
    assert!(table_ask(&[b(256)], None).check().is_ok());
}

#[test]
fn min_hd_and_fips_are_checked_and_their_errors_name_the_flag() {
    let ask = |need: Need, min_hd: Option<u32>, fips: bool| Ask {
        min_hd,
        fips,
        ..plain(need, &[Size::Bytes(4096)])
    };
    assert!(ask(Need::Checksum, Some(4), false).check().is_ok());
    assert!(ask(Need::Checksum, Some(2), false).check().is_ok());
    // A proven lower bound reaches it: CRC-64/XZ's computed HD>=6 at 4 KiB.
    assert!(ask(Need::Checksum, Some(6), false).check().is_ok());
    // In range, but no algorithm's known HD reaches it at 4 KiB: refused before measuring,
    // naming the best known (CRC-64/XZ's HD>=6 there, a lower bound).
    for unreachable in [7, 16] {
        let e = ask(Need::Checksum, Some(unreachable), false)
            .check()
            .unwrap_err();
        assert!(e.0.contains("the best known is crc64-xz's HD>=6"), "{e}");
    }
    assert!(ask(Need::Crypto, None, true).check().is_ok());
    for bad in [0, 1, 17] {
        let e = ask(Need::Checksum, Some(bad), false).check().unwrap_err();
        assert!(e.0.contains("--min-hd"), "{e}");
    }
    let e = ask(Need::Hash, Some(4), false).check().unwrap_err();
    assert!(e.0.contains("--min-hd") && e.0.contains("checksum"), "{e}");
    let e = ask(Need::Checksum, None, true).check().unwrap_err();
    assert!(e.0.contains("--fips") && e.0.contains("crypto"), "{e}");
}

#[test]
fn every_crc_has_its_detection_and_every_cryptographic_hash_its_fips_status() {
    let props = properties();
    let get = |id: &str| props.iter().find(|p| p.id == id).unwrap();
    let crc32 = get("crc32").detection.clone().unwrap();
    // Koopman's CRC-32 profile: HD=4 up to 91,607 data bits, HD=5 up to 2,974.
    assert_eq!(crc32.hd_at(4096 * 8), Some(4));
    assert_eq!(crc32.hd_at(64 * 8), Some(5));
    // The computed profiles: CRC-32C exact (HD=4 at 4 KiB, 6 at 64 B: L5 = L6 = 5243,
    // L7 = 177 bits); every other CRC has a profile, exact at one data bit.
    let crc32c = get("crc32c").detection.clone().unwrap();
    assert_eq!(crc32c.hd_at(4096 * 8), Some(4));
    assert_eq!(crc32c.hd_at(64 * 8), Some(6));
    assert!(!crc32c.hd_is_lower_bound(4096 * 8) && !crc32c.hd_is_lower_bound(64 * 8));
    for id in ["crc64-xz", "crc64-nvme", "crc16-ibm-3740", "crc16-arc"] {
        let d = get(id).detection.clone().unwrap();
        assert!(d.hd_at(1).is_some() && !d.hd_is_lower_bound(1), "{id}");
        assert!(
            d.source().is_some_and(|s| s.contains("hashbench-crc-hd")),
            "{id}"
        );
    }
    assert!(matches!(
        get("adler32").detection,
        Some(hashbench_model::Detection::Weak { .. })
    ));
    for p in &props {
        let crypto = p.class == hashbench_model::AlgorithmClass::CryptographicHash;
        assert_eq!(p.fips.is_some(), crypto, "{}", p.id);
    }
    assert!(get("sha2-256").fips.as_ref().unwrap().approved);
    assert!(get("sha3-256").fips.as_ref().unwrap().approved);
    assert!(!get("blake3").fips.as_ref().unwrap().approved);
    assert!(!get("md5").fips.as_ref().unwrap().approved);
}
