use super::*;

#[test]
fn names_are_escaped_like_coreutils() {
    assert_eq!(escaped_name(b"plain"), (false, b"plain".to_vec()));
    assert_eq!(escaped_name(b"a\\b"), (true, b"a\\\\b".to_vec()));
    assert_eq!(escaped_name(b"a\nb"), (true, b"a\\nb".to_vec()));
}

#[test]
fn an_escaped_name_starts_its_line_with_a_backslash() {
    assert_eq!(line("00ff", b"plain"), b"00ff  plain\n".to_vec());
    assert_eq!(line("00ff", b"a\nb"), b"\\00ff  a\\nb\n".to_vec());
    // Not UTF-8: kept as it is.
    assert_eq!(line("01", b"\xff"), b"01  \xff\n".to_vec());
}
