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
