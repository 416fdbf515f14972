use super::*;

#[test]
fn ids_are_unique_kebab_case() {
    let mut seen = std::collections::HashSet::new();
    for a in ALGORITHMS {
        assert!(seen.insert(a.id), "duplicate id {}", a.id);
        assert!(
            a.id.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'),
            "{} is not kebab-case",
            a.id
        );
        assert_eq!(a.output_bits % 8, 0, "{}", a.id);
    }
    assert_eq!(ALGORITHMS.len(), 50);
}

#[test]
fn strength_is_data_that_agrees_with_the_class() {
    for a in ALGORITHMS {
        match a.class {
            Class::CryptographicHash if !a.broken => {
                assert_eq!(a.collision_bits, Some(a.output_bits / 2), "{}", a.id);
            }
            Class::CryptographicHash => {
                assert!(a.collision_bits.unwrap() < a.output_bits / 2, "{}", a.id);
            }
            _ => assert!(a.collision_bits.is_none() && !a.broken, "{}", a.id),
        }
    }
    let broken: Vec<&str> = ALGORITHMS
        .iter()
        .filter(|a| a.broken)
        .map(|a| a.id)
        .collect();
    assert_eq!(broken, ["md5", "sha1"]);
    assert_eq!(SHA3_256.standard, Some("FIPS 202"));
    assert_eq!(XXH3_64.standard, None);
}

#[test]
fn every_non_cryptographic_hash_has_its_properties_and_only_those() {
    for a in ALGORITHMS {
        assert_eq!(
            a.hash.is_some(),
            a.class == Class::NonCryptographicHash,
            "{}",
            a.id
        );
        let Some(p) = a.hash else { continue };
        assert!(
            !p.stability.is_empty(),
            "{}: stability without a reason",
            a.id
        );
        match p.smhasher3.verdict {
            Verdict::Passes { tests } => assert!(tests > 0, "{}", a.id),
            Verdict::Fails { failed, of } => assert!(0 < failed && failed <= of, "{}", a.id),
            Verdict::NotTested => assert!(p.smhasher3.entry.is_empty(), "{}", a.id),
        }
        if p.smhasher3.verdict != Verdict::NotTested {
            assert!(
                p.smhasher3.source().contains(&SMHASHER3_COMMIT[..8]),
                "{}",
                a.id
            );
            assert!(p.smhasher3.source().ends_with(&format!(
                "{}.txt @ {}",
                p.smhasher3.entry,
                &SMHASHER3_COMMIT[..8]
            )));
        }
        let model = p.model();
        assert_eq!(model.smhasher3.date, SMHASHER3_DATE);
        assert_eq!(model.stability.stable, p.stable);
    }
}

#[test]
fn keyed_hashes_declare_their_key_bits() {
    let keyed: Vec<(&str, u32)> = ALGORITHMS
        .iter()
        .filter_map(|a| Some((a.id, a.hash?.key.flood_key_bits()?)))
        .collect();
    assert!(keyed.contains(&("siphash-1-3", 128)), "{keyed:?}");
    assert!(keyed.contains(&("siphash-2-4", 128)), "{keyed:?}");
    assert!(keyed.contains(&("highwayhash-64", 256)), "{keyed:?}");
    for (id, bits) in &keyed {
        assert!(*bits >= 64, "{id}: a {bits}-bit key");
    }
    // The keyed ones are the hashes whose security note says what the key resists.
    for a in ALGORITHMS {
        if let Some(Key::Keyed { .. }) = a.hash.map(|p| p.key) {
            assert!(a.security_note.contains("flooding"), "{}", a.id);
        }
    }
    assert_eq!(
        MURMUR3_X86_32.hash.map(|p| p.key),
        Some(Key::Seed { bits: 32 })
    );
    assert_eq!(CITYHASH_64.hash.map(|p| p.key), Some(Key::Unkeyed));
}

#[test]
fn smhasher3_verdicts_are_the_published_ones() {
    // Spot checks against fwojcik/smhasher3's results/README.md (algorithm/quality.rs).
    let verdict = |a: &Algorithm| a.hash.map(|p| p.smhasher3.verdict);
    assert_eq!(
        verdict(&XXH3_64),
        Some(Verdict::Fails {
            failed: 27,
            of: 250
        })
    );
    assert_eq!(verdict(&KOMIHASH), Some(Verdict::Passes { tests: 250 }));
    assert_eq!(verdict(&SIPHASH_2_4), Some(Verdict::Passes { tests: 235 }));
    // rapidhash's V3 passes; the crate's fast map hasher (no avalanche multiply) is its
    // own entry, results/raw/rust-rapidhash.fast.txt: "FAIL ( 118 / 250 passed)".
    assert_eq!(verdict(&RAPIDHASH), Some(Verdict::Passes { tests: 250 }));
    assert_eq!(
        verdict(&RAPIDHASH_FAST),
        Some(Verdict::Fails {
            failed: 132,
            of: 250
        })
    );
    assert_eq!(
        RAPIDHASH_FAST.hash.unwrap().smhasher3.entry,
        "rust-rapidhash.fast"
    );
}
