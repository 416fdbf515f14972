use super::*;
use hashbench_catalog::algorithm::{BLAKE3, SHA3_256, XXH3_64};

#[test]
fn splitmix64_matches_its_reference_output() {
    // The first outputs for seed 0 of the reference C code (splitmix64.c by
    // Sebastiano Vigna): a transcription error in the constants fails here.
    let mut rng = SplitMix64::new(0);
    assert_eq!(rng.next_u64(), 0xE220_A839_7B1D_CDAF);
    assert_eq!(rng.next_u64(), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(rng.next_u64(), 0x06C4_5D18_8009_454F);
}

#[test]
fn the_same_seed_draws_the_same_cases_and_another_seed_others() {
    let b = boundaries(&SHA3_256);
    let draw = |seed| -> Vec<Case> { (0..200).map(|i| draw_case(seed, i, &b, 136)).collect() };
    assert_eq!(draw(7), draw(7));
    let (a, c) = (draw(7), draw(8));
    let same = a.iter().zip(&c).filter(|(x, y)| x == y).count();
    assert!(same < 20, "{same} of 200 cases equal under another seed");
    let mut x = vec![0u8; 100];
    let mut y = vec![0u8; 100];
    a[3].fill(&mut x[..a[3].length.min(100)]);
    draw_case(7, 3, &b, 136).fill(&mut y[..a[3].length.min(100)]);
    assert_eq!(x, y, "content too");
}

#[test]
fn boundaries_hold_each_edge_and_its_neighbours() {
    let sha3 = boundaries(&SHA3_256);
    for l in [
        0, 135, 136, 137, 271, 272, 273, 239, 240, 241, 1023, 1024, 1025,
    ] {
        assert!(sha3.contains(&l), "{l} missing: {sha3:?}");
    }
    for p in 0..=16 {
        assert!(sha3.contains(&(1 << p)), "2^{p}");
    }
    assert_eq!(sha3.last(), Some(&MAX_LEN));
    assert!(sha3.windows(2).all(|w| w[0] < w[1]));
}

#[test]
fn lengths_hit_the_boundaries_and_stay_mostly_small() {
    let b = boundaries(&XXH3_64);
    let cases: Vec<Case> = (0..100_000).map(|i| draw_case(1, i, &b, 64)).collect();
    let hit = |l: usize| cases.iter().filter(|c| c.length == l).count();
    for l in [
        0, 63, 64, 65, 239, 240, 241, 1023, 1024, 1025, 4095, 4096, 4097,
    ] {
        assert!(hit(l) > 0, "length {l} never drawn");
    }
    assert!(hit(65535) + hit(65536) > 0, "the 64 KiB edge never drawn");
    assert!(cases.iter().all(|c| c.length <= MAX_LEN));
    let small = cases.iter().filter(|c| c.length <= 4096).count();
    assert!(small > 94_000, "{small} of 100000 up to 4 KiB");
    let big = cases.iter().filter(|c| c.length > 16384).count();
    assert!(big > 2000, "{big} of 100000 over 16 KiB");
    // The mean sets the cost of a run (docs/verification.md quotes it).
    let mean = cases.iter().map(|c| c.length).sum::<usize>() / cases.len();
    assert!((1500..=2500).contains(&mean), "mean length {mean}");
    let misaligned: std::collections::BTreeSet<usize> =
        cases.iter().map(|c| c.misalignment).collect();
    assert_eq!(misaligned.len(), ALIGN, "every misalignment drawn");
}

#[test]
fn split_points_are_sorted_in_range_and_include_empty_pieces() {
    let b = boundaries(&BLAKE3);
    let mut empty_middle = 0;
    let mut one_piece = 0;
    for i in 0..10_000 {
        let c = draw_case(3, i, &b, 64);
        assert!(c.split_points.windows(2).all(|w| w[0] <= w[1]));
        assert!(c.split_points.iter().all(|&p| p <= c.length));
        assert!(c.split_points.len() < MAX_PIECES);
        empty_middle += usize::from(c.split_points.windows(2).any(|w| w[0] == w[1]));
        one_piece += usize::from(c.split_points.is_empty());
    }
    assert!(empty_middle > 100, "{empty_middle}");
    assert!(one_piece > 100, "{one_piece}");
}
