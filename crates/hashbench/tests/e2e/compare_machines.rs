//! `compare` across machines (issue 25): two real runs from different CPUs, checked in
//! (fixtures/machines/README.md), shown side by side with no verdicts; the ratios and
//! the ranking changes below were worked out by hand from the files' figures.

use serde_json::Value;

use crate::common::{hashbench, run_ok, run_ok_json, stdout};

const EPYC: &str = "../../fixtures/machines/epyc-4k.json";
const XEON: &str = "../../fixtures/machines/xeon-4k.json";

fn compare(args: &[&str]) -> assert_cmd::Command {
    let mut cmd = hashbench();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR"))
        .arg("compare")
        .args([EPYC, XEON])
        .args(args);
    cmd
}

fn row<'a>(v: &'a Value, id: &str) -> &'a Value {
    v["rows"]
        .as_array()
        .expect("rows")
        .iter()
        .find(|r| r["key"]["implementation"] == id)
        .expect("the row")
}

#[test]
fn runs_of_two_cpus_give_each_figure_and_the_ratio_without_verdicts() {
    let v = run_ok_json(&mut compare(&["--format", "json"]));
    assert_eq!(v["view"], "machines");
    assert_eq!(v["machines"][0]["cpu_model"], "AMD EPYC");
    assert_eq!(v["machines"][1]["cpu_model"], "Intel(R) Xeon(R) Processor");
    // adler32/simd-adler32: 113.69921875 / 73.64697265625 ns = 1.54384; the interval
    // 113.470703125 / 74.9404296875 = 1.51415 to 113.8349609375 / 73.5322265625 = 1.54810.
    let adler = &row(&v, "adler32/simd-adler32")["ratios"][0];
    for (field, by_hand) in [("ratio", 1.543_84), ("low", 1.514_15), ("high", 1.548_10)] {
        let got = adler[field].as_f64().expect("a ratio");
        assert!((got - by_hand).abs() < 1e-5, "{field}: {got}");
    }
    // read at 4 KiB: 12.727294921875 / 19.303466796875 = 0.65933, faster on the Xeon.
    let read = row(&v, "baseline/read")["ratios"][0]["ratio"]
        .as_f64()
        .unwrap();
    assert!((read - 0.659_33).abs() < 1e-5, "{read}");
    let text = serde_json::to_string(&v).unwrap();
    for verdict in ["verdict", "slower", "faster", "within-noise", "unreliable"] {
        assert!(!text.contains(verdict), "{verdict} in {text}");
    }
}

#[test]
fn the_rankings_show_the_answer_and_the_order_change() {
    let v = run_ok_json(&mut compare(&["--format", "json"]));
    let r = &v["rankings"][0];
    assert_eq!(r["size"], 4096);
    // EPYC: adler32 73.6, xxh3-64 76.4 (tied with it), crc32 86.4, crc32c 90.7 ns.
    // Xeon: crc32c 70.1, crc32 70.4 (tied), adler32 113.7, xxh3-64 114.6 (tied) ns.
    assert_eq!(
        r["answers"],
        serde_json::json!([
            ["adler32/simd-adler32", "xxh3-64/twox-hash"],
            ["crc32c/crc-fast", "crc32/crc-fast"]
        ])
    );
    assert_eq!(r["answer_changes"], true);
    // Each of adler32 and xxh3-64 against each of the two CRCs: four pairs.
    assert_eq!(r["reordered_pairs"], 4);
    let text = stdout(&run_ok(&mut compare(&[])));
    assert!(
        text.contains(
            "4 KiB: #1 on A: adler32/simd-adler32 = xxh3-64/twox-hash, on B: crc32c/crc-fast \
             = crc32/crc-fast; the answer changes; 4 pairs in separate tie groups change order"
        ),
        "{text}"
    );
    assert!(!text.contains("within noise"), "{text}");
    // At 80 columns the intervals give way, never a time or a ratio.
    let narrow = stdout(&run_ok(compare(&[]).env("COLUMNS", "80")));
    assert!(
        narrow.lines().any(|l| l
            .starts_with("adler32/simd-adler32  4 KiB  73.65 ns  113.7 ns  1.54x")
            && l.ends_with(" 1.51..1.55")),
        "{narrow}"
    );
    assert!(
        narrow.contains("(left out to fit 80 columns: pattern, threads, A interval, B interval;")
    );
    let html = stdout(&run_ok(&mut compare(&["--format", "html"])));
    assert!(html.contains("<svg") && html.contains("the answer changes"));
}

#[test]
fn asked_for_verdicts_across_machines_it_refuses_and_says_why() {
    let out = compare(&["--fail-on-regression", "5"]).output().unwrap();
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("different machines (they differ in CPU model, core count, memory)"),
        "{err}"
    );
    // The changes can still be asked for, with the old warning.
    let text = stdout(&run_ok(&mut compare(&["--view", "changes"])));
    assert!(
        text.contains("(different CPUs: ratios compare the machines"),
        "{text}"
    );
}

#[test]
fn recommend_answers_per_machine_and_says_where_they_differ() {
    let mut cmd = hashbench();
    cmd.current_dir(env!("CARGO_MANIFEST_DIR")).args([
        "recommend",
        "--size",
        "4k",
        "--need",
        "checksum",
        "--from",
        EPYC,
        "--from",
        XEON,
    ]);
    let text = stdout(&run_ok(&mut cmd));
    assert!(
        text.contains("== A: ../../fixtures/machines/epyc-4k.json =="),
        "{text}"
    );
    assert!(
        text.contains("4 KiB: the answer differs (A: adler32/simd-adler32, B: crc32c/crc-fast)"),
        "{text}"
    );
}
