//! The `keys:*` patterns' answers: an implementation that can be timed as a hash map
//! calls it (`BuildHasher::hash_one` on a typed key) must give, for every key, its own
//! byte API's digest of what std's `Hash` writes for that key
//! ([`hashbench_catalog::keys::message`]); the byte API is held to the known answers in
//! the same verification, so a typed key's hash is a known answer too.
//!
//! This holds for hashers whose `write`s stream into one message (SipHash, xxHash,
//! HighwayHash). A hasher that specialises its integer writes, or hashes each write
//! alone, is held to its typed-key vectors instead (`vectors/README.md`, "Typed keys").
//! The check itself is the crate root's `check_keys`; this module gives the keys of the
//! streaming check.

use hashbench_model::KeyKind;
use hashbench_model::Pattern;

/// Lengths of the `keys:str` keys checked: empty aside, every length to 17 (SipHash's
/// and xxHash's tails), the sizes measured, block edges, and the longest.
const STR_LENGTHS: &[usize] = &[
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 31, 32, 33, 63, 64, 65, 127, 128,
    129, 255, 256,
];

/// Inputs per fixed-length key kind.
const FIXED_INPUTS: u64 = 16;

/// The keys checked for `kind`, each from an input as a cell would give it.
pub(crate) fn inputs(kind: KeyKind) -> Vec<(String, Vec<u8>)> {
    let lengths: Vec<usize> = match kind.fixed_len() {
        Some(n) => vec![n as usize; FIXED_INPUTS as usize],
        None => STR_LENGTHS.to_vec(),
    };
    lengths
        .into_iter()
        .enumerate()
        .map(|(i, len)| {
            let seed = 0x6b65_7973 + i as u64;
            let label = format!(
                "{} key of xorshift len {len} seed {seed}",
                Pattern::Keys(kind)
            );
            (label, crate::vectors::xorshift(len, seed))
        })
        .collect()
}
