//! The counting allocator, installed in this test binary as the `hashbench` binary does.
//! One test function only: the counters are process-wide, and tests running in parallel
//! would count each other's allocations.

use hashbench_engine::{count_allocations, CountingAllocator, HashKernel, Input, Kernel};
use hashbench_model::Pattern;

#[global_allocator]
static ALLOCATOR: CountingAllocator = CountingAllocator;

/// Allocates exactly two boxes of 10 and 30 bytes per call.
struct TwoBoxes;

impl Kernel for TwoBoxes {
    fn run(&mut self, _input: &[u8], _out: &mut [u8]) {
        std::hint::black_box(vec![1u8; 10]);
        std::hint::black_box(vec![2u8; 30]);
    }
    fn output_len(&self) -> usize {
        0
    }
}

fn per_call(imp: &str, pattern: Pattern) -> (f64, f64) {
    let imp = hashbench_catalog::find_implementation(imp).expect("in the catalogue");
    let mut kernel = HashKernel::for_pattern(imp, pattern).expect("applicable here");
    let input = Input::new(64, 1, 0);
    let a = count_allocations(&mut kernel, input.bytes(), 8).expect("allocator installed");
    (a.allocations_per_call, a.bytes_per_call)
}

#[test]
fn allocations_per_call_are_counted_exactly() {
    assert!(hashbench_engine::counting_allocator_installed());

    let input = Input::new(16, 1, 0);
    let a = count_allocations(&mut TwoBoxes, input.bytes(), 5).unwrap();
    assert_eq!(a.allocations_per_call, 2.0);
    assert_eq!(a.bytes_per_call, 40.0);

    // RustCrypto's blake2: a fresh Vec or String per call is one allocation of the
    // digest's (or its hex's) length ...
    assert_eq!(per_call("blake2b-512/blake2", Pattern::Alloc), (1.0, 64.0));
    assert_eq!(per_call("blake2b-512/blake2", Pattern::Hex), (1.0, 128.0));
    // ... and writing into the caller's buffer or reusing one state allocates nothing.
    for p in [
        Pattern::Prealloc,
        Pattern::Reuse,
        Pattern::Oneshot,
        Pattern::New,
        Pattern::Streaming(7),
    ] {
        assert_eq!(per_call("blake2b-512/blake2", p), (0.0, 0.0), "{p}");
    }
    // C libraries' own mallocs are out of sight: only the caller's Vec shows.
    assert_eq!(per_call("blake2b-512/openssl", Pattern::ByName), (0.0, 0.0));
    assert_eq!(
        per_call("blake2b-512/libsodium", Pattern::Alloc),
        (1.0, 64.0)
    );
}
