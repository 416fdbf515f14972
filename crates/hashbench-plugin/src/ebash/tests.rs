use super::*;

fn folder<'a>(dir: &'a Path, algorithm: Option<&'a str>) -> Folder<'a> {
    Folder {
        dir,
        cflags: &[],
        algorithm,
        cache: dir,
    }
}

#[test]
fn a_folder_without_sources_is_refused_naming_both_layouts() {
    let dir = tempfile::tempdir().unwrap();
    let e = build(&folder(dir.path(), None)).unwrap_err().to_string();
    assert!(
        e.contains("no .c source") && e.contains("crypto_hash"),
        "{e}"
    );
}

#[test]
fn an_ebash_folder_names_its_algorithm_by_the_flag_or_the_manifest() {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join("api.h"), "#define CRYPTO_BYTES 4\n").unwrap();
    let e = build(&folder(dir.path(), None)).unwrap_err().to_string();
    assert!(e.contains("no algorithm: give --algorithm ID"), "{e}");
    std::fs::write(dir.path().join(MANIFEST), "algorithm = \"no-such\"\n").unwrap();
    let e = build(&folder(dir.path(), None)).unwrap_err().to_string();
    assert!(e.contains("\"no-such\" is not the catalogue's"), "{e}");
    // The flag wins over the manifest, and an alias is its algorithm.
    let (name, alg) = claimed(dir.path(), Some("crc32")).unwrap();
    assert_eq!(alg, "crc32");
    assert!(!name.is_empty());
}

#[test]
fn the_shim_exports_the_descriptor_over_crypto_hash() {
    let c = shim("my-crc", "crc32");
    assert!(c.contains("hashbench_plugin_v1(void)"), "{c}");
    assert!(c.contains("\"my-crc\", \"crc32\""), "{c}");
    assert!(
        c.contains("crypto_hash(out, in, (unsigned long long)len)"),
        "{c}"
    );
}
