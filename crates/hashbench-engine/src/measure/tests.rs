use super::*;
use crate::error::hex;

#[test]
fn hex_is_lowercase() {
    assert_eq!(hex(&[0x00, 0xAB, 0x7f]), "00ab7f");
}

#[test]
fn rounds_that_met_their_own_targets_did_not_run_out_of_time() {
    // Rounds of 10 samples with medians of 130 ns (each round's CI 125..135 ns): the
    // figure's interval over six rounds is 130..130 ns, within any precision; two
    // rounds give no 95 % interval at all, so no precision is reached.
    let cell = |reasons: &[StopReason]| {
        let n = reasons.len();
        CellState {
            iters: Some(1),
            measurements: (0..10 * n as u64)
                .map(|i| Measurement::new(1, Duration::from_nanos(100 + i % 7 * 10)))
                .collect(),
            ticks: vec![0; 10 * n],
            rounds: reasons
                .iter()
                .map(|&stop_reason| RoundRecord {
                    samples: 10,
                    median_ns: 130.0,
                    ci_low_ns: 125.0,
                    ci_high_ns: 135.0,
                    stop_reason,
                })
                .collect(),
            resolution_ns: 1.0,
            elapsed: Duration::ZERO,
            min_samples: 3,
            scaling: None,
            medians: vec![130.0; n],
        }
    };
    let stop = |c: CellState, rounds, precision| c.finish(rounds, precision).unwrap().stop_reason;
    use StopReason::{Budget, Cancelled, Precision, RoundTargets};
    assert_eq!(stop(cell(&[Precision, Precision]), 2, 1e-6), RoundTargets);
    assert_eq!(stop(cell(&[Precision, Budget]), 2, 1e-6), Budget);
    assert_eq!(stop(cell(&[Budget, Budget]), 2, 1e-6), Budget);
    assert_eq!(stop(cell(&[Precision, Precision]), 2, 0.5), RoundTargets);
    // Six rounds that agree exactly: the interval is the floor, ±0.5 % (the next run's
    // range), within 1 % but not within 0.1 %.
    assert_eq!(stop(cell(&[Precision; 6]), 6, 0.01), Precision);
    assert_eq!(stop(cell(&[Budget; 6]), 6, 0.01), Precision);
    assert_eq!(stop(cell(&[Precision; 6]), 6, 0.001), RoundTargets);
    assert_eq!(stop(cell(&[Precision, Cancelled]), 2, 0.5), Cancelled);
    assert_eq!(
        stop(cell(&[Precision; 2]), 3, 0.5),
        Cancelled,
        "a round missing"
    );
}

#[test]
fn every_round_weighs_the_same() {
    let record = |samples| RoundRecord {
        samples,
        median_ns: 1.0,
        ci_low_ns: 1.0,
        ci_high_ns: 1.0,
        stop_reason: StopReason::Budget,
    };
    // A quiet round of 3 samples (10 ns) and a noisy one of 9 (20..28 ns).
    let ms: Vec<Measurement> = [10u64, 11, 12]
        .iter()
        .chain(&[28, 20, 27, 21, 26, 22, 25, 23, 24])
        .map(|&ns| Measurement::new(1, Duration::from_nanos(ns)))
        .collect();
    let chosen = equal_weight_selection(&[record(3), record(9)], &ms);
    let times: Vec<u64> = chosen
        .iter()
        .map(|&i| ms[i].elapsed.as_nanos() as u64)
        .collect();
    // All of the quiet round; the noisy round's 1/6, 3/6 and 5/6 quantiles.
    assert_eq!(times, [10, 11, 12, 21, 24, 27]);
    // So the median lies between the rounds, not inside the noisy one.
    let all = equal_weight_selection(&[record(12)], &ms);
    assert_eq!(all.len(), 12);
}

#[test]
fn check_schedule() {
    assert_eq!(next_check(10), 11);
    assert_eq!(next_check(99), 100);
    assert_eq!(next_check(100), 110);
    assert_eq!(next_check(1000), 1100);
}

#[test]
fn each_stack_step_moves_the_stack_by_a_line_and_a_quarter() {
    // What a step is for: every 16-byte offset within a line, so a step must not be a
    // whole number of 32-byte units. The frame's size is the compiler's; this holds it.
    let at = |steps| {
        deeper(steps, &mut || {
            let local = 0u8;
            std::hint::black_box(std::ptr::addr_of!(local) as usize)
        })
    };
    let top = at(0);
    for steps in 1..8 {
        assert_eq!(top - at(steps), steps * STACK_STEP, "{steps} steps");
    }
    let offsets: std::collections::BTreeSet<usize> = (0..4).map(|s| at(s) % 64).collect();
    assert_eq!(offsets.len(), 4, "offsets within a line: {offsets:?}");
}

/// A kernel that writes down what the engine asks of it, in order.
#[derive(Default)]
struct Events(Vec<&'static str>);

impl Kernel for Events {
    fn run(&mut self, _input: &[u8], _out: &mut [u8]) {
        self.0.push("call");
    }
    fn output_len(&self) -> usize {
        0
    }
    fn run_batch(&mut self, _input: &[u8], _out: &mut [u8], _iters: u64) {
        self.0.push("batch");
        // Long enough a batch that the calibration stops at once.
        std::thread::sleep(Duration::from_micros(100));
    }
    fn warm(&mut self, _limit: Duration) {
        self.0.push("warm");
    }
}

#[test]
fn each_round_warms_its_kernel_once_after_its_single_calls_and_before_its_first_batch() {
    let mut kernel = Events::default();
    let mut work = Workload::plain(crate::Input::new(0, 0, 0));
    let mut state = CellState::new();
    let config = Config {
        time_budget: Duration::from_millis(2),
        warm_up: Some(Duration::ZERO),
        ..Config::default()
    };
    for _ in 0..2 {
        let from = kernel.0.len();
        state
            .round(
                &mut kernel,
                &mut work,
                &config,
                None,
                &AtomicBool::new(false),
            )
            .expect("a round");
        let round = &kernel.0[from..];
        assert_eq!(
            round.iter().filter(|e| **e == "warm").count(),
            1,
            "{round:?}"
        );
        // The round's warm-up of single calls (one here, a batch of one) comes before it,
        // its timed batches after.
        let warm = round.iter().position(|e| *e == "warm").expect("warmed");
        assert_eq!(round[..warm], ["batch"], "{round:?}");
        assert!(round[warm + 1..].contains(&"batch"), "{round:?}");
    }
}

/// A kernel whose batches must be whole multiples of `period` calls, writing down the
/// size of every batch asked of it after its warming (2 µs a call).
struct Lumpy {
    period: u64,
    warmed: bool,
    batches: Vec<u64>,
}

impl Kernel for Lumpy {
    fn run(&mut self, _input: &[u8], _out: &mut [u8]) {}
    fn output_len(&self) -> usize {
        0
    }
    fn run_batch(&mut self, _input: &[u8], _out: &mut [u8], iters: u64) {
        if self.warmed {
            self.batches.push(iters);
        }
        std::thread::sleep(Duration::from_micros(2 * iters));
    }
    fn warm(&mut self, _limit: Duration) {
        self.warmed = true;
    }
    fn period(&self) -> u64 {
        self.period
    }
}

impl Lumpy {
    fn with_period(period: u64) -> Self {
        Self {
            period,
            warmed: false,
            batches: Vec::new(),
        }
    }

    /// One round of a new cell with `budget` and no warm-up of single calls.
    fn one_round(&mut self, budget: Duration) -> (CellState, StopReason) {
        let mut work = Workload::plain(crate::Input::new(0, 0, 0));
        let config = Config {
            time_budget: budget,
            warm_up: Some(Duration::ZERO),
            ..Config::default()
        };
        let mut state = CellState::new();
        let stop = state
            .round(self, &mut work, &config, None, &AtomicBool::new(false))
            .expect("a round");
        (state, stop)
    }
}

#[test]
fn a_kernel_with_a_period_is_timed_in_whole_multiples_of_it() {
    let mut kernel = Lumpy::with_period(7);
    kernel.one_round(Duration::from_millis(5));
    // The calibration's batches, from 7 doubled until one takes 50 µs, then the samples.
    assert!(kernel.batches.len() > 3, "{:?}", kernel.batches);
    assert_eq!(kernel.batches[0], 7, "{:?}", kernel.batches);
    assert!(
        kernel.batches.iter().all(|b| b % 7 == 0),
        "{:?}",
        kernel.batches
    );
}

#[test]
fn a_round_of_passes_longer_than_its_budget_takes_one_and_no_batch_of_two_passes() {
    // A pass of 2 ms against a round's 1 ms: ten samples would be ten passes.
    let mut kernel = Lumpy::with_period(1000);
    let (state, stop) = kernel.one_round(Duration::from_millis(1));
    assert_eq!(stop, StopReason::Budget);
    assert_eq!(state.rounds()[0].samples, 1, "{:?}", state.rounds());
    // One calibration batch (no retries of a pass that long), the one sample, and no
    // scaling check's batch of two passes.
    assert_eq!(kernel.batches, [1000; 2]);
}
