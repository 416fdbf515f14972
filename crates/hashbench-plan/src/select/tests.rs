use super::*;

#[test]
fn algorithm_ids_resolve_to_an_available_implementation() {
    assert_eq!(implementation("crc32").unwrap().algorithm.id, "crc32");
    assert_eq!(implementation("md5/openssl").unwrap().id, "md5/openssl");
    assert_eq!(implementation("sha256").unwrap().algorithm.id, "sha2-256");
    assert!(implementation("sha-256").is_err());
    assert!(implementation("crc").is_err());
}

#[test]
fn an_implementation_id_is_found_in_any_case_as_an_algorithm_or_alias_is() {
    for name in ["crc32/crc32fast", "CRC32/CRC32FAST", " Crc32/crc32fast "] {
        assert_eq!(
            implementation(name).unwrap().id,
            "crc32/crc32fast",
            "{name}"
        );
    }
    assert_eq!(implementation("CRC32").unwrap().algorithm.id, "crc32");
    assert_eq!(implementation("SHA256").unwrap().algorithm.id, "sha2-256");
}
