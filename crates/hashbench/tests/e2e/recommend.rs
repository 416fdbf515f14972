//! `hashbench recommend`: answers from a saved run (`--from`, no timing assertions: the
//! answer must follow the rules whatever the speeds were), one small measured run
//! checked for structure, the JSON shape, and bad input refused with exit 2.

use std::path::{Path, PathBuf};

use serde_json::Value;

use crate::common::{hashbench, run_ok, run_ok_json, stdout, usage_error};

/// A saved run with a checksum, a non-cryptographic hash, a broken and a sound
/// cryptographic hash at 4 KiB.
fn saved_run(dir: &Path) -> PathBuf {
    let path = dir.join("run.json");
    run_ok(
        hashbench()
            .args([
                "run",
                "crc32/crc32fast",
                "xxh3-64/twox-hash",
                "md5/md5",
                "sha2-256/sha2",
                "--sizes",
                "4k",
                "--time",
                "0.02",
                "-q",
                "--seed",
                "3",
                "--format",
                "json",
                "-o",
            ])
            .arg(&path),
    );
    path
}

fn recommend_json(from: &Path, need: &str, extra: &[&str]) -> Value {
    run_ok_json(
        hashbench()
            .args([
                "recommend",
                "--size",
                "4k",
                "--need",
                need,
                "--format",
                "json",
            ])
            .args(extra)
            .arg("--from")
            .arg(from),
    )
}

fn str_of<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is a string in {v}"))
}

#[test]
fn answers_from_a_saved_run_follow_the_need() {
    let dir = tempfile::tempdir().unwrap();
    let run = saved_run(dir.path());
    let measured = ["crc32", "xxh3-64", "md5", "sha2-256"];

    let checksum = recommend_json(&run, "checksum", &[]);
    assert_eq!(checksum["schema_version"], 1);
    assert_eq!(
        str_of(&checksum["measured"], "from"),
        run.display().to_string()
    );
    let rec = &checksum["recommendations"][0];
    assert_eq!(rec["size"], 4096);
    assert_eq!(rec["need"], "checksum");
    // Every class satisfies error detection: all four are candidates.
    assert_eq!(rec["candidates"], 4);
    let answer = str_of(&rec["answer"], "algorithm");
    assert!(measured.contains(&answer), "{answer}");
    let others = rec["others"].as_array().unwrap();
    assert_eq!(others.len(), 3, "{rec}");
    for o in others {
        assert!(o["ratio"].as_f64().unwrap() >= 1.0, "{o}");
        assert!(o["ratio_low"].as_f64().unwrap() <= o["ratio"].as_f64().unwrap());
        assert!(o["properties"]["output_bits"].as_u64().unwrap() >= 32);
    }

    // Crypto: only sha2-256 qualifies; md5 is broken, reported only if it was faster.
    let crypto = recommend_json(&run, "crypto", &[]);
    let rec = &crypto["recommendations"][0];
    assert_eq!(str_of(&rec["answer"], "implementation"), "sha2-256/sha2");
    assert_eq!(rec["answer"]["properties"]["collision_bits"], 128);
    assert_eq!(rec["answer"]["properties"]["standard"], "FIPS 180-4");
    for e in rec["excluded_faster"].as_array().unwrap() {
        assert!(e["ratio"].as_f64().unwrap() < 1.0, "{e}");
        let why = str_of(e, "excluded_because");
        if e["algorithm"] == "md5" {
            assert!(why.starts_with("broken"), "{why}");
        }
    }

    // Hash with 128 bits: crc32 and xxh3-64 are out, md5 is a 128-bit hash.
    let hash = recommend_json(&run, "hash", &["--min-bits", "128"]);
    let answer = str_of(&hash["recommendations"][0]["answer"], "algorithm");
    assert!(["md5", "sha2-256"].contains(&answer), "{answer}");
}

#[test]
fn the_table_names_the_answer_its_ties_and_reliability() {
    let dir = tempfile::tempdir().unwrap();
    let run = saved_run(dir.path());
    let o = run_ok(
        hashbench()
            .args(["recommend", "--size", "4k", "--need", "crypto", "--from"])
            .arg(&run),
    );
    let text = stdout(&o);
    assert!(text.contains("Answer: sha2-256 with sha2"), "{text}");
    assert!(text.contains("Tie group"), "{text}");
    assert!(text.contains("Reliability:"), "{text}");
}

#[test]
fn a_small_measured_run_has_the_expected_structure() {
    let v = run_ok_json(hashbench().args([
        "recommend",
        "--size",
        "1k",
        "--need",
        "crypto",
        "--min-bits",
        "512",
        "--time",
        "0.01",
        "-q",
        "--format",
        "json",
    ]));
    assert!(v["measured"]["from"].is_null());
    let rec = &v["recommendations"][0];
    assert_eq!(rec["size"], 1024);
    let answer = &rec["answer"];
    assert!(answer["properties"]["output_bits"].as_u64().unwrap() >= 512);
    assert_eq!(answer["properties"]["broken"], false);
    assert!(answer["gb_per_sec"].as_f64().unwrap() > 0.0);
    // sha2-512, sha3-512, blake2b-512, blake2bp-512 and shake256-512: the four others
    // have one row each.
    let others: Vec<&str> = rec["others"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| str_of(o, "algorithm"))
        .collect();
    assert_eq!(others.len(), 4, "{others:?}");
    assert!(!others.contains(&str_of(answer, "algorithm")));
    assert!(rec["warnings"].is_array());
}

#[test]
fn bad_input_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    usage_error(&["recommend", "--size", "4k", "--need", "foo"], "foo");
    usage_error(
        &["recommend", "--size", "0", "--need", "checksum"],
        "--size 0",
    );
    usage_error(&["recommend", "--need", "checksum"], "--size");
    // A key and a stable output are asked of hashes, not of a checksum or crypto.
    usage_error(
        &["recommend", "--size", "16", "--need", "crypto", "--keyed"],
        "--keyed",
    );
    usage_error(
        &[
            "recommend",
            "--size",
            "16",
            "--need",
            "checksum",
            "--stable",
        ],
        "--stable",
    );
    let missing = dir.path().join("missing.json");
    let missing = missing.to_str().unwrap();
    usage_error(
        &[
            "recommend",
            "--size",
            "4k",
            "--need",
            "crypto",
            "--from",
            missing,
        ],
        "missing.json",
    );
    let not_run = dir.path().join("not-a-run.json");
    std::fs::write(&not_run, "{\"hello\": 1}").unwrap();
    usage_error(
        &[
            "recommend",
            "--size",
            "4k",
            "--need",
            "crypto",
            "--from",
            not_run.to_str().unwrap(),
        ],
        "not-a-run.json",
    );
    let run = saved_run(dir.path());
    usage_error(
        &[
            "recommend",
            "--size",
            "64",
            "--need",
            "crypto",
            "--from",
            run.to_str().unwrap(),
        ],
        "no throughput cells at 64 B",
    );
    usage_error(
        &[
            "recommend",
            "--size",
            "4k",
            "--need",
            "crypto",
            "--min-bits",
            "4096",
        ],
        "no algorithm in the catalogue",
    );
}

#[test]
fn hash_table_answers_in_latency_with_each_hashs_properties_and_keyed_leaves_out_the_seeded() {
    // A saved latency run of 16-byte ids (what --size 16 times) through seeded hashes, a
    // keyed one, a library with no map hasher for its function, and a checksum.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("table.json");
    run_ok(
        hashbench()
            .args([
                "run",
                "crc32/crc32fast",
                "xxh3-64/xxhash-rust",
                "siphash-1-3/std",
                "foldhash-fast/foldhash",
                "rapidhash/rapidhash",
                "--sizes",
                "16",
                "--pattern",
                "keys:id16",
                "--mode",
                "latency",
                "--time",
                "0.02",
                "-q",
                "--format",
                "json",
                "-o",
            ])
            .arg(&path),
    );
    let ask = |extra: &[&str]| {
        run_ok_json(
            hashbench()
                .args(["recommend", "--size", "16", "--need", "hash-table"])
                .args(["--format", "json", "--from"])
                .arg(&path)
                .args(extra),
        )
    };
    let r = &ask(&[])["recommendations"][0];
    assert_eq!(str_of(r, "need"), "hash-table");
    assert_eq!(str_of(r, "mode"), "latency", "latency by default");
    assert_eq!(
        str_of(r, "pattern"),
        "keys:id16",
        "the key --size 16 implies"
    );
    // The checksum is never a candidate; each candidate carries its hash properties;
    // rapidhash, which no map hasher computes, is named with the reason.
    assert_eq!(r["candidates"], 3);
    let answer = str_of(&r["answer"], "implementation");
    assert!(
        [
            "xxh3-64/xxhash-rust",
            "siphash-1-3/std",
            "foldhash-fast/foldhash"
        ]
        .contains(&answer),
        "{answer}"
    );
    let not = r["not_measured"].as_array().unwrap();
    assert_eq!(not.len(), 1, "{not:?}");
    assert_eq!(str_of(&not[0], "implementation"), "rapidhash/rapidhash");
    assert!(str_of(&not[0], "why").contains("rapidhash::fast"));
    // A key that size cannot hold is refused before anything is read.
    let from = path.to_str().unwrap();
    usage_error(
        &[
            "recommend",
            "--size",
            "16",
            "--need",
            "hash-table",
            "--key",
            "u64",
            "--from",
            from,
        ],
        // The hint names recommend's own flag, --size, not run's --sizes.
        "--key times keys:u64: keys:u64 hashes a key of 8 bytes: its cells are 8 B only \
         (give --size 8)",
    );
    assert!(r["answer"]["properties"]["hash"]["smhasher3"]["verdict"]["verdict"].is_string());
    if answer == "xxh3-64/xxhash-rust" {
        let gives_up = r["gives_up"].as_array().expect("xxh3-64 gives things up");
        assert!(gives_up[0]
            .as_str()
            .unwrap()
            .starts_with("flood resistance"));
    }
    // With --keyed only SipHash is a candidate; a faster seeded hash says why it is out.
    let r = &ask(&["--keyed"])["recommendations"][0];
    assert_eq!(r["keyed"], true);
    assert_eq!(r["candidates"], 1);
    assert_eq!(str_of(&r["answer"], "implementation"), "siphash-1-3/std");
    for c in r["excluded_faster"].as_array().unwrap() {
        let why = str_of(c, "excluded_because");
        assert!(
            why.starts_with("not flood-resistant") || why.contains("no hash-quality spread"),
            "{why}"
        );
    }
    // The table says it in words.
    let text = stdout(&run_ok(
        hashbench()
            .args([
                "recommend",
                "--size",
                "16",
                "--need",
                "hash-table",
                "--keyed",
                "--from",
            ])
            .arg(&path),
    ));
    assert!(
        text.contains("(a hash-table hasher, keys:id16 (BuildHasher::hash_one), keyed, latency)"),
        "{text}"
    );
    assert!(text.contains("SMHasher3: passes"), "{text}");
}

#[test]
fn min_hd_leaves_only_the_crc_and_the_json_carries_its_hd() {
    let dir = tempfile::tempdir().unwrap();
    let run = saved_run(dir.path());
    let without = &recommend_json(&run, "checksum", &[])["recommendations"][0];
    assert_eq!(without["candidates"], 4, "{without}");
    // Koopman's CRC-32 profile: HD=4 up to 91,607 data bits, so at 4 KiB (32,768 bits).
    let with = &recommend_json(&run, "checksum", &["--min-hd", "4"])["recommendations"][0];
    assert_eq!(with["candidates"], 1, "{with}");
    assert_eq!(with["answer"]["algorithm"], "crc32");
    assert_eq!(with["min_hd"], 4);
    assert_eq!(with["hamming_distance"]["hd"], 4);
    assert_eq!(with["hamming_distance"]["data_bits"], 32768);
    assert_ne!(without["candidates"], with["candidates"]);
    // No algorithm measured reaches HD 5 at 4 KiB: refused, naming the flag.
    let path = run.display().to_string();
    let ask = |need: &'static str, hd: &'static str| {
        [
            "recommend",
            "--size",
            "4k",
            "--need",
            need,
            "--min-hd",
            hd,
            "--from",
        ]
    };
    let out = hashbench()
        .args(ask("checksum", "5"))
        .arg(&run)
        .output()
        .unwrap();
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("--min-hd 5"));
    let mut hash = ask("hash", "4").to_vec();
    hash.push(&path);
    usage_error(&hash, "--min-hd");
}
