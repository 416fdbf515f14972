//! A request (the flags, over a suite's settings) resolved into one typed [`RunPlan`],
//! with every check that needs no machine: the options' own ([`RunRequest::fill`]), the
//! layout against the metric, the selection (in this process and in other runtimes),
//! the relative columns against the selection. What the machine must answer (memory,
//! CPUs) the runner checks.

use crate::RunPlan;
use hashbench_catalog::Implementation;
use hashbench_model::Metric;
use hashbench_model::{Baseline, Layout, RelativeTo, SkipReason, Skipped};

use crate::select::{select, Selection};
use crate::values::layout_name;
use crate::{Given, Parsed, PlanError, RunRequest, Source, UsageError};

/// Resolves `request` (the flags), over `suite`'s settings when a suite runs, into the
/// plan the runner measures. `notes` hears what a user should be told on the way (an
/// alias resolved).
///
/// # Errors
///
/// A bad value or combination, named by where it came from (a flag, or the suite file's
/// key); an unknown filter term.
pub fn resolve(
    request: RunRequest,
    suite: Option<Parsed>,
    command_line: Vec<String>,
    notes: &mut dyn FnMut(&str),
) -> Result<RunPlan, PlanError> {
    let (request, mut info) = match suite {
        Some(parsed) => {
            let info = parsed.info();
            (request.over(parsed.request)?, Some(info))
        }
        None => (request, None),
    };
    let mut plan = RunPlan::default();
    request.fill(&mut plan)?;
    let layout = request.options.layout.map(|value| Given {
        value,
        from: request.origins.of("layout"),
    });
    plan.layout = layout_for(
        layout.as_ref(),
        plan.options.metric,
        &request.origins.of("metric"),
    )?;
    if let Some(info) = &mut info {
        info.layout = plan.layout;
    }
    plan.suite = info;
    let implementations = match &request.chosen {
        Some(chosen) => {
            // A command's own choice (recommend's candidates), with the user's own
            // adapters and plugins beside it.
            let o = &request.options;
            if !o.adapters.is_empty() || !o.plugin.plugins.is_empty() {
                let selection = o
                    .plugin
                    .asked(|plugins| select(&[], &[], (&o.adapters, plugins), notes))?;
                plan.external_skipped = external_skipped(&selection);
                plan.external = selection.external;
            }
            chosen.clone()
        }
        None => {
            let runtimes = request.options.runtime.clone().unwrap_or_default().0;
            let selection = request.options.plugin.asked(|plugins| {
                select(
                    &request.options.filter,
                    &runtimes,
                    (&request.options.adapters, plugins),
                    notes,
                )
            })?;
            plan.external_skipped = external_skipped(&selection);
            let local = if selection.asked {
                selection.local
            } else {
                default_suite()
            };
            plan.external = selection.external;
            local
        }
    };
    let relative_to = &request.options.relative_to;
    plan.relative_to = if relative_to.is_empty() {
        Vec::new()
    } else {
        let given = Given {
            value: relative_to.clone(),
            from: request.origins.of("relative_to"),
        };
        let patterns_from = request.origins.of("patterns");
        parse_relative_to(
            &given,
            &implementations.iter().map(|imp| imp.id).collect::<Vec<_>>(),
            &plan
                .options
                .patterns
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>(),
            request.origins.given("patterns").then_some(&patterns_from),
        )?
    };
    plan.implementations = implementations;
    plan.command_line = command_line;
    Ok(plan)
}

/// What the selection of other runtimes set aside, as the run's skipped entries: a
/// runtime not set up here, an implementation its adapter offers that hashbench cannot
/// take.
fn external_skipped(selection: &Selection) -> Vec<Skipped> {
    let unavailable = selection
        .unavailable
        .iter()
        .map(|(runtime, why, setup)| Skipped {
            implementation: format!("runtime/{runtime}"),
            pattern: None,
            reason: SkipReason::Unavailable,
            details: vec![why.clone(), format!("set it up with: {setup}")],
        });
    let refused = selection.refused.iter().map(|(id, why)| Skipped {
        implementation: id.clone(),
        pattern: None,
        reason: SkipReason::Unavailable,
        details: vec![format!(
            "its adapter offers it, hashbench cannot take it: {why}"
        )],
    });
    unavailable.chain(refused).collect()
}

/// The default suite: the implementation of every algorithm that measured fastest on the
/// development machines (x86_64 VMs with AVX-512; docs/method.md says how they were
/// chosen).
#[must_use]
pub fn default_suite() -> Vec<&'static Implementation> {
    hashbench_catalog::registry::DEFAULT_SUITE
        .iter()
        .filter_map(|id| hashbench_catalog::find_implementation(id))
        .collect()
}

/// The layout asked for (a flag's, else a suite's), else the default. The cycle view is
/// a layout of its own (hash-speedtest's), so the cycles metric with another layout is
/// refused rather than one of them silently dropped; the message names where the metric
/// came from.
///
/// # Errors
///
/// The cycles metric with a layout other than the default.
pub fn layout_for(
    layout: Option<&Given<Layout>>,
    metric: Metric,
    metric_from: &Source,
) -> Result<Layout, UsageError> {
    let chosen = layout.map(|l| l.value).unwrap_or_default();
    if metric == Metric::Cycles && chosen != Layout::Default {
        let shown = match layout.map(|l| &l.from) {
            Some(Source::Flag(_)) => layout_name(chosen),
            _ => "suite's",
        };
        let why = format!(
            "has its own layout (btrfs hash-speedtest's) and cannot be shown in the {shown} \
             layout: choose one"
        );
        return Err(UsageError(match metric_from {
            Source::Flag(flag) => format!("{flag} cycles {why}"),
            from => format!("{from}: cycles {why}"),
        }));
    }
    Ok(chosen)
}

/// Relative columns: `fastest`, `slowest`, or one of `ids` (with `@PATTERN`, one of
/// `patterns`, which came from `patterns_from`: `--pattern` when `None`) or a baseline.
/// Repeats are dropped. A bad one is named by where it came from.
///
/// # Errors
///
/// A column that names no measured implementation, or a pattern not measured.
pub fn parse_relative_to(
    texts: &Given<Vec<String>>,
    ids: &[&str],
    patterns: &[String],
    patterns_from: Option<&Source>,
) -> Result<Vec<RelativeTo>, UsageError> {
    let mut out = Vec::new();
    for text in &texts.value {
        let to = RelativeTo::parse(text.trim());
        if let Some((id, pattern)) = to.id_and_pattern() {
            let baseline = Baseline::from_id(id).is_some();
            if !baseline && !ids.contains(&id) {
                return Err(texts.from.bad(
                    text,
                    &format!(
                        "give fastest, slowest, or one of the measured implementations ({}) \
                         or baseline/nop, baseline/memcpy, baseline/read",
                        ids.join(", ")
                    ),
                ));
            }
            if let Some(p) = pattern {
                if baseline || !patterns.iter().any(|m| m == p) {
                    let named = match patterns_from {
                        Some(from @ Source::Suite { .. }) => from.to_string(),
                        _ => "--pattern".to_string(),
                    };
                    return Err(texts.from.bad(
                        text,
                        &format!(
                            "pattern '{p}' is not measured ({named}: {})",
                            patterns.join(", ")
                        ),
                    ));
                }
            }
        }
        if !out.contains(&to) {
            out.push(to);
        }
    }
    Ok(out)
}

#[cfg(test)]
mod tests;
