use super::*;

#[test]
fn ids_must_name_one_implementation() {
    assert_eq!(implementation_id("blake3/blake3").unwrap(), "blake3/blake3");
    let family = implementation_id("blake3").unwrap_err();
    assert!(matches!(family, PlanError::Usage(_)), "{family}");
    let text = family.to_string();
    assert!(
        text.contains("names") && text.contains("blake3/blake3+rayon"),
        "{text}"
    );
    let unknown = implementation_id("blake9/blake9").unwrap_err();
    assert!(matches!(unknown, PlanError::Filter(_)), "{unknown}");
}
