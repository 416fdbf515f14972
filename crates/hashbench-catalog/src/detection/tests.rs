//! The computed profiles recomputed, as far as a debug-profile test affords, so that a
//! wrong constant fails.

use hashbench_crc_hd::{profile, Limits, Profile};
use hashbench_model::Detection;

use super::*;
use crate::algorithm::{algorithm, Algorithm};

fn get(id: &str) -> &'static Algorithm {
    algorithm(id).unwrap_or_else(|| panic!("{id} is not in the catalogue"))
}

fn stored(a: &Algorithm) -> (Vec<u64>, Vec<u32>, String) {
    match detection(a) {
        Some(Detection::Profile {
            max_bits,
            lower_bounds,
            koopman,
            source,
            ..
        }) => {
            assert!(source.contains(&koopman), "{}: {source}", a.id);
            (max_bits, lower_bounds, koopman)
        }
        other => panic!("{}: {other:?}", a.id),
    }
}

/// A recomputation cheap enough for the debug profile: 2^20 short data words, and at
/// most 2^22 table entries plus lookups per search.
fn recompute(koopman: &str, max_bits: u64) -> Profile {
    let k = u64::from_str_radix(koopman.trim_start_matches("0x"), 16)
        .unwrap_or_else(|e| panic!("{koopman}: {e}"));
    profile(
        k,
        &Limits {
            max_bits,
            short_bits: 20,
            max_work: 1 << 22,
            ..Limits::default()
        },
    )
}

/// The CRC-16s and CRC-32C, whole: every level recomputed exact and equal.
#[test]
fn the_16_and_32_bit_profiles_recompute_exactly() {
    for id in ["crc16-ibm-3740", "crc16-arc", "crc32c"] {
        let a = get(id);
        let (bits, lower, koopman) = stored(a);
        assert!(lower.is_empty(), "{}", a.id);
        let p = recompute(&koopman, 40_000);
        assert_eq!(p.bits(), bits, "{}: {:#?}", a.id, p.levels);
        assert!(p.levels.iter().all(|l| l.exact), "{}", a.id);
    }
}

/// The CRC-64s with short searches: the exact levels recomputed (L3 from the order, the
/// short lengths by brute force) must match; every stored lower bound must be at least
/// what the short search proves, and no stored figure may contradict an exact one.
#[test]
fn the_64_bit_profiles_agree_with_a_shorter_search() {
    for id in ["crc64-xz", "crc64-nvme"] {
        let a = get(id);
        let (bits, lower, koopman) = stored(a);
        let p = recompute(&koopman, 300);
        assert_eq!(p.levels.len(), bits.len(), "{}", a.id);
        let mut compared = 0;
        for (l, &b) in p.levels.iter().zip(&bits) {
            let stored_exact = !lower.contains(&l.hd);
            match (l.exact, stored_exact) {
                (true, true) => {
                    assert_eq!(l.bits, b, "{} HD {}", a.id, l.hd);
                    compared += 1;
                }
                // The true length is l.bits; the stored bound must not exceed it.
                (true, false) => assert!(b <= l.bits, "{} HD {}", a.id, l.hd),
                // Proven to l.bits here; the stored one searched at least as far.
                (false, _) => assert!(b >= l.bits, "{} HD {}", a.id, l.hd),
            }
        }
        assert!(compared >= 2, "{}: {compared} levels compared", a.id);
    }
}
