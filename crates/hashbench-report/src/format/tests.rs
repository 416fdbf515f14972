use super::*;

#[test]
fn aligns_columns() {
    let rows = vec![
        vec!["a".to_string(), "bb".to_string(), "c".to_string()],
        vec!["aaa".to_string(), "b".to_string(), "".to_string()],
    ];
    assert_eq!(aligned(&rows, &[]), "a    bb  c\naaa  b\n");
    assert_eq!(aligned(&rows, &[true]), "  a  bb  c\naaa  b\n");
}

#[test]
fn percents() {
    assert_eq!(percent(Some(0.42)), "0.4 %");
    assert_eq!(percent(None), "-");
}
