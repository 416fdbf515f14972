//! End-to-end tests of `measure` with small budgets. No wall-clock speed is
//! asserted anywhere.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_engine::{
    measure, read_fold, CellResult, CellState, Config, EngineError, HashKernel, Input, Kernel,
    Memcpy, Nop, Read, StopReason, Workload,
};

fn small_config() -> Config {
    Config {
        time_budget: Duration::from_millis(30),
        ..Config::default()
    }
}

fn check_result(r: &CellResult, config: &Config) {
    assert!(r.complete);
    assert!(r.measurements.len() >= config.min_samples);
    assert!(r.iterations_per_sample >= 1);
    assert!(r
        .measurements
        .iter()
        .all(|m| m.iterations == r.iterations_per_sample));
    assert_eq!(r.summary.count, r.measurements.len());
    assert!(r.summary.median.get() > 0.0);
    assert!(r.timer_resolution_ns > 0.0);
}

#[test]
fn baselines_measure() {
    let config = small_config();
    let input = Input::new(4096, 1, 0);
    let cancel = AtomicBool::new(false);
    let kernels: Vec<Box<dyn Kernel>> = vec![
        Box::new(Nop),
        Box::new(Read::default()),
        Box::new(Memcpy::default()),
    ];
    for mut k in kernels {
        let r = measure(
            k.as_mut(),
            &mut Workload::plain(input.clone()),
            &config,
            None,
            &cancel,
        )
        .unwrap();
        check_result(&r, &config);
        assert_ne!(r.stop_reason, StopReason::Cancelled);
    }
}

/// A checksum (byte sum) that turns wrong from its `fail_from`-th call on.
struct Flaky {
    calls: u64,
    fail_from: u64,
}

impl Kernel for Flaky {
    fn run(&mut self, input: &[u8], out: &mut [u8]) {
        self.calls += 1;
        let sum = input.iter().fold(0u8, |a, &b| a.wrapping_add(b));
        out[0] = if self.calls >= self.fail_from {
            sum ^ 1
        } else {
            sum
        };
    }

    fn output_len(&self) -> usize {
        1
    }
}

#[test]
fn wrong_digest_from_third_call_is_caught() {
    let input = Input::new(256, 3, 5);
    let good = input.bytes().iter().fold(0u8, |a, &b| a.wrapping_add(b));
    let mut k = Flaky {
        calls: 0,
        fail_from: 3,
    };
    let err = measure(
        &mut k,
        &mut Workload::plain(input.clone()),
        &small_config(),
        Some(&[good]),
        &AtomicBool::new(false),
    )
    .unwrap_err();
    match err {
        EngineError::WrongDigest {
            expected,
            got,
            sample_index,
        } => {
            assert_eq!(expected, hex::encode([good]));
            assert_eq!(got, hex::encode([good ^ 1]));
            assert_eq!(sample_index, 0);
        }
        other => panic!("unexpected {other:?}"),
    }
}

#[test]
fn correct_kernel_passes_checks() {
    let input = Input::new(256, 3, 5);
    let good = input.bytes().iter().fold(0u8, |a, &b| a.wrapping_add(b));
    let mut k = Flaky {
        calls: 0,
        fail_from: u64::MAX,
    };
    let config = small_config();
    let r = measure(
        &mut k,
        &mut Workload::plain(input.clone()),
        &config,
        Some(&[good]),
        &AtomicBool::new(false),
    )
    .unwrap();
    check_result(&r, &config);
}

#[test]
fn expected_length_mismatch() {
    let err = measure(
        &mut Nop,
        &mut Workload::plain(Input::new(16, 0, 0)),
        &small_config(),
        Some(&[1, 2]),
        &AtomicBool::new(false),
    )
    .unwrap_err();
    assert_eq!(
        err,
        EngineError::OutputLength {
            expected_len: 2,
            kernel_len: 0
        }
    );
}

#[test]
fn cancelled_before_start_is_incomplete() {
    let config = Config {
        // A budget that would make a hang obvious.
        time_budget: Duration::from_secs(600),
        ..Config::default()
    };
    let r = measure(
        &mut Read::default(),
        &mut Workload::plain(Input::new(4096, 9, 0)),
        &config,
        None,
        &AtomicBool::new(true),
    )
    .unwrap();
    assert!(!r.complete);
    assert_eq!(r.stop_reason, StopReason::Cancelled);
    assert_eq!(r.measurements.len(), 1);
    assert_eq!(r.summary.count, 1);
}

#[test]
fn hash_kernel_from_catalog() {
    // The pure-Rust table-driven CRC-32 is available everywhere.
    let imp = hashbench_catalog::find_implementation("crc32/crc").unwrap();
    let mut k = HashKernel::from_implementation(imp).unwrap();
    assert_eq!(k.name(), "crc32/crc");
    let input = Input::new(4096, 11, 1);
    let mut expected = vec![0u8; k.output_len()];
    let mut h = imp.instantiate().unwrap();
    h.oneshot(input.bytes(), &mut expected);
    let config = small_config();
    let r = measure(
        &mut k,
        &mut Workload::plain(input.clone()),
        &config,
        Some(&expected),
        &AtomicBool::new(false),
    )
    .unwrap();
    check_result(&r, &config);
}

#[test]
fn read_fold_changes_with_any_byte() {
    let mut input = Input::new(4096 + 3, 5, 0);
    let base = read_fold(input.bytes());
    for i in [0, 1, 7, 8, 63, 64, 2048, 4095, 4096, 4098] {
        input.bytes_mut()[i] ^= 0x80;
        assert_ne!(read_fold(input.bytes()), base, "byte {i}");
        input.bytes_mut()[i] ^= 0x80;
    }
    assert_eq!(read_fold(input.bytes()), base);
}

#[test]
fn result_serialises() {
    let r = measure(
        &mut Nop,
        &mut Workload::plain(Input::new(64, 0, 0)),
        &small_config(),
        None,
        &AtomicBool::new(false),
    )
    .unwrap();
    let json = serde_json::to_value(&r).unwrap();
    // Every measurement is kept, with the figures it was summarised from.
    assert_eq!(
        json["measurements"].as_array().map(Vec::len),
        Some(r.measurements.len())
    );
    assert_eq!(
        json["summary"]["median"].as_f64(),
        Some(r.summary.median.get())
    );
    assert_eq!(
        json["summary"]["count"].as_u64(),
        Some(r.summary.count as u64)
    );
}

#[test]
fn invalid_config_rejected() {
    let config = Config {
        min_samples: 0,
        ..small_config()
    };
    let err = measure(
        &mut Nop,
        &mut Workload::plain(Input::new(64, 0, 0)),
        &config,
        None,
        &AtomicBool::new(false),
    )
    .unwrap_err();
    assert!(matches!(err, EngineError::InvalidConfig(_)));
}

#[test]
fn rounds_pool_their_samples_and_share_one_batch_size() {
    let config = Config {
        time_budget: Duration::from_millis(10),
        min_samples: 4,
        ..Config::default()
    };
    let input = Input::new(4096, 3, 0);
    let cancel = AtomicBool::new(false);
    let mut kernel = Read::default();
    let mut cell = CellState::new();
    let mut per_round = Vec::new();
    for _ in 0..3 {
        cell.round(
            &mut kernel,
            &mut Workload::plain(input.clone()),
            &config,
            None,
            &cancel,
        )
        .unwrap();
        per_round.push(cell.rounds().last().unwrap().samples);
    }
    let r = cell.finish(3, config.target_precision).unwrap();
    assert!(r.complete);
    assert_eq!(r.rounds.len(), 3);
    assert!(per_round.iter().all(|&n| n >= 4), "{per_round:?}");
    assert_eq!(r.measurements.len(), per_round.iter().sum::<usize>());
    // Every round weighs the same: as many samples from each as the smallest has.
    assert_eq!(r.summary.count, 3 * per_round.iter().min().unwrap());
    assert!(r
        .measurements
        .iter()
        .all(|m| m.iterations == r.iterations_per_sample));
    if cfg!(target_arch = "x86_64") {
        assert_eq!(r.tsc_ticks.as_ref().unwrap().len(), r.measurements.len());
        assert!(r.tsc_ticks_per_call.unwrap() > 0.0);
    }
}

#[test]
fn fewer_rounds_than_planned_is_incomplete() {
    let config = Config {
        time_budget: Duration::from_millis(5),
        ..Config::default()
    };
    let mut cell = CellState::new();
    cell.round(
        &mut Nop,
        &mut Workload::plain(Input::new(64, 0, 0)),
        &config,
        None,
        &AtomicBool::new(false),
    )
    .unwrap();
    let r = cell.finish(3, config.target_precision).unwrap();
    assert!(!r.complete);
    assert_eq!(r.stop_reason, StopReason::Cancelled);
    assert!(
        CellState::new().finish(1, 0.01).is_err(),
        "no rounds, no result"
    );
}
