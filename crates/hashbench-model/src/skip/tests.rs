use super::*;

#[test]
fn the_name_is_the_json_name() {
    for r in SkipReason::ALL {
        let json = serde_json::to_value(r).unwrap();
        assert_eq!(json.as_str(), Some(r.as_str()));
    }
}
