use hashbench_host::{Cache, Host};

use super::*;

fn host(l2: Option<u64>) -> Host {
    let mut host = crate::testutil::run_with(Vec::new()).host;
    host.caches = l2
        .map(|size_bytes| Cache {
            level: 2,
            kind: "unified".into(),
            size_bytes,
            shared_by_cpus: Some(1),
        })
        .into_iter()
        .collect();
    host
}

#[test]
fn sizes_fall_in_their_classes() {
    let h = host(Some(1 << 20));
    assert_eq!(SizeClass::of(&h, 64), SizeClass::Small);
    assert_eq!(SizeClass::of(&h, 1023), SizeClass::Small);
    assert_eq!(SizeClass::of(&h, 1024), SizeClass::Core);
    assert_eq!(SizeClass::of(&h, 512 << 10), SizeClass::Core);
    assert_eq!(SizeClass::of(&h, 1 << 20), SizeClass::Shared);
    // With no L2 known, nothing is past the core's own caches.
    assert_eq!(SizeClass::of(&host(None), 1 << 30), SizeClass::Core);
}

#[test]
fn a_class_reaches_only_as_far_as_it_learned() {
    let learned = RunToRun {
        classes: vec![ClassWander {
            class: SizeClass::Core,
            reach: 0.017,
            moves: 40,
            runs: 3,
        }],
        cells: [
            (
                "wide".to_string(),
                CellWander {
                    reach: 0.03,
                    moves: 8,
                },
            ),
            (
                "narrow".to_string(),
                CellWander {
                    reach: 0.002,
                    moves: 8,
                },
            ),
        ]
        .into(),
        around_machine: None,
    };
    assert_eq!(learned.reach(SizeClass::Core, "other"), Some(0.017));
    assert_eq!(learned.reach(SizeClass::Core, "wide"), Some(0.03));
    assert_eq!(learned.reach(SizeClass::Core, "narrow"), Some(0.017));
    assert_eq!(learned.reach(SizeClass::Small, "narrow"), Some(0.002));
    assert_eq!(learned.reach(SizeClass::Small, "other"), None);
    // With enough moves of its own, a steady cell stands alone below its class's reach.
    let mut steady = learned.clone();
    steady.cells.insert(
        "steady".to_string(),
        CellWander {
            reach: 0.004,
            moves: CELL_ALONE_MOVES,
        },
    );
    assert_eq!(steady.reach(SizeClass::Core, "steady"), Some(0.004));
    steady.cells.get_mut("steady").expect("steady").moves = CELL_ALONE_MOVES - 1;
    assert_eq!(steady.reach(SizeClass::Core, "steady"), Some(0.017));
    assert!(RunToRun::default().is_empty() && !learned.is_empty());
    let kept = learned.only(|k| k == "wide");
    assert_eq!(kept.cells.keys().collect::<Vec<_>>(), ["wide"]);
    let text = serde_json::to_string(&learned).expect("serialises");
    assert!(text.contains("\"class\":\"core\""), "{text}");
}

#[test]
fn the_header_line_says_how_far_and_from_what() {
    let learned = RunToRun {
        classes: vec![ClassWander {
            class: SizeClass::Small,
            reach: 0.0173,
            moves: 150,
            runs: 3,
        }],
        cells: [(
            "a".to_string(),
            CellWander {
                reach: 0.03,
                moves: 8,
            },
        )]
        .into(),
        around_machine: None,
    };
    let line = learned.to_string();
    assert!(
        line.starts_with(
            "intervals reach at least ±1.7 % (small, 150 moves in 3 runs), and as far as their cell's \
             largest recent move for 1 cell (3.0-3.0 %): how far earlier runs"
        ),
        "{line}"
    );
    let cells_only = RunToRun {
        classes: Vec::new(),
        ..learned
    };
    assert!(
        cells_only.to_string().starts_with(
            "intervals reach at least as far as their cell's largest recent move for 1 cell"
        ),
        "{cells_only}"
    );
    assert!(line.contains("figure-moves.json"), "{line}");
}

#[test]
fn a_class_not_yet_learned_reaches_as_far_as_assumed() {
    let learned = RunToRun {
        classes: vec![ClassWander {
            class: SizeClass::Core,
            reach: 0.004,
            moves: 40,
            runs: 3,
        }],
        cells: BTreeMap::new(),
        around_machine: None,
    }
    .or_assumed();
    // What was learned stands; the rest is assumed, and says so.
    assert_eq!(learned.reach(SizeClass::Core, "x"), Some(0.004));
    assert_eq!(
        learned.reach(SizeClass::Small, "x"),
        Some(assumed_reach(SizeClass::Small))
    );
    assert_eq!(
        learned.reach(SizeClass::Shared, "x"),
        Some(assumed_reach(SizeClass::Shared))
    );
    let line = learned.to_string();
    assert!(line.contains("(small, assumed)"), "{line}");
    assert!(line.contains("(core, 40 moves in 3 runs)"), "{line}");
    assert!(line.contains("until 20 moves"), "{line}");
    // Every class learned: nothing assumed, and nothing said of it.
    let all = RunToRun::default().or_assumed();
    assert_eq!(all.classes.len(), 3);
    let line = RunToRun {
        classes: all
            .classes
            .iter()
            .map(|c| ClassWander { moves: 20, ..*c })
            .collect(),
        cells: BTreeMap::new(),
        around_machine: None,
    }
    .to_string();
    assert!(!line.contains("assumed"), "{line}");
}

#[test]
fn map_classes_are_apart_from_hash_calls_and_assume_a_maps_reach() {
    let learned = RunToRun {
        classes: vec![
            ClassWander {
                class: SizeClass::Core,
                reach: 0.01,
                moves: 40,
                runs: 3,
            },
            ClassWander {
                class: SizeClass::MapCore,
                reach: 0.09,
                moves: 300,
                runs: 3,
            },
        ],
        cells: BTreeMap::new(),
        around_machine: None,
    };
    // What `run` reads: hash calls' classes only, the map class's 9 % not among them.
    let calls = learned.clone().of_classes(&CALL_CLASSES).or_assumed();
    assert_eq!(calls.reach(SizeClass::Core, "x"), Some(0.01));
    assert_eq!(calls.reach(SizeClass::MapCore, "x"), None);
    assert!(!calls.to_string().contains("map-"), "{calls}");
    // What `maps` reads: its own classes, one learned, the other assumed.
    let maps = learned.of_classes(&MAP_CLASSES).or_assumed_of(&MAP_CLASSES);
    assert_eq!(maps.reach(SizeClass::MapCore, "x"), Some(0.09));
    assert_eq!(
        maps.reach(SizeClass::MapShared, "x"),
        Some(ASSUMED_MAP_REACH)
    );
    assert_eq!(maps.reach(SizeClass::Core, "x"), None);
    assert!(maps.to_string().contains("(map-shared, assumed)"), "{maps}");
}
