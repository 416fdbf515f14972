use super::check::mask;
use super::*;

/// Not a hash: the input's first 8 bytes (zero-padded), little-endian.
struct Identity;
impl Subject for Identity {
    fn bits(&self) -> u32 {
        64
    }
    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        word(data)
    }
}

/// A plain multiply of the first 8 bytes by an odd constant: bits only move up.
struct Multiply;
impl Subject for Multiply {
    fn bits(&self) -> u32 {
        64
    }
    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        word(data).wrapping_mul(0x9e37_79b9_7f4a_7c15)
    }
}

/// A good hash for the tests: every 8-byte block and the length through a strong
/// bijective mixer (MurmurHash3's fmix64 constants), chained; `bits` of it kept.
struct Mixer {
    bits: u32,
}
impl Subject for Mixer {
    fn bits(&self) -> u32 {
        self.bits
    }
    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        let mut h = fmix(data.len() as u64);
        for block in data.chunks(8) {
            h = fmix(h ^ word(block));
        }
        h & mask(self.bits)
    }
}

/// [`Mixer`] that says it has a map's typed path, where `u64` keys are only multiplied
/// (as FxHash's map hasher does with one word).
struct TypedMultiply;
impl Subject for TypedMultiply {
    fn bits(&self) -> u32 {
        64
    }
    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        Mixer { bits: 64 }.hash_bytes(data)
    }
    fn typed(&self) -> bool {
        true
    }
    fn hash_u64(&mut self, key: u64) -> u64 {
        key.wrapping_mul(0xf135_7aea_2e62_a9c5)
    }
}

fn word(data: &[u8]) -> u64 {
    let mut b = [0u8; 8];
    let n = data.len().min(8);
    b[..n].copy_from_slice(&data[..n]);
    u64::from_le_bytes(b)
}

fn fmix(mut k: u64) -> u64 {
    k ^= k >> 33;
    k = k.wrapping_mul(0xff51_afd7_ed55_8ccd);
    k ^= k >> 33;
    k = k.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
    k ^ (k >> 33)
}

fn run(s: &mut dyn Subject) -> Screen {
    let config = Config::quick();
    screen(s, &config.key_sets(), &config)
}

fn failing(s: &Screen) -> Vec<String> {
    s.checks
        .iter()
        .filter(|c| !c.pass)
        .map(|c| format!("{} {}", c.test.as_str(), c.keys))
        .collect()
}

#[test]
fn a_good_mixer_passes_every_check_at_64_and_32_bits() {
    for bits in [64, 32] {
        let s = run(&mut Mixer { bits });
        assert!(s.passed(), "{bits} bits: {:?}", failing(&s));
        assert_eq!(s.bits, bits);
        // 2 avalanche lengths, and buckets and collisions for each of 8 key sets.
        assert_eq!(s.checks.len(), 2 + 2 * 8);
    }
}

#[test]
fn the_identity_fails_avalanche_and_high_bit_keys() {
    let s = run(&mut Identity);
    let failed = failing(&s);
    for expected in [
        "avalanche random 8 B",
        "buckets high-bits",
        "collisions high-bits",
    ] {
        assert!(
            failed.iter().any(|f| f == expected),
            "{expected}: {failed:?}"
        );
    }
    let avalanche = &s.checks[0];
    assert!((avalanche.statistic - 0.5).abs() < 1e-9, "{avalanche:?}");
}

#[test]
fn a_plain_multiply_fails_avalanche_and_high_bit_keys() {
    let s = run(&mut Multiply);
    let failed = failing(&s);
    for expected in [
        "avalanche random 8 B",
        "avalanche random 16 B",
        "buckets high-bits",
    ] {
        assert!(
            failed.iter().any(|f| f == expected),
            "{expected}: {failed:?}"
        );
    }
}

#[test]
fn typed_keys_go_through_the_maps_path_and_are_judged_there() {
    let s = run(&mut TypedMultiply);
    assert!(s.typed);
    let typed: Vec<&Check> = s.checks.iter().filter(|c| c.path == "keys:u64").collect();
    // The typed avalanche, and buckets and collisions of the four u64 sets.
    assert_eq!(typed.len(), 1 + 2 * 4);
    let failed = failing(&s);
    assert!(
        failed.contains(&"avalanche random u64".to_string()),
        "{failed:?}"
    );
    assert!(
        failed.contains(&"buckets high-bits".to_string()),
        "{failed:?}"
    );
    // The bytes path is the good mixer's: its checks pass.
    assert!(s
        .checks
        .iter()
        .filter(|c| c.path != "keys:u64")
        .all(|c| c.pass));
}

#[test]
fn the_screen_is_deterministic() {
    assert_eq!(run(&mut Mixer { bits: 64 }), run(&mut Mixer { bits: 64 }));
}

#[test]
fn thresholds_follow_the_sample_counts() {
    let s = run(&mut Mixer { bits: 64 });
    let avalanche = &s.checks[0];
    // 400 samples, 64 x 64 pairs, a cut of 1e-6 / 18: z near 7, so about 0.17.
    assert!((0.15..0.19).contains(&avalanche.threshold), "{avalanche:?}");
    let collisions = s
        .checks
        .iter()
        .find(|c| c.test == Test::Collisions && c.keys == "serial")
        .expect("serial collisions");
    // 8192 keys: about 0.008 expected at 32 bits, so at most 1 or 2 allowed there.
    assert!(collisions.threshold <= 2.0, "{collisions:?}");
}

#[test]
fn buckets_p_value_flags_a_crowded_table_and_not_an_even_one() {
    let even = vec![100u32; 256];
    assert!(buckets::p_value(&even, 25_600.0) > 0.99);
    let mut crowded = vec![0u32; 256];
    crowded[..64].fill(400);
    assert!(buckets::p_value(&crowded, 25_600.0) < 1e-100);
}

#[test]
fn the_map_view_names_a_multiply_on_high_bit_keys_and_not_a_good_mixer() {
    // The typed multiply leaves a high-bit key's low 32 bits zero: every probe of a
    // hashbrown table starts at bucket 0.
    let s = run(&mut TypedMultiply);
    let high: Vec<&MapView> = s.map.iter().filter(|v| v.keys == "high-bits").collect();
    assert_eq!(high.len(), 2, "both of the quick sizes");
    for v in &high {
        assert_eq!(v.path, "keys:u64");
        let named = v.crowded.join("; ");
        assert!(named.contains("groups per hit"), "{v:?}");
        assert!(named.contains("longest probe"), "{v:?}");
    }
    // 8 sets at 2 sizes (the sparse set, 2,080 keys here, fits the smaller only).
    let m = run(&mut Mixer { bits: 64 });
    assert_eq!(m.map.len(), 15);
    assert!(m.map.iter().all(|v| v.crowded.is_empty()), "{:?}", m.map);
}

/// A map hasher a map seeds: with an odd seed its typed `u64` path only multiplies (and
/// crowds high-bit keys' tables), with an even one it mixes.
struct Seeded {
    seed: u64,
}
impl Subject for Seeded {
    fn bits(&self) -> u32 {
        64
    }
    fn hash_bytes(&mut self, data: &[u8]) -> u64 {
        Mixer { bits: 64 }.hash_bytes(data)
    }
    fn typed(&self) -> bool {
        true
    }
    fn reseed(&mut self, seed: u64) -> bool {
        self.seed = seed;
        true
    }
    fn hash_u64(&mut self, key: u64) -> u64 {
        if self.seed % 2 == 1 {
            TypedMultiply.hash_u64(key)
        } else {
            fmix(key ^ self.seed)
        }
    }
}

#[test]
fn tables_over_seeds_count_the_seeds_that_crowd_them() {
    let config = Config {
        map_seeds: 12,
        ..Config::quick()
    };
    let s = screen(&mut Seeded { seed: 0 }, &config.key_sets(), &config);
    let spreads = s.map_seeds.expect("asked for");
    // The typed sets only: the four u64 sets, the two id16 and two string sets all go
    // through the typed path, 15 tables as in the view.
    assert_eq!(spreads.len(), 15);
    assert!(spreads.iter().all(|t| t.seeds == 12));
    // Which seeds are odd is the seed stream's; the high-bit and sparse keys' tables
    // (their keys' low bits zero, kept zero by a multiply) are crowded by every odd one,
    // and nothing else by any.
    let mut rng = SplitMix64::new(config.seed ^ 0x7365_6564_7321);
    let odd = (0..12).filter(|_| rng.next_u64() % 2 == 1).count();
    assert!(odd > 0 && odd < 12, "{odd}");
    for t in &spreads {
        let want = if ["high-bits", "sparse-u64"].contains(&t.keys.as_str()) {
            odd
        } else {
            0
        };
        assert_eq!(t.crowded, want, "{t:?}");
    }
    let high = spreads
        .iter()
        .find(|t| t.keys == "high-bits")
        .expect("high-bits");
    assert!(high.longest.max > high.longest.min, "{high:?}");

    // Not asked: `None`; asked of a hasher that takes no seed: empty.
    assert!(run(&mut Mixer { bits: 64 }).map_seeds.is_none());
    let s = screen(&mut TypedMultiply, &config.key_sets(), &config);
    assert_eq!(s.map_seeds, Some(Vec::new()));
}
