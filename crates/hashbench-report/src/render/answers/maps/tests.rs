use hashbench_quality::map::{MapView, Placement};
use hashbench_quality::testutil::{map_cell, maps_document};
use hashbench_quality::{MapCell, MapSkip, MapsDocument};

use super::*;

fn placement(groups: f64, tags: f64, longest: u32) -> Placement {
    Placement {
        groups_per_hit: groups,
        longest,
        outside_home: 0.0,
        groups_per_miss: groups + 1.0,
        false_tags_per_hit: tags,
        false_tags_per_miss: tags * 2.0,
    }
}

fn cell(id: &str, ns: f64, low: f64, high: f64, crowded: &[&str]) -> MapCell {
    MapCell {
        view: Some(MapView {
            keys: "serial".to_string(),
            path: "keys:u64",
            len: 1024,
            misses: 1024,
            buckets: 2048,
            observed: placement(1.5, 0.25, 9),
            random: placement(1.05, 0.004, 2),
            crowded: crowded.iter().map(|s| s.to_string()).collect(),
        }),
        ..map_cell(id, "serial", ns, low, high)
    }
}

fn doc(cells: Vec<MapCell>) -> MapsDocument {
    MapsDocument {
        skipped: vec![MapSkip {
            implementation: "xxh32/xxhash-rust".to_string(),
            reason: "the library has no std BuildHasher".to_string(),
        }],
        ..maps_document(cells)
    }
}

#[test]
fn hashers_are_ranked_fastest_first_with_ties_and_the_probe_beside_random() {
    // b is fastest (2.0); a's interval [2.1, 2.3] reaches below b's high end 2.2: tied;
    // c's low end 3.9 is above it.
    let text = tables(&doc(vec![
        cell("a", 2.2, 2.1, 2.3, &[]),
        cell("c", 4.0, 3.9, 4.1, &["groups per hit 1.50 vs 1.05"]),
        cell("b", 2.0, 1.9, 2.2, &[]),
    ]));
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "serial, 1024 keys, hit: time per lookup of a key in the map"
    );
    assert!(lines[2].starts_with("=  b "), "{text}");
    assert!(lines[3].starts_with("=  a "), "{text}");
    assert!(lines[4].starts_with("   c "), "{text}");
    // 2.2 / 2.0 and 4.0 / 2.0.
    assert!(lines[3].contains(" 1.10 "), "{text}");
    assert!(lines[4].contains(" 2.00 "), "{text}");
    assert!(
        lines[4].contains("1.50 groups [1.05], 0.250 in vain [0.004], longest 9 [2]"),
        "{text}"
    );
    assert!(
        lines[4].contains("crowded: groups per hit 1.50 vs 1.05"),
        "{text}"
    );
    assert!(text.contains("not timed: xxh32/xxhash-rust: the library has no std BuildHasher"));
}

#[test]
fn a_miss_reads_the_miss_figures() {
    let mut c = cell("a", 2.0, 1.9, 2.1, &[]);
    c.workload = "miss".to_string();
    let text = tables(&doc(vec![c]));
    // Per miss: groups 1.5 + 1 and tags 0.25 · 2.
    assert!(
        text.contains("2.50 groups [2.05], 0.500 in vain [0.008]"),
        "{text}"
    );
    assert!(
        text.contains("time per lookup of a key not in the map"),
        "{text}"
    );
}
