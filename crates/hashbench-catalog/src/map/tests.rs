use super::*;
use crate::find_implementation;

/// `2 · n` serial keys.
fn serial(n: usize) -> Keys {
    Keys::U64((0..2 * n as u64).collect())
}

/// A map of `n` of `keys`, visited in a fixed order unrelated to insertion (odd indices
/// first, then even).
fn spec(keys: &Keys, n: usize, op: MapOp) -> MapSpec<'_> {
    let both = 2 * n as u32;
    let order = (0..both)
        .filter(|i| i % 2 == 1)
        .chain((0..both).filter(|i| i % 2 == 0))
        .collect();
    MapSpec {
        keys,
        entries: n,
        op,
        order,
        place: 0,
    }
}

fn bench_of(id: &str, spec: &MapSpec<'_>) -> Box<dyn MapBench> {
    find_implementation(id)
        .expect("in the catalogue")
        .instantiate()
        .expect("runs here")
        .map_bench(spec)
        .expect("a map hasher")
}

#[test]
fn every_workload_runs_without_a_wrong_result_and_keeps_the_map_its_size() {
    let keys = serial(100);
    for op in MapOp::ALL {
        let mut b = bench_of("foldhash-fast/foldhash", &spec(&keys, 100, op));
        // Past one lap of every order, so the wrap-around is run too.
        b.run(1_000);
        b.spot_check();
        assert_eq!(b.errors(), 0, "{op}");
        // A build's 1,000 inserts are ten builds of 100, the last one full.
        assert_eq!(b.len(), 100, "{op}");
        b.run(50);
        let expected = if op == MapOp::Build { 50 } else { 100 };
        assert_eq!(b.len(), expected, "{op}");
    }
}

#[test]
fn a_map_placed_apart_runs_every_workload_as_one_that_is_not() {
    let keys = serial(100);
    for op in MapOp::ALL {
        let s = spec(&keys, 100, op);
        for place in [0, 64, 4032] {
            let placed = s.placed(place);
            assert_eq!(placed.place, place);
            assert_eq!(placed.order, s.order, "the order is the same, borrowed");
            let mut b = bench_of("fxhash/rustc-hash", &placed);
            b.run(1_000);
            b.spot_check();
            assert_eq!(b.errors(), 0, "{op} {place}");
            assert_eq!(b.pass(), bench_of("fxhash/rustc-hash", &s).pass(), "{op}");
        }
    }
}

#[test]
fn a_lookup_with_the_wrong_answer_is_counted() {
    // The second half repeats the first: every miss finds its key.
    let repeated = Keys::U64((0..20u64).map(|i| i % 10).collect());
    let mut s = spec(&repeated, 10, MapOp::Miss);
    let mut b = bench_of("fxhash/rustc-hash", &s);
    b.run(30);
    // The timed loop counts nothing; the spot check counts its 64 wrong answers.
    assert_eq!(b.errors(), 0);
    b.spot_check();
    assert_eq!(b.errors(), SPOT_CHECK as u64);
    // And churn, over a lap, removes a key it removed before.
    s.op = MapOp::Churn;
    let mut b = bench_of("fxhash/rustc-hash", &s);
    b.run(40);
    assert!(b.errors() > 0);
}

#[test]
fn every_key_type_makes_a_map() {
    let ids = Keys::Id16((0..16u8).map(|i| [i; 16]).collect());
    let mut b = bench_of("ahash-fallback/ahash", &spec(&ids, 8, MapOp::Hit));
    b.run(100);
    b.spot_check();
    assert_eq!((b.errors(), b.len()), (0, 8));
    let text = Keys::Str((0..16).map(|i| format!("key-{i}")).collect());
    let mut b = bench_of("siphash-1-3/std", &spec(&text, 8, MapOp::Hit));
    b.run(100);
    b.spot_check();
    assert_eq!((b.errors(), b.len()), (0, 8));
}

#[test]
fn a_spec_that_cannot_run_says_why() {
    let keys = serial(4);
    let mut s = spec(&keys, 4, MapOp::Hit);
    s.order.to_mut().swap(0, 7);
    assert!(s.check().is_ok(), "still a permutation");
    s.order.to_mut()[0] = s.order[1];
    assert!(s.check().unwrap_err().contains("permutation"));
    let mut s = spec(&keys, 4, MapOp::Hit);
    s.entries = 5;
    assert!(s.check().unwrap_err().contains("needs 10 distinct keys"));
    s.entries = 0;
    assert!(s.check().unwrap_err().contains("a map of 0 keys"));
    let bytes = Keys::Bytes(vec![vec![1], vec![2]]);
    let s = spec(&bytes, 1, MapOp::Hit);
    assert!(s.check().unwrap_err().contains("bytes"));
}

#[test]
fn a_library_with_no_build_hasher_has_no_map() {
    let h = find_implementation("crc32/crc32fast")
        .expect("in the catalogue")
        .instantiate()
        .expect("runs here");
    let why = h
        .map_bench(&spec(&serial(4), 4, MapOp::Hit))
        .err()
        .expect("no map");
    assert!(why.contains("BuildHasher"), "{why}");
}

#[test]
fn workloads_are_named_as_the_flag_takes_them() {
    for op in MapOp::ALL {
        assert_eq!(op.name().parse::<MapOp>(), Ok(op));
    }
    assert!("lookup"
        .parse::<MapOp>()
        .unwrap_err()
        .contains("build, hit, miss, churn"));
}

#[test]
fn a_build_that_replaced_a_key_is_counted_once_the_map_is_full() {
    // Keys 0..5 twice in the first half: a full build holds 5 keys, not 10.
    let repeated = Keys::U64((0..20u64).map(|i| i % 5).collect());
    let mut b = bench_of("fxhash/rustc-hash", &spec(&repeated, 10, MapOp::Build));
    b.run(10);
    assert_eq!(b.errors(), 0, "counted when the next build starts");
    b.run(1);
    assert_eq!(b.errors(), 5);
    // Distinct keys: never.
    let keys = serial(10);
    let mut b = bench_of("fxhash/rustc-hash", &spec(&keys, 10, MapOp::Build));
    b.run(1_000);
    assert_eq!(b.errors(), 0);
}

#[test]
fn a_build_and_churn_are_timed_in_whole_passes_and_lookups_in_any_count() {
    let keys = serial(100);
    for op in MapOp::ALL {
        let b = bench_of("foldhash-fast/foldhash", &spec(&keys, 100, op));
        let want = match op {
            MapOp::Build | MapOp::Churn => b.pass(),
            MapOp::Hit | MapOp::Miss => 1,
        };
        assert_eq!(b.period(), want, "{op}");
    }
    assert_eq!(
        bench_of("foldhash-fast/foldhash", &spec(&keys, 100, MapOp::Build)).period(),
        100
    );
}
