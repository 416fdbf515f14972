use super::*;
use hashbench_model::testutil::{cell_with, run_with};

#[test]
fn a_run_is_borrowed_when_clean_and_escaped_when_not() {
    let clean = run_with(vec![cell_with("crc32/crc32fast", 1, 64, 10.0)]);
    assert!(matches!(sanitized(&clean), Cow::Borrowed(_)));
    let mut hostile = clean.clone();
    hostile.host.cpu_model = "Evil\u{1b}]0;pwned\u{7}\u{202e}CPU\nFAKE".into();
    let shown = sanitized(&hostile);
    assert_eq!(
        shown.host.cpu_model,
        "Evil\\u{1b}]0;pwned\\u{7}\\u{202e}CPU FAKE"
    );
    // Figures pass through unchanged.
    assert_eq!(shown.cells[0].time_ns(), clean.cells[0].time_ns());
}
