//! Pure parsers for the Linux text files [`Host::detect`](crate::Host::detect) reads.
//!
//! Every function here takes the file's contents as `&str` and does no I/O, so
//! each can be tested against fixture strings from other machines.

use std::collections::BTreeSet;

use crate::cache::Cache;

/// A value in a `/proc` or `/sys` file that could not be parsed.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum ParseError {
    /// A cache size such as `48K` was malformed or overflowed `u64`.
    #[error("invalid cache size {0:?}")]
    CacheSize(String),
    /// A CPU list such as `0-3,8-11` was malformed.
    #[error("invalid CPU list {0:?}")]
    CpuList(String),
}

/// What [`parse_cpuinfo`] extracts from `/proc/cpuinfo`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct CpuInfo {
    /// `model name` of the first processor that has one.
    pub model: Option<String>,
    /// `vendor_id` of the first processor that has one.
    pub vendor: Option<String>,
    /// Distinct (`physical id`, `core id`) pairs; `None` when no processor
    /// lists a `core id` (e.g. most ARM kernels, some VMs).
    pub physical_cores: Option<usize>,
    /// The `flags` of the first processor that has them, in file order.
    pub flags: Vec<String>,
}

/// Parses `/proc/cpuinfo`: processors are blocks separated by blank lines of
/// `key<TAB>: value` lines.
///
/// A processor with a `core id` but no `physical id` (seen on some
/// single-socket VMs) counts as socket 0.
pub fn parse_cpuinfo(text: &str) -> CpuInfo {
    let mut info = CpuInfo::default();
    let mut cores = BTreeSet::new();
    let mut saw_core_id = false;

    for block in processor_blocks(text) {
        let mut physical_id = None;
        let mut core_id = None;
        for (key, value) in block {
            match key {
                "model name" if info.model.is_none() && !value.is_empty() => {
                    info.model = Some(value.to_string());
                }
                "vendor_id" if info.vendor.is_none() && !value.is_empty() => {
                    info.vendor = Some(value.to_string());
                }
                "flags" if info.flags.is_empty() => {
                    info.flags = value.split_whitespace().map(str::to_string).collect();
                }
                "physical id" => physical_id = Some(value),
                "core id" => core_id = Some(value),
                _ => {}
            }
        }
        if let Some(core) = core_id {
            saw_core_id = true;
            cores.insert((physical_id.unwrap_or("0"), core));
        }
    }

    info.physical_cores = saw_core_id.then_some(cores.len());
    info
}

/// Splits cpuinfo text into processor blocks of trimmed `(key, value)` pairs.
fn processor_blocks(text: &str) -> Vec<Vec<(&str, &str)>> {
    let mut blocks = Vec::new();
    let mut current = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
            continue;
        }
        if let Some((key, value)) = line.split_once(':') {
            current.push((key.trim(), value.trim()));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// Whether cpuinfo `flags` promise a TSC that ticks at a constant rate
/// regardless of P-states (`constant_tsc`) and keeps ticking in deep C-states
/// (`nonstop_tsc`).
pub fn tsc_is_invariant<S: AsRef<str>>(flags: &[S]) -> bool {
    let has = |want: &str| flags.iter().any(|f| f.as_ref() == want);
    has("constant_tsc") && has("nonstop_tsc")
}

/// Parses a sysfs cache size such as `48K`, `2048K`, `36608K` or `1M` into
/// bytes. Suffixes `K`, `M`, `G` (either case, optional trailing `B`) are
/// binary multiples; no suffix means bytes.
pub fn parse_cache_size(text: &str) -> Result<u64, ParseError> {
    let err = || ParseError::CacheSize(text.to_string());
    let s = text.trim();
    let s = s
        .strip_suffix('B')
        .or_else(|| s.strip_suffix('b'))
        .unwrap_or(s);
    let (digits, multiplier) = match s.chars().last() {
        Some('K' | 'k') => (&s[..s.len() - 1], 1u64 << 10),
        Some('M' | 'm') => (&s[..s.len() - 1], 1u64 << 20),
        Some('G' | 'g') => (&s[..s.len() - 1], 1u64 << 30),
        _ => (s, 1),
    };
    if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
        return Err(err());
    }
    digits
        .parse::<u64>()
        .ok()
        .and_then(|n| n.checked_mul(multiplier))
        .ok_or_else(err)
}

/// Parses a kernel CPU list such as `0-1`, `0,2` or `0-3,8-11` into the
/// sorted, de-duplicated CPU numbers it names.
pub fn parse_cpu_list(text: &str) -> Result<Vec<usize>, ParseError> {
    let err = || ParseError::CpuList(text.to_string());
    let s = text.trim();
    if s.is_empty() {
        return Err(err());
    }
    let mut cpus = BTreeSet::new();
    for part in s.split(',') {
        let part = part.trim();
        let (lo, hi) = match part.split_once('-') {
            Some((lo, hi)) => (lo, hi),
            None => (part, part),
        };
        let lo: usize = lo.trim().parse().map_err(|_| err())?;
        let hi: usize = hi.trim().parse().map_err(|_| err())?;
        if lo > hi {
            return Err(err());
        }
        cpus.extend(lo..=hi);
    }
    Ok(cpus.into_iter().collect())
}

/// How many CPUs a CPU list such as `0-3,8-11` names.
pub fn count_cpu_list(text: &str) -> Result<usize, ParseError> {
    parse_cpu_list(text).map(|cpus| cpus.len())
}

/// Maps a sysfs cache `type` (`Data`, `Instruction`, `Unified`) to the
/// lowercase [`Cache::kind`]; `None` for anything else.
pub fn parse_cache_kind(text: &str) -> Option<&'static str> {
    match text.trim() {
        "Data" => Some("data"),
        "Instruction" => Some("instruction"),
        "Unified" => Some("unified"),
        _ => None,
    }
}

/// Builds a [`Cache`] from the contents of one sysfs
/// `cache/indexN/{level,type,size,shared_cpu_list}` directory. `None` when
/// level, type or size is missing or malformed; a bad `shared_cpu_list` only
/// leaves [`Cache::shared_by_cpus`] empty.
pub fn parse_cache(
    level: &str,
    kind: &str,
    size: &str,
    shared_cpu_list: Option<&str>,
) -> Option<Cache> {
    Some(Cache {
        level: level.trim().parse().ok()?,
        kind: parse_cache_kind(kind)?.to_string(),
        size_bytes: parse_cache_size(size).ok()?,
        shared_by_cpus: shared_cpu_list.and_then(|s| count_cpu_list(s).ok()),
    })
}

/// `PRETTY_NAME` from os-release text, unquoted; `None` if absent or empty.
///
/// Handles double quotes (with the `\"`, `\\`, `` \` `` and `\$` escapes the
/// format allows), single quotes and bare values.
pub fn parse_os_release_pretty_name(text: &str) -> Option<String> {
    let value = text
        .lines()
        .map(str::trim)
        .filter(|line| !line.starts_with('#'))
        .filter_map(|line| line.strip_prefix("PRETTY_NAME="))
        .next_back()?
        .trim();
    let name = if let Some(inner) = value.strip_prefix('"').and_then(|v| v.strip_suffix('"')) {
        let mut out = String::with_capacity(inner.len());
        let mut chars = inner.chars();
        while let Some(c) = chars.next() {
            if c == '\\' {
                match chars.next() {
                    Some(e @ ('"' | '\\' | '`' | '$')) => out.push(e),
                    Some(other) => {
                        out.push('\\');
                        out.push(other);
                    }
                    None => out.push('\\'),
                }
            } else {
                out.push(c);
            }
        }
        out
    } else if let Some(inner) = value.strip_prefix('\'').and_then(|v| v.strip_suffix('\'')) {
        inner.to_string()
    } else {
        value.to_string()
    };
    (!name.is_empty()).then_some(name)
}

/// What [`parse_meminfo`] extracts from `/proc/meminfo`.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct MemInfo {
    /// `MemTotal`, in bytes.
    pub total_bytes: Option<u64>,
    /// `MemAvailable` (kernels ≥ 3.14), in bytes.
    pub available_bytes: Option<u64>,
}

/// Parses `/proc/meminfo`.
pub fn parse_meminfo(text: &str) -> MemInfo {
    MemInfo {
        total_bytes: meminfo_field(text, "MemTotal"),
        available_bytes: meminfo_field(text, "MemAvailable"),
    }
}

/// One `/proc/meminfo` field in bytes: `Name:   1234 kB` is 1234 × 1024
/// (the kernel's "kB" is KiB); a value without unit is taken as bytes.
pub fn meminfo_field(text: &str, name: &str) -> Option<u64> {
    let value = text.lines().find_map(|line| {
        let (key, value) = line.split_once(':')?;
        (key.trim() == name).then_some(value)
    })?;
    let mut tokens = value.split_whitespace();
    let number: u64 = tokens.next()?.parse().ok()?;
    match tokens.next() {
        None => Some(number),
        Some(unit) if unit.eq_ignore_ascii_case("kB") => number.checked_mul(1024),
        Some(_) => None,
    }
}

#[cfg(test)]
mod tests;
