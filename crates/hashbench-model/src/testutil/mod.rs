//! Hand-built runs for the renderers' and the cost model's tests (in this crate and, with
//! the `test-util` feature, in the crates above).

pub mod analysis;

use std::time::Duration;

use crate::StopReason;
use hashbench_host::{Build, Host};
use hashbench_stats::{Measurement, Nanos, Samples, Throughput};

use crate::{Cell, Run, RunConfig, Tool, SCHEMA_VERSION};

/// A cell whose median time per call is `median_ns`, from 21 samples of 1000 calls
/// spread ±0.5 % around it (so its 95 % CI is about ±0.3 %).
pub fn cell_with(implementation: &str, threads: usize, size: u64, median_ns: f64) -> Cell {
    let samples = Samples::from_measurements((0..21).map(|i| {
        let spread = 1.0 + (f64::from(i) - 10.0) * 0.0005;
        Measurement::new(
            1000,
            Duration::from_nanos((median_ns * 1000.0 * spread) as u64),
        )
    }))
    .expect("valid samples");
    let summary = samples.summary();
    let throughput = Throughput::from_summary(&summary, size as f64, None).expect("finite");
    Cell {
        implementation: crate::Subject::parse(implementation),
        algorithm: Some(implementation.split('/').next().unwrap_or("").to_string()),
        backend: "test".to_string(),
        pattern: crate::Pattern::Oneshot,
        threads,
        size: crate::Size::Bytes(size),
        mode: crate::Mode::Throughput,
        cache_level: None,
        iterations_per_sample: 1000,
        summary,
        figure: None,
        throughput,
        tsc_cycles_per_call: None,
        tsc_cycles_per_byte: None,
        fraction_of_read_ceiling: None,
        no_read_ceiling: None,
        round_medians_ns: Vec::new(),
        round_samples: Vec::new(),
        round_ids: Vec::new(),
        round_wait_percent: Vec::new(),
        allocations_per_call: None,
        bytes_allocated_per_call: None,
        iteration_scaling: None,
        flags: Vec::new(),
        relative: Vec::new(),
        load: None,
        trend: None,
        stop_reason: StopReason::Precision,
        complete: true,
        raw: None,
    }
}

/// Exact time statistics per call, in nanoseconds, for tests that check printed figures
/// against hand-computed ones (`cell_with`'s samples give a median but awkward means,
/// extremes and CIs).
#[derive(Clone, Copy)]
pub struct Times {
    pub min: f64,
    pub median: f64,
    pub mean: f64,
    pub max: f64,
    pub std_dev: f64,
    /// Half-width of the median's 95 % CI, percent of the median.
    pub ci_percent: f64,
}

impl Times {
    /// Every statistic at `median`, no spread: for tests that look at one figure only.
    pub fn at(median: f64) -> Times {
        Times {
            min: median,
            median,
            mean: median,
            max: median,
            std_dev: 0.0,
            ci_percent: 1.0,
        }
    }
}

/// `cell_with`'s one-thread cell with its summary set to `t` exactly and its rates
/// recomputed from it (so `gb_per_sec` is `size / t.median`).
pub fn cell_times(implementation: &str, size: u64, t: Times) -> Cell {
    let mut c = cell_with(implementation, 1, size, t.median);
    let s = &mut c.summary;
    s.min = Nanos(t.min);
    s.median = Nanos(t.median);
    s.mean = Nanos(t.mean);
    s.max = Nanos(t.max);
    s.std_dev = Nanos(t.std_dev);
    s.median_ci.low = Nanos(t.median * (1.0 - t.ci_percent / 100.0));
    s.median_ci.high = Nanos(t.median * (1.0 + t.ci_percent / 100.0));
    s.ci_relative_half_width_percent = Some(t.ci_percent);
    c.throughput = Throughput::from_summary(s, size as f64, None).expect("finite");
    c
}

pub fn run_with(cells: Vec<Cell>) -> Run {
    Run {
        schema_version: SCHEMA_VERSION,
        tool: Tool {
            name: "hashbench".into(),
            version: "0".into(),
            git_commit: None,
        },
        command_line: Vec::new(),
        timestamp: "1970-01-01T00:00:00Z".into(),
        host: Host {
            cpu_model: "test".into(),
            cpu_vendor: "test".into(),
            logical_cores: 2,
            physical_cores: None,
            cpu_features: Vec::new(),
            caches: Vec::new(),
            os: "test".into(),
            kernel: None,
            arch: "x86_64".into(),
            memory_bytes: None,
            memory_available_bytes: None,
        },
        build: Build {
            rustc: "rustc".into(),
            profile: "release".into(),
            target: "x86_64-unknown-linux-gnu".into(),
            target_cpu: None,
            target_features: Vec::new(),
            rustflags: String::new(),
            opt_level: "3".into(),
        },
        tsc_hz: None,
        config: RunConfig {
            filters: Vec::new(),
            sizes: Vec::new(),
            modes: vec![crate::Mode::Throughput],
            metric: None,
            time_budget_s: 0.3,
            precision: 0.01,
            min_samples: 10,
            rounds: 3,
            max_rounds: None,
            equivalence: None,
            patterns: vec![crate::Pattern::Oneshot],
            seed: 1,
            misalign: 0,
            raw: false,
            pin_cpu: None,
            threads: None,
            streams: None,
            verification: None,
            run_to_run: crate::RunToRun::default(),
        },
        providers: Vec::new(),
        skipped: Vec::new(),
        baselines: Vec::new(),
        runtime_floors: Vec::new(),
        cells,
        streams: Vec::new(),
        cost_model: Vec::new(),
        complete: true,
        suite: None,
        reference: None,
        flags: Vec::new(),
        relative_to: Vec::new(),
        load: None,
        classes: std::collections::BTreeMap::new(),
        hash_properties: std::collections::BTreeMap::new(),
        rankings: Vec::new(),
        properties: Vec::new(),
        findings: None,
    }
}

/// Two streams of `xxh3/x` at 1 MiB: each call 1e5 ns alone, 4e4 ns per call together
/// (2^20 B / 4e4 ns = 26.2144 GB/s aggregate against 10.48576 alone: efficiency 1.25),
/// 7 calls per sample, stopped for `stop_reason`.
pub fn two_streams(stop_reason: StopReason) -> crate::StreamsCell {
    let single = cell_times("xxh3/x", 1 << 20, Times::at(1e5));
    let aggregate = cell_times("xxh3/x", 1 << 20, Times::at(4e4));
    crate::StreamsCell {
        implementation: "xxh3/x".into(),
        algorithm: "xxh3".into(),
        backend: "test".into(),
        size: 1 << 20,
        streams: 2,
        iterations_per_sample: 7,
        single: single.summary.clone(),
        single_throughput: single.throughput,
        aggregate: aggregate.summary.clone(),
        aggregate_throughput: aggregate.throughput,
        scaling_efficiency: 1.25,
        stop_reason,
        load: None,
    }
}
