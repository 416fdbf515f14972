use super::*;

#[test]
fn the_stream_is_splitmix64_from_its_seed() {
    // SplitMix64 seeded with 0: the first outputs as the reference C code (Vigna's
    // splitmix64.c, public domain) gives them.
    let mut r = SplitMix64::new(0);
    assert_eq!(r.next_u64(), 0xe220_a839_7b1d_cdaf);
    assert_eq!(r.next_u64(), 0x6e78_9e6a_a1b9_65f4);
    assert_eq!(r.next_u64(), 0x06c4_5d18_8009_454f);
}

#[test]
fn below_stays_below_and_fill_fills_every_byte() {
    let mut r = SplitMix64::new(7);
    assert!((0..1000).all(|_| r.below(10) < 10));
    let mut buf = [0u8; 13];
    r.fill(&mut buf);
    assert!(buf.iter().filter(|&&b| b != 0).count() > 8);
}
