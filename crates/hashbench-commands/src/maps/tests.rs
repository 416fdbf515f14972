use hashbench_host::{Cache, Host};

use super::*;

fn host(caches: Vec<Cache>) -> Host {
    let mut h = Host::detect();
    h.caches = caches;
    h
}

fn cache(level: u8, kind: &str, size_bytes: u64) -> Cache {
    Cache {
        level,
        kind: kind.to_string(),
        size_bytes,
        shared_by_cpus: None,
    }
}

#[test]
fn default_sizes_come_from_the_caches() {
    let h = host(vec![
        cache(1, "data", 48 << 10),
        cache(1, "instruction", 32 << 10),
        cache(2, "unified", 2 << 20),
        cache(3, "unified", 32 << 20),
    ]);
    let (sizes, from) = from_caches(&h);
    // 16,384 keys: 32,768 buckets of 17 bytes, 544 KiB, at most half of 2 MiB (32,768
    // keys would take 65,536 buckets, 1.06 MiB). 262,144 keys: 524,288 buckets, 8.5 MiB,
    // at most 16 MiB. 2,097,152 keys: 4,194,304 buckets, 68 MiB, at least 64 MiB.
    assert_eq!(sizes, vec![16_384, 262_144, 2_097_152]);
    assert!(from.contains("the host's caches"), "{from}");
    let (sizes, from) = from_caches(&host(vec![cache(1, "data", 32 << 10)]));
    assert_eq!(sizes, vec![4096, 262_144, 4_194_304]);
    assert!(from.contains("not known"), "{from}");
    // A 256 MiB last level: memory would be 16m keys; the default stops at 4m.
    let big = host(vec![
        cache(2, "unified", 2 << 20),
        cache(3, "unified", 256 << 20),
    ]);
    assert_eq!(
        from_caches(&big).0,
        vec![16_384, 2_097_152, DEFAULT_MAX_ENTRIES]
    );
}

#[test]
fn sizes_given_are_counts_of_keys() {
    let ask = |e: &str| Ask {
        entries: vec![e.to_string()],
        ..Ask::default()
    };
    assert_eq!(
        ask("4k,1k,1k").entries().expect("sizes").0,
        vec![1024, 4096]
    );
    for bad in ["0", "1..=5", "32m", "many"] {
        let err = ask(bad).entries().expect_err(bad).to_string();
        assert!(err.contains("give a count of keys"), "{bad}: {err}");
    }
}

#[test]
fn key_sets_hold_keys_for_the_largest_map_and_its_misses() {
    let ask = Ask {
        sets: vec!["serial".into(), "words".into(), "high-random".into()],
        ..Ask::default()
    };
    let sets = ask.key_sets(100).expect("sets");
    assert_eq!(sets.len(), 3);
    assert!(sets.iter().all(|s| s.keys.len() == 200));
    let defaults = Ask::default().key_sets(10).expect("sets");
    let names: Vec<&str> = defaults.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, DEFAULT_SETS);
    let err = Ask {
        sets: vec!["primes".into()],
        ..Ask::default()
    }
    .key_sets(10)
    .expect_err("unknown");
    assert!(
        err.to_string().contains("unknown key set 'primes'"),
        "{err}"
    );
    assert!(err.is_usage());
}

#[test]
fn every_workload_is_timed_with_its_interval_and_what_the_map_saw() {
    let ask = Ask {
        implementations: vec!["fxhash".into(), "crc32/crc32fast".into()],
        sets: vec!["serial".into()],
        workloads: MapOp::ALL.to_vec(),
        entries: vec!["64".into()],
        time: 0.01,
        rounds: 2,
        ..Ask::default()
    };
    let mut seen = 0;
    let doc = measure(
        &ask,
        &mut |_| {},
        &mut |g| seen += g.len(),
        &AtomicBool::new(false),
    )
    .expect("measured");
    assert_eq!(doc.cells.len(), 4);
    assert_eq!(seen, 4);
    for c in &doc.cells {
        assert_eq!(c.implementation, "fxhash/rustc-hash");
        assert!(c.low_ns <= c.ns && c.ns <= c.high_ns && c.ns > 0.0, "{c:?}");
        assert_eq!(c.view.is_some(), c.workload != "build", "{}", c.workload);
        // The rounds asked for, and more where they did not agree within 4 %.
        assert_eq!(c.entries, 64);
        assert!((2..=2 + timing::EXTRA_SWEEPS).contains(&c.rounds), "{c:?}");
    }
    let view = doc.cells[1].view.as_ref().expect("a hit's view");
    assert_eq!((view.len, view.keys.as_str()), (64, "serial"));
    // crc32 has no BuildHasher: it is set aside once, with the reason.
    assert_eq!(doc.skipped.len(), 1);
    assert_eq!(doc.skipped[0].implementation, "crc32/crc32fast");
    assert!(
        doc.skipped[0].reason.contains("BuildHasher"),
        "{:?}",
        doc.skipped
    );
    assert_eq!(doc.key_sets[0].count, 128);
}

/// A group whose every sweep the short reference (`read` at 64 B) shows slower than the
/// machine remembers it: each hasher gets sweeps past its rounds, up to the extra ones,
/// and no figure is settled. The first reference is not remembered at all, so only the
/// second can judge: the sweeps are judged by both, as `run`'s passes are.
#[test]
fn sweeps_the_short_reference_shows_slow_add_rounds_and_settle_nothing() {
    let ask = |short| Ask {
        implementations: vec!["fxhash".into()],
        sets: vec!["serial".into()],
        workloads: vec![MapOp::Hit],
        entries: vec!["64".into()],
        time: 0.01,
        rounds: 2,
        remembered: hashbench_model::RememberedSpeeds { first: None, short },
        ..Ask::default()
    };
    let slow = measure(
        &ask(Some(hashbench_model::RememberedSpeed {
            median_ns: 0.01,
            runs: 3,
            borrowed: false,
        })),
        &mut |_| {},
        &mut |_| {},
        &AtomicBool::new(false),
    )
    .expect("measured");
    let cell = &slow.cells[0];
    assert_eq!(cell.rounds, 2 + timing::EXTRA_SWEEPS, "{cell:?}");
    assert!(!cell.settled, "{cell:?}");
}

#[test]
fn each_sweep_draws_a_placement_in_whole_cache_lines_below_four_kib() {
    let places: Vec<usize> = (0..16).map(|sweep| timing::place_of(7, sweep)).collect();
    assert!(
        places.iter().all(|&p| p % 64 == 0 && p < 4096),
        "{places:?}"
    );
    let mut distinct = places.clone();
    distinct.sort_unstable();
    distinct.dedup();
    assert!(distinct.len() >= 8, "16 sweeps, most apart: {places:?}");
    // The same seed and sweep, the same placement: a run is reproducible.
    assert_eq!(timing::place_of(7, 3), places[3]);
    assert_ne!(
        (0..16)
            .map(|sweep| timing::place_of(8, sweep))
            .collect::<Vec<_>>(),
        places
    );
}

/// A hasher's rounds hold once three agree and none ran faster than them: a map past
/// L2 on the development VM read 2.6 ns in one round and 12-14 ns in the others, and
/// three slow rounds agree as well as three fast ones, so the fast round asks for more.
#[test]
fn rounds_hold_only_when_three_agree_and_none_ran_faster() {
    assert!(timing::rounds_hold(&[2.6, 2.61, 2.59]));
    assert!(
        timing::rounds_hold(&[2.6, 2.61, 2.59, 13.5]),
        "a slower round is a disturbance"
    );
    assert!(
        !timing::rounds_hold(&[2.6, 13.5, 13.4, 13.6]),
        "a faster round is unconfirmed"
    );
    assert!(!timing::rounds_hold(&[1.0, 1.5, 2.0]), "no three agree");
    // Fewer rounds than a cluster needs hold when all agree (`--rounds 2`).
    assert!(timing::rounds_hold(&[2.6, 2.61]));
    assert!(!timing::rounds_hold(&[2.6, 13.5]));
    // Within twice the cluster's width of it, a round is one of its levels, not faster.
    assert!(timing::rounds_hold(&[2.5, 2.6, 2.61, 2.59]));
}

#[test]
fn a_key_file_too_small_for_a_size_sets_that_size_aside() {
    let dir = tempfile::tempdir().expect("temp dir");
    let file = dir.path().join("keys.txt");
    std::fs::write(
        &file,
        (0..100).map(|i| format!("k{i}\n")).collect::<String>(),
    )
    .expect("written");
    let ask = Ask {
        implementations: vec!["fxhash".into()],
        sets: vec!["serial".into()],
        key_file: crate::maps::KeyFileArgs {
            keys: Some(file),
            key_bytes: None,
        },
        entries: vec!["32,64".into()],
        time: 0.005,
        rounds: 1,
        ..Ask::default()
    };
    let doc = measure(&ask, &mut |_| {}, &mut |_| {}, &AtomicBool::new(false)).expect("measured");
    // serial at 32 and 64, the file's 100 keys at 32 only.
    assert_eq!(doc.cells.len(), 3);
    assert_eq!(doc.skipped.len(), 1);
    assert!(
        doc.skipped[0]
            .reason
            .contains("file:keys.txt at 64 keys: a map of 64 keys needs 128"),
        "{:?}",
        doc.skipped
    );
}

#[test]
fn every_set_says_the_key_type_it_is_generated_with() {
    for name in SET_NAMES {
        let set = generated(name, 4).expect("a set");
        assert_eq!(set_kind(name), set.keys.key_kind(), "{name}");
        assert!(sets_of(set.keys.key_kind().expect("typed")).contains(&name));
    }
    assert_eq!(set_kind("primes"), None);
}
