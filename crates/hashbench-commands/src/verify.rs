//! What `hashbench verify` checks: the selected implementations in this process
//! (`hashbench-verify`), then those in other runtimes, through their adapters against
//! the in-process reference (`hashbench-runner`'s `verify_external`), and the runtimes
//! that cannot run here.

use hashbench_plan::PlanError;
use hashbench_runner::RunError;
use hashbench_verify::{
    Candidate, FuzzConfig, FuzzError, FuzzReport, Outcome, Status, VectorSource,
};

use hashbench_plan::options::PluginOptions;
use hashbench_plan::select::Selection;
use hashbench_plan::values::RuntimeList;

/// What `verify` is asked: each field is also its flag (with the `clap` feature, the
/// binary's), defined here once; the output format is the binary's.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Algorithm ids, implementation ids, families, providers or classes.
    pub filter: Vec<String>,
    /// Read known answers from this directory of <algorithm>.json files instead of
    /// the set built into hashbench.
    #[cfg_attr(
        feature = "clap",
        arg(long, value_name = "DIR", conflicts_with = "fuzz")
    )]
    pub vectors: Option<std::path::PathBuf>,
    /// Instead of the known answers: CASES random inputs in all, shared round-robin by
    /// the selected algorithms, each through every implementation of its algorithm
    /// (one-shot and streamed; those of adapters and plugins through every pattern they
    /// offer), every digest compared with the others.
    #[cfg_attr(feature = "clap", arg(long, value_name = "CASES",
        value_parser = clap::value_parser!(u64).range(1..)))]
    pub fuzz: Option<u64>,
    /// Seed of the fuzz cases (printed, to replay a run); default: from the clock.
    #[cfg_attr(feature = "clap", arg(long, value_name = "S", requires = "fuzz"))]
    pub seed: Option<u64>,
    /// Also verify these runtimes' implementations through their adapters
    /// (comma-separated, or all); a filter can also name a runtime (`node`).
    #[cfg_attr(feature = "clap", arg(long, value_name = "RUNTIME[,RUNTIME...]",
        value_parser = hashbench_plan::values::runtimes))]
    pub runtime: Option<RuntimeList>,
    /// Also verify what your own adapter offers: a command (quoted as a shell would, run
    /// without one) that speaks docs/adapters.md, as `run --adapter` (repeatable).
    #[cfg_attr(feature = "clap", arg(long = "adapter", value_name = "COMMAND"))]
    pub adapters: Vec<String>,
    /// `--plugin`, `--cflags`, `--algorithm`: your own C implementations, verified as
    /// `run` would before timing them (docs/plugins.md).
    #[cfg_attr(feature = "clap", command(flatten))]
    pub plugin: PluginOptions,
    /// Stop fuzzing after N disagreeing cases; default: run every case.
    #[cfg_attr(feature = "clap", arg(long, value_name = "N", requires = "fuzz",
        value_parser = clap::value_parser!(u64).range(1..)))]
    pub stop_after: Option<u64>,
}

impl Ask {
    /// The implementations asked for, with the runtimes' and the user's adapters
    /// started; `notes` hears an alias resolved.
    ///
    /// # Errors
    ///
    /// An unknown filter term, or an unknown implementation of a runtime.
    pub fn selection(&self, notes: &mut dyn FnMut(&str)) -> Result<Selection, PlanError> {
        let runtimes = self.runtime.clone().unwrap_or_default().0;
        self.plugin.asked(|plugins| {
            hashbench_plan::select::select(
                &self.filter,
                &runtimes,
                (&self.adapters, plugins),
                notes,
            )
        })
    }

    /// What `--fuzz` replays with besides its cases and seed: the filters, then the
    /// runtimes, adapters and plugins asked for, each quoted for a POSIX shell (and
    /// given with `=`, so that a value starting with `-` stays a value).
    #[must_use]
    pub fn replay_terms(&self) -> Vec<String> {
        let quote =
            |w: &str| shlex::try_quote(w).map_or_else(|_| w.to_string(), |q| q.into_owned());
        let mut terms: Vec<String> = self.filter.iter().map(|t| quote(t)).collect();
        if let Some(runtimes) = &self.runtime {
            terms.push(format!("--runtime={}", quote(&runtimes.0.join(","))));
        }
        for command in &self.adapters {
            terms.push(format!("--adapter={}", quote(command)));
        }
        for path in &self.plugin.plugins {
            terms.push(format!("--plugin={}", quote(&path.to_string_lossy())));
        }
        if let Some(flags) = &self.plugin.cflags {
            // Each word quoted, then the whole: `--cflags` splits its value as a shell would.
            let words: Vec<String> = flags.0.iter().map(|w| quote(w)).collect();
            terms.push(format!("--cflags={}", quote(&words.join(" "))));
        }
        if let Some(id) = &self.plugin.algorithm {
            terms.push(format!("--algorithm={id}"));
        }
        terms
    }

    /// Where the known answers come from: `--vectors DIR`, else the built-in set.
    #[must_use]
    pub fn source(&self) -> VectorSource {
        self.vectors
            .clone()
            .map_or(VectorSource::Embedded, VectorSource::Directory)
    }
}

/// The outcomes of every implementation `selection` selected (the whole catalogue when
/// it asked for nothing), in this process and then in other runtimes
/// ([`external_outcomes`]); each is told to `observer` as it is known.
///
/// # Errors
///
/// The known answers could not be read.
pub fn outcomes(
    selection: &Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, RunError> {
    let mut outcomes = hashbench_verify::verify(&selection.local_or_all(), source, observer)?;
    outcomes.extend(external_outcomes(selection, source, observer)?);
    Ok(outcomes)
}

/// The outcomes of the selected implementations in other runtimes, every pattern each
/// offers, and of the runtimes that cannot run here (unavailable, with the command that
/// sets them up); each is told to `observer` as it is known.
///
/// # Errors
///
/// The known answers could not be read.
pub fn external_outcomes(
    selection: &Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, RunError> {
    let mut outcomes = Vec::new();
    let unavailable = |id: String, algorithm: &str, why: String| Outcome {
        implementation: id,
        algorithm: algorithm.to_string(),
        status: Status::Unavailable(why),
        checks: 0,
        failed_checks: 0,
        failures: Vec::new(),
        reference: None,
        remembered: false,
    };
    for (runtime, why, setup) in &selection.unavailable {
        let o = unavailable(
            format!("runtime/{runtime}"),
            "",
            format!("{why}; set it up with: {setup}"),
        );
        observer(&o);
        outcomes.push(o);
    }
    for ext in &selection.external {
        for &pattern in &ext.patterns {
            let o = match hashbench_runner::verify_external(ext, pattern, source)? {
                Some((o, _)) => o,
                None => unavailable(
                    format!("{} [{pattern}]", ext.id),
                    ext.algorithm.id,
                    "no in-process implementation to check it against".to_string(),
                ),
            };
            observer(&o);
            outcomes.push(o);
        }
    }
    Ok(outcomes)
}

/// `verify --fuzz`: the selected implementations, in this process (the whole catalogue
/// when nothing was asked for) and outside it (a runtime's, an adapter's or a plugin's,
/// each through every pattern it offers), fuzzed as `config` says; each algorithm's
/// group starts with its catalogue reference. Runtimes that cannot run here are listed
/// unavailable.
///
/// # Errors
///
/// As [`hashbench_verify::fuzz`]: no cases, or nothing selected can run here.
pub fn fuzz(selection: &Selection, config: &FuzzConfig) -> Result<FuzzReport, FuzzError> {
    type New = Box<dyn Fn() -> Box<dyn hashbench_catalog::Hasher>>;
    let mut made: Vec<(String, &hashbench_catalog::Algorithm, New)> = Vec::new();
    for ext in &selection.external {
        for &pattern in &ext.patterns {
            let (adapter, id) = (ext.adapter.clone(), ext.id.to_string());
            let new: New = Box::new(move || {
                Box::new(hashbench_adapters::RemoteHasher::new(
                    adapter.clone(),
                    &id,
                    pattern,
                ))
            });
            made.push((format!("{} [{pattern}]", ext.id), ext.algorithm, new));
        }
    }
    let outside: Vec<Candidate<'_>> = made
        .iter()
        .map(|(id, algorithm, new)| Candidate {
            id,
            algorithm,
            new: new.as_ref(),
        })
        .collect();
    let local = selection.local_or_all();
    // A remote hasher reports a failed request by panicking, which the fuzzer catches
    // and reports.
    let mut report =
        hashbench_verify::quietly(|| hashbench_verify::fuzz_with(&local, &outside, config))?;
    for (runtime, why, setup) in &selection.unavailable {
        report.unavailable.push(hashbench_verify::fuzz::Skipped {
            implementation: format!("runtime/{runtime}"),
            reason: format!("{why}; set it up with: {setup}"),
        });
    }
    Ok(report)
}
