//! `hashbench compare BASE CANDIDATE...`, and the saved baselines of
//! `hashbench run --save-baseline NAME` / `--baseline NAME`.

use anyhow::Result;
use hashbench_analysis::compare::Comparison;
use hashbench_commands::compare::{inputs, view_of, Ask, Base, Shown};
use hashbench_commands::Outcome;
use hashbench_model::Run;
use hashbench_report::render::compare::{blind, regression};
use hashbench_report::render::comparison::{document, machines_document, CompareFormat};
use hashbench_report::render::html::Candidate;
use hashbench_report::render::sanitize::escaped;

use crate::cli::emit;
use crate::obtain::shown;
use crate::store::{load_baseline, read_run};

#[derive(clap::Args, Debug)]
pub struct CompareArgs {
    #[command(flatten)]
    pub ask: Ask,
    #[arg(long, value_enum, default_value_t)]
    pub format: CompareFormat,
}

/// The outcome of `--fail-on-regression`: the regressions, printed to standard error,
/// and a warning naming each cell the check is not sure to fail at that slowdown (it
/// could read `within-noise` there: the intervals are wider, or a cell was flagged).
pub fn regression_exit(comparison: &Comparison, threshold_pct: Option<f64>) -> Outcome {
    let Some(pct) = threshold_pct else {
        return Outcome::Done;
    };
    let bad = comparison.regressions_over(pct);
    for c in &bad {
        crate::cli::say(&format!("regression: {}", regression(c)));
    }
    for c in comparison.blind_to(pct) {
        crate::cli::say(&format!(
            "warning: a slowdown of {pct} % is not sure to fail this check: {}",
            blind(c)
        ));
    }
    Outcome::failed_if(!bad.is_empty())
}

/// `compare` without `--published` (main sends that to [`crate::beside`]).
pub fn run(args: CompareArgs) -> Result<Outcome> {
    let (args, format) = (args.ask, args.format);
    let fail = args.fail_on_regression;
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
    let names: Vec<String> = std::iter::once(base_name.clone())
        .chain(
            loaded
                .iter()
                .map(|(p, _)| escaped(&p.display().to_string()).into_owned()),
        )
        .collect();
    if let Shown::Machines { one_machine } = view_of(args.view, &runs, fail.is_some())? {
        let named: Vec<(&str, &Run)> = names.iter().map(String::as_str).zip(runs).collect();
        let width = crate::render::width(false);
        let view = hashbench_analysis::machines::view(&named);
        emit(&machines_document(format, &view, one_machine, width)?);
        return Ok(Outcome::Done);
    }
    let mut outcome = Outcome::Done;
    let mut compared: Vec<(&str, &Run, Comparison)> = Vec::new();
    for ((path, candidate), name) in loaded.iter().zip(&names[1..]) {
        let shown_path = path.display().to_string();
        let noise = args.noise / 100.0;
        let c = hashbench_commands::compare::compared(
            &base_name,
            &base,
            &shown_path,
            candidate,
            noise,
        )?;
        outcome = outcome.and(regression_exit(&c, fail));
        compared.push((name, candidate, c));
    }
    let candidates: Vec<Candidate> = compared
        .iter()
        .map(|&(name, run, ref comparison)| Candidate {
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
