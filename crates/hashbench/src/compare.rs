//! `hashbench compare BASE CANDIDATE...`, and the saved baselines of
//! `hashbench run --save-baseline NAME` / `--baseline NAME`.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_analysis::compare::{compare, Comparison};
use hashbench_model::Run;
use hashbench_plan::Outcome;
use hashbench_report::render::compare::{json, render, Compared};
use hashbench_report::render::html::{compare_page, Candidate};
use hashbench_report::render::sanitize::{escaped, sanitized};

use crate::store::{load_baseline, read_run};
use crate::{cli::emit, cli::UsageError};

/// Changes smaller than this (per cent) never count as significant, in `compare` and in
/// `run --baseline` alike.
pub const DEFAULT_NOISE_PERCENT: f64 = 5.0;

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum CompareFormat {
    #[default]
    Table,
    Markdown,
    Json,
    /// One self-contained HTML page: change bars with their intervals, then the table.
    Html,
}

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
}

/// The outcome of `--fail-on-regression`: the regressions, printed to standard error.
pub fn regression_exit(comparison: &Comparison, threshold_pct: Option<f64>) -> Outcome {
    let Some(pct) = threshold_pct else {
        return Outcome::Done;
    };
    let bad = comparison.regressions_over(pct);
    for c in &bad {
        eprintln!(
            "hashbench: regression: {} {} @ {}: {:.1} % slower (interval {:.3}..{:.3})",
            escaped(c.key.series.implementation.id()),
            c.key.series.pattern,
            hashbench_report::format::size(c.key.size),
            (c.ratio - 1.0) * 100.0,
            c.ratio_low,
            c.ratio_high
        );
    }
    Outcome::failed_if(!bad.is_empty())
}

/// `compare` without `--published` (main sends that to [`crate::beside`]).
pub fn run(args: CompareArgs) -> Result<Outcome> {
    let noise = args.noise / 100.0;
    let fail = args.fail_on_regression;
    let (base_name, base, candidates) = match &args.baseline {
        Some(name) => {
            if args.files.is_empty() {
                return Err(UsageError(
                    "give at least one result file to compare with the baseline".into(),
                )
                .into());
            }
            (
                format!("baseline {name}"),
                load_baseline(name)?,
                &args.files[..],
            )
        }
        None => {
            if args.files.len() < 2 {
                return Err(UsageError(
                    "give a base file and at least one file to compare with it (or --baseline NAME)"
                        .into(),
                )
                .into());
            }
            let base = read_run(&args.files[0])?;
            (args.files[0].display().to_string(), base, &args.files[1..])
        }
    };
    // The table and Markdown show the runs' strings as they are: a run file can come
    // from anywhere, so their control characters are escaped first (JSON keeps the data
    // exactly, HTML escapes for itself).
    let text_format = matches!(args.format, CompareFormat::Table | CompareFormat::Markdown);
    let base = if text_format {
        sanitized(&base).into_owned()
    } else {
        base
    };
    let base_name = escaped(&base_name).into_owned();
    let mut outcome = Outcome::Done;
    let mut compared: Vec<(String, Run, Comparison)> = Vec::new();
    for path in candidates {
        let mut candidate = read_run(path)?;
        if text_format {
            candidate = sanitized(&candidate).into_owned();
        }
        let comparison = compare(&base, &candidate, noise);
        if comparison.changes.is_empty() {
            return Err(UsageError(format!(
                "{} and {} have no cell in common (implementation, pattern, size, threads)",
                base_name,
                path.display()
            ))
            .into());
        }
        outcome = outcome.and(regression_exit(&comparison, fail));
        let name = escaped(&path.display().to_string()).into_owned();
        compared.push((name, candidate, comparison));
    }
    let text = match args.format {
        CompareFormat::Table | CompareFormat::Markdown => compared
            .iter()
            .map(|(name, run, c)| {
                render(
                    &base_name,
                    &base,
                    name,
                    run,
                    c,
                    matches!(args.format, CompareFormat::Markdown),
                )
            })
            .collect(),
        // One document or page for every candidate.
        CompareFormat::Json => json(
            &base_name,
            &compared
                .iter()
                .map(|(candidate, _, comparison)| Compared {
                    candidate,
                    comparison,
                })
                .collect::<Vec<_>>(),
        )?,
        CompareFormat::Html => compare_page(
            &base_name,
            &base,
            &compared
                .iter()
                .map(|(name, run, comparison)| Candidate {
                    name,
                    run,
                    comparison,
                })
                .collect::<Vec<_>>(),
            fail,
        )?,
    };
    emit(&text);
    Ok(outcome)
}
