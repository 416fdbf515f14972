use super::*;

#[test]
fn says_what_was_verified_now_and_what_an_earlier_run_proved() {
    let mut facts = VerificationFacts {
        verified: 5,
        remembered: Vec::new(),
        code: None,
    };
    assert_eq!(
        facts.to_string(),
        "verified: 5 implementations, in this run"
    );
    facts.verified = 2;
    facts.remembered = vec!["a/x".into(), "b/y".into(), "c/z".into()];
    let text = facts.to_string();
    assert!(
        text.starts_with("verified: 5 implementations, 3 by an earlier run of the same binary"),
        "{text}"
    );
    assert!(text.ends_with(", 2 in this run"), "{text}");
    // Old files have no such record, and load without one.
    let old: crate::RunConfig = serde_json::from_value(serde_json::json!({
        "filters": [], "sizes": [64], "time_budget_s": 0.1, "precision": 0.01,
        "min_samples": 3, "rounds": 3, "seed": 1, "misalign": 0, "raw": false
    }))
    .expect("an old config loads");
    assert_eq!(old.verification, None);
}
