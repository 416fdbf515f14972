use super::*;

fn fnv(id: &str) -> Definition {
    Definition {
        id: id.to_string(),
        class: Class::NonCryptographicHash,
        output_bits: 64,
        note: Some("FNV-1a".to_string()),
        standard: None,
        key: None,
        stable: Some(true),
    }
}

fn answers() -> Vectors {
    Vectors {
        file: "v.json".to_string(),
        text: "{}".to_string(),
    }
}

#[test]
fn a_definition_is_found_as_the_catalogues_are_and_once() {
    let a = define(fnv("test-defined-fnv"), answers()).unwrap();
    assert_eq!(a.id, "test-defined-fnv");
    assert_eq!(a.output_bytes(), 8);
    assert!(is_defined(a));
    assert!(a
        .security_note
        .starts_with("FNV-1a (defined by a plugin's manifest"));
    let found = crate::find_algorithm("test-defined-fnv").unwrap();
    assert!(std::ptr::eq(found, a));
    assert!(crate::all_algorithms().iter().any(|x| std::ptr::eq(*x, a)));
    // The same definition again is the same algorithm; another under its id is refused.
    assert!(std::ptr::eq(
        define(fnv("test-defined-fnv"), answers()).unwrap(),
        a
    ));
    let mut other = fnv("test-defined-fnv");
    other.output_bits = 32;
    assert_eq!(
        define(other, answers()).unwrap_err(),
        DefineError::Conflict("test-defined-fnv".into())
    );
    let mut other_answers = answers();
    other_answers.text = "{\"vectors\": []}".to_string();
    assert_eq!(
        define(fnv("test-defined-fnv"), other_answers).unwrap_err(),
        DefineError::Conflict("test-defined-fnv".into())
    );
    assert_eq!(vectors_of("test-defined-fnv").unwrap().file, "v.json");
    // Nothing is claimed that hashbench cannot know.
    let p = crate::properties(a);
    assert_eq!(p.collision_bits, None);
    assert!(p.fips.is_none());
    assert!(matches!(
        p.detection,
        Some(hashbench_model::Detection::NotApplicable { .. })
    ));
    let h = a.hash.unwrap();
    assert_eq!(h.smhasher3, Smhasher3::NOT_LOOKED_UP);
    assert!(h.model().smhasher3.source.starts_with("not looked up"));
    assert!(h.stable);
    assert_eq!(h.key, Key::Unkeyed);
}

#[test]
fn malformed_and_taken_ids_and_widths_are_refused() {
    let long = "a".repeat(41);
    for id in ["", "Fnv", "1fnv", "fnv_1a", long.as_str()] {
        assert!(
            matches!(define(fnv(id), answers()), Err(DefineError::Id(_))),
            "{id:?}"
        );
    }
    assert_eq!(
        define(fnv("crc32"), answers()).unwrap_err(),
        DefineError::Catalogue("crc32".into())
    );
    // An alias of a catalogue id is the catalogue's too.
    assert_eq!(
        define(fnv("crc32-iscsi"), answers()).unwrap_err(),
        DefineError::Catalogue("crc32-iscsi".into())
    );
    for bits in [0, 12, 520] {
        let mut d = fnv("test-defined-bits");
        d.output_bits = bits;
        assert_eq!(define(d, answers()).unwrap_err(), DefineError::Bits(bits));
    }
    let mut d = fnv("test-defined-crc");
    d.class = Class::Checksum;
    assert_eq!(
        define(d.clone(), answers()).unwrap_err(),
        DefineError::NotAHash("stable")
    );
    d.stable = None;
    d.key = Some(Key::Seed { bits: 64 });
    assert_eq!(
        define(d, answers()).unwrap_err(),
        DefineError::NotAHash("key")
    );
}

#[test]
fn a_cryptographic_claim_gets_no_strength_and_no_fips_approval() {
    let mut d = fnv("test-defined-crypto");
    d.class = Class::CryptographicHash;
    d.stable = None;
    d.output_bits = 256;
    let a = define(d, answers()).unwrap();
    let p = crate::properties(a);
    assert_eq!(p.collision_bits, None);
    assert!(p.hash.is_none());
    assert!(!p.fips.unwrap().approved);
}
