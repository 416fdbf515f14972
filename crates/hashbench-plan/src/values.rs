//! The values of a run's options, parsed from text: sizes (`64,384,4k,16k,64k,1m,4m`,
//! `1..=128`, `every:0..=256` or `cache`), durations (`0.3`, `300ms`), precisions
//! (`0.01`, `1%`), margins, thread counts, patterns, layouts, percentages and runtimes.
//! The binary's flags and the suite files use the same parsers: a bad value is a
//! [`UsageError`] (exit 2) that says what is accepted, and the flag parser names the flag
//! (a suite file its key).

use hashbench_adapters::{is_runtime, RUNTIMES};
use hashbench_analysis::recommend::Need;
use hashbench_model::Pattern;
use hashbench_model::{KeyKind, Layout, Metric, Mode, Size};

use crate::UsageError;

/// The most threads or streams at all (a pool of more would exhaust the machine).
pub const MAX_THREADS: usize = 1024;

/// Which sizes to measure.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SizeSpec {
    /// Half and twice each detected cache size (`--sizes cache`).
    AroundCaches,
    /// These sizes (fixed sizes ascending, then ranges), without repeats.
    List(Vec<Size>),
}

/// `--sizes`: `cache`, or a size list as [`parse_sizes`] takes it.
pub fn size_spec(text: &str) -> Result<SizeSpec, UsageError> {
    match text.trim() {
        "cache" => Ok(SizeSpec::AroundCaches),
        list => parse_sizes(list).map(SizeSpec::List),
    }
}

/// Sizes as `recommend --size` gives them (one value holding a list, for clap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SizeList(pub Vec<Size>);

/// `recommend --size`: the sizes, parsed as [`parse_sizes`] parses `run --sizes`.
pub fn size_list(text: &str) -> Result<SizeList, UsageError> {
    parse_sizes(text).map(SizeList)
}

/// `recommend --need`'s values, in the order help lists them.
pub const NEEDS: [Need; 4] = [Need::Checksum, Need::Hash, Need::HashTable, Need::Crypto];

/// `recommend --need`: `checksum`, `hash`, `hash-table` or `crypto`.
///
/// # Errors
///
/// Any other name.
pub fn need(name: &str) -> Result<Need, UsageError> {
    NEEDS
        .into_iter()
        .find(|n| n.as_str() == name)
        .ok_or_else(|| {
            UsageError(format!(
                "unknown need '{name}': checksum, hash, hash-table or crypto"
            ))
        })
}

/// `recommend --key`'s values: the typed keys of a hash table's hasher, by name.
pub const KEYS: [(&str, KeyKind); 3] = [
    ("u64", KeyKind::U64),
    ("id16", KeyKind::Id16),
    ("str", KeyKind::Str),
];

/// `recommend --key`: `u64`, `id16` or `str`.
///
/// # Errors
///
/// Any other name.
pub fn key(name: &str) -> Result<KeyKind, UsageError> {
    KEYS.iter()
        .find(|(n, _)| *n == name)
        .map(|&(_, k)| k)
        .ok_or_else(|| UsageError(format!("unknown key '{name}': u64, id16 or str")))
}

/// The most sizes one `every:A..=B` may sweep.
pub const MAX_EVERY: u64 = 65_536;

/// Parses a comma-separated size list; `k`/`m`/`g` suffixes are KiB/MiB/GiB. An item is
/// a size (`4k`), a range of lengths the calls take in turn (`1..=128`, reported as
/// its mean), or every length of a range as a size of its own (`every:0..=256`). Fixed
/// sizes come first, ascending, then the ranges. Whether the machine has the memory is
/// the runner's to check.
pub fn parse_sizes(text: &str) -> Result<Vec<Size>, UsageError> {
    let mut sizes = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        let bad = |why: &str| UsageError(format!("bad size '{item}': {why}"));
        if item.is_empty() {
            return Err(bad(
                "empty (sizes look like 64,4k,1m, 1..=128 or every:0..=256)",
            ));
        }
        let lower = item.to_ascii_lowercase();
        let range = |text: &str| -> Result<(u64, u64), UsageError> {
            let (a, b) = text
                .split_once("..=")
                .ok_or_else(|| bad("a range is written A..=B, both ends included"))?;
            let (a, b) = (
                one_size(a).map_err(|w| bad(&w))?,
                one_size(b).map_err(|w| bad(&w))?,
            );
            if a > b {
                return Err(bad("the range is empty: its first length exceeds its last"));
            }
            Ok((a, b))
        };
        let new: Vec<Size> = if let Some(rest) = lower.strip_prefix("every:") {
            let (a, b) = range(rest)?;
            if b - a >= MAX_EVERY {
                return Err(bad(&format!(
                    "sweeps {} sizes; every: sweeps at most {MAX_EVERY}",
                    b - a + 1
                )));
            }
            (a..=b).map(Size::Bytes).collect()
        } else if lower.contains("..") {
            let (a, b) = range(&lower)?;
            vec![Size::range(a, b).map_err(|w| bad(&w))?]
        } else {
            vec![Size::Bytes(one_size(&lower).map_err(|w| bad(&w))?)]
        };
        for s in new {
            if !sizes.contains(&s) {
                sizes.push(s);
            }
        }
    }
    sizes.sort_unstable();
    Ok(sizes)
}

/// One byte count with an optional unit: `k`, `kb`, `kib` are KiB (all binary, as in
/// `4k` pages), likewise `m`/`mb`/`mib` and `g`/`gb`/`gib`, and `b` is bytes, in any
/// case, with or without a space: `4k`, `4KiB`, `4 kb`. `Err` says why not.
fn one_size(text: &str) -> Result<u64, String> {
    let lower = text.trim().to_ascii_lowercase();
    let digits_end = lower
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(lower.len());
    let (digits, unit) = lower.split_at(digits_end);
    let scale: u64 = match unit.trim() {
        "" | "b" => 1,
        "k" | "kb" | "kib" => 1 << 10,
        "m" | "mb" | "mib" => 1 << 20,
        "g" | "gb" | "gib" => 1 << 30,
        _ => {
            return Err(
                "not a whole number with an optional unit (k, KiB, m, MiB, g, GiB)".to_string(),
            )
        }
    };
    let n: u64 = digits.parse().map_err(|_| {
        "not a whole number with an optional unit (k, KiB, m, MiB, g, GiB)".to_string()
    })?;
    // 0 bytes is a size: the call's fixed cost alone.
    n.checked_mul(scale).ok_or_else(|| "too large".to_string())
}

/// Parses `0.3`, `0.3s`, `300ms`, `2s` into seconds (`--time`). The message says what is
/// accepted; clap (or the suite loader) says which flag (or key) and value it was.
pub fn parse_seconds(text: &str) -> Result<f64, UsageError> {
    let t = text.trim().to_ascii_lowercase();
    let (number, scale) = if let Some(ms) = t.strip_suffix("ms") {
        (ms, 1e-3)
    } else if let Some(s) = t.strip_suffix('s') {
        (s, 1.0)
    } else {
        (t.as_str(), 1.0)
    };
    match number.trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v * scale <= 3600.0 => Ok(v * scale),
        _ => Err(UsageError(
            "give a positive duration up to an hour, like 0.3, 300ms or 2s".to_string(),
        )),
    }
}

/// `0.01` or `1%` as a fraction; `None` when it is neither.
fn fraction(text: &str) -> Option<f64> {
    let t = text.trim();
    match t.strip_suffix('%') {
        Some(p) => p.trim().parse::<f64>().ok().map(|p| p / 100.0),
        None => t.parse::<f64>().ok(),
    }
    .filter(|v| v.is_finite())
}

/// Parses `0.01` or `1%`.
pub fn parse_precision(text: &str) -> Result<f64, UsageError> {
    fraction(text)
        .filter(|v| *v > 0.0 && *v < 1.0)
        .ok_or_else(|| UsageError("give a fraction like 0.01 or a percentage like 1%".to_string()))
}

/// Parses a margin, `0.03` or `3%`: from 0 (none) to below 50 %.
pub fn parse_margin(text: &str) -> Result<f64, UsageError> {
    fraction(text)
        .filter(|v| (0.0..0.5).contains(v))
        .ok_or_else(|| {
            UsageError(
                "give a fraction like 0.03 or a percentage like 3%, from 0 to below 50 %"
                    .to_string(),
            )
        })
}

/// `--threads 1,2,4`: thread counts of at least 1, each at most [`MAX_THREADS`],
/// ascending, without repeats.
pub fn thread_counts(text: &str) -> Result<ThreadCounts, UsageError> {
    let mut counts = Vec::new();
    for item in text.split(',') {
        let item = item.trim();
        match item.parse::<usize>() {
            Ok(n) if (1..=MAX_THREADS).contains(&n) => {
                if !counts.contains(&n) {
                    counts.push(n);
                }
            }
            _ => {
                return Err(UsageError(format!(
                "bad thread count '{item}': give whole numbers from 1 to {MAX_THREADS}, like 1,2"
            )))
            }
        }
    }
    counts.sort_unstable();
    Ok(ThreadCounts(counts))
}

/// Thread counts as `--threads` gives them (one value holding a list, for clap).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ThreadCounts(pub Vec<usize>);

/// One `--pattern` value (a comma-separated list is split by clap first).
pub fn pattern(text: &str) -> Result<Pattern, hashbench_model::PatternError> {
    text.parse()
}

/// Parses a comma-separated pattern list (a suite's `patterns`), deduplicated in order.
pub fn patterns(text: &str) -> Result<Vec<Pattern>, hashbench_model::PatternError> {
    let mut out = Vec::new();
    for p in text.split(',') {
        let p = pattern(p)?;
        if !out.contains(&p) {
            out.push(p);
        }
    }
    Ok(out)
}

/// `--mode`: the modes each cell is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, clap::ValueEnum)]
pub enum ModeChoice {
    Throughput,
    Latency,
    Both,
}

impl ModeChoice {
    /// The choice that measures `mode` alone.
    #[must_use]
    pub fn of(mode: Mode) -> ModeChoice {
        match mode {
            Mode::Throughput => ModeChoice::Throughput,
            Mode::Latency => ModeChoice::Latency,
        }
    }

    /// The modes each cell is measured in.
    #[must_use]
    pub fn modes(self) -> Vec<Mode> {
        match self {
            ModeChoice::Throughput => vec![Mode::Throughput],
            ModeChoice::Latency => vec![Mode::Latency],
            ModeChoice::Both => vec![Mode::Throughput, Mode::Latency],
        }
    }
}

/// `--metric time|cycles`, with the possible values in help and errors.
pub fn metric() -> impl clap::builder::TypedValueParser<Value = Metric> {
    use clap::builder::TypedValueParser;
    // Only the names listed get through, so every one parses.
    clap::builder::PossibleValuesParser::new(Metric::NAMES)
        .map(|name: String| Metric::parse(&name).unwrap_or_default())
}

/// `--layout NAME`.
pub fn layout(name: &str) -> Result<Layout, UsageError> {
    Layout::parse(name).ok_or_else(|| {
        UsageError(format!(
            "unknown layout '{name}': one of {}",
            Layout::NAMES.join(", ")
        ))
    })
}

/// A layout's name, as `--layout` takes it.
pub fn layout_name(layout: Layout) -> &'static str {
    Layout::NAMES
        .iter()
        .find(|n| Layout::parse(n) == Some(layout))
        .copied()
        .unwrap_or("default")
}

/// `--cflags`: the words of the flags, split as a shell splits them.
#[derive(Clone, Debug, Default)]
pub struct CFlags(pub Vec<String>);

/// `--cflags`: words, quotes kept together.
pub fn cflags(text: &str) -> Result<CFlags, UsageError> {
    hashbench_plugin::split_flags(text)
        .map(CFlags)
        .map_err(|e| UsageError(e.to_string()))
}

/// `--algorithm`: a catalogue algorithm id, or an alias of one (`sha256`), as its id.
pub fn algorithm_id(text: &str) -> Result<String, UsageError> {
    let t = text.trim().to_ascii_lowercase();
    let id = hashbench_catalog::alias_of(&t).unwrap_or(&t);
    hashbench_catalog::find_algorithm(id)
        .map(|a| a.id.to_string())
        .ok_or_else(|| {
            UsageError(format!(
                "'{text}' is not an algorithm of the catalogue (`hashbench list` shows the ids)"
            ))
        })
}

/// The `--runtime` flag's value: runtime names.
#[derive(Clone, Debug, Default)]
pub struct RuntimeList(pub Vec<String>);

/// `--runtime`: a comma-separated list of runtimes, or `all`.
pub fn runtimes(text: &str) -> Result<RuntimeList, UsageError> {
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim) {
        if item == "all" {
            out.extend(RUNTIMES.iter().map(|r| r.to_string()));
        } else if is_runtime(item) {
            out.push(item.to_string());
        } else {
            return Err(UsageError(format!(
                "unknown runtime '{item}': runtimes are {}, or all",
                RUNTIMES.join(", ")
            )));
        }
    }
    out.dedup();
    Ok(RuntimeList(out))
}

/// A saved baseline's name (`--save-baseline`, `--baseline`), which names its file:
/// letters, digits, `.`, `_` and `-`, at most 100 of them, not starting with `.`.
///
/// # Errors
///
/// Any other name.
pub fn baseline_name(name: &str) -> Result<&str, UsageError> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if !ok {
        return Err(UsageError(format!(
            "bad baseline name '{name}': use letters, digits, '.', '_' and '-' (not leading '.')"
        )));
    }
    Ok(name)
}

/// `--noise`, `--fail-on-regression`: a percentage as [`parse_percent`] takes it (clap
/// names the flag in its message).
pub fn percent(text: &str) -> Result<f64, UsageError> {
    parse_percent("percentage", text)
}

/// `ID=PERCENT` of the hidden testing aid `run --slow-down`: an implementation id and a
/// percentage from 0 to 100, as a fraction (`crc32/crc32fast=10` is 0.1 more calls).
pub fn slow_down(text: &str) -> Result<(String, f64), UsageError> {
    let (id, percent) = text
        .split_once('=')
        .ok_or_else(|| UsageError(format!("'{text}' is not ID=PERCENT")))?;
    let p: f64 = percent
        .parse()
        .ok()
        .filter(|p: &f64| (0.0..=100.0).contains(p))
        .ok_or_else(|| UsageError(format!("'{percent}' is not a percentage from 0 to 100")))?;
    Ok((id.to_string(), p / 100.0))
}

/// Parses a percentage for `flag`: `5`, `5%` or `0.5%` all mean per cent; returns the
/// number of per cent (5.0). Must be finite, above 0 and below 1000.
pub fn parse_percent(flag: &str, text: &str) -> Result<f64, UsageError> {
    let t = text.trim();
    match t.strip_suffix('%').unwrap_or(t).trim().parse::<f64>() {
        Ok(v) if v.is_finite() && v > 0.0 && v < 1000.0 => Ok(v),
        _ => Err(UsageError(format!(
            "bad {flag} '{text}': give a percentage like 5 or 5%"
        ))),
    }
}

#[cfg(test)]
mod tests;
