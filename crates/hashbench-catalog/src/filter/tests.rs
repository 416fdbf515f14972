use super::*;

fn ids(f: &Filter) -> Vec<&'static str> {
    f.implementations().iter().map(|i| i.id).collect()
}

#[test]
fn matches_each_kind_of_name() {
    let by_alg = ids(&Filter::parse(&["sha2-256"]).unwrap());
    assert!(
        by_alg.contains(&"sha2-256/openssl") && by_alg.iter().all(|i| i.starts_with("sha2-256/"))
    );
    let by_family = ids(&Filter::parse(&["crc"]).unwrap());
    assert!(by_family.contains(&"crc64-xz/crc") && by_family.contains(&"crc32c/crc-fast"));
    let by_provider = ids(&Filter::parse(&["libsodium"]).unwrap());
    assert!(by_provider.iter().all(|i| i.ends_with("/libsodium")) && by_provider.len() == 4);
    let by_impl = ids(&Filter::parse(&["BLAKE3/blake3+rayon"]).unwrap());
    assert_eq!(by_impl, ["blake3/blake3+rayon"]);
    let union = ids(&Filter::parse(&["md5", "sha1"]).unwrap());
    assert!(union
        .iter()
        .all(|i| i.starts_with("md5/") || i.starts_with("sha1/")));
    assert_eq!(
        ids(&Filter::parse::<&str>(&[]).unwrap()).len(),
        IMPLEMENTATIONS.len()
    );
}

#[test]
fn aliases_mean_their_algorithm_and_name_real_ones() {
    for (alias, id) in ALIASES {
        assert!(
            ALGORITHMS.iter().any(|a| a.id == *id),
            "{alias} -> {id}, not an algorithm"
        );
        assert!(
            !known_names().contains(alias),
            "{alias} shadows a real name"
        );
    }
    let f = Filter::parse(&["SHA256"]).unwrap();
    assert!(!ids(&f).is_empty());
    assert!(ids(&f).iter().all(|i| i.starts_with("sha2-256/")));
    assert_eq!(alias_of(" blake2b "), Some("blake2b-512"));
    assert_eq!(alias_of("sha2-256"), None);
}

#[test]
fn unknown_names_suggest_neighbours() {
    let err = Filter::parse(&["sha-256"]).unwrap_err();
    let FilterError::Unknown { suggestions, .. } = &err;
    assert!(
        suggestions.contains(&"sha2-256".to_string()),
        "{suggestions:?}"
    );
    assert!(err.to_string().contains("did you mean"));
    let FilterError::Unknown { suggestions, .. } = Filter::parse(&["zzzzzzzzzzzz"]).unwrap_err();
    assert!(suggestions.is_empty());
}

#[test]
fn levenshtein_known_values() {
    assert_eq!(levenshtein("kitten", "sitting"), 3);
    assert_eq!(levenshtein("", "abc"), 3);
    assert_eq!(levenshtein("blake3", "blake3"), 0);
}
