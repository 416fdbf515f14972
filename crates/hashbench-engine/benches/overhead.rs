//! The engine's own cost per timed call: the `nop` floor (the timed loop with its opaque
//! input pointer and nothing else) and the floor of a hash kernel (the catalogue's `empty`
//! hasher, which does nothing, through the loop compiled for its type that every
//! implementation's kernel runs: one indirect call per batch, none per call).
//!
//! ```sh
//! cargo bench -p hashbench-engine --bench overhead
//! ```
//!
//! Also in latency mode (the chain's load, XOR and store per call; the empty hasher's
//! 8-byte "digest" is chained into the input) and over a range of lengths (the load of
//! each call's length from the shuffled sequence).
//!
//! Each floor is measured in several rounds, interleaved, through the same
//! `CellState::round` path `hashbench run` uses; the table gives the median per call over
//! all rounds, each round's median (a machine that changes speed shows up there), and TSC
//! ticks per call.

use std::sync::atomic::AtomicBool;
use std::time::Duration;

use hashbench_engine::{CellState, Config, HashKernel, Kernel, Nop, Workload};
use hashbench_model::{Mode, Size};

const ROUNDS: usize = 5;

fn main() {
    let config = Config {
        time_budget: Duration::from_millis(100),
        ..Config::default()
    };
    let cancel = AtomicBool::new(false);
    println!(
        "{:<28} {:>8} {:>12} {:>14}  round medians (ns)",
        "kernel", "size", "ns/call", "TSC ticks/call"
    );
    let range = Size::Range { min: 1, max: 128 };
    let workloads = [
        (Size::Bytes(64), Mode::Throughput),
        (Size::Bytes(64), Mode::Latency),
        (range, Mode::Throughput),
        (range, Mode::Latency),
        (Size::Bytes(4096), Mode::Throughput),
        (Size::Bytes(1 << 20), Mode::Throughput),
    ];
    for (size, mode) in workloads {
        let mut input = Workload::new(size, mode, 1, 0);
        let mut nop = Nop;
        let mut empty = HashKernel::new("empty hasher", hashbench_catalog::empty(), 8);
        let mut cells = [CellState::new(), CellState::new()];
        for _ in 0..ROUNDS {
            for (i, cell) in cells.iter_mut().enumerate() {
                let kernel: &mut dyn KernelRef = if i == 0 { &mut nop } else { &mut empty };
                kernel.round(cell, &mut input, &config, &cancel);
            }
        }
        let names = match mode {
            Mode::Throughput => ["baseline/nop", "empty hasher"],
            Mode::Latency => ["baseline/nop (latency)", "empty hasher (latency)"],
        };
        for (cell, name) in cells.into_iter().zip(names) {
            let r = cell
                .finish(ROUNDS, config.target_precision)
                .expect("every round measured");
            let rounds: Vec<String> = r
                .rounds
                .iter()
                .map(|x| format!("{:.3}", x.median_ns))
                .collect();
            println!(
                "{:<28} {:>8} {:>12.3} {:>14}  {}",
                name,
                size,
                r.summary.median.get(),
                r.tsc_ticks_per_call
                    .map_or("-".into(), |t| format!("{t:.2}")),
                rounds.join(" ")
            );
        }
    }
}

/// Lets the loop above hold both kernels while each is still measured as its concrete
/// type (monomorphised into the timed loop), as `hashbench run` measures them.
trait KernelRef {
    fn round(
        &mut self,
        cell: &mut CellState,
        input: &mut Workload,
        config: &Config,
        cancel: &AtomicBool,
    );
}

impl<K: Kernel> KernelRef for K {
    fn round(
        &mut self,
        cell: &mut CellState,
        input: &mut Workload,
        config: &Config,
        cancel: &AtomicBool,
    ) {
        cell.round(self, input, config, None, cancel)
            .expect("baselines cannot fail");
    }
}
