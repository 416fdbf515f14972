use super::*;

#[test]
fn hostile_text_is_inert() {
    let s = esc("<script>alert(\"x\" & 'y')</script>\u{1b}[31m");
    assert!(!s.contains('<') && !s.contains('>') && !s.contains('"'));
    assert!(!s.contains('\'') && !s.contains('\u{1b}'), "{s}");
    assert!(s.contains("&lt;script&gt;") && s.contains("&amp;"), "{s}");
    assert!(s.contains("\\u{1b}[31m"), "{s}");
    let t = table(&["<b>"], &[vec!["a&b".into()]], &[true]);
    assert!(t.contains("&lt;b&gt;") && t.contains("a&amp;b") && t.contains("num"));
    assert_eq!(pre("a<\nb"), "<pre>a&lt;\nb</pre>\n");
}
