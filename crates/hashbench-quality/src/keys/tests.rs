use super::*;
use std::collections::HashSet;

#[test]
fn integer_sets_are_what_they_say() {
    assert_eq!(serial(4).keys, Keys::U64(vec![0, 1, 2, 3]));
    assert_eq!(high_bits(3).keys, Keys::U64(vec![0, 1 << 32, 2 << 32]));
    let Keys::U64(sparse) = sparse_u64(3).keys else {
        panic!("u64 keys")
    };
    assert_eq!(sparse.len(), 64 + 2016 + 41_664);
    assert!(sparse.iter().all(|k| (1..=3).contains(&k.count_ones())));
    assert_eq!(sparse.iter().collect::<HashSet<_>>().len(), sparse.len());
    assert_eq!(sparse_u64(1).keys.len(), 64);
    let Keys::U64(high) = high_random(1000, 7).keys else {
        panic!("u64 keys")
    };
    assert!(high.iter().all(|k| k & 0xffff_ffff == 0), "low half zero");
    // Random tops: the top 7 bits (a tag) take most of their 128 values in 1,000 keys.
    let tags: HashSet<u64> = high.iter().map(|k| k >> 57).collect();
    assert!(tags.len() > 100, "{}", tags.len());
}

#[test]
fn generated_sets_are_distinct_deterministic_and_seeded() {
    for (a, b, c) in [
        (random_u64(500, 1), random_u64(500, 1), random_u64(500, 2)),
        (
            id16_random(500, 1),
            id16_random(500, 1),
            id16_random(500, 2),
        ),
        (words(500, 1), words(500, 1), words(500, 2)),
        (
            high_random(500, 1),
            high_random(500, 1),
            high_random(500, 2),
        ),
        (urls(500, 1), urls(500, 1), urls(500, 2)),
    ] {
        assert_eq!(a, b, "{}: the same seed, the same keys", a.name);
        assert_ne!(a, c, "{}: another seed, other keys", a.name);
        assert_eq!(a.keys.len(), 500, "{}", a.name);
    }
}

#[test]
fn time_ordered_ids_are_uuidv7_with_rising_timestamps() {
    let Keys::Id16(ids) = id16_time_ordered(1000, 9).keys else {
        panic!("ids")
    };
    assert_eq!(ids.len(), 1000);
    let ms = |id: &[u8; 16]| {
        let mut b = [0u8; 8];
        b[2..].copy_from_slice(&id[..6]);
        u64::from_be_bytes(b)
    };
    assert!(ids.windows(2).all(|w| ms(&w[0]) <= ms(&w[1])));
    assert!(ms(&ids[999]) - ms(&ids[0]) < 2000);
    assert!(ids.iter().all(|id| id[6] >> 4 == 7 && id[8] >> 6 == 0b10));
}

#[test]
fn words_and_urls_look_like_text() {
    let Keys::Str(w) = words(200, 3).keys else {
        panic!("strings")
    };
    assert!(w.iter().all(|w| (1..=20).contains(&w.len())));
    assert!(w.iter().all(|w| w.bytes().all(|b| b.is_ascii_lowercase())));
    let Keys::Str(u) = urls(3, 3).keys else {
        panic!("strings")
    };
    assert!(
        u[2].starts_with("https://") && u[2].ends_with("?id=2"),
        "{}",
        u[2]
    );
}

#[test]
fn the_standard_sets() {
    let sets = standard(100, 2, 5);
    let names: Vec<&str> = sets.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(
        names,
        [
            "serial",
            "high-bits",
            "random-u64",
            "sparse-u64",
            "id16-random",
            "id16-time",
            "words",
            "urls"
        ]
    );
    assert_eq!(sets[3].keys.len(), 64 + 2016);
    assert_eq!(sets[6].keys.kind(), "str");
}

#[test]
fn distinct_keeps_the_first_of_each_value_in_the_order_drawn() {
    // A generator with many repeats, checked against the plain definition.
    let mut rng = SplitMix64::new(9);
    let draws: Vec<u64> = (0..20_000).map(|_| rng.below(5_000)).collect();
    let mut plain = Vec::new();
    for &d in &draws {
        if !plain.contains(&d) {
            plain.push(d);
        }
    }
    for n in [0, 1, 100, 4_000, plain.len(), plain.len() + 1] {
        let mut it = draws.iter().copied().chain(std::iter::repeat(0));
        let got = super::distinct(n, || it.next().unwrap_or(0));
        assert_eq!(got, plain[..n.min(plain.len())], "n = {n}");
    }
    // Strings too, each stored once.
    let words = ["a", "b", "a", "c", "b", "d"].map(String::from);
    let mut it = words.iter().cloned().cycle();
    assert_eq!(
        super::distinct(4, || it.next().unwrap_or_default()),
        ["a", "b", "c", "d"]
    );
}
