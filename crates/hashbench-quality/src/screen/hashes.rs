//! The hashes of a key set, through the path a map would take.

use super::subject::Subject;
use crate::keys::Keys;

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
