//! The machine: CPU, caches, memory, OS.

use std::fs;
use std::path::Path;

use serde::{Deserialize, Serialize};

use crate::cache::Cache;
use crate::cpu_feature::CpuFeature;
use crate::parse;

/// Placeholder for a string fact that could not be determined.
pub const UNKNOWN: &str = "unknown";

/// Facts about the machine a benchmark ran on.
///
/// String facts that cannot be determined are [`UNKNOWN`]; optional facts are
/// `None`. The host name is deliberately not collected.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Host {
    /// `model name` from `/proc/cpuinfo`, e.g. `Intel(R) Xeon(R) Gold 6230 CPU @ 2.10GHz`.
    pub cpu_model: String,
    /// `vendor_id` from `/proc/cpuinfo`, e.g. `GenuineIntel`, `AuthenticAMD`.
    pub cpu_vendor: String,
    /// CPUs this process may run on (`std::thread::available_parallelism`):
    /// honours affinity masks and cgroup quotas, so it can be below the
    /// machine's hardware thread count.
    pub logical_cores: usize,
    /// Distinct (`physical id`, `core id`) pairs in `/proc/cpuinfo`: cores
    /// across all sockets, SMT siblings counted once.
    pub physical_cores: Option<usize>,
    /// Those of [`RELEVANT_FEATURES`](crate::RELEVANT_FEATURES) this CPU and OS support, detected at run
    /// time; empty on non-x86 targets.
    pub cpu_features: Vec<String>,
    /// CPU 0's caches from `/sys/devices/system/cpu/cpu0/cache`, sorted by
    /// level, then data/instruction/unified.
    pub caches: Vec<Cache>,
    /// `PRETTY_NAME` from os-release, else `std::env::consts::OS`.
    pub os: String,
    /// Kernel release (`/proc/sys/kernel/osrelease`), e.g. `6.8.0-45-generic`.
    pub kernel: Option<String>,
    /// `std::env::consts::ARCH`, e.g. `x86_64`.
    pub arch: String,
    /// `MemTotal` from `/proc/meminfo`, in bytes.
    pub memory_bytes: Option<u64>,
    /// `MemAvailable` from `/proc/meminfo` at detection time, in bytes.
    pub memory_available_bytes: Option<u64>,
}

impl Host {
    /// Gathers the facts about this machine. Never fails: whatever cannot be
    /// read (non-Linux OS, restricted `/proc` or `/sys`) is [`UNKNOWN`],
    /// `None` or empty.
    pub fn detect() -> Host {
        let cpuinfo = parse::parse_cpuinfo(&read("/proc/cpuinfo").unwrap_or_default());
        let meminfo = parse::parse_meminfo(&read("/proc/meminfo").unwrap_or_default());
        let os = ["/etc/os-release", "/usr/lib/os-release"]
            .iter()
            .find_map(|path| parse::parse_os_release_pretty_name(&read(path)?))
            .unwrap_or_else(|| std::env::consts::OS.to_string());

        Host {
            cpu_model: cpuinfo.model.unwrap_or_else(|| UNKNOWN.to_string()),
            cpu_vendor: cpuinfo.vendor.unwrap_or_else(|| UNKNOWN.to_string()),
            logical_cores: std::thread::available_parallelism().map_or(1, |n| n.get()),
            physical_cores: cpuinfo.physical_cores,
            cpu_features: detect_cpu_features(),
            caches: read_caches(Path::new("/sys/devices/system/cpu/cpu0/cache")),
            os,
            kernel: read("/proc/sys/kernel/osrelease")
                .map(|s| s.trim().to_string())
                .filter(|s| !s.is_empty()),
            arch: std::env::consts::ARCH.to_string(),
            memory_bytes: meminfo.total_bytes,
            memory_available_bytes: meminfo.available_bytes,
        }
    }

    /// Size in bytes of the data or unified cache at `level` (so `1` is the
    /// L1 data cache, never the instruction cache).
    pub fn cache_size(&self, level: u8) -> Option<u64> {
        self.caches
            .iter()
            .find(|c| c.level == level && (c.kind == "data" || c.kind == "unified"))
            .map(|c| c.size_bytes)
    }

    /// Whether an input of `size` bytes fills more than half of the L2 cache, the last
    /// level a core has to itself on the x86 parts hashbench meets: its calls then also
    /// meet the shared L3, whose other users move them from one process to the next.
    /// `None` when the L2's size is not known.
    pub fn past_own_caches(&self, size: u64) -> Option<bool> {
        self.cache_size(2).map(|l2| size.saturating_mul(2) > l2)
    }

    /// Whether [`Host::cpu_features`] lists `feature` (e.g. `"avx2"`).
    pub fn has_feature(&self, feature: &str) -> bool {
        self.cpu_features.iter().any(|f| f == feature)
    }
}

fn read(path: impl AsRef<Path>) -> Option<String> {
    fs::read_to_string(path).ok()
}

/// Reads every `indexN` directory under `dir` (a sysfs `cpuN/cache`).
fn read_caches(dir: &Path) -> Vec<Cache> {
    let Ok(entries) = fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut caches: Vec<Cache> = entries
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().starts_with("index"))
        .filter_map(|e| {
            let d = e.path();
            parse::parse_cache(
                &read(d.join("level"))?,
                &read(d.join("type"))?,
                &read(d.join("size"))?,
                read(d.join("shared_cpu_list")).as_deref(),
            )
        })
        .collect();
    let kind_order = |kind: &str| match kind {
        "data" => 0,
        "instruction" => 1,
        _ => 2,
    };
    caches.sort_by_key(|c| (c.level, kind_order(&c.kind)));
    caches
}

/// [`RELEVANT_FEATURES`](crate::RELEVANT_FEATURES) present at run time, in that order.
pub fn detect_cpu_features() -> Vec<String> {
    CpuFeature::ALL
        .into_iter()
        .filter(|f| f.is_detected())
        .map(|f| f.name().to_string())
        .collect()
}

#[cfg(test)]
mod tests;
