//! `format`'s own helpers (the units are the model's, tested there).

use crate::format::{aligned, capitalised, percent};

#[test]
fn percent_has_one_decimal_and_capitalised_changes_only_the_first_letter() {
    assert_eq!(percent(Some(12.34)), "12.3 %");
    assert_eq!(percent(Some(0.0)), "0.0 %");
    assert_eq!(capitalised("perf vs blake3"), "Perf vs blake3");
    assert_eq!(capitalised("émile"), "Émile");
    assert_eq!(capitalised(""), "");
}

#[test]
fn aligned_pads_by_characters_not_bytes_and_trims_line_ends() {
    let rows = vec![
        vec!["µs".to_string(), "1".to_string(), String::new()],
        vec!["abcd".to_string(), "100".to_string(), "x".to_string()],
    ];
    // "µs" is 2 characters (3 bytes): padded with 2 spaces to "abcd"'s 4.
    assert_eq!(
        aligned(&rows, &[false, true, false]),
        "µs      1\nabcd  100  x\n"
    );
    assert_eq!(aligned(&[], &[]), "");
}
