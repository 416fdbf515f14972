use super::*;

fn computed() -> Detection {
    // Exact L3, a lower-bound L4 and L5, then exact short levels (a 64-bit CRC's shape).
    Detection::Profile {
        polynomial: "0x1".to_string(),
        koopman: "0x1".to_string(),
        max_bits: vec![1_000_000, 40_000, 40_000, 100],
        source: "computed".to_string(),
        lower_bounds: vec![4, 5],
    }
}

#[test]
fn a_length_past_a_lower_bound_gives_an_at_least_hd() {
    let d = computed();
    // Up to 100 bits every level holds, exact (HD 7 fails at 101 bits... and HD 6 holds).
    assert_eq!((d.hd_at(100), d.hd_is_lower_bound(100)), (Some(6), false));
    // 101 to 40,000: HD 5 proven, HD 6 ruled out by the exact L6 = 100.
    assert_eq!(
        (d.hd_at(40_000), d.hd_is_lower_bound(40_000)),
        (Some(5), false)
    );
    // Past 40,000: HD 3 proven; L4 was searched only to 40,000, so HD >= 3.
    assert_eq!(
        (d.hd_at(40_001), d.hd_is_lower_bound(40_001)),
        (Some(3), true)
    );
    // Past L3 (exact): HD 2, exact.
    assert_eq!(
        (d.hd_at(1_000_001), d.hd_is_lower_bound(1_000_001)),
        (Some(2), false)
    );
    let at = d
        .hd_at_with_source(40_001)
        .unwrap_or_else(|| unreachable!());
    assert_eq!(at.label(), "HD>=3");
    assert_eq!(
        at.meaning(),
        "every 2-bit error detected; 3-bit errors not searched this far"
    );
}

/// Files written before computed profiles have no `lower_bounds` or `at_least`: they
/// load as exact, and an exact profile writes neither field.
#[test]
fn older_files_load_as_exact() {
    let old = r#"{"hd":"profile","polynomial":"0x04C11DB7","koopman":"0x82608edb",
        "max_bits":[4294967263,91607],"source":"Koopman"}"#;
    let d: Detection = serde_json::from_str(old).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(d.hd_at(91_608), Some(3));
    assert!(!d.hd_is_lower_bound(91_608));
    let back = serde_json::to_string(&d).unwrap_or_default();
    assert!(!back.contains("lower_bounds"), "{back}");
    let at: HdAt = serde_json::from_str(r#"{"hd":4,"data_bits":32768,"source":"Koopman"}"#)
        .unwrap_or_else(|e| panic!("{e}"));
    assert!(!at.at_least);
    assert_eq!(at.label(), "HD=4");
    assert!(!serde_json::to_string(&at)
        .unwrap_or_default()
        .contains("at_least"));
}
