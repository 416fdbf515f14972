use super::*;

#[test]
fn names_are_escaped_like_coreutils() {
    assert_eq!(name_bytes(Path::new("plain")), (false, b"plain".to_vec()));
    assert_eq!(name_bytes(Path::new("a\\b")), (true, b"a\\\\b".to_vec()));
    assert_eq!(name_bytes(Path::new("a\nb")), (true, b"a\\nb".to_vec()));
}

#[test]
fn algorithm_ids_resolve_to_an_available_implementation() {
    assert_eq!(resolve("crc32").unwrap().algorithm.id, "crc32");
    assert_eq!(resolve("md5/openssl").unwrap().id, "md5/openssl");
    assert_eq!(resolve("sha256").unwrap().algorithm.id, "sha2-256");
    assert!(resolve("sha-256").is_err());
    assert!(resolve("crc").is_err());
}
