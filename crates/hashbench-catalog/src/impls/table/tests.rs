use std::hash::{BuildHasher, Hasher as _};

use super::*;
use crate::cpu::{cpu_with, first_of};
use crate::impls::boxed;
use crate::pattern::{reason, Pattern};

fn digest<S: Streaming>(data: &[u8], len: usize) -> Vec<u8> {
    let mut out = vec![0u8; len];
    boxed::<S>().oneshot(data, &mut out);
    out
}

#[test]
fn std_default_hasher_is_siphash_1_3_with_zero_keys_over_raw_write() {
    for len in [0usize, 1, 7, 8, 9, 15, 16, 64, 1000] {
        let data: Vec<u8> = (0..len).map(|i| (i * 7 + 3) as u8).collect();
        assert_eq!(
            digest::<StdDefaultHasher>(&data, 8),
            digest::<SiphasherSip13>(&data, 8),
            "len {len}"
        );
        assert_eq!(
            digest::<StdSipHasher24>(&data, 8),
            digest::<SiphasherSip24>(&data, 8),
            "len {len}"
        );
    }
    // What a map computes for a `&[u8]` key is not this: the slice's `Hash` writes its
    // length first, which is why the byte API calls `write` itself.
    let data = b"hashbench";
    let keyed = std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default();
    let through_hash = keyed.hash_one(&data[..]);
    let mut raw = std::hash::DefaultHasher::new();
    raw.write(data);
    assert_ne!(through_hash, raw.finish());
}

#[test]
fn siphash_2_4_gives_the_papers_example() {
    // Aumasson and Bernstein, "SipHash: a fast short-input PRF", appendix A.
    let message: Vec<u8> = (0u8..15).collect();
    let want = 0xa129_ca61_49be_45e5u64.to_be_bytes().to_vec();
    assert_eq!(digest::<SiphasherSip24>(&message, 8), want);
    assert_eq!(digest::<StdSipHasher24>(&message, 8), want);
}

#[test]
fn one_call_libraries_refuse_the_streaming_patterns() {
    let h = boxed::<Buffered<CityHasher64>>();
    assert_eq!(h.supports(Pattern::Oneshot), Ok(()));
    assert_eq!(h.supports(Pattern::Hex), Ok(()));
    assert_eq!(h.supports(Pattern::New), Err(reason::ONE_CALL));
    assert_eq!(h.supports(Pattern::Streaming(64)), Err(reason::ONE_CALL));
    // A library with a state streams.
    let k = boxed::<Komihash>();
    assert_eq!(k.supports(Pattern::Streaming(64)), Ok(()));
    assert_eq!(k.supports(Pattern::New), Ok(()));
}

#[test]
fn the_buffer_gives_the_one_call_digest_whatever_the_pieces() {
    let data: Vec<u8> = (0..300u32).map(|i| (i % 251) as u8).collect();
    let whole = digest::<Buffered<Murmur3X64_128>>(&data, 16);
    let mut h = boxed::<Buffered<Murmur3X64_128>>();
    for piece in data.chunks(7) {
        h.update(piece);
    }
    let mut out = [0u8; 16];
    h.finalize_reset(&mut out);
    assert_eq!(out.to_vec(), whole);
    // And the state was reset.
    h.update(&data);
    h.finalize_reset(&mut out);
    assert_eq!(out.to_vec(), whole);
}

#[test]
fn highway_takes_avx2_then_sse41_on_x86_64_only() {
    let both = cpu_with(&["x86_64", "avx2", "sse4.1"]);
    assert_eq!(first_of(HIGHWAY_RULE, "portable", &both), "avx2");
    let sse = cpu_with(&["x86_64", "sse4.1"]);
    assert_eq!(first_of(HIGHWAY_RULE, "portable", &sse), "sse4.1");
    let arm = cpu_with(&["aarch64", "neon"]);
    assert_eq!(first_of(HIGHWAY_RULE, "portable", &arm), "portable");
}

#[test]
fn farmhash_is_unavailable_while_it_gets_google_s_answers_wrong() {
    let data: Vec<u8> = (0..128u32).map(|i| (i % 251) as u8).collect();
    let right =
        digest::<Buffered<FarmFingerprint64>>(&data, 8) == 0x1c48_4c95_f0ea_5dd3u64.to_be_bytes();
    match farmhash_probe() {
        Ok(()) => assert!(right),
        Err(why) => {
            assert!(!right);
            assert!(why.0.contains("1c484c95f0ea5dd3"), "{why}");
        }
    }
    // Other lengths agree: vectors/farmhash-64.json #15, 64 B of pattern251.
    let data: Vec<u8> = (0..64u32).map(|i| (i % 251) as u8).collect();
    assert_eq!(
        digest::<Buffered<FarmFingerprint64>>(&data, 8),
        0xf585_04bb_53de_cc4bu64.to_be_bytes()
    );
}
