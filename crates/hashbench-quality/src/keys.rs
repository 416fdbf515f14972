//! Key sets: the keys real tables are filled with, generated deterministically from a
//! seed (serial and high-bit integers, random integers, sparse integers, random and
//! time-ordered 16-byte ids, words, URLs), and the user's own, read from a file
//! ([`load`]). Pure data: the quality screen hashes them, and a map workload can fill a
//! map with them.

mod load;
mod set;
mod text;

pub use load::{load, KeyFile, KeysError, MAX_FILE_BYTES, MAX_KEYS, MAX_KEY_BYTES};
pub use set::{KeySet, Keys};

use crate::rng::SplitMix64;

/// `0, 1, 2, ...`: auto-increment ids, the easiest keys for a table and the first a
/// weak hash gets away with.
#[must_use]
pub fn serial(n: usize) -> KeySet {
    named("serial", Keys::U64((0..n as u64).collect()))
}

/// `i << 32`: integers whose low 32 bits are all zero (addresses, scaled ids, packed
/// pairs with the varying half on top). A hash that only multiplies leaves the low bits
/// of these zero, and a table that indexes by low bits then piles them into one bucket.
#[must_use]
pub fn high_bits(n: usize) -> KeySet {
    named(
        "high-bits",
        Keys::U64((0..n as u64).map(|i| i << 32).collect()),
    )
}

/// `r << 32` for distinct random `u32`s `r`: the varying half on top, as [`high_bits`],
/// but random, so that the top bits (hashbrown's tag, for a hash that keeps them) take
/// every value instead of counting up from zero.
#[must_use]
pub fn high_random(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    named(
        "high-random",
        Keys::U64(distinct(n, || (rng.next_u64() >> 32) << 32)),
    )
}

/// Uniformly random `u64`s.
#[must_use]
pub fn random_u64(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    named("random-u64", Keys::U64(distinct(n, || rng.next_u64())))
}

/// Every `u64` with 1 to `max_bits` bits set (SMHasher's sparse keys, for one word):
/// 64 + 2016 + 41664 keys for 3 bits. Keys that differ in a bit or two are where a
/// hash with poor diffusion collides.
#[must_use]
pub fn sparse_u64(max_bits: u32) -> KeySet {
    let mut keys = Vec::new();
    for a in 0..64u32 {
        keys.push(1u64 << a);
        for b in (a + 1..64).take_while(|_| max_bits >= 2) {
            keys.push(1 << a | 1 << b);
            for c in (b + 1..64).take_while(|_| max_bits >= 3) {
                keys.push(1 << a | 1 << b | 1 << c);
            }
        }
    }
    named("sparse-u64", Keys::U64(keys))
}

/// Random 16-byte ids (UUIDv4-like: every byte random).
#[must_use]
pub fn id16_random(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    let ids = distinct(n, || {
        let mut id = [0u8; 16];
        rng.fill(&mut id);
        id
    });
    named("id16-random", Keys::Id16(ids))
}

/// Time-ordered 16-byte ids laid out as UUIDv7 (RFC 9562, 5.7): a 48-bit big-endian
/// Unix time in milliseconds, rising by 0 to 2 ms from one id to the next from
/// 2026-01-01, the version and variant bits, and 74 random bits. Ids made close in time
/// share their first bytes: a hash that reads the front more than the tail suffers.
#[must_use]
pub fn id16_time_ordered(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    let mut ms: u64 = 1_767_225_600_000;
    let ids = distinct(n, || {
        ms += rng.below(3);
        let mut id = [0u8; 16];
        id[..6].copy_from_slice(&ms.to_be_bytes()[2..]);
        rng.fill(&mut id[6..]);
        id[6] = 0x70 | (id[6] & 0x0f);
        id[8] = 0x80 | (id[8] & 0x3f);
        id
    });
    named("id16-time", Keys::Id16(ids))
}

/// Pseudo-English words of one to four syllables ([`text::word`]), distinct.
#[must_use]
pub fn words(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    named("words", Keys::Str(distinct(n, || text::word(&mut rng))))
}

/// URL-like strings, `https://HOST/SEGMENT/SEGMENT?id=N`: long common prefixes from a
/// few hosts and paths, the difference often only in the trailing number.
#[must_use]
pub fn urls(n: usize, seed: u64) -> KeySet {
    let mut rng = SplitMix64::new(seed);
    let hosts: Vec<String> = (0..8).map(|_| text::host(&mut rng)).collect();
    let paths: Vec<String> = (0..64)
        .map(|_| format!("{}/{}", text::word(&mut rng), text::word(&mut rng)))
        .collect();
    let urls = (0..n)
        .map(|i| {
            let host = &hosts[rng.below(hosts.len() as u64) as usize];
            let path = &paths[rng.below(paths.len() as u64) as usize];
            format!("https://{host}/{path}?id={i}")
        })
        .collect();
    named("urls", Keys::Str(urls))
}

/// The generated sets, `n` keys each (the sparse set has its own count), seeded from
/// `seed`: what the quality screen hashes.
#[must_use]
pub fn standard(n: usize, sparse_bits: u32, seed: u64) -> Vec<KeySet> {
    vec![
        serial(n),
        high_bits(n),
        random_u64(n, seed),
        sparse_u64(sparse_bits),
        id16_random(n, seed ^ 1),
        id16_time_ordered(n, seed ^ 2),
        words(n, seed ^ 3),
        urls(n, seed ^ 4),
    ]
}

fn named(name: &str, keys: Keys) -> KeySet {
    KeySet {
        name: name.to_string(),
        keys,
    }
}

/// `n` distinct values of `next`, in the order drawn (a generator that runs out of new
/// values stops early, after 16 n draws, rather than looping for ever). The values seen
/// are found by their index into the output, so each is stored once: a set of 4M words
/// built by cloning each into a `HashSet` took a fifth of a `maps` run at 2M keys.
fn distinct<T: Eq + std::hash::Hash>(n: usize, mut next: impl FnMut() -> T) -> Vec<T> {
    use std::hash::BuildHasher;
    let hasher = std::collections::hash_map::RandomState::new();
    let mut seen: hashbrown::HashTable<usize> = hashbrown::HashTable::with_capacity(n);
    let mut out: Vec<T> = Vec::with_capacity(n);
    for _ in 0..n.saturating_mul(16) {
        if out.len() == n {
            break;
        }
        let v = next();
        let hash = hasher.hash_one(&v);
        if seen.find(hash, |&i| out[i] == v).is_none() {
            seen.insert_unique(hash, out.len(), |&i| hasher.hash_one(&out[i]));
            out.push(v);
        }
    }
    out
}

#[cfg(test)]
mod tests;
