//! Units as the seeds print them, and their conversion to time per call and bytes per
//! second where that is physically meaningful.

use serde::Serialize;

/// A unit exactly as a seed prints it (the string in the data file), parsed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Unit {
    /// `ns`, `µs`, `ms`, `s`: time per call.
    Nanoseconds,
    Microseconds,
    Milliseconds,
    Seconds,
    /// `GB/s`, `MB/s`: decimal bytes per second (divan's units).
    GigabytesPerSec,
    MegabytesPerSec,
    /// `op/sec` (Node's table), `ips` (Crystal's Benchmark.ips without a suffix).
    OpsPerSec,
    /// `k`, `M`: Crystal's Benchmark.ips prints iterations per second with a suffix only.
    KiloOpsPerSec,
    MegaOpsPerSec,
    /// `calls`: a count of calls in the figure's `over_seconds` (openssl speed).
    Calls,
    /// `cycles`: a total over all iterations; `cycles/iteration` and `c/i`: per call.
    Cycles,
    CyclesPerCall,
    /// `x`: a ratio to another row; `× slower`: Crystal's ratio to the fastest row.
    Ratio,
    TimesSlower,
    /// `%`.
    Percent,
    /// `B/op`, `kB/op`: bytes allocated per call.
    BytesPerOp,
    KilobytesPerOp,
}

/// What kind of quantity a unit measures: figures are grouped into sweeps by it, so a
/// time and a rate printed for the same row stay apart.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Dimension {
    Time,
    Throughput,
    CallRate,
    CallCount,
    Cycles,
    Relative,
    Memory,
}

impl Unit {
    /// Every spelling the data files may use. Anything else is refused when loading.
    pub fn parse(s: &str) -> Option<Unit> {
        Some(match s {
            "ns" => Unit::Nanoseconds,
            "µs" => Unit::Microseconds,
            "ms" => Unit::Milliseconds,
            "s" => Unit::Seconds,
            "GB/s" => Unit::GigabytesPerSec,
            "MB/s" => Unit::MegabytesPerSec,
            "op/sec" | "ips" => Unit::OpsPerSec,
            "k" => Unit::KiloOpsPerSec,
            "M" => Unit::MegaOpsPerSec,
            "calls" => Unit::Calls,
            "cycles" => Unit::Cycles,
            "cycles/iteration" | "c/i" => Unit::CyclesPerCall,
            "x" => Unit::Ratio,
            "× slower" => Unit::TimesSlower,
            "%" => Unit::Percent,
            "B/op" => Unit::BytesPerOp,
            "kB/op" => Unit::KilobytesPerOp,
            _ => return None,
        })
    }

    pub fn dimension(self) -> Dimension {
        match self {
            Unit::Nanoseconds | Unit::Microseconds | Unit::Milliseconds | Unit::Seconds => {
                Dimension::Time
            }
            Unit::GigabytesPerSec | Unit::MegabytesPerSec => Dimension::Throughput,
            Unit::OpsPerSec | Unit::KiloOpsPerSec | Unit::MegaOpsPerSec => Dimension::CallRate,
            Unit::Calls => Dimension::CallCount,
            Unit::Cycles | Unit::CyclesPerCall => Dimension::Cycles,
            Unit::Ratio | Unit::TimesSlower | Unit::Percent => Dimension::Relative,
            Unit::BytesPerOp | Unit::KilobytesPerOp => Dimension::Memory,
        }
    }
}

/// A figure in common units, where its unit allows: `None` where it does not (cycles
/// need a clock rate the seeds do not give; ratios and allocations are not rates).
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Normalised {
    /// Time per call in nanoseconds.
    pub ns_per_call: Option<f64>,
    /// Calls per second.
    pub ops_per_sec: Option<f64>,
    /// Decimal bytes per second (10^9 B/s = 1 GB/s).
    pub bytes_per_sec: Option<f64>,
}

impl Normalised {
    /// From a published value in `unit`, at `size` bytes per call when the seed gives
    /// one; `over_seconds` is the duration a count of calls was taken over.
    pub fn of(value: f64, unit: Unit, size: Option<u64>, over_seconds: Option<f64>) -> Self {
        let size = size.map(|s| s as f64);
        let from_time = |ns: f64| Normalised {
            ns_per_call: Some(ns),
            ops_per_sec: Some(1e9 / ns),
            bytes_per_sec: size.map(|s| s * 1e9 / ns),
        };
        let from_rate = |ops: f64| Normalised {
            ns_per_call: Some(1e9 / ops),
            ops_per_sec: Some(ops),
            bytes_per_sec: size.map(|s| s * ops),
        };
        let from_throughput = |bps: f64| Normalised {
            ns_per_call: size.map(|s| s * 1e9 / bps),
            ops_per_sec: size.map(|s| bps / s),
            bytes_per_sec: Some(bps),
        };
        match unit {
            Unit::Nanoseconds => from_time(value),
            Unit::Microseconds => from_time(value * 1e3),
            Unit::Milliseconds => from_time(value * 1e6),
            Unit::Seconds => from_time(value * 1e9),
            Unit::GigabytesPerSec => from_throughput(value * 1e9),
            Unit::MegabytesPerSec => from_throughput(value * 1e6),
            Unit::OpsPerSec => from_rate(value),
            Unit::KiloOpsPerSec => from_rate(value * 1e3),
            Unit::MegaOpsPerSec => from_rate(value * 1e6),
            Unit::Calls => over_seconds.map_or_else(Normalised::default, |s| from_rate(value / s)),
            Unit::Cycles
            | Unit::CyclesPerCall
            | Unit::Ratio
            | Unit::TimesSlower
            | Unit::Percent
            | Unit::BytesPerOp
            | Unit::KilobytesPerOp => Normalised::default(),
        }
    }
}

#[cfg(test)]
mod tests;
