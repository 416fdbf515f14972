use super::*;

#[test]
fn controls_are_escaped_and_line_breaks_become_spaces() {
    assert_eq!(escaped("plain µ ±"), "plain µ ±");
    assert_eq!(escaped("\u{1b}[31mred"), "\\u{1b}[31mred");
    assert_eq!(escaped("a\nb\tc"), "a b c");
    assert_eq!(escaped("c1\u{9b}2J"), "c1\\u{9b}2J");
    assert_eq!(escaped("del\u{7f}"), "del\\u{7f}");
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
