//! `hashbench run` (and `hashbench` alone, and `suite`): the flags' request resolved into
//! one plan by `hashbench-plan`, the runner, the renderer, the files, an outcome.

use std::path::Path;

use anyhow::Result;
use hashbench_commands::Outcome;
use hashbench_plan::RunPlan;
use hashbench_plan::{Parsed, RunRequest};
use hashbench_report::render::compare::render as compare_text;

use crate::args::RunArgs;
use crate::output::Destination;
use crate::progress::measure;
use crate::render::{render, write_or_emit, View};

/// The plan of `request` (the flags, over `suite`'s settings when a suite runs); an
/// alias resolved on the way is said on standard error.
pub fn plan(request: RunRequest, suite: Option<Parsed>, line: Vec<String>) -> Result<RunPlan> {
    Ok(hashbench_plan::resolve(
        request,
        suite,
        line,
        &mut crate::cli::say,
    )?)
}

pub fn run(args: RunArgs, command_line: Vec<String>) -> Result<Outcome> {
    run_plan(&plan(args.request()?, None, command_line)?, &args)
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
    let cancel_after = args
        .cancel_after_cells
        .map(|n| (n, args.cancel_with_sigterm));
    let measured = measure(plan, args.quiet, args.force_progress, cancel_after)?;
    let run = &measured.run;
    let flags = hashbench_analysis::guards::count(run);
    let view = View {
        metric: plan.options.metric,
        layout: plan.layout,
        detail: args.detail,
    };
    let text = render(run, args.format, view, destination.as_ref())?;
    write_or_emit(destination.as_ref(), &text, args.quiet)?;
    let outcome = Outcome::of_run(&measured, args.strict && flags > 0);
    if outcome == Outcome::NothingMeasured {
        // Its output, written above, lists why.
        let why = Outcome::why_nothing_measured(run);
        crate::cli::say(&format!("error: no implementation was measured: {why}"));
        return Ok(outcome);
    }
    if let Some(name) = &args.save_baseline {
        if measured.interrupted {
            crate::cli::say(&format!(
                "not saving baseline {name}: the run was interrupted"
            ));
        } else {
            let path =
                crate::store::save_baseline(name, &hashbench_report::render::json::json(run)?)?;
            if !args.quiet {
                crate::cli::say(&format!("saved baseline {name} ({})", path.display()));
            }
        }
    }
    let mut regressed = Outcome::Done;
    if let (Some(base), Some(name)) = (&compare_with, &args.baseline) {
        let c = hashbench_commands::compare::with_baseline(base, run);
        eprint!(
            "{}",
            compare_text(
                &format!("baseline {name}"),
                base,
                "this run",
                run,
                &c,
                false
            )
        );
        regressed = super::compare::regression_exit(&c, args.fail_on_regression);
    }
    if args.strict && flags > 0 {
        crate::cli::say(&format!("--strict: {flags} flag(s) raised; see the output"));
    }
    Ok(outcome.and(regressed))
}
