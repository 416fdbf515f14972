use super::*;

#[test]
fn the_name_is_the_json_name() {
    for r in [
        StopReason::Precision,
        StopReason::RoundTargets,
        StopReason::Budget,
        StopReason::Cancelled,
    ] {
        let json = serde_json::to_value(r).unwrap();
        assert_eq!(json.as_str(), Some(r.as_str()));
        assert_eq!(serde_json::from_value::<StopReason>(json).unwrap(), r);
    }
}
