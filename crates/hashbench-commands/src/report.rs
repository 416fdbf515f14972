//! What `hashbench report FILE` asks of a saved run: it renders again as it was shown
//! (its recorded metric, its suite's layout) unless a flag says otherwise, and with
//! other relative columns when `--relative-to` names them.

use hashbench_model::Metric;
use hashbench_model::{Layout, Run};

use hashbench_plan::{layout_for, parse_relative_to, Given, Source, UsageError};

/// The metric and layout `run` is rendered with: `metric` and `layout` when given, else
/// the run's recorded metric (else time) and its suite's layout (named as the suite's in
/// an error). With `relative_to`, the run's relative columns are replaced by those
/// (checked against the implementations and patterns the run has).
///
/// # Errors
///
/// The cycles metric with a seed layout; a relative column that names nothing measured.
pub fn view(
    run: &mut Run,
    metric: Option<Metric>,
    layout: Option<Layout>,
    relative_to: &[String],
) -> Result<(Metric, Layout), UsageError> {
    let metric = metric.unwrap_or_else(|| {
        run.config
            .metric
            .as_deref()
            .and_then(Metric::parse)
            .unwrap_or_default()
    });
    let layout = layout.map(|l| Given::flag("--layout", l)).or_else(|| {
        run.suite
            .as_ref()
            .map(|s| Given::suite(&s.name, "layout", s.layout))
    });
    let layout = layout_for(layout.as_ref(), metric, &Source::Flag("--metric"))?;
    if !relative_to.is_empty() {
        let mut ids: Vec<&str> = Vec::new();
        for c in &run.cells {
            if !ids.contains(&c.implementation.id()) {
                ids.push(c.implementation.id());
            }
        }
        let patterns: Vec<String> = run
            .config
            .patterns
            .iter()
            .map(ToString::to_string)
            .collect();
        let asked = Given::flag("--relative-to", relative_to.to_vec());
        let to = parse_relative_to(&asked, &ids, &patterns, None)?;
        hashbench_analysis::relative::apply(run, &to);
    }
    Ok((metric, layout))
}
