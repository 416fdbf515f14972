use super::*;

#[test]
fn ids_round_trip_and_baselines_are_told_apart() {
    for b in Baseline::ALL {
        assert_eq!(Subject::parse(b.id()), Subject::Baseline(b));
        assert_eq!(Subject::Baseline(b).to_string(), b.id());
    }
    let imp = Subject::parse("sha2-256/openssl");
    assert_eq!(imp, Subject::Implementation("sha2-256/openssl".into()));
    assert!(!imp.is_baseline());
    // Not one of ours: an implementation-shaped id, judged by the loader.
    assert!(!Subject::parse("baseline/other").is_baseline());
    let json = serde_json::to_string(&Subject::Baseline(Baseline::Read)).unwrap();
    assert_eq!(json, "\"baseline/read\"");
    assert_eq!(
        serde_json::from_str::<Subject>(&json).unwrap(),
        Subject::Baseline(Baseline::Read)
    );
}

#[test]
fn subjects_sort_as_their_ids() {
    let mut v: Vec<Subject> = ["z/a", "baseline/read", "a/b", "baseline/nop"]
        .into_iter()
        .map(Subject::parse)
        .collect();
    v.sort();
    let ids: Vec<&str> = v.iter().map(Subject::id).collect();
    assert_eq!(ids, ["a/b", "baseline/nop", "baseline/read", "z/a"]);
}

#[test]
fn implementations_in_other_runtimes_are_told_apart() {
    let node = Subject::parse("sha2-256/node:crypto").external();
    assert_eq!(node.map(|e| e.runtime), Some("node".to_string()));
    assert_eq!(
        Subject::parse("crc32c/go:hash/crc32").external(),
        Some(ExternalId {
            algorithm: "crc32c".into(),
            runtime: "go".into(),
            library: "hash/crc32".into(),
        })
    );
    assert_eq!(Subject::parse("sha2-256/openssl").external(), None);
    assert_eq!(Subject::Baseline(Baseline::Nop).external(), None);
}
