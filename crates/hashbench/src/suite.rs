//! `hashbench suite NAME [run options]`, `hashbench suite --list`,
//! `hashbench suite --file my.toml`: a suite is a TOML file (implementations, sizes,
//! layout, labels, how it differs from its seed) turned into a `run`.
//!
//! The shipped suites live in `suites/*.toml` at the repository root and are built into
//! the binary; docs/suites.md documents the format.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use anyhow::Result;
use serde::Deserialize;

use crate::run::RunArgs;
use crate::{emit, UsageError};

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
        "sodium-node.toml",
        include_str!("../../../suites/sodium-node.toml"),
    ),
];

/// One suite file. Unknown keys are errors, so a typo never silently changes a suite.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Suite {
    pub name: String,
    /// One line shown by `suite --list`.
    pub description: String,
    /// Which published benchmark this reproduces (a file under the seeds, a URL), if any.
    #[serde(default)]
    pub seed: Option<String>,
    /// Implementation ids, algorithm ids or any other filter `run` accepts.
    pub implementations: Vec<String>,
    /// Sizes as `run --sizes` takes them: `"4k,16k,64k,1m"`.
    pub sizes: String,
    /// `default`, `divan`, `crystal`, `node` or `openssl-speed`.
    #[serde(default)]
    pub layout: Option<String>,
    /// API usage patterns as `run --pattern` takes them: `"new,reuse,hex"`.
    #[serde(default)]
    pub patterns: Option<String>,
    /// `time` (default) or `cycles` (TSC cycles, hash-speedtest's layout).
    #[serde(default)]
    pub metric: Option<String>,
    /// Relative columns as `run --relative-to` takes them: `fastest`, `slowest`, or an
    /// implementation id (`@pattern`) for "perf vs" (the `cycles` metric defaults to the
    /// first blake3).
    #[serde(default)]
    pub relative_to: Vec<String>,
    /// Display names in the layout: key `implementation` or `implementation@pattern`.
    #[serde(default)]
    pub labels: BTreeMap<String, String>,
    /// How the suite differs from its seed, one point each.
    #[serde(default)]
    pub notes: Vec<String>,
}

#[derive(clap::Args, Debug)]
pub struct SuiteArgs {
    /// List the built-in suites.
    #[arg(long, conflicts_with = "file")]
    pub list: bool,
    /// Run the suite in this TOML file instead of a built-in one.
    #[arg(long, value_name = "FILE")]
    pub file: Option<PathBuf>,
    /// The suite's name, then any `run` option (`--time`, `--format`, `-o`, ...); options
    /// given here override the suite's sizes and layout.
    #[command(flatten)]
    pub run: RunArgs,
}

/// Parses a suite's text; `origin` names it in errors.
pub fn parse(origin: &str, text: &str) -> Result<Suite, UsageError> {
    let suite: Suite =
        toml::from_str(text).map_err(|e| UsageError(format!("suite {origin}: {e}")))?;
    if suite.implementations.is_empty() {
        return Err(UsageError(format!(
            "suite {origin}: `implementations` is empty"
        )));
    }
    // The names must resolve now, with the catalogue's suggestions, not half-way through.
    hashbench_catalog::Filter::parse(&suite.implementations)
        .map_err(|e| UsageError(format!("suite {origin}: key `implementations`: {e}")))?;
    // Every message names the file and the key, never a command-line flag the user did
    // not type.
    crate::sizes::parse_sizes(&suite.sizes, u64::MAX).map_err(|e| {
        UsageError(format!(
            "suite {origin}: key `sizes`: {}",
            e.0.replace(" in --sizes", "")
        ))
    })?;
    if let Some(m) = &suite.metric {
        if !matches!(m.as_str(), "time" | "cycles") {
            return Err(UsageError(format!(
                "suite {origin}: key `metric`: unknown metric '{m}': time or cycles"
            )));
        }
    }
    if let Some(l) = &suite.layout {
        if hashbench_model::Layout::parse(l).is_none() {
            return Err(UsageError(format!(
                "suite {origin}: key `layout`: unknown layout '{l}': one of {}",
                hashbench_model::Layout::NAMES.join(", ")
            )));
        }
        if suite.metric.as_deref() == Some("cycles") && l != "default" {
            return Err(UsageError(format!(
                "suite {origin}: keys `metric` and `layout`: the cycles metric has its own \
                 layout and cannot be shown in the {l} layout"
            )));
        }
    }
    if let Some(patterns) = &suite.patterns {
        for p in patterns.split(',') {
            p.parse::<hashbench_catalog::Pattern>()
                .map_err(|e| UsageError(format!("suite {origin}: key `patterns`: {e}")))?;
        }
    }
    Ok(suite)
}

/// Every built-in suite, parsed.
pub fn built_in() -> Result<Vec<Suite>, UsageError> {
    BUILT_IN
        .iter()
        .map(|(file, text)| parse(&format!("suites/{file}"), text))
        .collect()
}

fn load(path: &Path) -> Result<Suite> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("suite file {}: {e}", path.display())))?;
    Ok(parse(&path.display().to_string(), &text)?)
}

pub fn run(mut args: SuiteArgs, command_line: Vec<String>) -> Result<u8> {
    let suites = built_in()?;
    if args.list {
        let width = suites.iter().map(|s| s.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        for s in &suites {
            out.push_str(&format!("{:<width$}  {}\n", s.name, s.description));
            if let Some(seed) = &s.seed {
                out.push_str(&format!("{:<width$}  reproduces: {seed}\n", ""));
            }
        }
        emit(&out);
        return Ok(0);
    }
    let names = std::mem::take(&mut args.run.filter);
    let suite = match (&args.file, names.as_slice()) {
        (Some(path), []) => load(path)?,
        (Some(_), _) => {
            return Err(UsageError("give either a suite name or --file, not both".into()).into())
        }
        (None, [name]) => match suites.into_iter().find(|s| &s.name == name) {
            Some(s) => s,
            None => {
                let known: Vec<String> = built_in()?.into_iter().map(|s| s.name).collect();
                return Err(UsageError(format!(
                    "no suite named '{name}': built-in suites are {}",
                    known.join(", ")
                ))
                .into());
            }
        },
        (None, []) => {
            return Err(UsageError(
                "name a suite (see `hashbench suite --list`) or give --file".into(),
            )
            .into())
        }
        (None, _) => {
            return Err(UsageError(format!("one suite at a time, got {}", names.join(" "))).into())
        }
    };
    let mut run = args.run;
    run.filter = suite.implementations.clone();
    if run.sizes.is_none() {
        run.sizes = Some(suite.sizes.clone());
    }
    if run.patterns.is_empty() {
        run.patterns.extend(suite.patterns.clone());
    }
    if suite.metric.as_deref() == Some("cycles") {
        run.metric = crate::run::Metric::Cycles;
    }
    if run.relative_to.is_empty() {
        run.relative_to = suite.relative_to.clone();
    }
    let layout = run
        .layout
        .clone()
        .or(suite.layout.clone())
        .and_then(|l| hashbench_model::Layout::parse(&l))
        .unwrap_or_default();
    run.suite = Some(hashbench_model::SuiteInfo {
        name: suite.name,
        layout,
        labels: suite.labels,
        notes: suite.notes,
    });
    crate::run::run(run, command_line)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_built_in_suite_parses_and_names_real_implementations() {
        let suites = built_in().expect("built-in suites are valid");
        assert_eq!(suites.len(), BUILT_IN.len());
        for s in &suites {
            for key in s.labels.keys() {
                let id = key.split('@').next().unwrap_or(key);
                assert!(
                    hashbench_catalog::find_implementation(id).is_some(),
                    "{}: label for unknown implementation {id}",
                    s.name
                );
            }
        }
    }

    #[test]
    fn bad_suites_say_what_is_wrong() {
        let base = "name = \"x\"\ndescription = \"d\"\nsizes = \"4k\"\n";
        let cases = [
            (
                format!("{base}implementations = [\"crc32/nope\"]"),
                "crc32/nope",
            ),
            (format!("{base}implementations = []"), "empty"),
            (
                format!("{base}implementations = [\"crc32\"]\nlayout = \"fancy\""),
                "fancy",
            ),
            (
                format!("{base}implementations = [\"crc32\"]\nsize = \"4k\""),
                "unknown field",
            ),
            ("name = ".to_string(), "x.toml"),
            (
                format!("{base}implementations = [\"crc32\"]\npatterns = \"reuse,fast\""),
                "unknown pattern 'fast'",
            ),
        ];
        for (text, why) in cases {
            let e = parse("x.toml", &text).expect_err(&text);
            assert!(e.0.contains(why) && e.0.contains("x.toml"), "{text}: {e}");
        }
    }
}
