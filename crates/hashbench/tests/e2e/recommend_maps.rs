//! `recommend --need hash-table` answered from a map workload: the hash-table hashers
//! timed inside std's `HashMap` on a key set (generated, or the user's `--keys`), the
//! answer, those left out though faster, and the other key sets of the same type; map
//! flags where no map is timed are usage errors (exit 2).

use crate::common::{hashbench, run_ok, run_ok_json, stderr, stdout, usage_error};

/// `recommend --need hash-table` with a short budget on a small map, as JSON.
fn ask(extra: &[&str]) -> serde_json::Value {
    run_ok_json(
        hashbench()
            .args(["recommend", "--need", "hash-table", "--entries", "512"])
            .args(["--time", "0.01", "--quiet", "--format", "json"])
            .args(extra),
    )
}

fn ids(cells: &serde_json::Value, set: &str) -> Vec<String> {
    let mut out: Vec<String> = cells
        .as_array()
        .expect("cells")
        .iter()
        .filter(|c| c["key_set"] == set)
        .map(|c| c["implementation"].as_str().expect("id").to_string())
        .collect();
    out.sort();
    out
}

#[test]
fn the_answer_comes_from_lookups_in_a_map_and_names_the_key_sets_that_would_change_it() {
    // A key set given needs no --size: the set decides the keys.
    let rec = ask(&["--set", "high-bits"]);
    let a = &rec["answer"];
    assert_eq!(a["workload"], "hit", "lookups that hit by default");
    assert_eq!(a["key_set"], "high-bits");
    assert_eq!(a["entries"], 512);
    let timed = ids(&rec["measured"]["cells"], "high-bits");
    let answer = a["answer"]["implementation"].as_str().expect("an answer");
    assert!(timed.iter().any(|t| t == answer), "{answer} in {timed:?}");
    // Every hash-table hasher is timed and admitted: none left out, nothing faster.
    assert_eq!(a["candidates"].as_u64(), Some(timed.len() as u64));
    assert!(a["excluded_faster"].as_array().expect("list").is_empty());
    // The other u64 sets, each with the answer and up to three rivals.
    let sets: Vec<&str> = a["elsewhere"]
        .as_array()
        .expect("elsewhere")
        .iter()
        .map(|e| e["key_set"].as_str().expect("set"))
        .collect();
    assert_eq!(sets, ["serial", "high-random", "random-u64"]);
    let rivals = ids(&rec["elsewhere_measured"]["cells"], "serial");
    assert!(rivals.iter().any(|r| r == answer), "{rivals:?}");
    assert!(rivals.len() <= 4, "{rivals:?}");
    assert!(rec["properties"]["smhasher3"]["verdict"]["verdict"].is_string());

    // --keyed leaves the seeded hashers out, naming those that were faster.
    let rec = ask(&["--size", "16", "--keyed", "--workload", "miss"]);
    let a = &rec["answer"];
    assert_eq!(
        (a["workload"].as_str(), a["key_set"].as_str()),
        (Some("miss"), Some("id16-random"))
    );
    assert_eq!(rec["properties"]["key"]["kind"], "keyed", "{rec}");
    for e in a["excluded_faster"].as_array().expect("list") {
        let why = e["why"].as_str().expect("why");
        assert!(why.starts_with("not flood-resistant"), "{why}");
    }
    assert_eq!(a["elsewhere"][0]["key_set"], "id16-time");
}

#[test]
fn your_own_keys_are_answered_on_and_the_table_says_it_all() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("names.txt");
    let names: String = (0..2000).map(|i| format!("customer-{i:05}\n")).collect();
    std::fs::write(&file, names).expect("written");
    let o = run_ok(
        hashbench()
            .args(["recommend", "--need", "hash-table"])
            .args(["--time", "0.01", "--keys"])
            .arg(&file),
    );
    // The default map is larger than the file can fill: half of its keys, said so.
    assert!(
        stderr(&o)
            .contains("file:names.txt holds 2000 keys: a map of 1000, the other half its misses"),
        "{}",
        stderr(&o)
    );
    let text = stdout(&o);
    assert!(
        text.contains("1000 keys of file:names.txt (str) in std's HashMap"),
        "{text}"
    );
    assert!(text.contains("\nAnswer: "), "{text}");
    assert!(text.contains("file:names.txt, 1000 keys, hit: time per lookup of a key in the map"));
    assert!(
        text.contains("On the other key sets of this type (the answer and its 3 closest rivals"),
        "{text}"
    );
    assert!(
        text.contains("\n  words: ") && text.contains("\n  urls: "),
        "{text}"
    );
}

#[test]
fn map_flags_where_no_map_is_timed_are_usage_errors() {
    let base = ["recommend", "--need", "hash-table", "--size", "8"];
    let refused = |extra: &[&str], says: &str| {
        let args: Vec<&str> = base.iter().chain(extra).copied().collect();
        usage_error(&args, says);
    };
    usage_error(
        &[
            "recommend",
            "--need",
            "checksum",
            "--size",
            "8",
            "--set",
            "serial",
        ],
        "--set asks about a hash map: give it with --need hash-table, not checksum",
    );
    refused(
        &["--workload", "hash", "--entries", "1k"],
        "--entries chooses a map workload's keys: give it without --workload hash",
    );
    refused(
        &["--workload", "hit", "--from", "run.json"],
        "--from answers from a run file's hash_one calls",
    );
    usage_error(
        &["recommend", "--need", "hash-table", "--size", "8,16"],
        "answers for one key set, not per size",
    );
    refused(
        &["--set", "words", "--key", "u64"],
        "--set words holds keys:str keys, not the keys:u64 --key asked for",
    );
    refused(&["--set", "primes"], "unknown key set 'primes'");
    refused(
        &["--entries", "1k,2k"],
        "--entries 1k,2k: an answer is for one map size",
    );
    refused(
        &["--mode", "throughput"],
        "--mode is about timing calls: a map workload (hit) times the catalogue's",
    );
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("few.txt");
    std::fs::write(&file, "a\nb\nc\n").expect("written");
    let few = file.to_str().expect("a UTF-8 path");
    refused(
        &["--keys", few, "--key", "u64"],
        "--keys: file:few.txt holds keys:str keys, not the keys:u64 --key asked for",
    );
    refused(
        &["--keys", few, "--entries", "2"],
        "--keys: a map of 2 keys needs 4 (as many again to miss); file:few.txt holds 3",
    );
    refused(
        &["--workload", "hash", "--quality", "screen"],
        "--quality leaves out the hashers of poor quality from a map workload's answer",
    );
    // Without a key set, or when calls are timed, the size is the question.
    usage_error(
        &["recommend", "--need", "hash-table"],
        "required arguments were not provided",
    );
    usage_error(
        &[
            "recommend",
            "--need",
            "hash-table",
            "--key",
            "u64",
            "--workload",
            "hash",
        ],
        "--size is required when hash_one calls are timed (--workload hash or --from)",
    );
    refused(&["--workload", "lookup"], "workloads are: hash, build");
    refused(&["--quality", "good"], "give screen, smhasher3 or both");
    refused(
        &["--keys", "k.bin", "--key-bytes", "12"],
        "possible values: 8, 16",
    );
}
