use super::*;
use hashbench_catalog::map::{Keys, MapOp, MapSpec};

#[test]
fn a_correct_map_checks_as_correct_and_a_wrong_one_does_not() {
    let keys = |second: u64| Keys::U64((0..8).chain(second..second + 8).collect());
    let spec = |keys| MapSpec {
        keys,
        entries: 8,
        op: MapOp::Miss,
        order: (0..16).collect(),
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
fn a_map_kernel_warms_with_two_passes_over_its_workload_and_no_more_than_the_most() {
    for (pass, want) in [(1024, 2048), (262_144, 524_288), (2_097_152, WARM_MOST)] {
        let ops = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
        let bench = Box::new(Counting {
            ops: ops.clone(),
            pass,
        });
        let mut kernel = MapKernel::new("count", bench);
        kernel.warm();
        assert_eq!(
            ops.load(std::sync::atomic::Ordering::Relaxed),
            want,
            "pass {pass}"
        );
    }
}
