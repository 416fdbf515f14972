//! Suites: a suite is a TOML file (implementations, sizes, layout, labels, how it differs
//! from its seed) turned into a run. Its schema is [`SuiteFile`] (beside the other forms
//! of the run options, `request.rs`); this module holds the suites built into hashbench,
//! parsing, and the labels read as like-for-like counterparts of the seeds' rows.
//!
//! The shipped suites live in `suites/*.toml` at the repository root and are compiled
//! in; docs/suites.md documents the format.

use std::path::Path;

use hashbench_analysis::counterparts::Counterpart;
use hashbench_model::Pattern;
use hashbench_model::{ExternalId, Layout, SuiteInfo};

use crate::{RunRequest, SuiteFile, UsageError};

/// The suites that ship with hashbench: (file name, contents).
const BUILT_IN: &[(&str, &str)] = &[
    (
        "checksum-benchmarks.toml",
        include_str!("../../../suites/checksum-benchmarks.toml"),
    ),
    (
        "openssl-speed.toml",
        include_str!("../../../suites/openssl-speed.toml"),
    ),
    (
        "btrfs-hash-speedtest.toml",
        include_str!("../../../suites/btrfs-hash-speedtest.toml"),
    ),
    (
        "sodium-crystal.toml",
        include_str!("../../../suites/sodium-crystal.toml"),
    ),
    (
        "sodium-crystal-inprocess.toml",
        include_str!("../../../suites/sodium-crystal-inprocess.toml"),
    ),
    (
        "sodium-node.toml",
        include_str!("../../../suites/sodium-node.toml"),
    ),
    (
        "sodium-node-inprocess.toml",
        include_str!("../../../suites/sodium-node-inprocess.toml"),
    ),
];

/// A suite and its run options, parsed and typed.
#[derive(Debug)]
pub struct Parsed {
    pub suite: SuiteFile,
    /// The suite's settings as a request, each value named by its key.
    pub request: RunRequest,
}

impl Parsed {
    /// What the run records of its suite (the layout is the plan's to decide).
    #[must_use]
    pub fn info(&self) -> SuiteInfo {
        SuiteInfo {
            name: self.suite.name.clone(),
            layout: Layout::Default,
            labels: self.suite.labels.clone(),
            notes: self.suite.notes.clone(),
        }
    }
}

/// Parses a suite's text; `origin` names it in errors.
///
/// # Errors
///
/// Text that is not a suite file, or a key whose value is refused (named with the file).
pub fn parse(origin: &str, text: &str) -> Result<Parsed, UsageError> {
    let suite: SuiteFile = toml::from_str(text).map_err(|e| {
        // The parser quotes the line it stopped on, which a hostile file can make of any
        // length (arrays nested 100,000 deep): each line of its message is bounded, so
        // that the reason after the quoted line is kept.
        let e = e.to_string();
        let lines: Vec<String> = e
            .lines()
            .map(|l| hashbench_model::inert::clipped(l, MAX_PARSE_LINE).into_owned())
            .collect();
        UsageError(format!("suite {origin}: {}", lines.join("\n")))
    })?;
    let request = suite.request(origin)?;
    check_labels(&suite, &request.options.filter, origin)?;
    check_seeds(&suite, origin)?;
    Ok(Parsed { suite, request })
}

/// The most of each line of the TOML parser's message a suite error quotes.
const MAX_PARSE_LINE: usize = 160;

/// Every key of `labels` and `stand_ins` names an implementation the suite selects (with
/// a pattern, one `run --pattern` takes), so that a typo is an error, never a label
/// that silently names nothing (docs/suites.md).
fn check_labels(suite: &SuiteFile, filter: &[String], origin: &str) -> Result<(), UsageError> {
    let bad = |key: &str, why: String| UsageError(format!("suite {origin}: key `{key}`: {why}"));
    let local: Vec<&String> = filter
        .iter()
        .filter(|t| !crate::select::names_a_runtime(t))
        .collect();
    let selected: Vec<&'static str> = hashbench_catalog::Filter::parse(&local)
        .map(|f| f.implementations().iter().map(|i| i.id).collect())
        .unwrap_or_default();
    // An implementation in another runtime is selected by its id or its runtime's name.
    let external = |id: &str| {
        id.parse::<ExternalId>().is_ok_and(|x| {
            filter
                .iter()
                .any(|t| t.trim() == id || t.trim().eq_ignore_ascii_case(&x.runtime))
        })
    };
    for key in suite.labels.keys() {
        let (id, pattern) = match key.split_once('@') {
            Some((id, p)) => (id, Some(p)),
            None => (key.as_str(), None),
        };
        if !selected.contains(&id) && !external(id) {
            // The nearest by edit distance: a typo is a letter or two away.
            let distance = |s: &&str| hashbench_catalog::filter::levenshtein(id, s);
            let best = selected.iter().map(distance).min().unwrap_or(usize::MAX);
            let near: Vec<&str> = selected
                .iter()
                .filter(|s| best <= 3 && distance(s) == best)
                .copied()
                .collect();
            return Err(bad(
                "labels",
                format!(
                    "\"{key}\" names no implementation the suite selects{}",
                    if near.is_empty() {
                        format!(" (it selects: {})", selected.join(", "))
                    } else {
                        format!("; did you mean {}?", near.join(" or "))
                    }
                ),
            ));
        }
        if let Some(p) = pattern {
            p.parse::<Pattern>()
                .map_err(|e| bad("labels", format!("\"{key}\": {e}")))?;
        }
    }
    if let Some(key) = suite
        .stand_ins
        .keys()
        .find(|k| !suite.labels.contains_key(*k))
    {
        return Err(bad(
            "stand_ins",
            format!("\"{key}\" is not a key of `labels`: a stand-in names a labelled row"),
        ));
    }
    Ok(())
}

/// Every seed of `published_seeds` is one `hashbench published` has.
fn check_seeds(suite: &SuiteFile, origin: &str) -> Result<(), UsageError> {
    if suite.published_seeds.is_empty() {
        return Ok(());
    }
    let published = hashbench_analysis::published::load().map_err(|e| UsageError(e.to_string()))?;
    if let Some(n) = suite
        .published_seeds
        .iter()
        .find(|&&n| published.seed(n).is_err())
    {
        let known: Vec<String> = published.seeds.iter().map(|s| s.seed.to_string()).collect();
        return Err(UsageError(format!(
            "suite {origin}: key `published_seeds`: there is no seed {n} (the seeds are {}: \
             `hashbench published`)",
            known.join(", ")
        )));
    }
    Ok(())
}

/// Every built-in suite, parsed.
///
/// # Errors
///
/// A built-in suite that does not parse (a defect the tests catch).
pub fn built_in() -> Result<Vec<Parsed>, UsageError> {
    BUILT_IN
        .iter()
        .map(|(file, text)| parse(&format!("suites/{file}"), text))
        .collect()
}

/// Which suite `hashbench suite` runs: the one in a file (`--file`), or a built-in one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Choice<'a> {
    File(&'a Path),
    Named(&'a str),
}

/// The suite that `names` (the words after `suite`) and `file` (`--file`) ask for:
/// exactly one name, or a file and no name.
///
/// # Errors
///
/// Both a name and a file, neither, or several names.
pub fn choice<'a>(file: Option<&'a Path>, names: &'a [String]) -> Result<Choice<'a>, UsageError> {
    match (file, names) {
        (Some(path), []) => Ok(Choice::File(path)),
        (Some(_), _) => Err(UsageError(
            "give either a suite name or --file, not both".into(),
        )),
        (None, [name]) => Ok(Choice::Named(name)),
        (None, []) => Err(UsageError(
            "name a suite (see `hashbench suite --list`) or give --file".into(),
        )),
        (None, _) => Err(UsageError(format!(
            "one suite at a time, got {}",
            names.join(" ")
        ))),
    }
}

/// The built-in suite `name`, or an error that lists them.
///
/// # Errors
///
/// No built-in suite has that name.
pub fn named(name: &str) -> Result<Parsed, UsageError> {
    let suites = built_in()?;
    let known: Vec<String> = suites.iter().map(|s| s.suite.name.clone()).collect();
    suites
        .into_iter()
        .find(|s| s.suite.name == name)
        .ok_or_else(|| {
            UsageError(format!(
                "no suite named '{name}': built-in suites are {}",
                known.join(", ")
            ))
        })
}

/// `suite --list`: each built-in suite's name and description, and what it reproduces.
///
/// # Errors
///
/// A built-in suite that does not parse.
pub fn listing() -> Result<String, UsageError> {
    let suites = built_in()?;
    let width = suites.iter().map(|s| s.suite.name.len()).max().unwrap_or(0);
    let mut out = String::new();
    for s in suites.iter().map(|p| &p.suite) {
        out.push_str(&format!("{:<width$}  {}\n", s.name, s.description));
        if let Some(seed) = &s.seed {
            out.push_str(&format!("{:<width$}  reproduces: {seed}\n", ""));
        }
    }
    Ok(out)
}

/// Every built-in suite's labels as counterparts of the seeds' rows, then `own` (a run's
/// suite labels) when they come from a suite file that is not built in.
///
/// # Errors
///
/// A built-in suite that does not parse.
pub fn counterparts(own: Option<&SuiteInfo>) -> Result<Vec<Counterpart>, UsageError> {
    let mut all = Vec::new();
    for Parsed { suite, .. } in built_in()? {
        for (key, label) in &suite.labels {
            all.push(Counterpart {
                suite: suite.name.clone(),
                seeds: suite.published_seeds.clone(),
                key: key.clone(),
                label: label.clone(),
                stand_in: suite.stand_ins.get(key).cloned(),
            });
        }
    }
    if let Some(info) = own.filter(|i| !all.iter().any(|c| c.suite == i.name)) {
        all.extend(info.labels.iter().map(|(key, label)| Counterpart {
            suite: info.name.clone(),
            seeds: Vec::new(),
            key: key.clone(),
            label: label.clone(),
            stand_in: None,
        }));
    }
    Ok(all)
}

#[cfg(test)]
mod tests;
