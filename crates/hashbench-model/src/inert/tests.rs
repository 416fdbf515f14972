use super::*;

#[test]
fn controls_are_escaped_and_line_breaks_become_spaces() {
    assert_eq!(escaped("plain µ ±"), "plain µ ±");
    assert!(matches!(escaped("plain"), Cow::Borrowed(_)));
    assert_eq!(escaped("\u{1b}[31mred"), "\\u{1b}[31mred");
    assert_eq!(escaped("a\nb\tc\r"), "a b c ");
    assert_eq!(escaped("c1\u{9b}2J"), "c1\\u{9b}2J");
    assert_eq!(escaped("del\u{7f}bell\u{7}"), "del\\u{7f}bell\\u{7}");
}

#[test]
fn bidirectional_controls_are_escaped() {
    // The override that makes `admin\u{202e}txt.exe` read as `adminexe.txt`.
    assert_eq!(escaped("admin\u{202e}txt.exe"), "admin\\u{202e}txt.exe");
    assert_eq!(escaped("\u{2066}a\u{2069}"), "\\u{2066}a\\u{2069}");
    assert_eq!(escaped("\u{202a}\u{202d}"), "\\u{202a}\\u{202d}");
    assert_eq!(escaped("\u{200e}\u{200f}"), "\\u{200e}\\u{200f}");
    // Neighbours that are not controls pass: the zero-width joiner, the arrows.
    assert_eq!(escaped("\u{200d}\u{2190}"), "\u{200d}\u{2190}");
}

#[test]
fn escaping_twice_changes_nothing_more() {
    let once = escaped("a\u{1b}b\u{202e}c\nd").into_owned();
    assert_eq!(escaped(&once), once);
}

#[test]
fn clipped_cuts_on_a_character_boundary_and_says_how_much() {
    assert_eq!(clipped("short", 10), "short");
    assert_eq!(clipped("abcdef", 3), "abc... (3 more bytes)");
    // 'é' is two bytes: a cut inside it moves back to its start.
    assert_eq!(clipped("aé", 2), "a... (2 more bytes)");
    let long = "[".repeat(100_000);
    assert!(clipped(&long, 500).len() < 600);
}

#[test]
fn every_string_of_json_is_escaped_keys_included() {
    let mut v = serde_json::json!({
        "a\u{1b}": ["x\u{7}", {"b": "\u{202e}y"}],
        "n": 1.5,
        "clean": "z"
    });
    assert!(escape_json(&mut v));
    assert_eq!(
        v,
        serde_json::json!({
            "a\\u{1b}": ["x\\u{7}", {"b": "\\u{202e}y"}],
            "n": 1.5,
            "clean": "z"
        })
    );
    assert!(!escape_json(&mut v));
}

#[test]
fn a_value_with_a_hostile_string_anywhere_is_found_without_building_its_tree() {
    #[derive(serde::Serialize)]
    struct Inner {
        name: String,
        n: f64,
        map: std::collections::BTreeMap<String, Vec<Option<String>>>,
    }
    let clean = Inner {
        name: "crc32/crc32fast µ".into(),
        n: f64::NAN,
        map: [("k".to_string(), vec![None, Some("v".into())])].into(),
    };
    assert!(!any_hostile(&clean));
    let mut deep = clean;
    deep.map.insert("k".into(), vec![Some("\u{202e}".into())]);
    assert!(any_hostile(&deep));
    let mut key = Inner {
        name: String::new(),
        n: 0.0,
        map: Default::default(),
    };
    key.map.insert("\u{1b}[31m".into(), Vec::new());
    assert!(any_hostile(&key));
}
