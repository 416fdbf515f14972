//! The thread pool and the streams measurement. No speed is asserted: only thread
//! counts, sample bookkeeping and digest checks.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_engine::{
    measure_streams, Config, EngineError, HashKernel, Kernel, KernelError, ThreadPool,
};

fn config() -> Config {
    Config {
        time_budget: Duration::from_millis(40),
        min_samples: 3,
        ..Config::default()
    }
}

fn crc32() -> Result<HashKernel, KernelError> {
    let imp = hashbench_catalog::find_implementation("crc32/crc32fast").expect("in the catalogue");
    HashKernel::from_implementation(imp)
}

fn expected_crc32(size: usize, seed: u64) -> Vec<u8> {
    let input = hashbench_engine::Input::new(size, seed, 0);
    let mut k = crc32().expect("crc32 kernel");
    let mut out = vec![0u8; k.output_len()];
    k.run(input.bytes(), &mut out);
    out
}

#[test]
fn a_pool_has_exactly_the_threads_asked_for() {
    for n in [1, 2, 3] {
        let pool = ThreadPool::new(n).unwrap();
        assert_eq!(pool.threads(), n);
        // Inside `install`, rayon (and so blake3's update_rayon) sees this pool.
        assert_eq!(pool.install(rayon_core::current_num_threads), n);
    }
    assert!(matches!(
        ThreadPool::new(0),
        Err(EngineError::InvalidConfig(_))
    ));
}

#[test]
fn streams_measure_single_and_aggregate() {
    let cancel = AtomicBool::new(false);
    let expected = expected_crc32(4096, 9);
    let r = measure_streams(crc32, 4096, 9, 0, 2, &config(), Some(&expected), &cancel).unwrap();
    assert_eq!(r.streams, 2);
    assert!(r.iterations_per_sample >= 1);
    assert!(r.single.count >= 3 && r.aggregate.count >= 3);
    // Each aggregate sample counts the calls of both streams.
    assert_eq!(
        r.aggregate.total_iterations,
        r.aggregate.count as u64 * 2 * r.iterations_per_sample
    );
    let e = r.scaling_efficiency();
    assert!(e.is_finite() && e > 0.0, "{e}");
}

#[test]
fn a_wrong_digest_in_any_stream_fails_the_measurement() {
    let cancel = AtomicBool::new(false);
    let mut wrong = expected_crc32(256, 3);
    wrong[0] ^= 1;
    let err = measure_streams(crc32, 256, 3, 0, 2, &config(), Some(&wrong), &cancel).unwrap_err();
    assert!(matches!(err, EngineError::WrongDigest { .. }), "{err}");
}

#[test]
fn zero_streams_or_a_kernel_that_cannot_be_made_are_errors() {
    let cancel = AtomicBool::new(false);
    let err = measure_streams(crc32, 64, 1, 0, 0, &config(), None, &cancel).unwrap_err();
    assert!(matches!(err, EngineError::InvalidConfig(_)));
    let refuse = || -> Result<HashKernel, KernelError> {
        Err(hashbench_catalog::Unavailable("not here".into()).into())
    };
    let err = measure_streams(refuse, 64, 1, 0, 2, &config(), None, &cancel).unwrap_err();
    assert!(err.to_string().contains("not here"), "{err}");
}
