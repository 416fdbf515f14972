//! What `hashbench report FILE` asks of a saved run: it renders again as it was shown
//! (its recorded metric, its suite's layout) unless a flag says otherwise, and with
//! other relative columns when `--relative-to` names them.

use hashbench_model::Metric;
use hashbench_model::{Layout, Run};

use hashbench_plan::{layout_for, parse_relative_to, Given, Source, UsageError};

/// What `report` is asked of the saved run: each field is also its flag (with the
/// `clap` feature, the binary's), defined here once; the format and the output file are
/// the binary's.
#[derive(Clone, Debug)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// A result file of `hashbench run --format json` (or of `suite`).
    #[cfg_attr(feature = "clap", arg(value_name = "FILE"))]
    pub file: std::path::PathBuf,
    /// What table and Markdown show: time or cycles (as for `run`) [default: what the run
    /// was shown with, else time].
    #[cfg_attr(feature = "clap", arg(long, value_parser = hashbench_plan::values::metric()))]
    pub metric: Option<Metric>,
    /// A seed benchmark's layout: default, divan, crystal, node, openssl-speed [default:
    /// the run's suite's, else default].
    #[cfg_attr(feature = "clap", arg(long, value_name = "NAME",
        value_parser = hashbench_plan::values::layout))]
    pub layout: Option<Layout>,
    /// Relative columns instead of the run's own (as for `run`; repeatable): fastest,
    /// slowest, or an implementation or baseline id in the file, with @PATTERN.
    #[cfg_attr(feature = "clap", arg(long, value_name = "fastest|slowest|ID"))]
    pub relative_to: Vec<String>,
    /// The table with every section (as for `run`).
    #[cfg_attr(feature = "clap", arg(long))]
    pub detail: bool,
}

impl Ask {
    /// The metric and layout `run` is rendered with, as [`view`] decides from these flags.
    ///
    /// # Errors
    ///
    /// As [`view`].
    pub fn view(&self, run: &mut Run) -> Result<(Metric, Layout), UsageError> {
        view(run, self.metric, self.layout, &self.relative_to)
    }
}

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
