use super::table::{place, Table};
use super::*;
use crate::keys::Keys;

/// `n` random hashes from `seed`.
fn random(n: usize, seed: u64) -> Vec<u64> {
    let mut rng = SplitMix64::new(seed);
    (0..n).map(|_| rng.next_u64()).collect()
}

#[test]
fn buckets_follow_hashbrowns_sizing() {
    assert_eq!(buckets_for(0), 4);
    assert_eq!(buckets_for(3), 4);
    assert_eq!(buckets_for(7), 8);
    // 7/8 of 2048 is 1792: one more key needs the next power of two.
    assert_eq!(buckets_for(1024), 2048);
    assert_eq!(buckets_for(1792), 2048);
    assert_eq!(buckets_for(1793), 4096);
}

#[test]
fn a_full_home_group_sends_the_next_lookup_one_group_on() {
    // 16 keys whose probes all start at bucket 0, with distinct tags: they fill the
    // group at 0 exactly, each found in its first group. A key not in the table starting
    // there finds no empty slot in that group and reads the next one, 16 slots on.
    let inserted: Vec<u64> = (0..16u64).map(|t| t << 57).collect();
    let p = place(&inserted, &[0x7f << 57]);
    assert_eq!(p.groups_per_hit, 1.0);
    assert_eq!(p.longest, 1);
    assert_eq!(p.outside_home, 0.0);
    assert_eq!(p.groups_per_miss, 2.0);
    assert_eq!(p.false_tags_per_hit, 0.0);
    assert_eq!(p.false_tags_per_miss, 0.0);
    // Seventeen: the last overflows into the group 16 slots on, and a key with the
    // same tag as the first is compared, in vain, on the way to each.
    let mut more = inserted.clone();
    more.push(0);
    let p = place(&more, &[]);
    assert_eq!(p.longest, 2);
    assert!((p.outside_home - 1.0 / 17.0).abs() < 1e-12);
    assert!((p.false_tags_per_hit - 1.0 / 17.0).abs() < 1e-12, "{p:?}");
}

#[test]
fn a_random_function_looks_random_and_matches_the_expected_tag_rate() {
    let h = random(1 << 14, 1);
    let set = KeySet {
        name: "r".into(),
        keys: Keys::U64(vec![0; h.len()]),
    };
    let views = view(
        &set,
        "bytes",
        &h,
        &[1 << 10, 1 << 13],
        &mut RandomTables::new(7),
    );
    assert_eq!(views.len(), 2);
    for v in &views {
        assert!(v.crowded.is_empty(), "{v:?}");
        assert!((v.load() - 0.5).abs() < 1e-12, "{v:?}");
        // A miss compares every slot of each group read whose tag matches by chance:
        // 16 slots, half full, 1 in 128 tags.
        let per_group = v.observed.false_tags_per_miss / v.observed.groups_per_miss;
        assert!((per_group - 16.0 * 0.5 / 128.0).abs() < 0.02, "{v:?}");
    }
}

#[test]
fn a_hash_with_fixed_top_bits_is_named_for_its_false_tag_matches() {
    // The low bits spread the keys; the top 7 are always zero, as with a 32-bit hash
    // widened to 64: every full slot of a group read has the tag looked for.
    let h: Vec<u64> = random(1 << 12, 2).iter().map(|h| h >> 32).collect();
    let set = KeySet {
        name: "t".into(),
        keys: Keys::U64(vec![0; h.len()]),
    };
    let v = &view(&set, "bytes", &h, &[1 << 11], &mut RandomTables::new(3))[0];
    assert!(
        v.crowded
            .iter()
            .any(|c| c.starts_with("false tag matches per miss")),
        "{v:?}"
    );
    assert!(v.observed.false_tags_per_miss > 4.0, "{v:?}");
    assert!(v.observed.groups_per_hit < 1.1, "{v:?}");
}

#[test]
fn a_hash_with_zero_low_bits_is_named_for_its_probes() {
    // FxHash's weakness on keys whose low bits are zero, before its final rotation:
    // every probe starts at bucket 0.
    let h: Vec<u64> = random(1 << 11, 4)
        .iter()
        .map(|h| h & !0xffff_ffff)
        .collect();
    let set = KeySet {
        name: "z".into(),
        keys: Keys::U64(vec![0; h.len()]),
    };
    let v = &view(&set, "keys:u64", &h, &[1 << 10], &mut RandomTables::new(5))[0];
    assert!(
        v.crowded.iter().any(|c| c.starts_with("groups per hit")),
        "{v:?}"
    );
    assert!(
        v.crowded.iter().any(|c| c.starts_with("longest probe")),
        "{v:?}"
    );
    assert!(v.observed.longest > 30, "{v:?}");
}

#[test]
fn serial_low_bits_beat_a_random_function_and_are_not_named() {
    // Distinct low bits: every key in its own bucket, each found in its first group.
    let h: Vec<u64> = (0..1u64 << 11)
        .zip(random(1 << 11, 6))
        .map(|(i, r)| i | (r & !0xffff))
        .collect();
    let set = KeySet {
        name: "s".into(),
        keys: Keys::U64(vec![0; h.len()]),
    };
    let v = &view(&set, "keys:u64", &h, &[1 << 10], &mut RandomTables::new(8))[0];
    assert!(v.crowded.is_empty(), "{v:?}");
    assert_eq!(v.observed.longest, 1);
    assert!(v.random.longest > 1, "{v:?}");
}

#[test]
fn sizes_leave_as_many_keys_again_for_the_misses() {
    assert_eq!(
        sizes_for(&[1024, 16384, 131_072], 262_144),
        [1024, 16384, 131_072]
    );
    assert_eq!(sizes_for(&[1024, 16384, 131_072], 43_744), [1024, 16384]);
    assert_eq!(sizes_for(&[1024], 1000), [500]);
    assert!(sizes_for(&[1024], 40).is_empty());
}

#[test]
fn keys_land_where_hashbrown_puts_them() {
    // hashbrown's table iterates its slots in order, so the order it gives back the keys
    // in is where it placed them: the model must give the same order. Random hashes, low
    // bits crowded into few buckets, and a table filled to its 7/8.
    let crowded: Vec<u64> = random(900, 11).iter().map(|h| h & !0x3f0).collect();
    for hashes in [random(1000, 10), crowded, random(1792, 12)] {
        let mut table = hashbrown::HashTable::with_capacity(hashes.len());
        for (i, &h) in hashes.iter().enumerate() {
            table.insert_unique(h, i as u32, |&k| hashes[k as usize]);
        }
        assert_eq!(table.capacity(), buckets_for(hashes.len()) / 8 * 7);
        let real: Vec<u32> = table.iter().copied().collect();
        assert_eq!(Table::fill(&hashes).order(), real);
    }
}
