//! `hashbench compare BASE CANDIDATE...`, and the saved baselines of
//! `hashbench run --save-baseline NAME` / `--baseline NAME`.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::compare::Comparison;
use hashbench_commands::compare::{inputs, view_of, Base, Shown, View, DEFAULT_NOISE_PERCENT};
use hashbench_commands::Outcome;
use hashbench_model::Run;
use hashbench_report::render::compare::regression;
use hashbench_report::render::comparison::{document, machines_document, CompareFormat};
use hashbench_report::render::html::Candidate;
use hashbench_report::render::sanitize::escaped;

use crate::cli::emit;
use crate::obtain::shown;
use crate::store::{load_baseline, read_run};

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    /// Result files of `hashbench run --format json`: the first is the base, each other
    /// one is compared with it. With --baseline, every file is compared with the saved
    /// baseline instead.
    #[arg(value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Compare with the baseline saved under NAME by `hashbench run --save-baseline NAME`.
    #[arg(long, value_name = "NAME")]
    pub baseline: Option<String>,
    /// Changes smaller than this never count as significant (`5` or `5%`).
    #[arg(long, default_value_t = DEFAULT_NOISE_PERCENT, value_name = "PCT",
          value_parser = hashbench_plan::values::percent)]
    pub noise: f64,
    /// Exit 1 if any implementation cell is significantly slower by more than PCT.
    #[arg(long, value_name = "PCT", value_parser = hashbench_plan::values::percent)]
    pub fail_on_regression: Option<f64>,
    #[arg(long, value_enum, default_value_t)]
    pub format: CompareFormat,
    /// Show one run beside the published machines of the seed benchmarks (every
    /// published figure whose algorithm and size the run has), flagging implausible ones.
    #[arg(long, conflicts_with_all = ["baseline", "fail_on_regression"])]
    pub published: bool,
    /// With --published: only this seed (0-4, see `hashbench published`).
    #[arg(long, requires = "published", value_name = "N")]
    pub seed: Option<u32>,
    /// auto: the machines view when a run comes from another machine (CPU model, core
    /// count or memory), else the changes; changes: verdicts on the code, adjusted for
    /// the machine's speed; machines: each machine's figures side by side, no verdicts.
    #[arg(long, value_enum, default_value_t, conflicts_with = "published")]
    pub view: View,
}

/// The outcome of `--fail-on-regression`: the regressions, printed to standard error.
pub fn regression_exit(comparison: &Comparison, threshold_pct: Option<f64>) -> Outcome {
    let Some(pct) = threshold_pct else {
        return Outcome::Done;
    };
    let bad = comparison.regressions_over(pct);
    for c in &bad {
        crate::cli::say(&format!("regression: {}", regression(c)));
    }
    Outcome::failed_if(!bad.is_empty())
}

/// `compare` without `--published` (main sends that to [`crate::beside`]).
pub fn run(args: CompareArgs) -> Result<Outcome> {
    let fail = args.fail_on_regression;
    let format = args.format;
    let (base, candidates) = inputs(&args.files, args.baseline.as_deref())?;
    let (base_name, base) = match base {
        Base::Baseline(name) => (format!("baseline {name}"), load_baseline(name)?),
        Base::File(path) => (path.display().to_string(), read_run(path)?),
    };
    // A run file can come from anywhere: the text formats show its strings escaped.
    let base = shown(base, format.is_text());
    let base_name = escaped(&base_name).into_owned();
    let loaded = candidates
        .iter()
        .map(|path| Ok((path, shown(read_run(path)?, format.is_text()))))
        .collect::<Result<Vec<_>>>()?;
    let runs: Vec<&Run> = std::iter::once(&base)
        .chain(loaded.iter().map(|(_, r)| r))
        .collect();
    if let Shown::Machines { one_machine } = view_of(args.view, &runs, fail.is_some())? {
        let names: Vec<String> = loaded
            .iter()
            .map(|(p, _)| escaped(&p.display().to_string()).into_owned())
            .collect();
        let named: Vec<(&str, &Run)> = std::iter::once((base_name.as_str(), &base))
            .chain(
                names
                    .iter()
                    .map(String::as_str)
                    .zip(loaded.iter().map(|(_, r)| r)),
            )
            .collect();
        emit(&machines_document(
            format,
            &named,
            one_machine,
            crate::render::width(false),
        )?);
        return Ok(Outcome::Done);
    }
    let mut outcome = Outcome::Done;
    let mut compared: Vec<(String, Run, Comparison)> = Vec::new();
    for (path, candidate) in loaded {
        let shown_path = path.display().to_string();
        let c = hashbench_commands::compare::compared(
            &base_name,
            &base,
            &shown_path,
            &candidate,
            args.noise / 100.0,
        )?;
        outcome = outcome.and(regression_exit(&c, fail));
        compared.push((escaped(&shown_path).into_owned(), candidate, c));
    }
    let candidates: Vec<Candidate> = compared
        .iter()
        .map(|(name, run, comparison)| Candidate {
            name,
            run,
            comparison,
        })
        .collect();
    // Fitted to the terminal as the run's tables are (COLUMNS, else the terminal's).
    let width = crate::render::width(false);
    emit(&document(
        format,
        &base_name,
        &base,
        &candidates,
        fail,
        width,
    )?);
    Ok(outcome)
}
