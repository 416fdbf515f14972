use super::*;

fn parsed(id: &str) -> ExternalId {
    id.parse()
        .unwrap_or_else(|e| panic!("{id} should parse: {e}"))
}

#[test]
fn good_ids_parse_into_their_parts_and_print_back() {
    let id = parsed("sha2-256/node:crypto");
    assert_eq!(
        id,
        ExternalId {
            algorithm: "sha2-256".into(),
            runtime: "node".into(),
            library: "crypto".into(),
        }
    );
    for text in [
        "sha2-256/node:crypto",
        "blake2b-512/node:sodium-native",
        "sha2-256/java:MessageDigest",
        "sha2-512-256/python:hashlib",
        "md5/crystal:crystal-digest",
        "adler32/python:zlib",
    ] {
        assert_eq!(parsed(text).to_string(), text);
    }
}

#[test]
fn the_library_keeps_its_case_and_its_slashes() {
    let go = parsed("crc32c/go:hash/crc32");
    assert_eq!(
        (go.algorithm.as_str(), go.runtime.as_str()),
        ("crc32c", "go")
    );
    assert_eq!(go.library, "hash/crc32");
    assert_eq!(
        parsed("sha2-256/java:MessageDigest").library,
        "MessageDigest"
    );
}

#[test]
fn bad_ids_are_refused_with_why() {
    for (bad, why) in [
        ("", "no '/'"),
        ("sha2-256", "no '/'"),
        ("sha2-256/openssl", "no ':' after the '/'"),
        ("baseline/nop", "no ':' after the '/'"),
        ("nop/node", "no ':' after the '/'"),
        ("node:crypto", "no '/'"),
        ("/node:crypto", "the algorithm is not a catalogue name"),
        (
            "SHA2-256/node:crypto",
            "the algorithm is not a catalogue name",
        ),
        ("a/b/node:crypto", "the runtime is not a runtime name"),
        ("sha2-256/:crypto", "the runtime is not a runtime name"),
        ("sha2-256/Node:crypto", "the runtime is not a runtime name"),
        (
            "a/node:",
            "the library is empty or has characters ids do not use",
        ),
        (
            "a/node:<b>",
            "the library is empty or has characters ids do not use",
        ),
        (
            "a/node:a b",
            "the library is empty or has characters ids do not use",
        ),
        (
            "a/node:a:b",
            "the library is empty or has characters ids do not use",
        ),
        (
            "sha2-256/openssl [streaming:4k]",
            "the runtime is not a runtime name",
        ),
    ] {
        let e = bad
            .parse::<ExternalId>()
            .expect_err(&format!("{bad:?} is not an external id"));
        assert_eq!(e.why, why, "{bad:?}");
        assert_eq!(e.id, bad);
        assert!(
            e.to_string().contains("<algorithm>/<runtime>:<library>"),
            "{e}"
        );
    }
    let long = format!("a/node:{}", "x".repeat(65));
    assert!(long.parse::<ExternalId>().is_err());
}

#[test]
fn a_runtime_name_follows_the_ids_rule() {
    for good in ["node", "perl", "my-rt_2", "c++", "py3.12"] {
        assert!(ExternalId::is_runtime_name(good), "{good:?}");
        let id = format!("crc32/{good}:lib");
        assert!(id.parse::<ExternalId>().is_ok(), "{id}");
    }
    let long = "x".repeat(65);
    for bad in ["", "Perl", "my rt", "a/b", "a:b", long.as_str()] {
        assert!(!ExternalId::is_runtime_name(bad), "{bad:?}");
    }
}
