use crate::keys::{message, KeyKind};
use crate::pattern::{reason, Pattern};
use crate::registry::IMPLEMENTATIONS;

/// The adapters whose `Hasher` streams its writes into one message.
const STREAMING: &[&str] = &[
    "siphash-1-3/siphasher",
    "siphash-1-3/std",
    "siphash-2-4/siphasher",
    "siphash-2-4/std",
    "xxh64/twox-hash",
    "xxh3-64/twox-hash",
    "xxh64/xxhash-rust",
    "xxh3-64/xxhash-rust",
    "highwayhash-64/highway",
];

/// The adapters whose typed keys are other functions, held to typed-key vectors.
const MAP_HASHERS: &[&str] = &[
    "cityhash-64/cityhasher",
    "foldhash-fast/foldhash",
    "foldhash-quality/foldhash",
    "rapidhash-fast/rapidhash",
    "fxhash/rustc-hash",
    "ahash-fallback/ahash",
    "wyhash-final4/wyhash-final4",
    "komihash/komihash",
];

#[test]
fn the_adapters_with_a_build_hasher_support_keys_and_the_others_say_why() {
    for imp in IMPLEMENTATIONS {
        let Ok(h) = imp.instantiate() else { continue };
        let got = h.supports(Pattern::Keys(KeyKind::U64));
        if STREAMING.contains(&imp.id) || MAP_HASHERS.contains(&imp.id) {
            assert_eq!(got, Ok(()), "{}", imp.id);
        } else {
            assert!(got.is_err(), "{}", imp.id);
        }
    }
    let rapidhash = crate::find_implementation("rapidhash/rapidhash").unwrap();
    let got = rapidhash
        .instantiate()
        .unwrap()
        .supports(Pattern::Keys(KeyKind::Str));
    assert_eq!(got, Err(reason::RAPIDHASH_MAP));
}

#[test]
fn a_key_hashes_as_the_byte_api_hashes_what_std_hash_writes() {
    for id in STREAMING {
        let imp = crate::find_implementation(id).unwrap();
        let mut h = imp.instantiate().unwrap();
        for (kind, len) in [(KeyKind::U64, 8), (KeyKind::Id16, 16), (KeyKind::Str, 33)] {
            let input: Vec<u8> = (0..len).map(|i| (i * 37 + 129) as u8).collect();
            let (mut typed, mut bytes) = ([0u8; 8], [0u8; 8]);
            h.run_batch(Pattern::Keys(kind), &input, &mut typed, 2);
            h.oneshot(&message(kind, &input), &mut bytes);
            assert_eq!(typed, bytes, "{id} {kind:?}");
        }
    }
}

/// Why the map hashers need vectors of their own: hashing a string key through their
/// `Hasher` is not their byte API over the bytes std's `Hash` writes (the integer writes
/// are specialised, or each write is hashed alone), so the streaming check cannot hold
/// them.
#[test]
fn a_map_hashers_string_key_is_not_its_byte_api_over_what_std_hash_writes() {
    for id in MAP_HASHERS {
        let mut h = crate::find_implementation(id)
            .unwrap()
            .instantiate()
            .unwrap();
        let input: Vec<u8> = (0..33).map(|i| (i * 37 + 129) as u8).collect();
        let (mut typed, mut bytes) = ([0u8; 8], [0u8; 8]);
        h.run_batch(Pattern::Keys(KeyKind::Str), &input, &mut typed, 1);
        h.oneshot(&message(KeyKind::Str, &input), &mut bytes);
        assert_ne!(typed, bytes, "{id}");
    }
}
