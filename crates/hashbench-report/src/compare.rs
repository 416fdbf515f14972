//! Comparing runs: loading result files defensively, joining their cells, and deciding
//! which differences are real.
//!
//! Two runs are joined on (implementation, pattern, size, threads). For each pair the
//! ratio of median times (candidate / base; above 1 is slower) gets an interval built from
//! each run's own uncertainty, and a change is *significant* only when that interval
//! excludes 1 **and** the ratio is further from 1 than a noise threshold. Each run's
//! uncertainty is the wider of the 95 % CI of its median and the range of its round
//! medians: a machine that changed speed during a run widens that run's interval instead
//! of producing a "regression".

use std::collections::BTreeMap;

use serde::Serialize;
use thiserror::Error;

use crate::model::{Cell, Run, SCHEMA_VERSION};

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

/// Parses and checks one result file's text. `file` names it in errors.
///
/// A result file is untrusted input: it may come from another machine, another tool, or
/// someone who wants to mislead a reader or a terminal. So, besides the schema: a UTF-8
/// byte-order mark is accepted; every number must be finite and physically possible
/// (sizes up to 1 TiB, times positive and at most a day per call) and every stored
/// throughput must follow from its median and size; implementation ids must have the
/// catalogue's shape; and control characters in any string (ANSI escape sequences, a
/// bell) are replaced by visible `\u{..}` escapes before anything can print them. An
/// error names the file and the field (`cells[3].summary.median`).
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
    defuse_strings(&mut value);
    let run: Run = serde_path_to_error::deserialize(value).map_err(|e| {
        not_ours(&format!(
            "schema_version {version} but {} is missing or mistyped: {}",
            e.path(),
            e.inner()
        ))
    })?;
    for (list, cells) in [("baselines", &run.baselines), ("cells", &run.cells)] {
        for (i, cell) in cells.iter().enumerate() {
            check_cell(cell).map_err(|what| {
                absurd(format!(
                    "{list}[{i}] ({} at {} B): {what}",
                    cell.implementation, cell.size
                ))
            })?;
        }
    }
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

/// Replaces every control character in every string of `value` (keys included) by a
/// visible escape: a string from a file must never reach a terminal as an escape
/// sequence (a new window title, hidden text, a bell).
fn defuse_strings(value: &mut serde_json::Value) {
    fn defuse(s: &str) -> Option<String> {
        s.chars().any(char::is_control).then(|| {
            s.chars()
                .map(|c| {
                    if c.is_control() {
                        c.escape_unicode().to_string()
                    } else {
                        c.to_string()
                    }
                })
                .collect()
        })
    }
    match value {
        serde_json::Value::String(s) => {
            if let Some(clean) = defuse(s) {
                *s = clean;
            }
        }
        serde_json::Value::Array(items) => items.iter_mut().for_each(defuse_strings),
        serde_json::Value::Object(map) => {
            let entries = std::mem::take(map);
            for (k, mut v) in entries {
                defuse_strings(&mut v);
                map.insert(defuse(&k).unwrap_or(k), v);
            }
        }
        _ => {}
    }
}

/// The shape of the catalogue's ids: `algorithm/implementation` in lower-case letters,
/// digits and `-_+.`, or a baseline (`baseline/nop`); nothing a renderer must escape.
fn is_implementation_id(id: &str) -> bool {
    let part = |p: &str| {
        !p.is_empty()
            && p.len() <= 64
            && p.chars().all(|c| {
                c.is_ascii_lowercase() || c.is_ascii_digit() || matches!(c, '-' | '_' | '+' | '.')
            })
    };
    matches!(id.split_once('/'), Some((alg, imp)) if part(alg) && part(imp))
}

/// Values no measurement can produce.
fn check_cell(c: &Cell) -> Result<(), String> {
    let s = &c.summary;
    let time = |name: &str, v: f64| {
        if v.is_finite() && v > 0.0 && v <= MAX_TIME_NS {
            Ok(())
        } else {
            Err(format!(
                "summary.{name} is {v:?}, not a positive time of at most a day per call"
            ))
        }
    };
    if !is_implementation_id(&c.implementation) {
        return Err(format!(
            "implementation: {:?} is not an implementation id",
            c.implementation
        ));
    }
    if c.size == 0 || c.size > MAX_SIZE_BYTES {
        return Err(format!("size: {} is not between 1 byte and 1 TiB", c.size));
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
        .find(|(_, v)| !(v.is_finite() && **v > 0.0 && **v <= MAX_TIME_NS))
    {
        return Err(format!("round_medians_ns[{i}] is {bad:?}"));
    }
    // The stored throughput is derived data: it must be what the median and the size
    // give, or a reader would see a figure the measurement does not support.
    let median = s.median.get();
    let estimate = &c.throughput.estimate;
    let implied = c.size as f64 / median;
    for (name, stored, want) in [
        ("gb_per_sec", estimate.gb_per_sec, implied),
        ("ns_per_op", estimate.ns_per_op, median),
    ] {
        if !(stored.is_finite() && (stored - want).abs() <= 1e-6 * want) {
            return Err(format!(
                "throughput.estimate.{name} is {stored:?}, but the median and size give {want:?}"
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

/// What identifies a cell across runs.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize)]
pub struct CellKey {
    pub implementation: String,
    pub pattern: String,
    pub size: u64,
    pub threads: usize,
}

impl CellKey {
    fn of(c: &Cell) -> Self {
        CellKey {
            implementation: c.implementation.clone(),
            pattern: c.pattern.clone(),
            size: c.size,
            threads: c.threads,
        }
    }
}

/// How a cell changed from the base run to the candidate.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    /// Significantly faster.
    Faster,
    /// Significantly slower.
    Slower,
    /// The interval includes 1, or the change is below the noise threshold.
    WithinNoise,
    /// The change would count as significant, but a guard flagged one of the two cells
    /// (or its run, e.g. `drift`: the machine changed speed): the difference may be the
    /// machine's, so it is reported and never fails `--fail-on-regression`.
    Unreliable,
}

/// One joined cell.
#[derive(Clone, Debug, Serialize)]
pub struct Change {
    pub key: CellKey,
    pub base_median_ns: f64,
    pub candidate_median_ns: f64,
    /// candidate / base median time: above 1 is slower.
    pub ratio: f64,
    /// Conservative interval of the ratio (see the module docs).
    pub ratio_low: f64,
    pub ratio_high: f64,
    pub verdict: Verdict,
}

/// The comparison of a candidate run with a base run.
#[derive(Clone, Debug, Serialize)]
pub struct Comparison {
    /// Relative change below which nothing counts as significant (0.03 = 3 %).
    pub noise_threshold: f64,
    pub changes: Vec<Change>,
    /// Cells only in the base run, or only in the candidate.
    pub only_in_base: Vec<CellKey>,
    pub only_in_candidate: Vec<CellKey>,
    /// Geometric mean of the ratios of all joined cells.
    pub geometric_mean_ratio: Option<f64>,
    /// candidate / base median of `baseline/nop`, over the sizes both runs have: far from
    /// 1 means the machine itself ran at another speed.
    pub machine_speed_ratio: Option<f64>,
}

/// The interval a run gives its own median: the wider of the median's CI and the range of
/// its round medians.
fn interval(c: &Cell) -> (f64, f64) {
    let s = &c.summary;
    let mut low = s.median_ci.low.get();
    let mut high = s.median_ci.high.get();
    for &r in &c.round_medians_ns {
        low = low.min(r);
        high = high.max(r);
    }
    (low, high)
}

/// Compares `candidate` with `base`, cells and baselines alike.
#[must_use]
pub fn compare(base: &Run, candidate: &Run, noise_threshold: f64) -> Comparison {
    let index = |run: &Run| -> BTreeMap<CellKey, Cell> {
        run.cells
            .iter()
            .chain(&run.baselines)
            .map(|c| (CellKey::of(c), c.clone()))
            .collect()
    };
    let (a, b) = (index(base), index(candidate));
    let mut changes = Vec::new();
    let mut only_in_base = Vec::new();
    for (key, ca) in &a {
        let Some(cb) = b.get(key) else {
            only_in_base.push(key.clone());
            continue;
        };
        let (ma, mb) = (ca.summary.median.get(), cb.summary.median.get());
        let ratio = mb / ma;
        let (a_low, a_high) = interval(ca);
        let (b_low, b_high) = interval(cb);
        let ratio_low = b_low / a_high;
        let ratio_high = if a_low > 0.0 {
            b_high / a_low
        } else {
            f64::INFINITY
        };
        let flagged = !ca.flags.is_empty()
            || !cb.flags.is_empty()
            || !base.flags.is_empty()
            || !candidate.flags.is_empty();
        let verdict = if ratio_low > 1.0 && ratio > 1.0 + noise_threshold {
            Verdict::Slower
        } else if ratio_high < 1.0 && ratio < 1.0 / (1.0 + noise_threshold) {
            Verdict::Faster
        } else {
            Verdict::WithinNoise
        };
        let verdict = if verdict != Verdict::WithinNoise && flagged {
            Verdict::Unreliable
        } else {
            verdict
        };
        changes.push(Change {
            key: key.clone(),
            base_median_ns: ma,
            candidate_median_ns: mb,
            ratio,
            ratio_low,
            ratio_high,
            verdict,
        });
    }
    let only_in_candidate = b.keys().filter(|k| !a.contains_key(*k)).cloned().collect();
    let geo = |ratios: &mut dyn Iterator<Item = f64>| {
        let (sum, n) = ratios.fold((0.0, 0usize), |(s, n), r| (s + r.ln(), n + 1));
        (n > 0).then(|| (sum / n as f64).exp())
    };
    let geometric_mean_ratio = geo(&mut changes
        .iter()
        .filter(|c| !c.key.implementation.starts_with("baseline/"))
        .map(|c| c.ratio));
    let machine_speed_ratio = geo(&mut changes
        .iter()
        .filter(|c| c.key.implementation == "baseline/nop")
        .map(|c| c.ratio));
    Comparison {
        noise_threshold,
        changes,
        only_in_base,
        only_in_candidate,
        geometric_mean_ratio,
        machine_speed_ratio,
    }
}

impl Comparison {
    /// Cells significantly slower by more than `percent` %, for `--fail-on-regression`.
    #[must_use]
    pub fn regressions_over(&self, percent: f64) -> Vec<&Change> {
        self.changes
            .iter()
            .filter(|c| {
                c.verdict == Verdict::Slower
                    && c.ratio > 1.0 + percent / 100.0
                    && !c.key.implementation.starts_with("baseline/")
            })
            .collect()
    }
}

/// A text (or Markdown) report of `comparison`, naming the runs `base_name` and
/// `candidate_name`.
#[must_use]
pub fn render(
    base_name: &str,
    base: &Run,
    candidate_name: &str,
    candidate: &Run,
    comparison: &Comparison,
    markdown: bool,
) -> String {
    use crate::format::{size, time_ns};
    use crate::text::{table, Style};
    let mut out = String::new();
    let machine = |r: &Run| {
        format!(
            "{} ({} logical cores), {}, hashbench {}{}, {}",
            r.host.cpu_model,
            r.host.logical_cores,
            r.host.os,
            r.tool.version,
            r.tool
                .git_commit
                .as_deref()
                .map_or(String::new(), |c| format!(" ({c})")),
            r.timestamp
        )
    };
    out.push_str(&format!("base:      {base_name}: {}\n", machine(base)));
    out.push_str(&format!(
        "candidate: {candidate_name}: {}\n",
        machine(candidate)
    ));
    if base.host.cpu_model != candidate.host.cpu_model {
        out.push_str("(different CPUs: ratios compare the machines, not only the code)\n");
    }
    out.push('\n');
    let header = [
        "implementation",
        "pattern",
        "size",
        "threads",
        "base",
        "candidate",
        "ratio",
        "interval",
        "verdict",
    ];
    let rows: Vec<Vec<String>> = comparison
        .changes
        .iter()
        .map(|c| {
            vec![
                c.key.implementation.clone(),
                c.key.pattern.clone(),
                size(c.key.size),
                c.key.threads.to_string(),
                time_ns(c.base_median_ns),
                time_ns(c.candidate_median_ns),
                format!("{:.3}", c.ratio),
                format!("{:.3}..{:.3}", c.ratio_low, c.ratio_high),
                match c.verdict {
                    Verdict::Faster => format!("faster by {:.1} %", (1.0 / c.ratio - 1.0) * 100.0),
                    Verdict::Slower => format!("SLOWER by {:.1} %", (c.ratio - 1.0) * 100.0),
                    Verdict::WithinNoise => "within noise".to_string(),
                    Verdict::Unreliable => {
                        format!("{:+.1} %, unreliable (flagged)", (c.ratio - 1.0) * 100.0)
                    }
                },
            ]
        })
        .collect();
    let right = [false, false, true, true, true, true, true, true, false];
    let style = if markdown {
        Style::Markdown
    } else {
        Style::Terminal
    };
    out.push_str(&table(style, &header, &rows, &right));
    out.push('\n');
    let count = |v: Verdict| comparison.changes.iter().filter(|c| c.verdict == v).count();
    out.push_str(&format!(
        "{} cells joined: {} slower, {} faster, {} within noise, {} unreliable (noise \
         threshold {:.1} %; significant = ratio interval excludes 1 and the change exceeds \
         the threshold; unreliable = would be significant, but a guard flagged a cell or \
         its run)\n",
        comparison.changes.len(),
        count(Verdict::Slower),
        count(Verdict::Faster),
        count(Verdict::WithinNoise),
        count(Verdict::Unreliable),
        comparison.noise_threshold * 100.0
    ));
    if let Some(g) = comparison.geometric_mean_ratio {
        out.push_str(&format!("geometric mean ratio (implementations): {g:.3}\n"));
    }
    if let Some(m) = comparison.machine_speed_ratio {
        if (m - 1.0).abs() > comparison.noise_threshold {
            out.push_str(&format!(
                "warning: the nop baseline ran {m:.2}x as long in the candidate: the machine's \
                 own speed differed between the runs\n"
            ));
        }
    }
    for (what, keys) in [
        ("only in base", &comparison.only_in_base),
        ("only in candidate", &comparison.only_in_candidate),
    ] {
        if !keys.is_empty() {
            let names: Vec<String> = keys
                .iter()
                .map(|k| format!("{} @ {}", k.implementation, size(k.size)))
                .collect();
            out.push_str(&format!("{what}: {}\n", names.join(", ")));
        }
    }
    out
}

#[cfg(test)]
mod tests_load;
#[cfg(test)]
mod tests_render;
#[cfg(test)]
mod tests_verdicts;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn garbage_is_refused_with_the_file_name() {
        let e = load_run("x.json", "{\"schema_version\": 2, \"cells\": [").unwrap_err();
        assert!(matches!(e, LoadError::NotJson { .. }), "{e}");
        assert!(e.to_string().starts_with("x.json: "), "{e}");
        let e = load_run("y.json", "{\"name\": \"criterion\"}").unwrap_err();
        assert!(matches!(e, LoadError::NotOurs { .. }), "{e}");
        let e = load_run("y.json", "[1, 2]").unwrap_err();
        assert!(matches!(e, LoadError::NotOurs { .. }), "{e}");
        let newer = format!(
            "{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": {}}}",
            SCHEMA_VERSION + 1
        );
        assert!(matches!(
            load_run("z.json", &newer).unwrap_err(),
            LoadError::Newer { .. }
        ));
        let missing = format!(
            "{{\"tool\": {{\"name\": \"hashbench\"}}, \"schema_version\": {SCHEMA_VERSION}}}"
        );
        assert!(matches!(
            load_run("z.json", &missing).unwrap_err(),
            LoadError::NotOurs { .. }
        ));
    }
}
