//! The hashes of a key set, through the path a map would take.

use super::subject::Subject;
use crate::keys::{KeySet, Keys};
use crate::map::{view, MapView, RandomTables};

/// Every key's hash, the bits it has, and the path it went through.
pub(super) fn of(s: &mut dyn Subject, keys: &Keys) -> (Vec<u64>, u32, &'static str) {
    let typed = s.typed();
    let (bits, path) = match (typed, keys) {
        (true, Keys::U64(_)) => (64, "keys:u64"),
        (true, Keys::Id16(_)) => (64, "keys:id16"),
        (true, Keys::Str(_)) => (64, "keys:str"),
        _ => (s.bits(), "bytes"),
    };
    let values = match keys {
        Keys::U64(k) => k.iter().map(|&k| s.hash_u64(k)).collect(),
        Keys::Id16(k) => k.iter().map(|k| s.hash_id16(k)).collect(),
        Keys::Str(k) => k.iter().map(|k| s.hash_str(k)).collect(),
        Keys::Bytes(k) => k.iter().map(|k| s.hash_bytes(k)).collect(),
    };
    (values, bits, path)
}

/// [`view`] of `set` hashed by `subject` through the path a map takes (its typed
/// `hash_one` where it has one), at each of `sizes`: what a map workload on the set sees.
#[must_use]
pub fn map_views(
    subject: &mut dyn Subject,
    set: &KeySet,
    sizes: &[usize],
    random: &mut RandomTables,
) -> Vec<MapView> {
    let (values, _, path) = of(subject, &set.keys);
    view(set, path, &values, sizes, random)
}
