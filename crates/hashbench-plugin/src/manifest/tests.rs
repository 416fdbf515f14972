use super::*;

fn folder(manifest: &str, vectors: Option<&str>) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    std::fs::write(dir.path().join(MANIFEST), manifest).unwrap();
    if let Some(v) = vectors {
        std::fs::write(dir.path().join("v.json"), v).unwrap();
    }
    dir
}

const DEFINE: &str = "[define]\nid = \"test-manifest-sum\"\nclass = \"checksum\"\n\
                      output_bits = 16\nvectors = \"v.json\"\n";

/// Known answers of `id` in the vectors format: one, or none.
fn answers(id: &str, one: bool) -> String {
    let vector = r#"{"source": "s", "input": {"ascii": "a"}, "digest": "0061"}"#;
    format!(
        r#"{{"algorithm": "{id}", "sources": {{"s": "a test"}}, "vectors": [{}]}}"#,
        if one { vector } else { "" }
    )
}

#[test]
fn a_define_table_defines_the_algorithm_with_its_answers() {
    let dir = folder(DEFINE, Some(&answers("test-manifest-sum", true)));
    let a = define(dir.path()).unwrap().expect("a [define] table");
    assert_eq!((a.id, a.output_bits), ("test-manifest-sum", 16));
    assert_eq!(a.class, Class::Checksum);
    let v = defined::vectors_of("test-manifest-sum").unwrap();
    assert!(v.file.ends_with("v.json"), "{}", v.file);
    // Defining it again from the same folder is no conflict.
    assert!(define(dir.path()).unwrap().is_some());
}

#[test]
fn a_manifest_without_define_defines_nothing() {
    let dir = folder("algorithm = \"crc32\"\n", None);
    assert!(define(dir.path()).unwrap().is_none());
    let empty = tempfile::tempdir().unwrap();
    assert!(define(empty.path()).unwrap().is_none());
}

#[test]
fn what_a_definition_gets_wrong_is_named() {
    let refused = |manifest: &str, vectors: Option<&str>| {
        define(folder(manifest, vectors).path())
            .unwrap_err()
            .to_string()
    };
    let e = refused(DEFINE, None);
    assert!(
        e.contains("reading the known answers") && e.contains("v.json"),
        "{e}"
    );
    let e = refused(&DEFINE.replace("test-manifest-sum", "crc32"), Some("{}"));
    assert!(e.contains("is the catalogue's"), "{e}");
    let e = refused(&format!("algorithm = \"crc32\"\n{DEFINE}"), Some("{}"));
    assert!(
        e.contains("claims algorithm = \"crc32\" and defines"),
        "{e}"
    );
    let e = refused(&DEFINE.replace("checksum", "checksumm"), Some("{}"));
    assert!(
        e.contains("hashbench-plugin.toml") && e.contains("variant"),
        "{e}"
    );
    let e = refused(&format!("{DEFINE}colour = 1\n"), Some("{}"));
    assert!(e.contains("unknown field"), "{e}");
}

#[test]
fn answers_that_cannot_check_the_plugin_are_refused_before_anything_runs() {
    let refused = |vectors: &str| {
        define(folder(DEFINE, Some(vectors)).path())
            .unwrap_err()
            .to_string()
    };
    let e = refused("{\"algorithm\": \"test-manifest-sum\", \"vectors\": [");
    assert!(
        e.contains("v.json") && e.contains("not a valid vector file"),
        "{e}"
    );
    let e = refused(&answers("another-sum", true));
    assert!(e.contains("they are for \"another-sum\""), "{e}");
    let e = refused(&answers("test-manifest-sum", false));
    assert!(e.contains("no known answer of the byte API"), "{e}");
    // A digest of another length than the definition's 16 bits.
    let e = refused(&answers("test-manifest-sum", true).replace("0061", "00000061"));
    assert!(e.contains("v.json"), "{e}");
}

#[cfg(unix)]
#[test]
fn known_answers_that_are_not_a_regular_file_are_refused_not_read() {
    let dir = folder(DEFINE, None);
    let fifo = dir.path().join("v.json");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .unwrap();
    assert!(made.success());
    let e = define(dir.path()).unwrap_err().to_string();
    assert!(e.contains("not a regular file"), "{e}");
}
