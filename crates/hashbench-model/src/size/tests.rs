use super::*;

#[test]
fn sizes_round_trip_through_json_as_numbers_and_ranges() {
    for (size, json) in [
        (Size::Bytes(4096), "4096"),
        (Size::Range { min: 1, max: 128 }, "\"1..=128\""),
    ] {
        assert_eq!(serde_json::to_string(&size).unwrap(), json);
        assert_eq!(serde_json::from_str::<Size>(json).unwrap(), size);
    }
    for bad in ["\"9..=1\"", "\"x\"", "\"0..=5000\"", "-1"] {
        assert!(serde_json::from_str::<Size>(bad).is_err(), "{bad}");
    }
}

#[test]
fn a_range_knows_its_mean_and_period() {
    let r = Size::range(1, 128).unwrap();
    assert_eq!(r.mean_bytes(), 64.5);
    assert_eq!(r.period(), 128);
    assert_eq!(r.max_bytes(), 128);
    assert_eq!(r.fixed(), None);
    assert_eq!(Size::range(0, 4095).unwrap().period(), 4096);
    assert!(Size::range(0, 4096).is_err());
    assert_eq!(Size::Bytes(7).mean_bytes(), 7.0);
    assert_eq!(Size::Bytes(7).period(), 1);
}

#[test]
fn fixed_sizes_sort_before_ranges_and_by_bytes() {
    let mut v = [Size::range(1, 8).unwrap(), Size::Bytes(64), Size::Bytes(16)];
    v.sort();
    assert_eq!(
        v,
        [Size::Bytes(16), Size::Bytes(64), Size::range(1, 8).unwrap()]
    );
}

#[test]
fn modes_are_named_in_kebab_case() {
    assert_eq!(
        serde_json::to_string(&Mode::Latency).unwrap(),
        "\"latency\""
    );
    assert_eq!(Mode::default(), Mode::Throughput);
}
