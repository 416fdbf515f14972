use super::*;
use hashbench_catalog::ALGORITHMS;

#[test]
fn every_algorithm_has_valid_embedded_vectors() {
    for alg in ALGORITHMS {
        let answers = VectorSource::Embedded
            .load(alg.id, alg.output_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
        // gxhash-64 is not built and nothing independent computes it, so its file is
        // empty (vectors/README.md).
        let least = match alg.id {
            "gxhash-64" => 0,
            _ => 40,
        };
        assert!(
            answers.len() >= least,
            "{}: only {} vectors",
            alg.id,
            answers.len()
        );
        VectorSource::Embedded
            .load_typed(alg.id, alg.output_bytes())
            .unwrap_or_else(|e| panic!("{e}"));
    }
    assert_eq!(EMBEDDED.len(), ALGORITHMS.len());
}

#[test]
fn published_vectors_are_present_where_standards_give_them() {
    // Neither a standard nor the authors publish copyable vectors for these
    // (vectors/README.md): generated ones from the authors' own code only.
    const NONE_PUBLISHED: &[&str] = &[
        "blake2b-256",
        "siphash-1-3",
        "murmur3-x86-32",
        "murmur3-x64-128",
        "cityhash-64",
        "farmhash-64",
        "highwayhash-64",
        "foldhash-fast",
        "foldhash-quality",
        "rapidhash",
        "rapidhash-fast",
        "fxhash",
        "ahash-fallback",
        "wyhash-final4",
        "gxhash-64",
    ];
    for alg in ALGORITHMS
        .iter()
        .filter(|a| !NONE_PUBLISHED.contains(&a.id))
    {
        let (_, text) = EMBEDDED.iter().find(|(id, _)| *id == alg.id).unwrap();
        let file = VectorFile::parse(alg.id, text).unwrap();
        assert!(
            file.vectors.iter().any(|v| v.source != "generated"),
            "{} has no published vector",
            alg.id
        );
    }
}

#[test]
fn input_kinds_decode() {
    let input = |json: &str| {
        serde_json::from_str::<Input>(json)
            .unwrap()
            .bytes()
            .map_err(|e| e.to_string())
    };
    assert_eq!(input(r#"{"ascii": "ab", "repeat": 3}"#).unwrap(), b"ababab");
    assert_eq!(input(r#"{"hex": "00ff"}"#).unwrap(), [0, 255]);
    assert_eq!(input(r#"{"pattern251": 253}"#).unwrap()[250..], [250, 0, 1]);
    assert!(input(r#"{"ascii": "a", "hex": "00"}"#).is_err());
    assert!(input(r#"{"ascii": "a", "repeat": 0}"#).is_err());
    // Longer than the limit: refused before anything is allocated.
    let huge = input(r#"{"ascii": "ab", "repeat": 18446744073709551615}"#).unwrap_err();
    assert!(huge.contains("limited to 67108864 bytes"), "{huge}");
    assert!(input(r#"{"ascii": "ab", "repeat": 33554432}"#).is_ok());
    assert!(input(r#"{"ascii": "ab", "repeat": 33554433}"#).is_err());
    assert!(input(r#"{"pattern251": 67108865}"#).is_err());
    assert!(input(r#"{"xorshift": 4}"#).is_err());
    assert!(input(r#"{"hex": "0"}"#).is_err());
    assert!(serde_json::from_str::<Input>(r#"{"asci": "a"}"#).is_err());
}

#[test]
fn xorshift_matches_the_python_definition() {
    // x = 1: x ^= x<<13 -> 0x2001; x ^= x>>7 -> 0x2041; x ^= x<<17 -> 0x40822041.
    assert_eq!(xorshift(8, 1), 0x4082_2041u64.to_le_bytes());
    assert_eq!(xorshift(3, 1).len(), 3);
}

#[test]
fn hex_round_trips() {
    assert_eq!(encode_hex(&decode_hex("00a1ff").unwrap()), "00a1ff");
    assert!(decode_hex("zz").is_err());
}

#[test]
fn typed_key_vectors_are_apart_from_the_byte_apis_and_checked_against_their_key() {
    let file = |vectors: &str| {
        let text = format!(
            r#"{{"algorithm": "fxhash", "sources": {{"g": "x", "keys": "y"}}, "vectors": [
                {{"source": "g", "input": {{"hex": "00"}}, "digest": "0000000000000001"}},
                {vectors}]}}"#
        );
        VectorFile::parse("t.json", &text).unwrap()
    };
    let good = file(
        r#"{"source": "keys", "key": "u64", "input": {"xorshift": 8, "seed": 1}, "digest": "0000000000000002"},
           {"source": "keys", "key": "str", "input": {"ascii": "abc"}, "digest": "0000000000000003"}"#,
    );
    let bytes = good.known_answers("t.json", 8).unwrap();
    assert_eq!(bytes.len(), 1, "typed vectors are not byte-API answers");
    let typed = good.typed_answers("t.json", 8).unwrap();
    assert_eq!(typed.len(), 2);
    assert_eq!(typed[0].kind, KeyKind::U64);
    assert_eq!(typed[1].kind, KeyKind::Str);
    assert_eq!(
        typed[1].label,
        "t.json #2 (keys: keys:str of ascii \"abc\")"
    );

    let wrong = |vector: &str| {
        file(vector)
            .typed_answers("t.json", 8)
            .unwrap_err()
            .to_string()
    };
    let long_u64 = wrong(
        r#"{"source": "keys", "key": "u64", "input": {"hex": "000102030405060708"}, "digest": "0000000000000002"}"#,
    );
    assert_eq!(
        long_u64,
        "t.json: vector #1: a keys:u64 key cannot be made from 9 bytes"
    );
    let empty_str = wrong(
        r#"{"source": "keys", "key": "str", "input": {"hex": ""}, "digest": "0000000000000002"}"#,
    );
    assert!(
        empty_str.contains("cannot be made from 0 bytes"),
        "{empty_str}"
    );
    let unknown = wrong(
        r#"{"source": "keys", "key": "u32", "input": {"hex": "00"}, "digest": "0000000000000002"}"#,
    );
    assert!(
        unknown.contains("key 'u32' is not one of u64, id16, str"),
        "{unknown}"
    );
}
