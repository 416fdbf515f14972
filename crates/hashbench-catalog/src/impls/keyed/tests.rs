use crate::keys::{message, KeyKind};
use crate::pattern::{reason, Pattern};
use crate::registry::IMPLEMENTATIONS;

const KEYED: &[&str] = &[
    "siphash-1-3/siphasher",
    "siphash-1-3/std",
    "siphash-2-4/siphasher",
    "siphash-2-4/std",
    "xxh64/twox-hash",
    "xxh3-64/twox-hash",
    "highwayhash-64/highway",
];

#[test]
fn the_adapters_with_a_build_hasher_support_keys_and_the_others_say_why() {
    for imp in IMPLEMENTATIONS {
        let Ok(h) = imp.instantiate() else { continue };
        let got = h.supports(Pattern::Keys(KeyKind::U64));
        if KEYED.contains(&imp.id) {
            assert_eq!(got, Ok(()), "{}", imp.id);
        } else {
            assert!(got.is_err(), "{}", imp.id);
        }
    }
    let city = crate::find_implementation("cityhash-64/cityhasher").unwrap();
    let got = city
        .instantiate()
        .unwrap()
        .supports(Pattern::Keys(KeyKind::Str));
    assert_eq!(got, Err(reason::DISCRETE_WRITES));
}

#[test]
fn a_key_hashes_as_the_byte_api_hashes_what_std_hash_writes() {
    for id in KEYED {
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
