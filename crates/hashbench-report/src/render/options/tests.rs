use super::*;

#[test]
fn ellipsizing_keeps_the_start_and_counts_characters() {
    assert_eq!(
        ellipsized("blake2b-512/blake2b_simd", 30),
        "blake2b-512/blake2b_simd"
    );
    assert_eq!(ellipsized("blake2b-512/blake2b_simd", 12), "blake2b-512…");
    assert_eq!(ellipsized("µµµµ", 3), "µµ…");
    assert_eq!(ellipsized("abc", 0), "");
}

#[test]
fn paint_adds_escapes_only_with_colour() {
    let plain = TextOptions::default();
    assert_eq!(plain.paint(Paint::Winner, "x"), "x");
    let colour = TextOptions {
        color: true,
        ..TextOptions::default()
    };
    let painted = colour.paint(Paint::Warning, "x");
    assert!(
        painted.contains('\u{1b}') && painted.contains('x'),
        "{painted:?}"
    );
}
