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
    assert_eq!(ALGORITHMS.len(), 24);
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
