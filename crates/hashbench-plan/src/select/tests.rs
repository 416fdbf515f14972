use super::*;

#[test]
fn algorithm_ids_resolve_to_an_available_implementation() {
    assert_eq!(implementation("crc32").unwrap().algorithm.id, "crc32");
    assert_eq!(implementation("md5/openssl").unwrap().id, "md5/openssl");
    assert_eq!(implementation("sha256").unwrap().algorithm.id, "sha2-256");
    assert!(implementation("sha-256").is_err());
    assert!(implementation("crc").is_err());
}
