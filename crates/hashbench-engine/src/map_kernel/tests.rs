use super::*;
use hashbench_catalog::map::{Keys, MapOp, MapSpec};
use std::time::Duration;

#[test]
fn a_correct_map_checks_as_correct_and_a_wrong_one_does_not() {
    let keys = |second: u64| Keys::U64((0..8).chain(second..second + 8).collect());
    let spec = |keys| MapSpec {
        keys,
        entries: 8,
        op: MapOp::Miss,
        order: (0..16).collect(),
        place: 0,
    };
    let map = |s: &MapSpec<'_>| {
        let h = hashbench_catalog::find_implementation("fxhash/rustc-hash")
            .expect("in the catalogue")
            .instantiate()
            .expect("runs here");
        MapKernel::new("fx", h.map_bench(s).expect("a map"))
    };
    let mut out = [0xaa; 8];
    let (apart, same) = (keys(100), keys(0));
    let mut right = map(&spec(&apart));
    right.run_batch(&[], &mut out, 100);
    right.check(&[], &mut out).expect("well-formed");
    assert_eq!(out, MAP_CORRECT);
    // The "missing" half is the map's own keys: every miss is a wrong answer.
    let mut wrong = map(&spec(&same));
    wrong.run_batch(&[], &mut out, 100);
    wrong.check(&[], &mut out).expect("well-formed");
    // A spot check's 64 misses, every one wrong.
    assert_eq!(u64::from_le_bytes(out), 64);
}

/// A map that only counts the operations asked of it, where the test can read them.
struct Counting {
    ops: std::sync::Arc<std::sync::atomic::AtomicU64>,
    pass: u64,
}

impl hashbench_catalog::map::MapBench for Counting {
    fn run(&mut self, iters: u64) {
        self.ops
            .fetch_add(iters, std::sync::atomic::Ordering::Relaxed);
    }
    fn spot_check(&mut self) {}
    fn errors(&self) -> u64 {
        0
    }
    fn pass(&self) -> u64 {
        self.pass
    }
    fn len(&self) -> usize {
        0
    }
}

#[test]
fn warming_goes_on_while_its_steps_get_faster_and_stops_after_two_calm_ones() {
    let mut warming = Warming::new();
    // A fresh map's passes, ns a lookup: faster and faster, then within 1 % of the best.
    let steps = [30.0, 28.0, 26.0, 25.0, 24.9, 25.3];
    let done: Vec<bool> = steps.iter().map(|&t| warming.step(t)).collect();
    assert_eq!(done, [false, false, false, false, false, true]);
}

#[test]
fn a_step_well_faster_than_the_best_starts_the_calm_count_again() {
    let mut warming = Warming::new();
    assert!(!warming.step(10.0));
    assert!(!warming.step(10.0));
    // 2 % faster: not calm.
    assert!(!warming.step(9.8));
    assert!(!warming.step(9.9));
    assert!(warming.step(9.75));
}

#[test]
fn warming_takes_three_steps_at_least_however_steady() {
    let mut warming = Warming::new();
    assert!(!warming.step(5.0));
    assert!(!warming.step(5.0));
    assert!(warming.step(5.0));
}

#[test]
fn a_map_kernel_warms_in_steps_of_a_pass_within_bounds_and_stops_at_its_limit() {
    let count = |pass: u64, limit: Duration| {
        let ops = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let bench = Box::new(Counting {
            ops: ops.clone(),
            pass,
        });
        MapKernel::new("count", bench).warm(limit);
        ops.load(std::sync::atomic::Ordering::Relaxed)
    };
    // Out of time at once: one step, a pass, or the least or the most a step takes.
    for (pass, step) in [
        (1024, WARM_STEP_LEAST),
        (65_536, 65_536),
        (2_097_152, WARM_STEP_MOST),
    ] {
        assert_eq!(count(pass, Duration::ZERO), step, "pass {pass}");
        // With time: whole steps, three at least.
        let ops = count(pass, Duration::from_secs(60));
        assert_eq!(ops % step, 0, "pass {pass}: {ops}");
        assert!(ops >= 3 * step, "pass {pass}: {ops}");
    }
}
