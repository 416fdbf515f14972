//! Every option of a run, in each form it comes in, in one place:
//!
//! - [`RunRequest`]: the options typed and clap-free, as the binary's flags fill them
//!   (and `recommend` and `crossover` by their own rules); `None` is "not given";
//! - [`SuiteFile`]: a suite file's TOML keys, text parsed by the same value parsers into
//!   a request ([`SuiteFile::request`]) whose errors name the file and the key;
//! - [`RunRequest::over`]: the flags over a suite's settings;
//! - [`RunRequest::fill`]: the options' place in the [`RunPlan`], with the checks that
//!   need no machine.
//!
//! A new run option touches this file, its flag (the binary's `args.rs`) and its
//! [`RunPlan`] field (`hashbench-runner`'s `plan.rs`): CONTRIBUTING.md.

use std::collections::BTreeMap;
use std::path::PathBuf;

use hashbench_catalog::{Implementation, Pattern};
use hashbench_model::{Layout, Mode};
use hashbench_runner::{Metric, RunPlan, SizeSpec, Spelling};
use hashbench_verify::VectorSource;
use serde::Deserialize;

use crate::values;
use crate::{Given, UsageError};

/// What a run is asked to do, before it is checked and resolved into a [`RunPlan`].
#[derive(Clone, Debug, Default)]
pub struct RunRequest {
    /// Filter terms as given (recorded in the result); a suite's `implementations`.
    pub filters: Vec<String>,
    /// `--runtime`: also the implementations of these runtimes.
    pub runtimes: Vec<String>,
    /// Implementations chosen by a command's own rules (`recommend`'s candidates), in
    /// place of what `filters` select.
    pub chosen: Option<Vec<&'static Implementation>>,
    pub sizes: Option<SizeSpec>,
    pub modes: Option<Vec<Mode>>,
    pub threads: Option<Vec<usize>>,
    pub streams: Option<usize>,
    pub time_s: Option<f64>,
    pub precision: Option<f64>,
    pub rounds: Option<u32>,
    /// The most rounds a cell gets; at least `rounds`.
    pub max_rounds: Option<Given<u32>>,
    /// `recommend`'s race (RunPlan::race).
    pub race: bool,
    pub equivalence: Option<f64>,
    pub patterns: Option<Given<Vec<Pattern>>>,
    pub seed: Option<u64>,
    pub misalign: usize,
    pub raw: bool,
    pub pin: Option<usize>,
    pub metric: Option<Given<Metric>>,
    pub layout: Option<Given<Layout>>,
    /// Relative columns as written (`fastest`, `ID@PATTERN`), checked against the
    /// selection when the plan is resolved.
    pub relative_to: Option<Given<Vec<String>>>,
    /// Known answers from this directory instead of the built-in ones.
    pub vectors: Option<PathBuf>,
    /// Leave out the nop, memcpy and read baselines (`crossover`).
    pub without_baselines: bool,
    pub allow_oversubscribe: bool,
    pub yes: bool,
    /// How the runner's errors name the sizes and threads: `run`'s flags unless a
    /// command (`recommend --size`) or a suite file's key gave them.
    pub spelling: Spelling,
}

impl RunRequest {
    /// The most rounds `max_rounds` may ask for a cell.
    pub const MOST_ROUNDS: u32 = 300;

    /// These options (the flags) over `suite`'s: a flag given wins, a suite's setting
    /// stands in for a flag not given.
    #[must_use]
    pub fn over(self, suite: RunRequest) -> RunRequest {
        // `--metric time` is also the flag's default, which a flag parser cannot tell
        // from one typed: a suite's `cycles` stands under it.
        let metric = match (self.metric, suite.metric) {
            (Some(flag), Some(s)) if flag.value == Metric::Time => Some(s),
            (flag, s) => flag.or(s),
        };
        let spelling = Spelling {
            sizes: if self.sizes.is_some() {
                self.spelling.sizes.clone()
            } else {
                suite.spelling.sizes
            },
            ..self.spelling.clone()
        };
        RunRequest {
            filters: if self.filters.is_empty() {
                suite.filters
            } else {
                self.filters
            },
            spelling,
            sizes: self.sizes.or(suite.sizes),
            patterns: self.patterns.or(suite.patterns),
            metric,
            layout: self.layout.or(suite.layout),
            relative_to: self.relative_to.or(suite.relative_to),
            max_rounds: self.max_rounds.or(suite.max_rounds),
            ..self
        }
    }

    /// The patterns asked for, deduplicated in order, `oneshot` when none was.
    #[must_use]
    pub fn patterns(&self) -> Vec<Pattern> {
        let mut unique: Vec<Pattern> = Vec::new();
        for &p in self.patterns.iter().flat_map(|p| &p.value) {
            if !unique.contains(&p) {
                unique.push(p);
            }
        }
        if unique.is_empty() {
            unique.push(Pattern::Oneshot);
        }
        unique
    }

    /// The metric asked for, `time` when none was.
    #[must_use]
    pub fn metric(&self) -> Metric {
        self.metric.as_ref().map_or(Metric::Time, |m| m.value)
    }

    /// Sets the plan's plain options (every one but the selection, the layout, the
    /// relative columns and the suite, which [`crate::resolve`] decides), checking what
    /// needs no machine.
    ///
    /// # Errors
    ///
    /// An option whose value contradicts another's (`max_rounds` under `rounds`), named
    /// where it was given.
    pub fn fill(&self, plan: &mut RunPlan) -> Result<(), UsageError> {
        let defaults = RunPlan::default();
        plan.baselines = !self.without_baselines;
        plan.sizes = self.sizes.clone().unwrap_or(defaults.sizes);
        plan.modes = self.modes.clone().unwrap_or(defaults.modes);
        plan.threads.clone_from(&self.threads);
        plan.streams = self.streams;
        plan.time_s = self.time_s.unwrap_or(defaults.time_s);
        plan.precision = self.precision.unwrap_or(defaults.precision);
        plan.rounds = self.rounds.unwrap_or(defaults.rounds);
        if let Some(max) = &self.max_rounds {
            if max.value < plan.rounds {
                return Err(UsageError(format!(
                    "{}: {} is fewer rounds than every cell gets ({}, --rounds)",
                    max.from, max.value, plan.rounds
                )));
            }
        }
        plan.max_rounds = self.max_rounds.as_ref().map(|m| m.value);
        plan.race = self.race;
        plan.equivalence = self.equivalence.unwrap_or(defaults.equivalence);
        plan.patterns = self.patterns();
        self.check_key_sizes(&plan.patterns, &plan.sizes)?;
        plan.seed = self.seed;
        plan.misalign = self.misalign;
        plan.raw = self.raw;
        plan.pin = self.pin;
        plan.metric = self.metric();
        plan.vectors = self
            .vectors
            .clone()
            .map_or(VectorSource::Embedded, VectorSource::Directory);
        plan.allow_oversubscribe = self.allow_oversubscribe;
        plan.yes = self.yes;
        plan.spelling = self.spelling.clone();
        Ok(())
    }
}

impl RunRequest {
    /// A `keys:*` pattern's cells are its key's length: `keys:u64` 8 B, `keys:id16` 16 B,
    /// `keys:str` 1 to 256 B. A size that cannot hold the key is refused here, before
    /// anything is verified or timed, naming the pattern's flag (or suite key).
    fn check_key_sizes(&self, patterns: &[Pattern], sizes: &SizeSpec) -> Result<(), UsageError> {
        let from = self
            .patterns
            .as_ref()
            .map_or_else(|| "--pattern".to_string(), |p| p.from.to_string());
        for &p in patterns {
            let Pattern::Keys(kind) = p else { continue };
            let SizeSpec::List(list) = sizes else {
                return Err(UsageError(format!(
                    "{from}: {p} needs sizes given as bytes (--sizes cache is in KiB and MiB)"
                )));
            };
            for &size in list {
                kind.fits(size).map_err(|why| {
                    UsageError(format!("{from}: {why}; asked at {}", size_name(size)))
                })?;
            }
        }
        Ok(())
    }
}

/// A size as the user typed it: `64 B`, `1..=64 B`.
fn size_name(size: hashbench_model::Size) -> String {
    match size {
        hashbench_model::Size::Bytes(n) => format!("{n} B"),
        hashbench_model::Size::Range { min, max } => format!("{min}..={max} B"),
    }
}

/// One suite file (docs/suites.md). Unknown keys are errors, so a typo never silently
/// changes a suite.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SuiteFile {
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
    /// The most rounds a cell gets, as `run --max-rounds` takes it.
    #[serde(default)]
    pub max_rounds: Option<u32>,
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

impl SuiteFile {
    /// The suite's run options, parsed as the flags are; `origin` names the file. Every
    /// message names the file and the key, never a command-line flag the user did not
    /// type.
    ///
    /// # Errors
    ///
    /// A key whose value the flag's parser refuses, or keys that cannot go together.
    pub fn request(&self, origin: &str) -> Result<RunRequest, UsageError> {
        let bad =
            |key: &str, why: String| UsageError(format!("suite {origin}: key `{key}`: {why}"));
        if self.implementations.is_empty() {
            return Err(UsageError(format!(
                "suite {origin}: `implementations` is empty"
            )));
        }
        // The names must resolve now, with the catalogue's suggestions, not half-way
        // through. Implementations in other runtimes are resolved by their adapters when
        // the suite runs (an adapter that is not set up makes them unavailable).
        let local: Vec<&String> = self
            .implementations
            .iter()
            .filter(|t| !crate::select::names_a_runtime(t))
            .collect();
        hashbench_catalog::Filter::parse(&local)
            .map_err(|e| bad("implementations", e.to_string()))?;
        let sizes = values::parse_sizes(&self.sizes).map_err(|e| bad("sizes", e.0))?;
        if let Some(n) = self
            .max_rounds
            .filter(|n| !(1..=RunRequest::MOST_ROUNDS).contains(n))
        {
            return Err(bad(
                "max_rounds",
                format!("{n} is not in 1..={}", RunRequest::MOST_ROUNDS),
            ));
        }
        let metric =
            match &self.metric {
                None => None,
                Some(m) => Some(Metric::parse(m).ok_or_else(|| {
                    bad("metric", format!("unknown metric '{m}': time or cycles"))
                })?),
            };
        let layout = match &self.layout {
            None => None,
            Some(l) => Some(Layout::parse(l).ok_or_else(|| {
                let names = Layout::NAMES.join(", ");
                bad("layout", format!("unknown layout '{l}': one of {names}"))
            })?),
        };
        if metric == Some(Metric::Cycles) && layout.is_some_and(|l| l != Layout::Default) {
            return Err(UsageError(format!(
                "suite {origin}: keys `metric` and `layout`: the cycles metric has its own \
                 layout and cannot be shown in the {} layout",
                self.layout.as_deref().unwrap_or_default()
            )));
        }
        let patterns = match &self.patterns {
            None => None,
            Some(text) => Some(values::patterns(text).map_err(|e| bad("patterns", e.to_string()))?),
        };
        Ok(RunRequest {
            filters: self.implementations.clone(),
            sizes: Some(SizeSpec::List(sizes)),
            patterns: patterns
                .filter(|p| !p.is_empty())
                .map(|p| Given::suite(origin, "patterns", p)),
            metric: metric.map(|m| Given::suite(origin, "metric", m)),
            layout: layout.map(|l| Given::suite(origin, "layout", l)),
            relative_to: (!self.relative_to.is_empty())
                .then(|| Given::suite(origin, "relative_to", self.relative_to.clone())),
            max_rounds: self
                .max_rounds
                .map(|n| Given::suite(origin, "max_rounds", n)),
            spelling: Spelling {
                sizes: format!("suite {origin}: key `sizes`"),
                ..Spelling::default()
            },
            ..RunRequest::default()
        })
    }
}
