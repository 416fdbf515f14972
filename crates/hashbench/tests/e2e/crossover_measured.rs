//! `hashbench crossover A B` measuring for itself (tests of `--from` read saved runs):
//! the JSON's duels, verdict and fits must agree with one another, whatever the speeds
//! measured, and the table must show the same duels.

use serde_json::Value;

use crate::common::{hashbench, run_ok, run_ok_json, stdout};

const A: &str = "crc32/crc32fast";
const B: &str = "adler32/adler2";

fn crossover(sizes: &str, format: &str) -> Vec<String> {
    [
        "crossover",
        A,
        B,
        "--sizes",
        sizes,
        "--time",
        "0.02",
        "-q",
        "--seed",
        "1",
        "--format",
        format,
    ]
    .iter()
    .map(|s| s.to_string())
    .collect()
}

/// The verdict docs/usage.md defines, from the duels' winners in size order: A wins
/// from the first size of the final run of sizes it wins, bracketed by the size before.
fn expected_verdict(duels: &[Value]) -> Value {
    let faster: Vec<&str> = duels
        .iter()
        .map(|d| d["faster"].as_str().expect("faster is a string"))
        .collect();
    let start = faster.iter().rposition(|f| *f != "a").map_or(0, |i| i + 1);
    let last_b = faster
        .iter()
        .rposition(|f| *f == "b")
        .map(|i| duels[i]["size"].clone());
    if start == duels.len() {
        serde_json::json!({"verdict": "not-in-range"})
    } else if start == 0 {
        serde_json::json!({"verdict": "always-a"})
    } else {
        serde_json::json!({
            "verdict": "crosses",
            "below": duels[start - 1]["size"],
            "from": duels[start]["size"],
            "last_b": last_b.unwrap_or(Value::Null),
        })
    }
}

#[test]
fn the_json_verdict_and_fits_agree_with_the_measured_duels() {
    let v = run_ok_json(hashbench().args(crossover("64,4k,64k", "json")));
    assert_eq!(v["a"], A);
    assert_eq!(v["b"], B);
    let duels = v["duels"].as_array().expect("duels is a list");
    let sizes: Vec<u64> = duels.iter().map(|d| d["size"].as_u64().unwrap()).collect();
    assert_eq!(sizes, [64, 4096, 65536]);
    for d in duels {
        let (a, b) = (d["a_ns"].as_f64().unwrap(), d["b_ns"].as_f64().unwrap());
        assert!(a > 0.0 && b > 0.0, "{d}");
        // A winner's 95 % CI lies wholly below the loser's, and each median is inside
        // its own CI, so the winner's median is the smaller one.
        match d["faster"].as_str().unwrap() {
            "a" => assert!(a < b, "{d}"),
            "b" => assert!(b < a, "{d}"),
            "tie" => {}
            other => panic!("faster is {other}"),
        }
    }
    assert_eq!(v["verdict"], expected_verdict(duels), "{v}");

    // Three sizes make a fit for each; the fitted crossing is where the lines meet.
    let fit = |k: &str, f: &str| v[k][f]["estimate"].as_f64().unwrap();
    for (k, id) in [("fit_a", A), ("fit_b", B)] {
        assert_eq!(v[k]["implementation"], id);
        assert_eq!(v[k]["sizes"], serde_json::json!([64, 4096, 65536]));
        assert!(fit(k, "ns_per_byte") > 0.0, "{}", v[k]);
    }
    let per_byte_gap = fit("fit_b", "ns_per_byte") - fit("fit_a", "ns_per_byte");
    let crossing = (fit("fit_a", "fixed_ns") - fit("fit_b", "fixed_ns")) / per_byte_gap;
    if per_byte_gap > 0.0 && crossing > 0.0 {
        let fitted = v["fitted_size"].as_f64().expect("a fitted size");
        assert!((fitted - crossing).abs() <= 1e-6 * crossing, "{v}");
    } else {
        assert_eq!(v["fitted_size"], Value::Null, "{v}");
    }
}

#[test]
fn the_table_shows_each_duel_and_says_two_sizes_make_no_fit() {
    let text = stdout(&run_ok(hashbench().args(crossover("64,4k", "table"))));
    assert!(
        text.starts_with(&format!("crossover: A = {A}, B = {B}\n")),
        "{text}"
    );
    let rows: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| l.trim_start().starts_with("64 B") || l.trim_start().starts_with("4 KiB"))
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{text}");
    for row in &rows {
        // size (two words), A median, B median (two words each), the winner.
        assert_eq!(row.len(), 7, "{row:?}");
        assert!(matches!(row[6], "A" | "B" | "tie"), "{row:?}");
    }
    assert!(text.lines().any(|l| l.starts_with("Measured: ")), "{text}");
    assert!(
        text.trim_end().ends_with("No fit: fewer than 3 sizes."),
        "{text}"
    );
}
