use std::hash::{Hash, Hasher as StdHasher};

use super::*;
use crate::feed::Feed;
use crate::hasher::{run_batch, run_feed, Hasher};
use crate::Pattern;

/// A `Hasher` that overrides only `write` and records each call: what std's `Hash`
/// writes for a key, through the `write_*` defaults.
#[derive(Default)]
struct Recording(Vec<Vec<u8>>);

impl StdHasher for Recording {
    fn write(&mut self, bytes: &[u8]) {
        self.0.push(bytes.to_vec());
    }
    fn finish(&self) -> u64 {
        0
    }
}

fn recorded<K: Hash + ?Sized>(key: &K) -> Vec<Vec<u8>> {
    let mut r = Recording::default();
    key.hash(&mut r);
    r.0
}

fn input(len: usize) -> Vec<u8> {
    // Top bits set on purpose: the str key must clear them.
    (0..len)
        .map(|i| (i as u8).wrapping_mul(151).wrapping_add(200))
        .collect()
}

#[test]
fn the_u64_key_writes_what_std_hash_writes() {
    let bytes = input(8);
    let key = u64::from_le_bytes(bytes[..8].try_into().unwrap());
    assert_eq!(writes(KeyKind::U64, &bytes), recorded(&key));
    assert_eq!(message(KeyKind::U64, &bytes), key.to_ne_bytes());
}

#[test]
fn the_id16_key_writes_its_length_first_as_std_hash_does() {
    let bytes = input(16);
    let key: [u8; 16] = bytes[..16].try_into().unwrap();
    let expected = recorded(&key);
    assert_eq!(writes(KeyKind::Id16, &bytes), expected);
    assert_eq!(
        expected[0],
        16usize.to_ne_bytes(),
        "a length prefix, as usize"
    );
    assert_eq!(expected.len(), 2);
}

#[test]
fn the_str_key_is_ascii_and_writes_its_bytes_then_0xff() {
    for len in [1, 7, 8, 16, 32, 64, 256] {
        let bytes = input(len);
        let text = ascii(&bytes);
        let s = std::str::from_utf8(&text).expect("ASCII");
        assert!(s.is_ascii());
        let expected = recorded(s);
        assert_eq!(writes(KeyKind::Str, &bytes), expected, "{len}");
        assert_eq!(expected.last().unwrap(), &[0xff]);
    }
}

/// A `Hasher` adapter whose `hash_key_*` are std's `DefaultHasher`, to run the loops.
struct Std;
impl Hasher for Std {
    fn update(&mut self, _: &[u8]) {}
    fn finalize_reset(&mut self, _: &mut [u8]) {}
    fn reset(&mut self) {}
    fn hash_key_u64(&mut self, key: u64) -> u64 {
        one(&key)
    }
    fn hash_key_id16(&mut self, key: &[u8; 16]) -> u64 {
        one(key)
    }
    fn hash_key_str(&mut self, key: &str) -> u64 {
        one(key)
    }
}
fn one<K: Hash + ?Sized>(key: &K) -> u64 {
    use std::hash::BuildHasher;
    std::hash::BuildHasherDefault::<std::hash::DefaultHasher>::default().hash_one(key)
}

#[test]
fn a_batch_hashes_the_key_of_its_input() {
    let mut out = [0u8; 8];
    let bytes = input(16);
    run_batch(&mut Std, Pattern::Keys(KeyKind::Id16), &bytes, &mut out, 3);
    let key: [u8; 16] = bytes[..16].try_into().unwrap();
    assert_eq!(u64::from_be_bytes(out), one(&key));
    run_batch(&mut Std, Pattern::Keys(KeyKind::Str), &bytes, &mut out, 1);
    let text = ascii(&bytes);
    assert_eq!(
        u64::from_be_bytes(out),
        one(std::str::from_utf8(&text).unwrap())
    );
}

#[test]
fn latency_chains_each_hash_into_the_next_key() {
    let bytes = input(8);
    let mut buf = bytes.clone();
    let mut out = [0u8; 8];
    let mut feed = Feed {
        buf: &mut buf,
        lengths: None,
        chained: true,
    };
    run_feed(
        &mut Std,
        Pattern::Keys(KeyKind::U64),
        &mut feed,
        &mut out,
        3,
    );
    let mut key = u64::from_le_bytes(bytes[..8].try_into().unwrap());
    let mut last = 0;
    for _ in 0..3 {
        last = one(&key);
        key ^= last;
    }
    assert_eq!(u64::from_be_bytes(out), last);
    // Strings: the chain keeps the text ASCII, and leaves the feed's bytes alone.
    let bytes = input(12);
    let mut buf = bytes.clone();
    let mut feed = Feed {
        buf: &mut buf,
        lengths: Some(&[3, 12, 1]),
        chained: true,
    };
    run_feed(
        &mut Std,
        Pattern::Keys(KeyKind::Str),
        &mut feed,
        &mut out,
        7,
    );
    assert_eq!(buf, bytes);
}
