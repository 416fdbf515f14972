use super::*;

fn t() -> Thresholds {
    Thresholds::default()
}

#[test]
fn ceiling_needs_both_intervals_to_miss() {
    // Cell's slowest plausible time 90 ns, read's fastest 100 ns: impossible.
    let f = above_ceiling(90.0, 100.0, 1, 1.0).expect("flagged");
    assert_eq!(f.code, FlagCode::AboveCeiling);
    assert!(f.reason.contains("90.00 ns"), "{}", f.reason);
    // Overlapping intervals: noise could explain it.
    assert!(above_ceiling(100.0, 100.0, 1, 1.0).is_none());
    assert!(above_ceiling(120.0, 100.0, 1, 1.0).is_none());
    // Two threads may read twice as fast as the one-thread ceiling.
    assert!(above_ceiling(60.0, 100.0, 2, 1.0).is_none());
    assert!(above_ceiling(40.0, 100.0, 2, 1.0).is_some());
    // A run whose speed changed 2x may have caught the ceiling in a slow spell
    // (crc32c/crc-fast at 4 MiB against read, measured here).
    assert!(above_ceiling(170.0, 190.9, 1, 1.93).is_none());
    let f = above_ceiling(40.0, 100.0, 1, 2.0).expect("beyond even that");
    assert!(f.reason.contains("2.00x speed change"), "{}", f.reason);
}

#[test]
fn flat_sweep_is_found() {
    // The Node seed's shape: op/s barely moves from 64 B to 4 MiB.
    let node = [(64, 400_000.0), (1024, 390_000.0), (4 << 20, 380_000.0)];
    let pairs = flat_scaling(&node);
    // 64 B -> 1 KiB adds 960 B in 64 ns (15 GB/s): possible. 4 MiB is not.
    assert_eq!(pairs.len(), 1, "{pairs:?}");
    assert_eq!(pairs[0].large_size, 4 << 20);
    let reason = pairs[0].flag().reason;
    assert!(reason.contains("x the bytes"), "{reason}");
}

#[test]
fn linear_cost_with_a_fixed_part_is_not_flat() {
    // time = 20 ns + 0.1 ns/B: a fixed cost of ~3x the per-byte work at 64 B.
    let sweep: Vec<(u64, f64)> = [64u64, 384, 1024, 4096, 65536, 1 << 20]
        .iter()
        .map(|&s| (s, 1e9 / (20.0 + 0.1 * s as f64)))
        .collect();
    assert!(flat_scaling(&sweep).is_empty());
    // Sizes closer than 16x are never compared, however flat.
    assert!(flat_scaling(&[(64, 1e6), (512, 1e6)]).is_empty());
    // A checksum at 16 B and 256 B (28 ns and 40 ns, measured here): the fixed cost
    // dominates, 240 more bytes in 12 ns is 20 GB/s, possible.
    assert!(flat_scaling(&[(16, 1e9 / 28.0), (256, 1e9 / 40.0)]).is_empty());
    // 1 MiB more in 10 ns is not.
    assert_eq!(flat_scaling(&[(64, 1e6), (1 << 20, 0.99e6)]).len(), 1);
    // Garbage in is ignored rather than flagged.
    assert!(flat_scaling(&[(0, 1e6), (64, f64::NAN), (4096, 0.0)]).is_empty());
    // Order of the input does not matter.
    assert_eq!(flat_scaling(&[(4 << 20, 1e6), (64, 1e6)]).len(), 1);
}

#[test]
fn iterations_must_scale() {
    assert!(not_scaling_with_iterations(2.0, 1.98, &t()).is_none());
    // Measured under load here: memcpy at 4 MiB, one call against two.
    assert!(not_scaling_with_iterations(2.0, 1.48, &t()).is_none());
    assert!(not_scaling_with_iterations(2.0, 1.25, &t()).is_none());
    assert!(not_scaling_with_iterations(2.0, 1.24, &t()).is_some());
    let f = not_scaling_with_iterations(2.0, 1.02, &t()).expect("flagged");
    assert_eq!(f.code, FlagCode::NotScalingWithIterations);
    assert!(f.reason.contains("1.02x"), "{}", f.reason);
}

#[test]
fn spread_uses_robust_cv_and_rounds() {
    // A few interrupted samples: plain CV 80 %, robust CV 1 %: not flagged.
    assert!(high_spread(100.0, 1.0, Some(0.8), &[100.0, 101.0, 99.0], &t()).is_none());
    let f = high_spread(100.0, 15.0, Some(0.2), &[100.0], &t()).expect("robust CV");
    assert!(f.reason.contains("robust CV 15.0 %"), "{}", f.reason);
    let f = high_spread(100.0, 1.0, None, &[100.0, 200.0, 100.0], &t()).expect("rounds");
    assert!(f.reason.contains("2.00x"), "{}", f.reason);
    assert!(high_spread(100.0, 1.0, None, &[100.0, 124.0], &t()).is_none());
}

#[test]
fn drift_compares_fastest_and_slowest_timing() {
    let points = [
        ("at start", 100.0),
        ("after round 1", 103.0),
        // The reference moves this much between quiet timings here (14.5 / 15.7 ns).
        ("at end", 108.0),
    ];
    // Three timings, not all within 4 %: never settled.
    assert!(drift("read", &points).is_some());
    assert!(drift("read", &[("at start", 100.0), ("at end", 116.0)]).is_some());
    assert!(drift("read", &[("at start", 100.0), ("at end", 103.0)]).is_none());
    // A slow spell the reference came back from: settled at 100-101 ns.
    let points = [
        ("at start", 100.0),
        ("after round 1", 190.0),
        ("after round 2", 101.0),
        ("at end", 100.5),
    ];
    assert!(drift("read", &points).is_none());
    let points = [
        ("at start", 100.0),
        ("after round 1", 190.0),
        ("after round 2", 150.0),
        ("at end", 101.0),
    ];
    let f = drift("read", &points).expect("flagged");
    assert_eq!(f.code, FlagCode::Drift);
    assert!(f.reason.contains("+90 %"), "{}", f.reason);
    assert!(drift("read", &[("at start", 100.0)]).is_none());
}

#[test]
fn speed_range_is_slowest_over_fastest() {
    let point = |m: f64| hashbench_model::ReferencePoint {
        at: hashbench_model::Checkpoint::Start,
        median_ns: m,
        ci_percent: None,
    };
    let mut r = DriftReference {
        kernel: "baseline/read".into(),
        size: 4096,
        points: vec![point(15.9), point(30.3), point(15.7)],
        remembered: None,
        short: None,
    };
    assert!((speed_range(&r) - 30.3 / 15.7).abs() < 1e-12);
    // Settled at 15.7-15.9 ns after one slow timing: the settled spread.
    r.points.push(point(15.8));
    assert!((speed_range(&r) - 15.9 / 15.7).abs() < 1e-12);
    r.points.truncate(1);
    assert_eq!(speed_range(&r), 1.0);
}

#[test]
fn codes_serialise_in_kebab_case() {
    let f = Flag::new(FlagCode::NotScalingWithIterations, "x".into());
    let json = serde_json::to_string(&f).unwrap();
    assert_eq!(
        json,
        r#"{"code":"not-scaling-with-iterations","reason":"x"}"#
    );
    assert_eq!(FlagCode::AboveCeiling.to_string(), "above-ceiling");
}
