//! `hashbench run` (and `hashbench` alone, and `suite`): the flags' request resolved into
//! one plan by `hashbench-plan`, the runner, the renderer, the files, an outcome.

use std::path::Path;

use anyhow::Result;
use hashbench_plan::{Outcome, Parsed};
use hashbench_runner::{Measured, RunPlan};

use crate::args::RunArgs;
use crate::output::Destination;
use crate::render::{render, write_or_emit, View};

/// The flags (over `suite`'s settings when a suite runs) as one plan; an alias resolved
/// on the way is said on standard error.
pub fn plan(args: &RunArgs, suite: Option<Parsed>, command_line: Vec<String>) -> Result<RunPlan> {
    Ok(hashbench_plan::resolve(
        args.request(),
        suite,
        command_line,
        &mut crate::cli::note,
    )?)
}

/// Runs `plan`, drawing progress as `quiet`, `--force-progress` and the testing aids
/// say; SIGINT and SIGTERM stop it at the next cell.
pub fn measure(plan: &RunPlan, args: &RunArgs) -> Result<Measured> {
    // SIGINT and SIGTERM set this flag; the runner stops at the next cell.
    let cancel = crate::signals::install();
    let mut progress = crate::progress::ProgressLine::new(
        args.quiet,
        args.force_progress,
        args.cancel_after_cells
            .map(|n| (n, args.cancel_with_sigterm)),
        cancel.clone(),
    );
    Ok(hashbench_runner::run(plan, &mut progress, &cancel)?)
}

pub fn run(args: RunArgs, command_line: Vec<String>) -> Result<Outcome> {
    let plan = plan(&args, None, command_line)?;
    run_plan(&plan, &args)
}

/// Measures `plan`, renders and writes the result, saves and compares baselines, and
/// says how the command ended. Everything the user typed is checked before anything is
/// measured (what needs the machine, by the runner).
pub fn run_plan(plan: &RunPlan, args: &RunArgs) -> Result<Outcome> {
    let destination = args.output.as_deref().map(Destination::check).transpose()?;
    // Baseline names, the directory they go to and the baseline to compare with are
    // checked before measuring.
    if let Some(name) = &args.save_baseline {
        let path = crate::store::baseline_path(name)?;
        crate::output::check_dir(path.parent().unwrap_or(Path::new(".")))?;
    }
    let compare_with = args
        .baseline
        .as_deref()
        .map(crate::store::load_baseline)
        .transpose()?;
    let measured = measure(plan, args)?;
    let run = &measured.run;
    let flags = hashbench_analysis::guards::count(run);
    let view = View {
        metric: plan.metric,
        layout: plan.layout,
        detail: args.detail,
    };
    let text = render(run, args.format, view, destination.as_ref())?;
    write_or_emit(destination.as_ref(), &text, args.quiet)?;
    let outcome = Outcome::of_run(&measured, args.strict && flags > 0);
    if outcome == Outcome::NothingMeasured {
        // Its output, written above, lists why.
        let reasons: Vec<String> = run
            .skipped
            .iter()
            .map(|s| format!("{} ({})", s.implementation, s.reason))
            .collect();
        eprintln!(
            "hashbench: error: no implementation was measured: {}",
            if reasons.is_empty() {
                "nothing was selected".to_string()
            } else {
                reasons.join(", ")
            }
        );
        return Ok(outcome);
    }
    if let Some(name) = &args.save_baseline {
        if measured.interrupted {
            eprintln!("hashbench: not saving baseline {name}: the run was interrupted");
        } else {
            let path =
                crate::store::save_baseline(name, &hashbench_report::render::json::json(run)?)?;
            if !args.quiet {
                eprintln!("hashbench: saved baseline {name} ({})", path.display());
            }
        }
    }
    let mut regressed = Outcome::Done;
    if let (Some(base), Some(name)) = (&compare_with, &args.baseline) {
        let comparison = hashbench_analysis::compare::compare(
            base,
            run,
            crate::compare::DEFAULT_NOISE_PERCENT / 100.0,
        );
        eprint!(
            "{}",
            hashbench_report::render::compare::render(
                &format!("baseline {name}"),
                base,
                "this run",
                run,
                &comparison,
                false
            )
        );
        regressed = crate::compare::regression_exit(&comparison, args.fail_on_regression);
    }
    if args.strict && flags > 0 {
        eprintln!("hashbench: --strict: {flags} flag(s) raised; see the output");
    }
    Ok(outcome.and(regressed))
}
