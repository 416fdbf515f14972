//! End-to-end tests of the `hashbench` binary: `list`, `verify` and `sum`, their exit
//! codes and messages, and `sum` against the coreutils tools it imitates.
//!
//! The full `verify` of every implementation is slow in a debug build, so it runs once
//! (`full_verify_json_passes_everything`); the other `verify` tests pick a few
//! implementations.

use std::collections::{BTreeMap, BTreeSet};
use std::io::ErrorKind;
use std::path::{Path, PathBuf};
use std::process::Output;

use serde_json::Value;

use crate::common::{
    assert_exit, hashbench, output, run_exit, run_ok, show, stderr, stdout, stdout_json,
};

const ALGORITHMS: [&str; 50] = [
    "adler32",
    "crc32",
    "crc32c",
    "crc64-nvme",
    "crc64-xz",
    "xxh32",
    "xxh64",
    "xxh3-64",
    "xxh3-128",
    "siphash-1-3",
    "siphash-2-4",
    "murmur3-x86-32",
    "murmur3-x64-128",
    "cityhash-64",
    "farmhash-64",
    "highwayhash-64",
    "komihash",
    "foldhash-fast",
    "foldhash-quality",
    "rapidhash",
    "rapidhash-fast",
    "fxhash",
    "ahash-fallback",
    "wyhash-final4",
    "gxhash-64",
    "md5",
    "sha1",
    "sha2-224",
    "sha2-256",
    "sha2-384",
    "sha2-512",
    "sha2-512-256",
    "sha3-224",
    "sha3-256",
    "sha3-384",
    "sha3-512",
    "blake2s-256",
    "blake2b-256",
    "blake2b-512",
    "blake3",
    "crc16-ibm-3740",
    "crc16-arc",
    "ripemd-160",
    "shake128-256",
    "shake256-512",
    "k12-256",
    "sm3",
    "blake2bp-512",
    "blake2sp-256",
    "ascon-hash256",
];

/// md5("abc") and md5(""), from RFC 1321.
const MD5_ABC: &str = "900150983cd24fb0d6963f7d28e17f72";
const MD5_EMPTY: &str = "d41d8cd98f00b204e9800998ecf8427e";
/// sha256("abc"), from FIPS 180-2.
const SHA256_ABC: &str = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

/// Runs hashbench with `args` and no standard input.
fn run(args: &[&str]) -> Output {
    output(hashbench().args(args).write_stdin(Vec::<u8>::new()))
}

fn str_field<'a>(v: &'a Value, key: &str) -> &'a str {
    v[key]
        .as_str()
        .unwrap_or_else(|| panic!("{key} is not a string in {v}"))
}

fn array<'a>(v: &'a Value, key: &str) -> &'a Vec<Value> {
    v[key]
        .as_array()
        .unwrap_or_else(|| panic!("{key} is not an array in {v}"))
}

/// `hashbench list ARGS --format json`, checked for exit 0 and the schema version.
fn list_json(filter: &[&str]) -> Value {
    let mut args = vec!["list"];
    args.extend_from_slice(filter);
    args.extend_from_slice(&["--format", "json"]);
    let o = run(&args);
    assert_exit(&o, 0);
    let v = stdout_json(&o);
    assert_eq!(v["schema_version"], 1, "{v}");
    v
}

/// Every implementation in a `list --format json` answer.
fn implementations(list: &Value) -> Vec<&Value> {
    array(list, "algorithms")
        .iter()
        .flat_map(|a| array(a, "implementations"))
        .collect()
}

fn vectors_dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../../vectors")
}

/// A temporary copy of the repository's `*.json` vector files.
fn copy_of_vectors() -> tempfile::TempDir {
    let dir = tempfile::tempdir().expect("create a temporary directory");
    let mut copied = 0;
    for entry in std::fs::read_dir(vectors_dir()).expect("read the vectors directory") {
        let path = entry.expect("list the vectors directory").path();
        if path.extension().is_some_and(|e| e == "json") {
            let name = path.file_name().expect("a file name");
            std::fs::copy(&path, dir.path().join(name)).expect("copy a vector file");
            copied += 1;
        }
    }
    assert_eq!(copied, ALGORITHMS.len(), "one vector file per algorithm");
    dir
}

// ---------------------------------------------------------------------------------------
// list

#[test]
fn list_json_catalogues_every_algorithm_and_implementation() {
    let list = list_json(&[]);
    let algorithms = array(&list, "algorithms");

    let ids: Vec<&str> = algorithms.iter().map(|a| str_field(a, "id")).collect();
    assert_eq!(ids.len(), 50, "{ids:?}");
    let unique: BTreeSet<&str> = ids.iter().copied().collect();
    assert_eq!(unique.len(), ids.len(), "duplicate algorithm ids: {ids:?}");
    assert_eq!(unique, ALGORITHMS.into_iter().collect(), "{ids:?}");

    let classes = ["checksum", "non-cryptographic-hash", "cryptographic-hash"];
    let expected_bits: BTreeMap<&str, u64> = [
        ("adler32", 32),
        ("crc32", 32),
        ("crc32c", 32),
        ("crc64-nvme", 64),
        ("crc64-xz", 64),
        ("xxh32", 32),
        ("xxh64", 64),
        ("xxh3-64", 64),
        ("xxh3-128", 128),
        ("siphash-1-3", 64),
        ("siphash-2-4", 64),
        ("murmur3-x86-32", 32),
        ("murmur3-x64-128", 128),
        ("cityhash-64", 64),
        ("farmhash-64", 64),
        ("highwayhash-64", 64),
        ("komihash", 64),
        ("foldhash-fast", 64),
        ("foldhash-quality", 64),
        ("rapidhash", 64),
        ("rapidhash-fast", 64),
        ("fxhash", 64),
        ("ahash-fallback", 64),
        ("wyhash-final4", 64),
        ("gxhash-64", 64),
        ("md5", 128),
        ("sha1", 160),
        ("sha2-224", 224),
        ("sha2-256", 256),
        ("sha2-384", 384),
        ("sha2-512", 512),
        ("sha2-512-256", 256),
        ("sha3-224", 224),
        ("sha3-256", 256),
        ("sha3-384", 384),
        ("sha3-512", 512),
        ("blake2s-256", 256),
        ("blake2b-256", 256),
        ("blake2b-512", 512),
        ("blake3", 256),
        ("blake2bp-512", 512),
        ("blake2sp-256", 256),
        ("sm3", 256),
        ("ascon-hash256", 256),
        ("k12-256", 256),
        ("shake128-256", 256),
        ("shake256-512", 512),
        ("ripemd-160", 160),
        ("crc16-ibm-3740", 16),
        ("crc16-arc", 16),
    ]
    .into_iter()
    .collect();

    let mut total = 0;
    let mut impl_ids = BTreeSet::new();
    for alg in algorithms {
        let id = str_field(alg, "id");
        let class = str_field(alg, "class");
        assert!(classes.contains(&class), "{id}: class {class}");
        assert_eq!(
            alg["output_bits"].as_u64(),
            Some(expected_bits[id]),
            "{id}: output_bits"
        );
        assert!(
            alg["block_bytes"].as_u64().is_some_and(|b| b >= 1),
            "{id}: block_bytes {}",
            alg["block_bytes"]
        );
        assert!(!str_field(alg, "family").is_empty(), "{id}: family");
        assert!(!str_field(alg, "security_note").is_empty(), "{id}: note");

        let imps = array(alg, "implementations");
        // Only one implementation is catalogued for these.
        let single = [
            "cityhash-64",
            "farmhash-64",
            "highwayhash-64",
            "komihash",
            "foldhash-fast",
            "foldhash-quality",
            "rapidhash",
            "rapidhash-fast",
            "fxhash",
            "ahash-fallback",
            "wyhash-final4",
            "gxhash-64",
            "ripemd-160",
            "sm3",
            "ascon-hash256",
            "blake2bp-512",
            "blake2sp-256",
        ];
        let least = if single.contains(&id) { 1 } else { 2 };
        assert!(
            imps.len() >= least,
            "{id} has {} implementation(s)",
            imps.len()
        );
        total += imps.len();
        for imp in imps {
            let imp_id = str_field(imp, "id");
            assert!(
                imp_id.starts_with(&format!("{id}/")),
                "implementation {imp_id} listed under {id}"
            );
            assert!(impl_ids.insert(imp_id), "duplicate implementation {imp_id}");
            assert!(!str_field(imp, "provider").is_empty(), "{imp_id}: provider");
            assert!(
                !str_field(imp, "provider_kind").is_empty(),
                "{imp_id}: provider_kind"
            );
            assert!(
                !str_field(imp, "provider_version").trim().is_empty(),
                "{imp_id}: provider_version"
            );
            assert!(
                !str_field(imp, "backend").trim().is_empty(),
                "{imp_id}: backend"
            );
            match imp["available"].as_bool() {
                Some(true) => {
                    assert!(imp["unavailable_reason"].is_null(), "{imp_id}: {imp}")
                }
                Some(false) => assert!(
                    imp["unavailable_reason"]
                        .as_str()
                        .is_some_and(|r| !r.trim().is_empty()),
                    "{imp_id} is unavailable without a reason: {imp}"
                ),
                None => panic!("{imp_id}: available is not a bool: {imp}"),
            }
        }
    }
    assert!(total >= 50, "only {total} implementations");

    // Checksums, the non-cryptographic and the cryptographic hashes land in their classes.
    for alg in algorithms {
        let id = str_field(alg, "id");
        let table = [
            "siphash",
            "murmur3",
            "cityhash",
            "farmhash",
            "highwayhash",
            "komihash",
            "foldhash",
            "rapidhash",
            "fxhash",
            "ahash",
            "wyhash",
            "gxhash",
        ];
        let want = if id.starts_with("crc") || id == "adler32" {
            "checksum"
        } else if id.starts_with("xxh") || table.iter().any(|t| id.starts_with(t)) {
            "non-cryptographic-hash"
        } else {
            "cryptographic-hash"
        };
        assert_eq!(str_field(alg, "class"), want, "{id}");
    }
}

#[test]
fn list_shows_every_non_cryptographic_hash_s_quality_key_and_stability() {
    let list = list_json(&[]);
    let mut seen = 0;
    for alg in array(&list, "algorithms") {
        let id = str_field(alg, "id");
        let props = &alg["hash_properties"];
        if str_field(alg, "class") != "non-cryptographic-hash" {
            assert!(props.is_null(), "{id}: {props}");
            continue;
        }
        seen += 1;
        let smhasher3 = &props["smhasher3"];
        let verdict = str_field(&smhasher3["verdict"], "verdict");
        assert!(
            ["passes", "fails", "not-tested"].contains(&verdict),
            "{id}: {props}"
        );
        if verdict != "not-tested" {
            let source = str_field(smhasher3, "source");
            assert!(
                source.starts_with("fwojcik/smhasher3 results/raw/"),
                "{id}: {source}"
            );
            assert!(
                source.contains(str_field(smhasher3, "entry")),
                "{id}: {source}"
            );
        }
        assert_eq!(str_field(smhasher3, "date").len(), 10, "{id}: {props}");
        let kind = str_field(&props["key"], "kind");
        match kind {
            "seed" | "keyed" => assert!(
                props["key"]["bits"].as_u64().is_some_and(|b| b >= 32),
                "{id}: {props}"
            ),
            "unkeyed" => assert!(props["key"]["bits"].is_null(), "{id}: {props}"),
            other => panic!("{id}: key kind {other}"),
        }
        assert!(props["stability"]["stable"].is_boolean(), "{id}: {props}");
        assert!(
            !str_field(&props["stability"], "reason").is_empty(),
            "{id}: {props}"
        );
    }
    assert_eq!(
        seen, 20,
        "the xxHash family and the sixteen hash-table hashers"
    );
    let ahash = &list_json(&["ahash-fallback"])["algorithms"][0]["hash_properties"];
    assert_eq!(ahash["stability"]["stable"], false, "{ahash}");
    assert_eq!(ahash["key"]["bits"], 256, "{ahash}");
    let xxh3 = &list_json(&["xxh3-64"])["algorithms"][0]["hash_properties"];
    assert_eq!(xxh3["smhasher3"]["verdict"]["failed"], 27, "{xxh3}");
    let sip = &list_json(&["siphash-2-4"])["algorithms"][0]["hash_properties"];
    assert_eq!(sip["key"]["kind"], "keyed", "{sip}");
    assert_eq!(sip["key"]["bits"], 128, "{sip}");

    // The table says the same under each heading.
    let o = run(&["list", "xxh3-64", "siphash-2-4", "cityhash-64", "sha2-256"]);
    assert_exit(&o, 0);
    let text = String::from_utf8_lossy(&o.stdout);
    let lines: Vec<&str> = text.lines().collect();
    let after = |heading: &str| {
        let i = lines
            .iter()
            .position(|l| l.starts_with(heading))
            .unwrap_or_else(|| panic!("{heading} in\n{text}"));
        lines[i + 1]
    };
    assert!(
        after("xxh3-64 ")
            .starts_with("  SMHasher3: fails 27/250 (fwojcik/smhasher3 results/raw/XXH3-64.txt"),
        "{text}"
    );
    assert!(
        after("xxh3-64 ").contains("key: 64-bit seed (not flood-resistant); output: stable"),
        "{text}"
    );
    assert!(
        after("siphash-2-4 ").contains("passes 235/235")
            && after("siphash-2-4 ").contains("key: keyed, 128-bit key"),
        "{text}"
    );
    assert!(after("cityhash-64 ").contains("key: unkeyed"), "{text}");
    // A cryptographic hash has no hash-quality line; its FIPS status instead.
    assert!(
        after("sha2-256 ").starts_with("  FIPS: algorithm approved"),
        "no FIPS line for a cryptographic hash:\n{text}"
    );
}

#[test]
fn list_summary_counts_in_the_singular_and_the_plural() {
    let o = run(&["list", "crc32c/crc-fast"]);
    assert_exit(&o, 0);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(text.contains("\n1 algorithm, 1 implementation\n"), "{text}");
    let o = run(&["list", "crc32c"]);
    assert_exit(&o, 0);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains("\n1 algorithm, ") && text.contains(" implementations\n"),
        "{text}"
    );
}

#[test]
fn list_filters_by_provider_family_and_id() {
    // Provider: only libsodium implementations, and at least one of them.
    let sodium = list_json(&["libsodium"]);
    let ids: Vec<&str> = implementations(&sodium)
        .into_iter()
        .map(|i| str_field(i, "id"))
        .collect();
    assert!(!ids.is_empty(), "libsodium lists nothing");
    for id in &ids {
        assert!(id.ends_with("/libsodium"), "{id} under filter libsodium");
    }
    assert!(ids.contains(&"sha2-256/libsodium"), "{ids:?}");
    for alg in array(&sodium, "algorithms") {
        assert!(
            !array(alg, "implementations").is_empty(),
            "algorithm {} listed with no matching implementation",
            alg["id"]
        );
    }

    // Family: the six CRCs, nothing else.
    let crc = list_json(&["crc"]);
    let algs: BTreeSet<&str> = array(&crc, "algorithms")
        .iter()
        .map(|a| str_field(a, "id"))
        .collect();
    assert_eq!(
        algs,
        [
            "crc16-ibm-3740",
            "crc16-arc",
            "crc32",
            "crc32c",
            "crc64-nvme",
            "crc64-xz"
        ]
        .into_iter()
        .collect(),
        "family crc"
    );
    for a in array(&crc, "algorithms") {
        assert_eq!(str_field(a, "family"), "crc");
    }

    // Two algorithm ids: exactly those two.
    let two = list_json(&["md5", "blake3"]);
    let algs: Vec<&str> = array(&two, "algorithms")
        .iter()
        .map(|a| str_field(a, "id"))
        .collect();
    assert_eq!(
        algs.iter().copied().collect::<BTreeSet<_>>(),
        ["md5", "blake3"].into_iter().collect()
    );

    // Table output names the implementations and leaves others out.
    let o = run(&["list", "crc32"]);
    assert_exit(&o, 0);
    let table = stdout(&o);
    assert!(table.contains("crc32/crc32fast"), "{table}");
    assert!(!table.contains("md5/"), "{table}");
    assert!(
        !table.contains("crc32c/"),
        "filter crc32 shows crc32c:\n{table}"
    );
}

#[test]
fn list_unknown_filter_is_a_usage_error_with_suggestions() {
    let o = run(&["list", "sha-256"]);
    assert_exit(&o, 2);
    assert!(o.stdout.is_empty(), "{}", show(&o));
    let err = stderr(&o);
    assert!(err.contains("sha-256"), "{err}");
    assert!(err.contains("did you mean"), "{err}");
    assert!(err.contains("sha2-256"), "{err}");

    // One bad name among good ones still fails the whole command.
    let o = run(&["list", "md5", "nosuchthing"]);
    assert_exit(&o, 2);
    assert!(stderr(&o).contains("nosuchthing"), "{}", show(&o));
}

// ---------------------------------------------------------------------------------------
// verify

#[test]
fn verify_crc32_and_md5_passes() {
    let listed = list_json(&["crc32", "md5"]);
    let mut available = BTreeSet::new();
    let mut unavailable = BTreeSet::new();
    for imp in implementations(&listed) {
        let id = str_field(imp, "id").to_string();
        if imp["available"].as_bool() == Some(true) {
            available.insert(id);
        } else {
            unavailable.insert(id);
        }
    }
    assert!(available.len() >= 4, "{available:?}");

    let o = run(&["verify", "crc32", "md5"]);
    assert_exit(&o, 0);
    let out = stdout(&o);
    let mut lines: Vec<&str> = out.lines().filter(|l| !l.trim().is_empty()).collect();
    let summary = lines.pop().expect("a summary line");
    assert_eq!(
        summary,
        format!(
            "verify: {} passed, 0 failed, {} unavailable here",
            available.len(),
            unavailable.len()
        ),
        "{out}"
    );
    let mut passed = BTreeSet::new();
    for line in lines {
        let mut words = line.split_whitespace();
        let (verdict, id) = (words.next(), words.next().expect("an implementation id"));
        match verdict {
            Some("PASS") => assert!(passed.insert(id.to_string()), "{id} twice:\n{out}"),
            Some("SKIP") => assert!(unavailable.contains(id), "{line}"),
            _ => panic!("unexpected line {line:?} in\n{out}"),
        }
    }
    assert_eq!(passed, available, "{out}");
}

#[test]
fn full_verify_json_passes_everything() {
    let o = run(&["verify", "--format", "json"]);
    assert_exit(&o, 0);
    let v = stdout_json(&o);
    assert_eq!(v["schema_version"], 1);
    let outcomes = array(&v, "outcomes");
    assert!(outcomes.len() >= 50, "{} outcomes", outcomes.len());

    let count = |key: &str| v[key].as_u64().unwrap_or_else(|| panic!("{key} in {v}"));
    assert_eq!(count("failed"), 0);
    assert_eq!(
        count("passed") + count("failed") + count("unavailable"),
        outcomes.len() as u64
    );

    let listed: BTreeSet<String> = implementations(&list_json(&[]))
        .into_iter()
        .map(|i| str_field(i, "id").to_string())
        .collect();
    let mut seen = BTreeSet::new();
    let mut passed = 0;
    for out in outcomes {
        let id = str_field(out, "implementation");
        assert!(seen.insert(id.to_string()), "{id} verified twice");
        assert!(
            id.starts_with(&format!("{}/", str_field(out, "algorithm"))),
            "{out}"
        );
        match str_field(&out["status"], "status") {
            "passed" => {
                passed += 1;
                assert!(out["checks"].as_u64().is_some_and(|c| c > 0), "{out}");
                assert_eq!(out["failed_checks"], 0, "{out}");
                assert!(array(out, "failures").is_empty(), "{out}");
            }
            "unavailable" => assert!(
                out["status"]["reason"]
                    .as_str()
                    .is_some_and(|r| !r.trim().is_empty()),
                "{id} unavailable without a reason: {out}"
            ),
            other => panic!("{id}: status {other}: {out}"),
        }
    }
    assert_eq!(passed, count("passed"));
    assert_eq!(seen, listed, "verify covers exactly what list lists");
}

/// The index and digest of the first published (not generated) vector in `text` whose
/// digest appears only once in the file, so that a textual edit hits just that vector.
fn first_published_vector(text: &str) -> (usize, String) {
    let file: Value = serde_json::from_str(text).expect("md5.json is JSON");
    array(&file, "vectors")
        .iter()
        .enumerate()
        .filter(|(_, v)| str_field(v, "source") != "generated")
        .map(|(i, v)| (i, str_field(v, "digest").to_string()))
        .find(|(_, d)| text.matches(d.as_str()).count() == 1)
        .expect("a published md5 vector with a unique digest")
}

#[test]
fn verify_reports_a_corrupted_vector() {
    let dir = copy_of_vectors();
    let md5_json = dir.path().join("md5.json");
    let text = std::fs::read_to_string(&md5_json).expect("read md5.json");
    let (index, real) = first_published_vector(&text);
    let last = real.chars().last().expect("a non-empty digest");
    let flipped = if last == '0' { '1' } else { '0' };
    let corrupted = format!("{}{flipped}", &real[..real.len() - 1]);
    std::fs::write(&md5_json, text.replacen(&real, &corrupted, 1)).expect("write md5.json");

    let dir_arg = dir.path().to_str().expect("UTF-8 temp path");
    let o = run(&["verify", "md5/md-5", "--vectors", dir_arg]);
    assert_exit(&o, 1);
    let out = stdout(&o);
    assert!(
        out.lines()
            .any(|l| l.starts_with("FAIL") && l.contains("md5/md-5")),
        "{out}"
    );
    assert!(!out.contains("PASS"), "{out}");
    assert!(out.contains("mode oneshot"), "{out}");
    assert!(out.contains(&format!("md5.json #{index}")), "{out}");
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("expected") && l.contains(&corrupted)),
        "no `expected {corrupted}` line:\n{out}"
    );
    assert!(
        out.lines()
            .any(|l| l.trim_start().starts_with("got") && l.contains(&real)),
        "no `got {real}` line:\n{out}"
    );
    assert!(
        out.trim_end()
            .ends_with("verify: 0 passed, 1 failed, 0 unavailable here"),
        "{out}"
    );

    // The same directory with the file repaired passes again: the failure was the edit.
    std::fs::write(&md5_json, &text).expect("restore md5.json");
    let o = run(&["verify", "md5/md-5", "--vectors", dir_arg]);
    assert_exit(&o, 0);
}

#[test]
fn verify_with_a_missing_vectors_directory_is_a_usage_error() {
    let tmp = tempfile::tempdir().expect("create a temporary directory");
    let missing = tmp.path().join("no-such-vectors");
    let missing = missing.to_str().expect("UTF-8 temp path");
    let o = run(&["verify", "md5", "--vectors", missing]);
    assert_exit(&o, 2);
    assert!(stderr(&o).contains(missing), "{}", show(&o));
}

#[test]
fn verify_with_a_vector_file_that_is_not_json_is_a_usage_error() {
    let dir = copy_of_vectors();
    std::fs::write(dir.path().join("md5.json"), "this is not JSON\n").expect("write md5.json");
    let dir_arg = dir.path().to_str().expect("UTF-8 temp path");
    let o = run(&["verify", "md5", "--vectors", dir_arg]);
    assert_exit(&o, 2);
    assert!(stderr(&o).contains("md5.json"), "{}", show(&o));
}

// ---------------------------------------------------------------------------------------
// sum

/// `sum` runs in this directory with relative names, as the coreutils tools do.
struct SumFiles {
    dir: tempfile::TempDir,
    names: Vec<&'static str>,
}

/// The xorshift64 stream of `vectors/README.md`, truncated to `len` bytes.
fn xorshift_bytes(len: usize, seed: u64) -> Vec<u8> {
    let mut x = seed;
    let mut out = Vec::with_capacity(len + 8);
    while out.len() < len {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        out.extend_from_slice(&x.to_le_bytes());
    }
    out.truncate(len);
    out
}

fn sum_files() -> SumFiles {
    let dir = tempfile::tempdir().expect("create a temporary directory");
    let files: [(&'static str, Vec<u8>); 6] = [
        ("empty", Vec::new()),
        (
            "small.txt",
            b"The quick brown fox jumps over the lazy dog\n".to_vec(),
        ),
        ("check.txt", b"123456789".to_vec()),
        // Crosses the 256 KiB read buffer several times and ends mid-block.
        (
            "random.bin",
            xorshift_bytes((1 << 20) + 3, 0x9e37_79b9_7f4a_7c15),
        ),
        ("with space.txt", b"a name with a space\n".to_vec()),
        // sha256sum escapes the backslash and starts the line with one.
        ("back\\slash", b"escaped name\n".to_vec()),
    ];
    for (name, bytes) in &files {
        std::fs::write(dir.path().join(name), bytes).expect("write a test file");
    }
    SumFiles {
        dir,
        names: files.iter().map(|(n, _)| *n).collect(),
    }
}

fn hashbench_sum(files: &SumFiles, imp: &str) -> Vec<u8> {
    let o = run_ok(
        hashbench()
            .current_dir(files.dir.path())
            .args(["sum", "-i", imp])
            .args(&files.names),
    );
    assert_sum_says_its_choice(imp, &o);
    o.stdout
}

/// `sum -i ALGORITHM` says which implementation it chose, in one line on standard error;
/// `sum -i ALGORITHM/IMPL` says nothing.
pub(crate) fn assert_sum_says_its_choice(imp: &str, o: &Output) {
    let err = String::from_utf8_lossy(&o.stderr);
    if imp.contains('/') {
        assert!(err.is_empty(), "{}", show(o));
    } else {
        assert_eq!(err.lines().count(), 1, "{}", show(o));
        assert!(
            err.starts_with("hashbench: sum: ") && err.contains(" via "),
            "{}",
            show(o)
        );
    }
}

/// Output of an external tool run on the files, or `None` when it is not installed.
fn external(files: &SumFiles, program: &str, args: &[&str]) -> Option<Output> {
    match std::process::Command::new(program)
        .current_dir(files.dir.path())
        .args(args)
        .args(&files.names)
        .output()
    {
        Ok(o) => Some(o),
        Err(e) if e.kind() == ErrorKind::NotFound => None,
        Err(e) => panic!("cannot run {program}: {e}"),
    }
}

/// The digest column of sha256sum-style output, one entry per line.
fn digests(out: &[u8]) -> Vec<String> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|l| {
            let l = l.strip_prefix('\\').unwrap_or(l);
            l.split("  ").next().unwrap_or_default().to_string()
        })
        .collect()
}

#[test]
fn sum_matches_coreutils_byte_for_byte() {
    let files = sum_files();
    let cases: [(&str, &str, &[&str]); 6] = [
        ("sha2-256", "sha256sum", &[]),
        ("md5", "md5sum", &[]),
        ("sha1", "sha1sum", &[]),
        ("sha2-512", "sha512sum", &[]),
        ("blake2b-512", "b2sum", &[]),
        ("blake2b-256", "b2sum", &["-l", "256"]),
    ];
    let mut compared = 0;
    for (imp, tool, tool_args) in cases {
        let ours = hashbench_sum(&files, imp);
        let Some(theirs) = external(&files, tool, tool_args) else {
            eprintln!("skipping the {imp} comparison: {tool} is not installed");
            continue;
        };
        assert!(theirs.status.success(), "{tool}: {}", show(&theirs));
        assert_eq!(
            String::from_utf8_lossy(&ours),
            String::from_utf8_lossy(&theirs.stdout),
            "hashbench sum -i {imp} differs from {tool} {tool_args:?}"
        );
        assert_eq!(ours, theirs.stdout, "{imp} vs {tool}: bytes differ");
        compared += 1;
    }
    assert!(compared > 0, "no coreutils tool to compare with");

    // An implementation id gives the same lines as its algorithm id.
    assert_eq!(
        hashbench_sum(&files, "sha2-256/openssl"),
        hashbench_sum(&files, "sha2-256")
    );
}

#[test]
fn sum_crc32_matches_zlib() {
    let files = sum_files();
    let ours = hashbench_sum(&files, "crc32");
    let ours_text = String::from_utf8_lossy(&ours).into_owned();
    let ours_digests = digests(&ours);
    assert_eq!(ours_digests.len(), files.names.len(), "{ours_text}");

    // The CRC-32/ISO-HDLC check value.
    let check = files
        .names
        .iter()
        .position(|n| *n == "check.txt")
        .expect("check.txt is one of the files");
    assert_eq!(ours_digests[check], "cbf43926", "{ours_text}");
    assert!(
        ours_text.lines().any(|l| l == "cbf43926  check.txt"),
        "{ours_text}"
    );

    // Python's zlib.crc32, always (python3 is a requirement of the test suite).
    let script = "import sys, zlib\n\
                  for name in sys.argv[1:]:\n    \
                  with open(name, 'rb') as f:\n        \
                  print('%08x' % (zlib.crc32(f.read()) & 0xffffffff))\n";
    let py = external(&files, "python3", &["-c", script])
        .expect("python3 is needed to check crc32 against zlib");
    assert!(py.status.success(), "python3: {}", show(&py));
    let zlib: Vec<String> = String::from_utf8_lossy(&py.stdout)
        .lines()
        .map(str::to_string)
        .collect();
    assert_eq!(ours_digests, zlib, "hashbench sum -i crc32 vs zlib.crc32");

    // `cksum -a crc32b` where this coreutils has it (9.6 and later); 9.1 does not.
    let probe = std::process::Command::new("cksum")
        .args(["-a", "crc32b"])
        .stdin(std::process::Stdio::null())
        .output();
    match probe {
        Ok(p) if p.status.success() => {
            for (name, want) in files.names.iter().zip(&ours_digests) {
                let o = std::process::Command::new("cksum")
                    .current_dir(files.dir.path())
                    .args(["-a", "crc32b", name])
                    .output()
                    .expect("run cksum -a crc32b");
                assert!(o.status.success(), "cksum: {}", show(&o));
                let text = String::from_utf8_lossy(&o.stdout).into_owned();
                assert_eq!(
                    &cksum_crc32b_hex(&text),
                    want,
                    "{name}: cksum -a crc32b said {text}"
                );
            }
        }
        _ => eprintln!("skipping the cksum -a crc32b comparison: this cksum lacks crc32b"),
    }
}

/// The CRC from `cksum -a crc32b` output, as 8 hex digits. The untagged form is
/// `DECIMAL SIZE NAME` like `cksum -a crc`; a tagged form `CRC32B (NAME) = HEX` is
/// accepted too.
fn cksum_crc32b_hex(text: &str) -> String {
    let line = text.lines().next().unwrap_or_default();
    if let Some((_, hex)) = line.rsplit_once(" = ") {
        return hex.trim().to_ascii_lowercase();
    }
    let first = line.split_whitespace().next().unwrap_or_default();
    match first.parse::<u32>() {
        Ok(n) => format!("{n:08x}"),
        Err(_) => first.to_ascii_lowercase(),
    }
}

#[test]
fn sum_reads_standard_input() {
    for args in [
        &["sum", "-i", "sha2-256", "-"][..],
        &["sum", "-i", "sha2-256"][..],
    ] {
        let o = run_ok(hashbench().args(args).write_stdin("abc"));
        assert_eq!(stdout(&o), format!("{SHA256_ABC}  -\n"), "{args:?}");
    }

    // Empty standard input.
    let o = run_ok(
        hashbench()
            .args(["sum", "-i", "md5", "-"])
            .write_stdin(Vec::<u8>::new()),
    );
    assert_eq!(stdout(&o), format!("{MD5_EMPTY}  -\n"));
}

#[test]
fn sum_reports_missing_files_and_directories_and_goes_on() {
    let dir = tempfile::tempdir().expect("create a temporary directory");
    std::fs::write(dir.path().join("a.txt"), "abc").expect("write a.txt");
    std::fs::write(dir.path().join("b.txt"), "").expect("write b.txt");
    std::fs::create_dir(dir.path().join("subdir")).expect("create subdir");

    let o = run_exit(
        hashbench().current_dir(dir.path()).args([
            "sum",
            "-i",
            "md5",
            "a.txt",
            "missing.txt",
            "subdir",
            "b.txt",
        ]),
        1,
    );
    assert_eq!(
        stdout(&o),
        format!("{MD5_ABC}  a.txt\n{MD5_EMPTY}  b.txt\n"),
        "{}",
        show(&o)
    );
    let err = stderr(&o);
    let mut lines: Vec<&str> = err.lines().collect();
    assert!(
        lines[0].starts_with("hashbench: sum: md5 via md5/"),
        "first, the implementation chosen:\n{err}"
    );
    lines.remove(0);
    assert_eq!(lines.len(), 2, "one message per bad file:\n{err}");
    assert!(
        lines[0].contains("missing.txt") && lines[0].contains("No such file or directory"),
        "{err}"
    );
    assert!(
        lines[1].contains("subdir") && lines[1].contains("Is a directory"),
        "{err}"
    );
}

#[test]
fn sum_of_an_algorithm_uses_a_verified_implementation_and_says_which() {
    let dir = tempfile::tempdir().expect("create a temporary directory");
    std::fs::write(dir.path().join("a.txt"), "abc").expect("write a.txt");
    let o = run_ok(
        hashbench()
            .current_dir(dir.path())
            .args(["sum", "-i", "md5", "a.txt"]),
    );
    assert_eq!(stdout(&o), format!("{MD5_ABC}  a.txt\n"));
    let err = stderr(&o);
    // Which one is fastest depends on the machine; that it is md5's, verified, does not.
    assert!(err.starts_with("hashbench: sum: md5 via md5/"), "{err}");
    assert!(
        err.contains("verified here") && err.ends_with(")\n") && err.lines().count() == 1,
        "{err}"
    );

    // An implementation id is used as named, and nothing is said about it.
    let o = run_ok(
        hashbench()
            .current_dir(dir.path())
            .args(["sum", "-i", "md5/md-5", "a.txt"]),
    );
    assert_eq!(stdout(&o), format!("{MD5_ABC}  a.txt\n"));
    assert!(o.stderr.is_empty(), "{}", show(&o));
}

#[test]
fn sum_needs_an_algorithm_or_implementation_id() {
    // A family names several algorithms.
    let o = run(&["sum", "-i", "crc", "-"]);
    assert_exit(&o, 2);
    assert!(o.stdout.is_empty(), "{}", show(&o));
    assert!(stderr(&o).contains("crc"), "{}", show(&o));

    // An unknown name: a near miss gets suggestions, anything else a pointer to `list`.
    let o = run(&["sum", "-i", "sha-256", "-"]);
    assert_exit(&o, 2);
    assert!(o.stdout.is_empty(), "{}", show(&o));
    let err = stderr(&o);
    assert!(
        err.contains("did you mean") && err.contains("sha2-256"),
        "{err}"
    );

    let o = run(&["sum", "-i", "nosuch", "-"]);
    assert_exit(&o, 2);
    assert!(o.stdout.is_empty(), "{}", show(&o));
    let err = stderr(&o);
    assert!(err.contains("nosuch"), "{err}");
    assert!(
        err.contains("did you mean") || err.contains("hashbench list"),
        "no suggestion for nosuch: {err}"
    );
}

#[test]
fn version_names_the_commit_it_was_built_from() {
    let o = run(&["-V"]);
    assert_exit(&o, 0);
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.starts_with(&format!("hashbench {}", env!("CARGO_PKG_VERSION"))),
        "{text}"
    );
    // A checkout has a commit; a source tarball says it has none, never an empty "()".
    assert!(
        text.contains("(commit ") || text.contains("(not built from a git checkout)"),
        "{text}"
    );
}

#[test]
fn completions_and_the_man_page_are_generated_from_the_same_flags() {
    let o = run(&["completions", "bash"]);
    assert_exit(&o, 0);
    let bash = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        bash.contains("_hashbench()") && bash.contains("--runtime"),
        "{bash:.300}"
    );
    let o = run(&["completions", "fish"]);
    assert_exit(&o, 0);
    let o = run(&["man"]);
    assert_exit(&o, 0);
    let man = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        man.contains(".TH hashbench 1") && man.contains("completions"),
        "{man:.300}"
    );
    // The page names hashbench-run(1) and the others; `man run` prints it.
    assert!(man.contains("hashbench\\-run(1)"), "{man}");
    let o = run(&["man", "run"]);
    assert_exit(&o, 0);
    let page = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        page.contains(".TH hashbench-run 1") && page.contains("\\-\\-time"),
        "{page:.600}"
    );
    assert_exit(&run(&["man", "nosuch"]), 2);
    assert_exit(&run(&["completions", "cobol"]), 2);
}

#[test]
fn a_run_option_without_run_is_refused_with_a_tip() {
    // Bare `hashbench` runs the default suite, but its options follow `run`.
    for args in [&["-q"][..], &["--time", "0.02"], &["--time=0.02"]] {
        let o = run(args);
        assert_exit(&o, 2);
        let err = String::from_utf8_lossy(&o.stderr).to_string();
        assert!(err.contains("is an option of `hashbench run`"), "{err}");
    }
    // After another command, the tip would mislead: clap's error stands alone.
    let o = run(&["list", "--time", "0.02"]);
    assert_exit(&o, 2);
    let err = String::from_utf8_lossy(&o.stderr).to_string();
    assert!(!err.contains("hashbench run"), "{err}");
}

#[test]
fn every_subcommand_help_ends_with_examples() {
    for sub in [
        "run",
        "list",
        "verify",
        "sum",
        "report",
        "compare",
        "suite",
        "crossover",
        "published",
        "quality",
    ] {
        let o = run(&[sub, "--help"]);
        assert_exit(&o, 0);
        let text = String::from_utf8_lossy(&o.stdout).to_string();
        assert!(
            text.contains("Examples:\n  hashbench "),
            "{sub} --help has no examples:\n{text}"
        );
    }
}
