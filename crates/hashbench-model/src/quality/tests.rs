use super::*;

#[test]
fn verdicts_read_as_data_and_in_words() {
    let fails: Verdict =
        serde_json::from_str(r#"{"verdict":"fails","failed":27,"of":250}"#).expect("parses");
    assert_eq!(
        fails,
        Verdict::Fails {
            failed: 27,
            of: 250
        }
    );
    assert_eq!(fails.describe(), "fails 27/250");
    assert_eq!(Verdict::Passes { tests: 238 }.describe(), "passes 238/238");
    let none: Verdict = serde_json::from_str(r#"{"verdict":"not-tested"}"#).expect("parses");
    assert_eq!(none.describe(), "not tested");
}

#[test]
fn only_a_keyed_hash_has_flood_key_bits() {
    assert_eq!(Key::Keyed { bits: 128 }.flood_key_bits(), Some(128));
    assert_eq!(Key::Seed { bits: 64 }.flood_key_bits(), None);
    assert_eq!(Key::Unkeyed.flood_key_bits(), None);
    let seed: Key = serde_json::from_str(r#"{"kind":"seed","bits":32}"#).expect("parses");
    assert_eq!(seed.describe(), "32-bit seed (not flood-resistant)");
}
