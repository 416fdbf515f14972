use hashbench_quality::answer::{answer, MapRecommendation};
use hashbench_quality::testutil::{map_cell, maps_document};
use hashbench_quality::{MapCell, MapsDocument, SetSummary};

use super::*;

fn cell(id: &str, set: &str, ns: f64) -> MapCell {
    map_cell(id, set, ns, ns * 0.99, ns * 1.01)
}

fn doc(cells: Vec<MapCell>, set: &str) -> MapsDocument {
    MapsDocument {
        key_sets: vec![SetSummary {
            name: set.to_string(),
            kind: "u64",
            count: 2048,
        }],
        ..maps_document(cells)
    }
}

fn recommendation() -> MapRecommendation {
    let measured = doc(
        vec![
            cell("fxhash/rustc-hash", "random-u64", 1.0),
            cell("foldhash-fast/foldhash", "random-u64", 2.0),
            cell("siphash-1-3/std", "random-u64", 6.0),
        ],
        "random-u64",
    );
    let elsewhere = doc(
        vec![
            cell("foldhash-fast/foldhash", "high-bits", 2.0),
            cell("siphash-1-3/std", "high-bits", 6.0),
            cell("foldhash-fast/foldhash", "serial", 2.0),
            cell("fxhash/rustc-hash", "serial", 0.5),
        ],
        "high-bits",
    );
    let rejects = |id: &str| (id == "fxhash/rustc-hash").then(|| "not flood-resistant".into());
    let mut a = answer(&measured.cells, &rejects, 0.03).expect("an answer");
    a.compare_elsewhere(&elsewhere.cells);
    MapRecommendation {
        schema_version: 1,
        answer: a,
        properties: None,
        quality: Some("screen".to_string()),
        screens: vec![
            ("foldhash-fast/foldhash".to_string(), 0),
            ("fxhash/rustc-hash".to_string(), 7),
        ],
        measured,
        elsewhere_measured: Some(elsewhere),
    }
}

#[test]
fn the_answer_its_left_out_rival_and_the_key_sets_that_change_it_are_said() {
    let text = text(&recommendation());
    assert!(
        text.contains("1024 keys of random-u64 (u64) in std's HashMap"),
        "{text}"
    );
    assert!(text.contains("Answer: foldhash-fast/foldhash\n"), "{text}");
    assert!(
        text.contains("Left out, though faster (0.50x): fxhash/rustc-hash: not flood-resistant"),
        "{text}"
    );
    assert!(text.contains("  high-bits: the answer leads"), "{text}");
    // A rival clearly faster on another set changes the answer there.
    assert!(
        text.contains(
            "  serial: fxhash/rustc-hash leads (0.500 ns; the answer 2.000 ns): it would \
             change the answer"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Quality screen (--quality screen): 1 passed; failed: fxhash/rustc-hash (7 checks)"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "Within ±3 % of the answer (time over the answer's, paired sweep by sweep): none"
        ),
        "{text}"
    );
    assert!(text
        .contains("Cannot be told apart from the answer (the interval reaches across ±3 %): none"));
}

#[test]
fn the_json_holds_the_answer_and_both_measurements() {
    let value: serde_json::Value =
        serde_json::from_str(&json(&recommendation()).expect("serialized")).expect("json");
    assert_eq!(
        value["answer"]["answer"]["implementation"],
        "foldhash-fast/foldhash"
    );
    assert_eq!(value["measured"]["cells"].as_array().map(Vec::len), Some(3));
    assert_eq!(value["answer"]["elsewhere"][1]["changes"], true);
}
