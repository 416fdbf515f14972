//! A run's request: its options (`options.rs`) with where each came from, and what a
//! command's own rules add (`recommend`'s candidates and race, `crossover`'s sweep
//! without baselines); [`RunRequest::fill`] puts it in the [`RunPlan`] with the checks
//! between options that need no machine. [`SuiteFile`] is a suite file's schema: the
//! suite's own keys, and run options parsed as the flags are.

use std::collections::BTreeMap;

use hashbench_catalog::Implementation;
use hashbench_model::Pattern;
use serde::Deserialize;

use crate::options::{Asked, Origins, RunOptions};
use crate::{RunPlan, SizeSpec, Source, Spelling, UsageError};

/// What a run is asked to do, before it is checked and resolved into a [`RunPlan`].
#[derive(Clone, Debug)]
pub struct RunRequest {
    /// Every option: given, or at its default.
    pub options: RunOptions,
    /// Where each option given came from (a flag, a suite's key, a command's rule).
    pub origins: Origins,
    /// The options as given, which a suite's settings go under ([`RunRequest::over`]).
    pub asked: Asked,
    /// Implementations chosen by a command's own rules (`recommend`'s candidates), in
    /// place of what the filters select.
    pub chosen: Option<Vec<&'static Implementation>>,
    /// `recommend`'s race (RunPlan::race).
    pub race: bool,
    /// The algorithms an answer can be at each size (RunPlan::answerable).
    pub answerable: Vec<(hashbench_model::Size, &'static str)>,
    /// Leave out the nop, memcpy and read baselines (`crossover`).
    pub without_baselines: bool,
    /// The flag that measures beyond four threads per CPU anyway, where the command has
    /// one (`recommend` has none).
    pub oversubscribe: Option<&'static str>,
}

impl Default for RunRequest {
    /// Every option at its default, nothing given.
    fn default() -> Self {
        RunRequest {
            options: RunOptions::default(),
            origins: Origins::default(),
            asked: Asked::default(),
            chosen: None,
            race: false,
            answerable: Vec::new(),
            without_baselines: false,
            oversubscribe: Spelling::default().oversubscribe,
        }
    }
}

impl RunRequest {
    /// The options `asked` gives, parsed, the rest at their defaults.
    ///
    /// # Errors
    ///
    /// A value its option's parser refuses, named by where it came from.
    pub fn asked(asked: Asked) -> Result<RunRequest, UsageError> {
        let (options, origins) = asked.parse()?;
        Ok(RunRequest {
            options,
            origins,
            asked,
            ..RunRequest::default()
        })
    }

    /// This request's options (the flags) over `suite`'s: a flag given wins, a suite's
    /// setting stands in for a flag not given.
    ///
    /// # Errors
    ///
    /// As [`RunRequest::asked`].
    pub fn over(self, suite: RunRequest) -> Result<RunRequest, UsageError> {
        let merged = RunRequest::asked(self.asked.clone().over(suite.asked))?;
        Ok(RunRequest {
            chosen: self.chosen,
            race: self.race,
            answerable: self.answerable,
            without_baselines: self.without_baselines,
            oversubscribe: self.oversubscribe,
            ..merged
        })
    }

    /// The patterns asked for, deduplicated in order, `oneshot` when none was.
    #[must_use]
    pub fn patterns(&self) -> Vec<Pattern> {
        let mut unique: Vec<Pattern> = Vec::new();
        for &p in &self.options.patterns {
            if !unique.contains(&p) {
                unique.push(p);
            }
        }
        if unique.is_empty() {
            unique.push(Pattern::Oneshot);
        }
        unique
    }

    /// Sets the plan's options (every one but the selection, the layout, the relative
    /// columns and the suite, which [`crate::resolve`] decides), checking what needs no
    /// machine.
    ///
    /// # Errors
    ///
    /// An option whose value contradicts another's (`max_rounds` under `rounds`), named
    /// where it was given.
    pub fn fill(&self, plan: &mut RunPlan) -> Result<(), UsageError> {
        plan.options = self.options.clone();
        plan.options.patterns = self.patterns();
        plan.baselines = !self.without_baselines;
        plan.race = self.race;
        plan.answerable.clone_from(&self.answerable);
        if let Some(max) = self.options.max_rounds {
            if max < self.options.rounds {
                return Err(UsageError(format!(
                    "{}: {max} is fewer rounds than every cell gets ({}, {})",
                    self.origins.of("max_rounds"),
                    self.options.rounds,
                    self.origins.of("rounds"),
                )));
            }
        }
        self.check_key_sizes(&plan.options.patterns, &plan.options.sizes)?;
        plan.spelling = Spelling {
            sizes: self.origins.of("sizes").to_string(),
            threads: self.origins.of("threads").to_string(),
            oversubscribe: self.oversubscribe,
        };
        Ok(())
    }
}

impl RunRequest {
    /// A `keys:*` pattern's cells are its key's length: `keys:u64` 8 B, `keys:id16` 16 B,
    /// `keys:str` 1 to 256 B. A size that cannot hold the key is refused here, before
    /// anything is verified or timed, naming the pattern's flag (or suite key).
    fn check_key_sizes(&self, patterns: &[Pattern], sizes: &SizeSpec) -> Result<(), UsageError> {
        let from = self.origins.of("patterns").to_string();
        // The hint names where the sizes came from: `run --sizes 8`, a suite's `sizes`.
        let sizes_from = self.origins.of("sizes");
        let give = |n: u64| match &sizes_from {
            Source::Suite { key, .. } => format!("{key} = \"{n}\""),
            Source::Flag(flag) | Source::Rule(flag) => format!("{flag} {n}"),
        };
        for &p in patterns {
            let Pattern::Keys(kind) = p else { continue };
            let SizeSpec::List(list) = sizes else {
                return Err(UsageError(format!(
                    "{from}: {p} needs sizes given as bytes (--sizes cache is in KiB and MiB)"
                )));
            };
            for &size in list {
                kind.fits(size, give).map_err(|why| {
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

/// One suite file (docs/suites.md): the suite's own keys, and run options
/// ([`RunOptions`]' fields, `implementations` for the filters) parsed by the flags'
/// parsers. Unknown keys are errors, so a typo never silently changes a suite.
#[derive(Debug, Deserialize)]
pub struct SuiteFile {
    pub name: String,
    /// One line shown by `suite --list`.
    pub description: String,
    /// Which published benchmark this reproduces (a file under the seeds, a URL), if any.
    #[serde(default)]
    pub seed: Option<String>,
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
    /// Every other key: a run option (`implementations` and `sizes` are required).
    #[serde(flatten)]
    pub options: toml::Table,
}

impl SuiteFile {
    /// The suite's own keys, beside the run options.
    pub const OWN_KEYS: &[&str] = &[
        "name",
        "description",
        "seed",
        "labels",
        "notes",
        "published_seeds",
        "stand_ins",
    ];

    /// The suite's run options, parsed as the flags are; `origin` names the file. Every
    /// message names the file and the key, never a command-line flag the user did not
    /// type.
    ///
    /// # Errors
    ///
    /// A key whose value the flag's parser refuses, or keys that cannot go together.
    pub fn request(&self, origin: &str) -> Result<RunRequest, UsageError> {
        for required in ["implementations", "sizes"] {
            if !self.options.contains_key(required) {
                return Err(UsageError(format!(
                    "suite {origin}: missing field `{required}`"
                )));
            }
        }
        let asked = Asked::from_suite(&self.options, origin, Self::OWN_KEYS)?;
        let request = RunRequest::asked(asked)?;
        let bad =
            |key: &str, why: String| UsageError(format!("suite {origin}: key `{key}`: {why}"));
        if request.options.filter.is_empty() {
            return Err(UsageError(format!(
                "suite {origin}: `implementations` is empty"
            )));
        }
        // The names must resolve now, with the catalogue's suggestions, not half-way
        // through. Implementations in other runtimes are resolved by their adapters when
        // the suite runs (an adapter that is not set up makes them unavailable).
        let local: Vec<&String> = request
            .options
            .filter
            .iter()
            .filter(|t| !crate::select::names_a_runtime(t))
            .collect();
        hashbench_catalog::Filter::parse(&local)
            .map_err(|e| bad("implementations", e.to_string()))?;
        Ok(request)
    }
}
