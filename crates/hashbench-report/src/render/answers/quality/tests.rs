use super::*;
use hashbench_quality::map::Placement;
use hashbench_quality::{Config, Screen, QUALITY_SCHEMA_VERSION};

fn view(keys: &str, crowded: Vec<String>) -> MapView {
    let p = Placement {
        groups_per_hit: 1.0,
        longest: 1,
        outside_home: 0.0,
        groups_per_miss: 1.0,
        false_tags_per_hit: 0.0,
        false_tags_per_miss: 0.06,
    };
    MapView {
        keys: keys.to_string(),
        path: "keys:u64",
        len: 1024,
        misses: 1024,
        buckets: 2048,
        observed: p.clone(),
        random: p,
        crowded,
    }
}

fn check(test: Test, keys: &str, statistic: f64, threshold: f64, pass: bool) -> Check {
    Check {
        test,
        keys: keys.to_string(),
        path: "keys:u64",
        keys_count: 100,
        statistic,
        threshold,
        at: "high 8 bits".to_string(),
        expected: (test == Test::Collisions).then_some(0.01),
        pass,
    }
}

fn doc() -> Document {
    Document {
        schema_version: QUALITY_SCHEMA_VERSION,
        config: Config::quick(),
        key_sets: Vec::new(),
        screens: vec![Screened {
            implementation: "fxhash/rustc-hash".to_string(),
            algorithm: "fxhash".to_string(),
            output_bits: 64,
            passed: false,
            screen: Screen {
                bits: 64,
                typed: true,
                checks: vec![
                    check(Test::Avalanche, "random 8 B", 0.49, 0.17, false),
                    check(Test::Buckets, "serial", 0.5, 1.3e-8, true),
                    check(Test::Collisions, "bad\u{1b}[31mname", 8128.0, 3.0, false),
                ],
                map: vec![
                    view("serial", Vec::new()),
                    view(
                        "high-bits",
                        vec!["groups per hit 40.000 (random 1.000)".to_string()],
                    ),
                ],
                map_seeds: None,
            },
            smhasher3: None,
        }],
    }
}

#[test]
fn a_screen_reads_as_a_table_with_its_verdict() {
    let text = screened(&doc().screens[0]);
    assert!(
        text.starts_with("fxhash/rustc-hash: FAIL (2 of 3 checks); 64-bit output, typed keys"),
        "{text}"
    );
    assert!(text.contains("0.4900"), "{text}");
    assert!(text.contains("<= 0.1700"), "{text}");
    assert!(text.contains(">= 1.3e-8"), "{text}");
    assert!(text.contains("<= 3 (random: 0.01)"), "{text}");
    // A user's file name cannot reach the terminal as an escape sequence.
    assert!(!text.contains('\u{1b}'), "{text}");
    // The map tables: all counted, the crowded one shown with why.
    assert!(
        text.contains("1 of 2 tables probe as a random function's; worse in:"),
        "{text}"
    );
    assert!(
        text.contains(
            "    high-bits  keys:u64  1024 keys  0.50  groups per hit 40.000 (random 1.000)"
        ),
        "{text}"
    );
    assert!(!text.contains("serial  keys:u64  1024 keys"), "{text}");
}

#[test]
fn the_summary_names_the_failed_checks_and_the_tests_meaning() {
    let text = summary(&doc());
    assert!(text.contains("FAIL"), "{text}");
    assert!(
        text.contains("avalanche random 8 B, collisions bad"),
        "{text}"
    );
    assert!(text.contains("A failure:"), "{text}");
    assert!(text.contains("1 of 2 (high-bits)"), "{text}");
    let json = json(&doc()).expect("serializes");
    assert!(json.contains("\"schema_version\": 1"), "{json}");
    assert!(json.contains("\"test\": \"collisions\""), "{json}");
}

#[test]
fn a_narrow_hash_crowding_the_tags_is_explained_once() {
    let mut v = view(
        "serial",
        vec!["false tag matches per miss 8.000 (random 0.060)".into()],
    );
    v.path = "bytes";
    let text = map_views(&[v.clone(), v.clone()], 32);
    assert_eq!(
        text.matches("a 32-bit hash returned as a map's u64")
            .count(),
        1,
        "{text}"
    );
    assert!(!map_views(&[v], 64).contains("-bit hash returned"));
}

#[test]
fn tables_over_seeds_show_each_figures_range_and_the_seeds_that_crowd_them() {
    let s = Spread {
        min: 0.0,
        median: 0.02,
        max: 0.41,
    };
    let spread = SeedSpread {
        keys: "high-bits".into(),
        path: "keys:u64",
        len: 16384,
        seeds: 64,
        crowded: 16,
        groups_per_hit: s,
        longest: Spread {
            min: 1.0,
            median: 1.0,
            max: 2.0,
        },
        outside_home: s,
        false_tags_per_hit: s,
        false_tags_per_miss: s,
    };
    let text = seed_spreads(&[spread.clone(), spread]);
    assert!(
        text.contains("over 64 seeds of its map hasher: 32 of 128 (seed, table) pairs worse"),
        "{text}"
    );
    assert!(text.contains("0.000 / 0.020 / 0.410"), "{text}");
    assert!(text.contains("1 / 1 / 2"), "{text}");
    assert!(seed_spreads(&[]).contains("takes no seed here"));
}
