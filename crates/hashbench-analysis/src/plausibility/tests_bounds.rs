//! `flat_scaling` at each of its three limits, with sweeps whose figures are exact in
//! binary, so "at the limit" is exactly at it.

use super::*;

fn p(size_bytes: u64, ops_per_sec: f64) -> SweepPoint {
    SweepPoint {
        size_bytes,
        ops_per_sec,
    }
}

#[test]
fn the_marginal_rate_must_exceed_one_terabyte_per_second() {
    // 1 s per call at 1 GB, 1.25 s at 251 GB: 250 GB more in 0.25 s more is exactly
    // 1e12 B/s (1 / 0.8 rounds to exactly 1.25, so the difference is exactly 0.25), and
    // the op/s ratio 0.8 is the band's lower edge (1 / 1.25 is the same double).
    // Exactly at the ceiling is believable.
    let at = [p(1_000_000_000, 1.0), p(251_000_000_000, 0.8)];
    assert!(flat_scaling(&at).is_empty());
    // 1 byte more at the large size: 250 000 000 001 B in 0.25 s, just beyond.
    let beyond = [p(1_000_000_000, 1.0), p(251_000_000_001, 0.8)];
    let found = flat_scaling(&beyond);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].ops_ratio, 0.8);
    assert_eq!(found[0].marginal_bytes_per_sec, 1_000_000_000_004.0);
    assert_eq!(found[0].small, beyond[0]);
    assert_eq!(found[0].large, beyond[1]);
}

#[test]
fn sixteen_times_the_size_is_judged_fifteen_is_not() {
    // Equal op/s: the larger size took no longer at all (an infinite marginal rate).
    assert_eq!(flat_scaling(&[p(64, 1e6), p(1024, 1e6)]).len(), 1);
    assert!(flat_scaling(&[p(64, 1e6), p(960, 1e6)]).is_empty());
    // 1023 / 64 is 15 in integers: not yet 16x.
    assert!(flat_scaling(&[p(64, 1e6), p(1023, 1e6)]).is_empty());
}

#[test]
fn sizes_inside_one_block_are_not_judged() {
    // SHA-256 takes one block for 1 to 55 bytes: 2 B and 32 B alike is no anomaly.
    assert!(flat_scaling(&[p(2, 1e7), p(32, 1e7)]).is_empty());
    assert!(flat_scaling(&[p(15, 1e7), p(255, 1e7)]).is_empty());
    // From 256 B on the larger size has more blocks whatever the algorithm.
    assert_eq!(flat_scaling(&[p(16, 1e7), p(256, 1e7)]).len(), 1);
}

#[test]
fn the_band_is_one_point_two_five_either_way() {
    // Calls per second rising by exactly 1.25x (a cheaper call at the larger size) is
    // still "roughly flat" and impossible; by 1.3x it is another anomaly, not this one.
    let found = flat_scaling(&[p(64, 1e6), p(1 << 20, 1.25e6)]);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0].ops_ratio, 1.25);
    assert!(found[0].marginal_bytes_per_sec.is_infinite());
    assert!(flat_scaling(&[p(64, 1e6), p(1 << 20, 1.3e6)]).is_empty());
    // Falling by 1.25x (0.8) from 64 B to 1 MiB: 1 MiB more in 0.25 µs is 4.2 PB/s.
    assert_eq!(flat_scaling(&[p(64, 1e6), p(1 << 20, 0.8e6)]).len(), 1);
    // Falling by 2x: outside the band however fast the marginal rate.
    assert!(flat_scaling(&[p(64, 1e6), p(1 << 20, 0.5e6)]).is_empty());
}

#[test]
fn the_smaller_point_that_shows_it_most_plainly_is_named() {
    // Against 64 B (1000 ns) the 4 MiB point (1001 ns) adds about 4 MiB in 1 ns; against
    // 1 KiB (1000.5 ns) in 0.5 ns: twice the marginal rate, so 1 KiB is named. 1 KiB
    // itself is flagged against 64 B (960 B in 0.5 ns = 1.92 TB/s).
    let sweep = [
        p(64, 1e9 / 1000.0),
        p(1024, 1e9 / 1000.5),
        p(4 << 20, 1e9 / 1001.0),
    ];
    let found = flat_scaling(&sweep);
    let pairs: Vec<(u64, u64)> = found
        .iter()
        .map(|f| (f.small.size_bytes, f.large.size_bytes))
        .collect();
    assert_eq!(pairs, [(64, 1024), (1024, 4 << 20)]);
}

#[test]
fn unusable_points_are_skipped_individually() {
    // Each bad point alone is skipped (a size of 0 would divide by zero); the good pair
    // beside it is still judged.
    for bad in [
        p(0, 1e6),
        p(256, f64::NAN),
        p(256, f64::INFINITY),
        p(256, 0.0),
        p(256, -1e6),
    ] {
        let found = flat_scaling(&[bad, p(64, 1e6), p(1 << 20, 1e6)]);
        let larges: Vec<u64> = found.iter().map(|f| f.large.size_bytes).collect();
        assert_eq!(larges, [1 << 20], "{bad:?}");
    }
}

#[test]
fn messages_give_the_rate_or_say_no_time_was_added() {
    let finite = FlatScaling {
        small: p(64, 1e6),
        large: p(1 << 20, 0.9e6),
        ops_ratio: 0.9,
        marginal_bytes_per_sec: 9.4e12,
    };
    assert_eq!(
        finite.message(),
        "impossible: time per call does not grow with size (64 B: 1000000 op/s, 1048576 B: \
         900000 op/s; the extra bytes would be hashed at 9.4 TB/s)"
    );
    let infinite = FlatScaling {
        marginal_bytes_per_sec: f64::INFINITY,
        ..finite
    };
    assert!(infinite
        .message()
        .ends_with("; the larger size took no longer)"));
}
