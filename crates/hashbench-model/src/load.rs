//! Loading result files defensively: a result file is untrusted input.

use thiserror::Error;

use crate::cell::Cell;
use crate::external_id::{is_name, ExternalId};
use crate::run::{Run, SCHEMA_VERSION};

/// Why a file is not a usable hashbench result.
#[derive(Debug, Error)]
pub enum LoadError {
    /// Not JSON at all, or cut off.
    #[error("{file}: not a complete JSON document ({detail}); was the file truncated?")]
    NotJson { file: String, detail: String },
    /// JSON, but not a hashbench run result.
    #[error("{file}: not a hashbench run result ({detail})")]
    NotOurs { file: String, detail: String },
    /// Written by a newer hashbench.
    #[error(
        "{file}: schema_version {found} is newer than this hashbench understands ({supported}); \
         upgrade hashbench to read it"
    )]
    Newer {
        file: String,
        found: u64,
        supported: u32,
    },
    /// An older schema this version no longer reads.
    #[error(
        "{file}: schema_version {found} is older than this hashbench reads ({supported}); \
         re-run the benchmark"
    )]
    Older {
        file: String,
        found: u64,
        supported: u32,
    },
    /// Right shape, impossible contents.
    #[error("{file}: {what}")]
    Absurd { file: String, what: String },
}

/// The largest result file hashbench reads (256 MiB): far beyond any real run (a default
/// run with `--raw` is a few MiB), small enough to parse anywhere.
pub const MAX_FILE_BYTES: u64 = 256 << 20;
/// The largest input size a loaded cell may claim (1 TiB).
pub const MAX_SIZE_BYTES: u64 = 1 << 40;
/// The longest time per call a loaded cell may claim (a day, in nanoseconds).
const MAX_TIME_NS: f64 = 86_400e9;
/// The shortest time per call a loaded cell may claim (a picosecond, a few hundredths of
/// a clock cycle: the nop baseline's loop takes a fraction of a nanosecond, never
/// less). A positive time can still be absurd: 5e-324 ns puts any size at an infinite
/// rate.
const MIN_TIME_NS: f64 = 1e-3;

/// Whether `v` is a time per call a measurement can give.
fn is_time(v: f64) -> bool {
    v.is_finite() && (MIN_TIME_NS..=MAX_TIME_NS).contains(&v)
}

/// Parses and checks one result file's text. `file` names it in errors.
///
/// A result file is untrusted input: it may come from another machine, another tool, or
/// someone who wants to mislead a reader or a terminal. So, besides the schema: a UTF-8
/// byte-order mark is accepted; every number must be finite and physically possible
/// (sizes up to 1 TiB, times from a picosecond to a day per call) and every stored
/// throughput must follow from its median and size; implementation ids must have the
/// catalogue's shape; the file must not contradict itself (a cell measured twice, an
/// implementation's cell naming another algorithm) nor record settings the command line
/// refuses (`config.equivalence` of 50 % or more); and every string is made inert by
/// the one rule for outside text ([`crate::inert`]: an ANSI escape sequence or a bell
/// becomes a visible `\u{..}`) before anything can print it. An error names the file
/// and the field (`cells[3].summary.median`).
///
/// # Errors
///
/// A [`LoadError`] saying what is wrong with the file.
pub fn load_run(file: &str, text: &str) -> Result<Run, LoadError> {
    let absurd = |what: String| LoadError::Absurd {
        file: file.to_string(),
        what,
    };
    if text.len() as u64 > MAX_FILE_BYTES {
        return Err(absurd(format!(
            "{} bytes, more than the {MAX_FILE_BYTES} bytes (256 MiB) a result file may have",
            text.len()
        )));
    }
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    let run = match direct(text) {
        Some(run) => run,
        None => through_tree(file, text)?,
    };
    for (list, cells) in [
        ("baselines", &run.baselines),
        ("cells", &run.cells),
        ("runtime_floors", &run.runtime_floors),
    ] {
        for (i, cell) in cells.iter().enumerate() {
            check_cell(cell).map_err(|what| {
                absurd(format!(
                    "{list}[{i}] ({} at {} B): {what}",
                    cell.implementation, cell.size
                ))
            })?;
        }
    }
    consistency::check(&run).map_err(absurd)?;
    for (i, s) in run.skipped.iter().enumerate() {
        if !is_implementation_id(&s.implementation) {
            return Err(absurd(format!(
                "skipped[{i}].implementation: {:?} is not an implementation id",
                s.implementation
            )));
        }
    }
    if let Some(hz) = run.tsc_hz {
        if !(hz.is_finite() && (1e6..1e12).contains(&hz)) {
            return Err(absurd(format!(
                "tsc_hz: {hz:?} is not a possible counter rate"
            )));
        }
    }
    Ok(run)
}

/// The shape of the catalogue's ids: `algorithm/implementation` in lower-case letters,
/// digits and `-_+.`, or a baseline (`baseline/nop`); nothing a renderer must escape.
fn is_implementation_id(id: &str) -> bool {
    matches!(id.split_once('/'), Some((alg, imp)) if is_name(alg) && is_name(imp))
        // An implementation in another runtime: `sha2-256/java:MessageDigest`,
        // `crc32c/go:hash/crc32` (the library as its runtime names it).
        || id.parse::<ExternalId>().is_ok()
}

/// A file with no escape sequence in its text and no raw character the inert rule
/// would change has no string to make inert: it is parsed straight into the model,
/// without the generic JSON tree, which for a large file is most of the cost (the usual
/// case: hashbench writes no escape but for a quote or a backslash, which it rarely has
/// to). `None` for anything else, and for whatever does not parse or is not this
/// schema: [`through_tree`] then reads it and names what is wrong.
fn direct(text: &str) -> Option<Run> {
    // Raw control characters cannot be inside a JSON string, only between tokens (line
    // breaks and indentation): any other is an error the tree path names.
    let plain = |c: char| matches!(c, '\n' | '\r' | '\t') || !crate::inert::hostile(c);
    if text.contains('\\') || !text.chars().all(plain) {
        return None;
    }
    let run: Run = serde_json::from_str(text).ok()?;
    (run.tool.name == "hashbench" && run.schema_version == SCHEMA_VERSION).then_some(run)
}

/// The file parsed into a JSON tree first: whether it is JSON, complete, hashbench's and
/// of this schema is told apart, every string is made inert, and then the model is read
/// from the tree, a missing or mistyped field named by its path.
fn through_tree(file: &str, text: &str) -> Result<Run, LoadError> {
    let mut value: serde_json::Value = serde_json::from_str(text).map_err(|e| {
        let detail = e.to_string();
        if e.is_eof() {
            LoadError::NotJson {
                file: file.to_string(),
                detail,
            }
        } else {
            LoadError::NotOurs {
                file: file.to_string(),
                detail: format!("not valid JSON: {detail}"),
            }
        }
    })?;
    let not_ours = |detail: &str| LoadError::NotOurs {
        file: file.to_string(),
        detail: detail.to_string(),
    };
    let object = value
        .as_object()
        .ok_or_else(|| not_ours("the top level is not an object"))?;
    if object
        .get("tool")
        .and_then(|t| t.get("name"))
        .and_then(|n| n.as_str())
        != Some("hashbench")
    {
        return Err(not_ours("no \"tool\": {\"name\": \"hashbench\"}"));
    }
    let version = object
        .get("schema_version")
        .and_then(serde_json::Value::as_u64)
        .ok_or_else(|| not_ours("no numeric schema_version"))?;
    if version > u64::from(SCHEMA_VERSION) {
        return Err(LoadError::Newer {
            file: file.to_string(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    if version < u64::from(SCHEMA_VERSION) {
        return Err(LoadError::Older {
            file: file.to_string(),
            found: version,
            supported: SCHEMA_VERSION,
        });
    }
    // Every string made inert by the one rule for outside text, keys included: a string
    // from a file must never reach a terminal as an escape sequence (a new window title,
    // hidden text, a bell) or reorder what a reader sees, whatever it is written in later.
    crate::inert::escape_json(&mut value);
    let run: Run = serde_path_to_error::deserialize(value).map_err(|e| {
        not_ours(&format!(
            "schema_version {version} but {} is missing or mistyped: {}",
            e.path(),
            e.inner()
        ))
    })?;
    Ok(run)
}

/// Values no measurement can produce.
fn check_cell(c: &Cell) -> Result<(), String> {
    let s = &c.summary;
    let time = |name: &str, v: f64| {
        if is_time(v) {
            Ok(())
        } else {
            Err(format!(
                "summary.{name} is {v:?}, not a time per call from a picosecond to a day"
            ))
        }
    };
    if !is_implementation_id(c.implementation.id()) {
        return Err(format!(
            "implementation: {:?} is not an implementation id",
            c.implementation.id()
        ));
    }
    // 0 bytes is a size: an every-length sweep starts there, at the bare fixed cost.
    if c.size.max_bytes() > MAX_SIZE_BYTES {
        return Err(format!("size: {} is not between 0 bytes and 1 TiB", c.size));
    }
    if c.threads == 0 || c.threads > 1 << 16 {
        return Err(format!("threads: {} is not a thread count", c.threads));
    }
    if s.count == 0 {
        return Err("summary.count: no samples".into());
    }
    time("median", s.median.get())?;
    time("min", s.min.get())?;
    time("max", s.max.get())?;
    time("median_ci.high", s.median_ci.high.get())?;
    let low = s.median_ci.low.get();
    if !(low.is_finite() && low >= 0.0) {
        return Err(format!("summary.median_ci.low is {low:?}"));
    }
    if !(low <= s.median.get() && s.median.get() <= s.median_ci.high.get()) {
        return Err("summary.median: outside its own confidence interval".into());
    }
    if s.min.get() > s.median.get() || s.median.get() > s.max.get() {
        return Err("summary.median: outside [min, max]".into());
    }
    if let Some((i, bad)) = c
        .round_medians_ns
        .iter()
        .enumerate()
        .find(|(_, v)| !is_time(**v))
    {
        return Err(format!("round_medians_ns[{i}] is {bad:?}"));
    }
    check_figure(c)?;
    // The stored throughput is derived data: it must be what the figure (or, in older
    // files, the median) and the size give, or a reader would see a rate the measurement
    // does not support.
    let median = c.time_ns();
    let estimate = &c.throughput.estimate;
    let implied = c.size.mean_bytes() / median;
    if !implied.is_finite() {
        return Err(format!(
            "throughput: the figure {median:?} ns and size give no finite rate"
        ));
    }
    for (name, stored, want) in [
        ("gb_per_sec", estimate.gb_per_sec, implied),
        ("ns_per_op", estimate.ns_per_op, median),
    ] {
        if !(stored.is_finite() && (stored - want).abs() <= 1e-6 * want) {
            return Err(format!(
                "throughput.estimate.{name} is {stored:?}, but the figure and size give {want:?}"
            ));
        }
    }
    for (name, v) in [
        ("tsc_cycles_per_call", c.tsc_cycles_per_call),
        ("tsc_cycles_per_byte", c.tsc_cycles_per_byte),
        ("fraction_of_read_ceiling", c.fraction_of_read_ceiling),
    ] {
        if let Some(v) = v {
            if !(v.is_finite() && (0.0..1e15).contains(&v)) {
                return Err(format!("{name} is {v:?}"));
            }
        }
    }
    Ok(())
}

/// A figure no rounds can produce: outside its interval, not a time, resting on rounds
/// the cell does not have; round ids that do not match the rounds.
fn check_figure(c: &Cell) -> Result<(), String> {
    if !c.round_ids.is_empty() && c.round_ids.len() != c.round_medians_ns.len() {
        return Err(format!(
            "round_ids: {} ids for {} rounds",
            c.round_ids.len(),
            c.round_medians_ns.len()
        ));
    }
    if !c.round_wait_percent.is_empty() && c.round_wait_percent.len() != c.round_medians_ns.len() {
        return Err(format!(
            "round_wait_percent: {} values for {} rounds",
            c.round_wait_percent.len(),
            c.round_medians_ns.len()
        ));
    }
    if let Some(w) = c
        .round_wait_percent
        .iter()
        .find(|w| !(w.is_finite() && (0.0..=100.0).contains(*w)))
    {
        return Err(format!("round_wait_percent: {w:?} is not a percentage"));
    }
    let Some(f) = &c.figure else {
        return Ok(());
    };
    if !is_time(f.median_ns) {
        return Err(format!(
            "figure.median_ns is {:?}, not a time per call from a picosecond to a day",
            f.median_ns
        ));
    }
    if !(f.ci_low_ns.is_finite()
        && f.ci_high_ns.is_finite()
        && f.ci_low_ns >= 0.0
        && f.ci_low_ns <= f.median_ns
        && f.median_ns <= f.ci_high_ns)
    {
        return Err("figure.median_ns: outside its own interval".into());
    }
    if !(0.0..=1.0).contains(&f.coverage) {
        return Err(format!("figure.coverage is {:?}", f.coverage));
    }
    let rounds = c.round_medians_ns.len();
    if f.rounds.is_empty() || f.rounds.iter().any(|&i| i >= rounds) {
        return Err(format!(
            "figure.rounds: {:?} are not rounds of a cell with {rounds}",
            f.rounds
        ));
    }
    Ok(())
}

mod consistency;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_consistency;
