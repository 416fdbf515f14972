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

/// The map hashers' byte API is one `write` then `finish` from the fixed-seed build
/// hasher; what a map computes for a `&[u8]` key (length first) is another value.
#[test]
fn map_hashers_are_one_write_then_finish_from_their_fixed_seed() {
    fn write_finish(b: &impl BuildHasher, data: &[u8]) -> Vec<u8> {
        let mut h = b.build_hasher();
        h.write(data);
        h.finish().to_be_bytes().to_vec()
    }
    let fold_fast = foldhash::fast::FixedState::with_seed(0);
    let fold_quality = foldhash::quality::FixedState::with_seed(0);
    let fx = rustc_hash::FxBuildHasher;
    let ahash = ahash::RandomState::with_seeds(0, 0, 0, 0);
    // rapidhash's named fixed state builds the hasher `BuildHasherDefault` does.
    let rapid_fast = rapidhash::fast::SeedableState::fixed();
    for len in [0usize, 1, 3, 4, 8, 16, 17, 64, 129, 257, 1000] {
        let data: Vec<u8> = (0..len).map(|i| (i * 13 + 5) as u8).collect();
        let pairs = [
            (
                digest::<Buffered<FoldhashFast>>(&data, 8),
                write_finish(&fold_fast, &data),
            ),
            (
                digest::<Buffered<FoldhashQuality>>(&data, 8),
                write_finish(&fold_quality, &data),
            ),
            (
                digest::<Buffered<RustcFxHash>>(&data, 8),
                write_finish(&fx, &data),
            ),
            (
                digest::<Buffered<AHashFallback>>(&data, 8),
                write_finish(&ahash, &data),
            ),
            (
                digest::<Buffered<RapidhashFast>>(&data, 8),
                write_finish(&rapid_fast, &data),
            ),
        ];
        for (adapter, direct) in pairs {
            assert_eq!(adapter, direct, "len {len}");
        }
        assert_ne!(
            digest::<Buffered<FoldhashFast>>(&data, 8),
            fold_fast.hash_one(&data[..]).to_be_bytes(),
            "len {len}: a slice key writes its length first"
        );
        // wyhash-final4's Hasher gives its one-call value.
        use wyhash_final4::generics::WyHashVariant as _;
        let mut w = wyhash_final4::WyHash64::with_seed(0);
        w.write(&data);
        assert_eq!(
            digest::<Buffered<WyhashFinal4>>(&data, 8),
            w.finish().to_be_bytes()
        );
    }
    // rapidhash's fast map hasher is not rapidhash V3 (no avalanche multiply).
    assert_ne!(
        digest::<Buffered<RapidhashFast>>(b"hashbench", 8),
        digest::<Buffered<RapidhashV3>>(b"hashbench", 8)
    );
    // fast and quality differ by the quality variant's last multiply.
    assert_ne!(
        digest::<Buffered<FoldhashFast>>(b"hashbench", 8),
        digest::<Buffered<FoldhashQuality>>(b"hashbench", 8)
    );
}

/// SMHasher3's verification code (fwojcik/smhasher3 lib/Hashinfo.cpp at ea0b94f9) of a
/// 64-bit hash of (bytes, seed); vectors/test_refs.py computes the same in Python.
fn smhasher3_verification(hash: impl Fn(&[u8], u64) -> u64) -> u32 {
    let mut key = [0u8; 256];
    let mut hashes = Vec::with_capacity(256 * 8);
    for i in 0..256usize {
        hashes.extend_from_slice(&hash(&key[..i], 256 - i as u64).to_le_bytes());
        key[i] = i as u8;
    }
    let total = hash(&hashes, 0).to_le_bytes();
    u32::from_le_bytes(total[..4].try_into().unwrap())
}

#[test]
fn crates_give_smhasher3_s_verification_codes_for_its_own_ports() {
    // hashes/rapidhash.cpp "rapidhash v3, 64-bit": seed through the C seeding.
    let rapid = |d: &[u8], seed: u64| {
        rapidhash::v3::rapidhash_v3_seeded(d, &rapidhash::v3::RapidSecrets::seed_cpp(seed))
    };
    assert_eq!(smhasher3_verification(rapid), 0x1FDC_65EE);
    // hashes/rust-rapidhash.cpp "rapidhash rust, fast::RapidHasher::new()": one write.
    let rapid_fast = |d: &[u8], seed: u64| {
        let mut h = rapidhash::fast::RapidHasher::new(seed);
        h.write(d);
        h.finish()
    };
    assert_eq!(smhasher3_verification(rapid_fast), 0xB891_F260);
    // hashes/rust-fxhash.cpp "Rust FxHash v2.1.1 64-bit": the seed is the start state.
    let fx = |d: &[u8], seed: u64| {
        let mut h = rustc_hash::FxHasher::with_seed(seed as usize);
        h.write(d);
        h.finish()
    };
    assert_eq!(smhasher3_verification(fx), 0x8F17_7350);
    // hashes/rust-ahash.cpp fallback: with_seeds(s, s, s, s) over `Hash for [u8]`.
    if !AHASH_AES {
        let ahash = |d: &[u8], s: u64| ahash::RandomState::with_seeds(s, s, s, s).hash_one(d);
        assert_eq!(smhasher3_verification(ahash), 0x53C9_F167);
    }
}

#[test]
fn ahash_reports_the_variant_built_and_refuses_the_aes_one() {
    assert_eq!(ahash_backend().starts_with("aes"), AHASH_AES);
    assert_eq!(ahash_probe().is_err(), AHASH_AES);
}

#[test]
fn gxhash_is_listed_but_never_instantiated() {
    let why = gxhash_probe().unwrap_err();
    assert!(why.0.contains("-C target-feature=+aes,+sse2"), "{why}");
    let gx = crate::registry::IMPLEMENTATIONS
        .iter()
        .find(|i| i.id == "gxhash-64/gxhash")
        .expect("catalogued");
    assert!(!gx.availability().is_available());
    assert!(gx.instantiate().is_err());
}
