use super::*;

fn sweep(points: &[(u64, f64)]) -> Vec<SweepPoint> {
    points
        .iter()
        .map(|&(size_bytes, ops_per_sec)| SweepPoint {
            size_bytes,
            ops_per_sec,
        })
        .collect()
}

#[test]
fn a_flat_sweep_up_to_4_mib_is_flagged_at_the_large_sizes() {
    // Node's "crypto sha256 (prealloc)" rows, seed 004.
    let s = sweep(&[
        (64, 370321.25),
        (384, 374951.26),
        (4096, 386591.76),
        (1 << 22, 380066.77),
    ]);
    let found = flat_scaling(&s);
    let flagged: Vec<u64> = found.iter().map(|f| f.large.size_bytes).collect();
    assert_eq!(flagged, vec![4096, 1 << 22]);
    assert!(
        found[1].marginal_bytes_per_sec.is_infinite() || found[1].marginal_bytes_per_sec > 1e12
    );
    assert!(found[1]
        .message()
        .starts_with("impossible: time per call does not grow"));
}

#[test]
fn a_sweep_whose_time_grows_with_size_is_not_flagged() {
    // divan, M2 Max, crc median: 457.9 ns, 1.874 µs, 7.499 µs, 119.7 µs.
    let s = sweep(&[
        (4096, 1e9 / 457.9),
        (16384, 1e9 / 1874.0),
        (65536, 1e9 / 7499.0),
        (1 << 20, 1e9 / 119_700.0),
    ]);
    assert!(flat_scaling(&s).is_empty());
}

#[test]
fn a_fixed_per_call_cost_at_small_sizes_is_not_flagged() {
    // Crystal's blake2b.reset: 536.20 ns at 16 B, 609.63 ns at 256 B: the extra
    // 240 B cost 73 ns, about 3.3 GB/s, which is believable.
    let s = sweep(&[(16, 1e9 / 536.20), (256, 1e9 / 609.63)]);
    assert!(flat_scaling(&s).is_empty());
}

#[test]
fn sizes_closer_than_the_ratio_are_not_judged() {
    // Same rate at 64 B and 384 B (6x): flat, but too close to judge.
    let s = sweep(&[(64, 1e6), (384, 1e6)]);
    assert!(flat_scaling(&s).is_empty());
    let s = sweep(&[(64, 1e6), (1024, 1e6)]);
    assert_eq!(flat_scaling(&s).len(), 1);
}

#[test]
fn calls_per_second_that_rise_steeply_are_not_flat() {
    // divan, 2700X, blake3_mt median: 140.3 µs at 64 KiB, 84.62 µs at 1 MiB. The
    // time fell, but the 64 KiB point is the slow one (threads waking up).
    let s = sweep(&[(65536, 1e9 / 140_300.0), (1 << 20, 1e9 / 84_620.0)]);
    assert!(flat_scaling(&s).is_empty());
    // Within the band and free of cost: flagged.
    let s = sweep(&[(65536, 1e9 / 100_000.0), (1 << 20, 1e9 / 84_620.0)]);
    assert_eq!(flat_scaling(&s).len(), 1);
}

#[test]
fn nonsense_points_are_ignored_not_panicked_on() {
    let s = sweep(&[(0, 1e6), (64, f64::NAN), (4096, 0.0), (1 << 20, 1e3)]);
    assert!(flat_scaling(&s).is_empty());
}
