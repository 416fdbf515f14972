//! `hashbench quality`: a weak hash's screen shows its failures (FxHash's map hasher on
//! keys whose low 32 bits are zero) and the hashbrown tables it crowds, a failed screen exits 0 unless `--strict`, and a
//! `--keys` file that cannot be used is a usage error (exit 2) naming the file, and a
//! user's plugin is screened too.

use crate::common::{hashbench, run_exit, run_ok, stderr, stdout, stdout_json};

#[test]
fn fxhash_fails_on_high_bit_keys_and_strict_makes_it_exit_1() {
    let o = run_ok(hashbench().args(["quality", "fxhash/rustc-hash"]));
    let text = stdout(&o);
    assert!(text.contains("fxhash/rustc-hash: FAIL"), "{text}");
    let high_bits = text
        .lines()
        .find(|l| l.contains("buckets") && l.contains("high-bits"))
        .expect("the high-bit keys' bucket check");
    assert!(high_bits.contains("FAIL"), "{high_bits}");
    assert!(text.contains("SMHasher3"), "{text}");
    // What a hashbrown map sees: its sparse keys share tags (docs/quality.md).
    assert!(
        text.contains("in a hashbrown map (16-slot groups): 21 of 23 tables probe as a random function's; worse in:"),
        "{text}"
    );
    let sparse = text
        .lines()
        .find(|l| l.trim_start().starts_with("sparse-u64  keys:u64"))
        .expect("a crowded sparse-keys table");
    assert!(sparse.contains("false tag matches per hit"), "{sparse}");

    let o = run_exit(
        hashbench().args(["quality", "fxhash", "--format", "json", "--strict"]),
        1,
    );
    let doc = stdout_json(&o);
    let checks = doc["screens"][0]["screen"]["checks"]
        .as_array()
        .expect("checks");
    assert!(checks
        .iter()
        .any(|c| c["keys"] == "high-bits" && c["test"] == "buckets" && c["pass"] == false));
    assert_eq!(doc["screens"][0]["smhasher3"]["entry"], "rust-fxhash64");
    let map = doc["screens"][0]["screen"]["map"].as_array().expect("map");
    assert_eq!(map.len(), 23);
    assert!(map.iter().any(
        |v| v["keys"] == "sparse-u64" && v["crowded"].as_array().is_some_and(|c| !c.is_empty())
    ));
}

#[test]
fn an_unusable_key_file_is_a_usage_error_naming_it() {
    let dir = tempfile::tempdir().expect("temp dir");
    let empty = dir.path().join("empty.txt");
    std::fs::write(&empty, b"").expect("written");
    let o = run_exit(
        hashbench()
            .args(["quality", "xxh3-64", "--keys"])
            .arg(&empty),
        2,
    );
    assert!(
        stderr(&o).contains("empty.txt: the key file holds no keys"),
        "{}",
        stderr(&o)
    );
    assert!(stdout(&o).is_empty());

    let odd = dir.path().join("odd.bin");
    std::fs::write(&odd, [0u8; 12]).expect("written");
    let o = run_exit(
        hashbench()
            .args(["quality", "xxh3-64", "--key-bytes", "8", "--keys"])
            .arg(&odd),
        2,
    );
    assert!(stderr(&o).contains("4 bytes left over"), "{}", stderr(&o));
}

#[test]
fn a_users_plugin_is_screened_beside_the_catalogue() {
    if !crate::plugins::compiler_here() {
        return;
    }
    let dir = tempfile::tempdir().expect("temp dir");
    // Adler-32, a checksum, through the header: every check of a hash's fails.
    let o = run_ok(
        hashbench()
            .env("HASHBENCH_CACHE_DIR", dir.path().join("cache"))
            .args(["quality", "--format", "json", "--plugin"])
            .arg(concat!(
                env!("CARGO_MANIFEST_DIR"),
                "/../../examples/plugins/adler32-stream"
            )),
    );
    let doc = stdout_json(&o);
    let screen = &doc["screens"][0];
    assert_eq!(screen["implementation"], "adler32/plugin:adler32-stream");
    assert_eq!(screen["passed"], false);
    assert_eq!(screen["screen"]["bits"], 32);
}

#[test]
fn seeds_view_a_seeded_map_hasher_and_say_when_one_takes_none() {
    let o = run_ok(hashbench().args(["quality", "fxhash", "--seeds", "2"]));
    assert!(
        stdout(&o).contains("over seeds: its map hasher takes no seed here"),
        "{}",
        stdout(&o)
    );
    let o = run_ok(hashbench().args([
        "quality",
        "foldhash-quality",
        "--seeds",
        "2",
        "--format",
        "json",
    ]));
    let doc = stdout_json(&o);
    assert_eq!(doc["config"]["map_seeds"], 2);
    let tables = doc["screens"][0]["screen"]["map_seeds"]
        .as_array()
        .expect("over seeds");
    assert_eq!(tables.len(), 23);
    assert!(tables
        .iter()
        .all(|t| t["seeds"] == 2 && t["path"] != "bytes"));
    let o = run_exit(
        hashbench().args(["quality", "fxhash", "--seeds", "1001"]),
        2,
    );
    assert!(stderr(&o).contains("1001"), "{}", stderr(&o));
}
