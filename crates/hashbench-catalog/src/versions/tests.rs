#[test]
fn knows_its_own_dependencies() {
    let v = super::crate_version("blake3").expect("blake3 is a dependency");
    assert!(v.starts_with("1."), "{v}");
    assert_eq!(super::crate_version("no-such-crate"), None);
}
