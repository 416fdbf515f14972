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

use hashbench_model::Layout;
use hashbench_runner::Metric;

use crate::run::{RunArgs, SuiteDefaults};
use crate::{cli::emit, cli::UsageError};

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
    /// The published seeds (`hashbench published`) whose rows `labels` name; `compare
    /// --published` pairs any run's cells with those rows through the labels.
    #[serde(default)]
    pub published_seeds: Vec<u32>,
    /// Labels that name a seed's row for display only: key (as in `labels`) -> why that
    /// implementation is not like for like with the seed's call.
    #[serde(default)]
    pub stand_ins: BTreeMap<String, String>,
}

/// Every built-in suite's labels as counterparts of the seeds' rows, then `own` (a run's
/// suite labels) when they come from a suite file that is not built in.
pub fn counterparts(
    own: Option<&hashbench_model::SuiteInfo>,
) -> Result<Vec<hashbench_analysis::counterparts::Counterpart>, UsageError> {
    use hashbench_analysis::counterparts::Counterpart;
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

#[derive(clap::Args, Debug)]
#[command(mut_arg("filter", |a| a
    .value_name("NAME")
    .help("The suite's name (`hashbench suite --list`), then any `run` option")))]
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

/// A suite file's settings, parsed once and typed.
#[derive(Debug)]
pub struct Settings {
    pub sizes: Vec<hashbench_model::Size>,
    pub patterns: Vec<hashbench_catalog::Pattern>,
    pub metric: Option<Metric>,
    pub layout: Option<Layout>,
}

/// A suite and its typed settings.
#[derive(Debug)]
pub struct Parsed {
    pub suite: Suite,
    pub settings: Settings,
}

/// Parses a suite's text; `origin` names it in errors.
pub fn parse(origin: &str, text: &str) -> Result<Parsed, UsageError> {
    let suite: Suite =
        toml::from_str(text).map_err(|e| UsageError(format!("suite {origin}: {e}")))?;
    if suite.implementations.is_empty() {
        return Err(UsageError(format!(
            "suite {origin}: `implementations` is empty"
        )));
    }
    // The names must resolve now, with the catalogue's suggestions, not half-way through.
    // Implementations in other runtimes are resolved by their adapters when the suite
    // runs (an adapter that is not set up makes them unavailable, with the reason).
    let local: Vec<&String> = suite
        .implementations
        .iter()
        .filter(|t| !crate::runtimes::names_a_runtime(t))
        .collect();
    hashbench_catalog::Filter::parse(&local)
        .map_err(|e| UsageError(format!("suite {origin}: key `implementations`: {e}")))?;
    // Every message names the file and the key, never a command-line flag the user did
    // not type.
    let sizes = crate::values::parse_sizes(&suite.sizes)
        .map_err(|e| UsageError(format!("suite {origin}: key `sizes`: {}", e.0)))?;
    let metric = match &suite.metric {
        None => None,
        Some(m) => Some(Metric::parse(m).ok_or_else(|| {
            UsageError(format!(
                "suite {origin}: key `metric`: unknown metric '{m}': time or cycles"
            ))
        })?),
    };
    let layout = match &suite.layout {
        None => None,
        Some(l) => Some(Layout::parse(l).ok_or_else(|| {
            UsageError(format!(
                "suite {origin}: key `layout`: unknown layout '{l}': one of {}",
                Layout::NAMES.join(", ")
            ))
        })?),
    };
    if metric == Some(Metric::Cycles) && layout.is_some_and(|l| l != Layout::Default) {
        return Err(UsageError(format!(
            "suite {origin}: keys `metric` and `layout`: the cycles metric has its own \
             layout and cannot be shown in the {} layout",
            suite.layout.as_deref().unwrap_or_default()
        )));
    }
    let patterns = match &suite.patterns {
        None => Vec::new(),
        Some(text) => crate::values::patterns(text)
            .map_err(|e| UsageError(format!("suite {origin}: key `patterns`: {e}")))?,
    };
    Ok(Parsed {
        suite,
        settings: Settings {
            sizes,
            patterns,
            metric,
            layout,
        },
    })
}

/// Every built-in suite, parsed.
pub fn built_in() -> Result<Vec<Parsed>, UsageError> {
    BUILT_IN
        .iter()
        .map(|(file, text)| parse(&format!("suites/{file}"), text))
        .collect()
}

fn load(path: &Path) -> Result<Parsed> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("suite file {}: {e}", path.display())))?;
    Ok(parse(&path.display().to_string(), &text)?)
}

pub fn run(mut args: SuiteArgs, command_line: Vec<String>) -> Result<u8> {
    let suites = built_in()?;
    if args.list {
        let width = suites.iter().map(|s| s.suite.name.len()).max().unwrap_or(0);
        let mut out = String::new();
        for s in suites.iter().map(|p| &p.suite) {
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
        (None, [name]) => match suites.into_iter().find(|s| &s.suite.name == name) {
            Some(s) => s,
            None => {
                let known: Vec<String> = built_in()?.into_iter().map(|s| s.suite.name).collect();
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
    let Parsed { suite, settings } = suite;
    let defaults = SuiteDefaults {
        implementations: suite.implementations,
        sizes: settings.sizes,
        patterns: settings.patterns,
        metric: settings.metric,
        layout: settings.layout,
        relative_to: suite.relative_to,
        info: hashbench_model::SuiteInfo {
            name: suite.name,
            layout: Layout::Default,
            labels: suite.labels,
            notes: suite.notes,
        },
    };
    let plan = crate::run::plan(&args.run, Some(defaults), command_line)?;
    crate::run::run_plan(&plan, &args.run)
}

#[cfg(test)]
mod tests;
