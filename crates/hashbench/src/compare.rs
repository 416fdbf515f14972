//! `hashbench compare BASE CANDIDATE...`, and the saved baselines of
//! `hashbench run --save-baseline NAME` / `--baseline NAME`.

use std::path::{Path, PathBuf};

use anyhow::{Context, Result};
use hashbench_model::{load_run, Run};
use hashbench_report::compare::{compare, render, Comparison};

use crate::{emit, UsageError, EXIT_FAILED};

/// Changes smaller than this (per cent) never count as significant, in `compare` and in
/// `run --baseline` alike.
pub const DEFAULT_NOISE_PERCENT: f64 = 5.0;

#[derive(Clone, Copy, Debug, Default, clap::ValueEnum)]
pub enum CompareFormat {
    #[default]
    Table,
    Markdown,
    Json,
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
    #[arg(long, default_value_t = DEFAULT_NOISE_PERCENT.to_string(), value_name = "PCT")]
    pub noise: String,
    /// Exit 1 if any implementation cell is significantly slower by more than PCT.
    #[arg(long, value_name = "PCT")]
    pub fail_on_regression: Option<String>,
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

/// Reads and checks one result file.
pub fn read_run(path: &Path) -> Result<Run> {
    let name = path.display().to_string();
    // Refused before reading it whole: a result file is untrusted input.
    let limit = hashbench_model::MAX_FILE_BYTES;
    if std::fs::metadata(path).is_ok_and(|m| m.is_file() && m.len() > limit) {
        return Err(UsageError(format!(
            "{name}: larger than the {limit} bytes (256 MiB) a result file may have"
        ))
        .into());
    }
    let text = std::fs::read_to_string(path)
        .map_err(|e| UsageError(format!("{name}: cannot read: {e}")))?;
    load_run(&name, &text).map_err(|e| UsageError(e.to_string()).into())
}

/// Where saved baselines live: `$HASHBENCH_DATA_DIR`, else `$XDG_DATA_HOME/hashbench`,
/// else `~/.local/share/hashbench`; baselines are `baselines/NAME.json` under it.
pub fn baseline_path(name: &str) -> Result<PathBuf> {
    let ok = !name.is_empty()
        && name.len() <= 100
        && !name.starts_with('.')
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if !ok {
        return Err(UsageError(format!(
            "bad baseline name '{name}': use letters, digits, '.', '_' and '-' (not leading '.')"
        ))
        .into());
    }
    let env = |k: &str| {
        std::env::var_os(k)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    let root = env("HASHBENCH_DATA_DIR")
        // The XDG base directory spec: a relative XDG_DATA_HOME is invalid and ignored.
        .or_else(|| {
            env("XDG_DATA_HOME")
                .filter(|d| d.is_absolute())
                .map(|d| d.join("hashbench"))
        })
        .or_else(|| env("HOME").map(|h| h.join(".local/share/hashbench")))
        .ok_or_else(|| {
            UsageError("no data directory: set HASHBENCH_DATA_DIR or HOME".to_string())
        })?;
    Ok(root.join("baselines").join(format!("{name}.json")))
}

/// Saves `json` (a run's JSON text) as baseline `name`.
pub fn save_baseline(name: &str, json: &str) -> Result<PathBuf> {
    let path = baseline_path(name)?;
    if let Some(dir) = path.parent() {
        std::fs::create_dir_all(dir).with_context(|| format!("creating {}", dir.display()))?;
    }
    crate::output::write_atomic(&path, json.as_bytes())?;
    Ok(path)
}

/// Loads baseline `name`, with a clear error when it was never saved.
pub fn load_baseline(name: &str) -> Result<Run> {
    let path = baseline_path(name)?;
    if !path.is_file() {
        return Err(UsageError(format!(
            "no saved baseline '{name}' (looked for {}); save one with \
             `hashbench run --save-baseline {name}`",
            path.display()
        ))
        .into());
    }
    read_run(&path)
}

/// The text of one comparison in `format`.
pub fn report(
    base_name: &str,
    base: &Run,
    candidate_name: &str,
    candidate: &Run,
    comparison: &Comparison,
    format: CompareFormat,
) -> Result<String> {
    Ok(match format {
        CompareFormat::Table | CompareFormat::Markdown => render(
            base_name,
            base,
            candidate_name,
            candidate,
            comparison,
            matches!(format, CompareFormat::Markdown),
        ),
        CompareFormat::Json => {
            let mut s = serde_json::to_string_pretty(&serde_json::json!({
                "base": base_name,
                "candidate": candidate_name,
                "comparison": comparison,
            }))?;
            s.push('\n');
            s
        }
    })
}

/// Exit status for `--fail-on-regression`: the regressions, printed to standard error.
pub fn regression_exit(comparison: &Comparison, threshold_pct: Option<f64>) -> u8 {
    let Some(pct) = threshold_pct else { return 0 };
    let bad = comparison.regressions_over(pct);
    for c in &bad {
        eprintln!(
            "hashbench: regression: {} {} @ {} B: {:.1} % slower (interval {:.3}..{:.3})",
            c.key.implementation,
            c.key.pattern,
            c.key.size,
            (c.ratio - 1.0) * 100.0,
            c.ratio_low,
            c.ratio_high
        );
    }
    if bad.is_empty() {
        0
    } else {
        EXIT_FAILED
    }
}

fn beside_published(args: &CompareArgs) -> Result<u8> {
    let [file] = args.files.as_slice() else {
        return Err(UsageError("--published takes exactly one result file".into()).into());
    };
    let run = read_run(file)?;
    let published = hashbench_report::published::load()?;
    if let Some(n) = args.seed {
        published.seed(n).map_err(|e| UsageError(e.to_string()))?;
    }
    let rows = hashbench_report::beside::rows(&run, &published, args.seed);
    if rows.is_empty() {
        return Err(UsageError(format!(
            "{}: no cell matches a published figure (same algorithm and size); try the \
             seeds' sizes, e.g. `hashbench suite checksum-benchmarks`",
            file.display()
        ))
        .into());
    }
    let text = match args.format {
        CompareFormat::Json => {
            let mut s = serde_json::to_string_pretty(&rows)?;
            s.push('\n');
            s
        }
        _ => hashbench_report::beside::render(&run, &published, &rows),
    };
    emit(&text);
    Ok(0)
}

pub fn run(args: CompareArgs) -> Result<u8> {
    if args.published {
        return beside_published(&args);
    }
    let noise = crate::sizes::parse_percent("--noise", &args.noise)? / 100.0;
    let fail = args
        .fail_on_regression
        .as_deref()
        .map(|t| crate::sizes::parse_percent("--fail-on-regression", t))
        .transpose()?;
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
    let mut code = 0;
    let mut text = String::new();
    let mut json = Vec::new();
    for path in candidates {
        let candidate = read_run(path)?;
        let comparison = compare(&base, &candidate, noise);
        if comparison.changes.is_empty() {
            return Err(UsageError(format!(
                "{} and {} have no cell in common (implementation, pattern, size, threads)",
                base_name,
                path.display()
            ))
            .into());
        }
        let name = path.display().to_string();
        match args.format {
            CompareFormat::Json => json.push(serde_json::json!({
                "candidate": name,
                "comparison": comparison,
            })),
            _ => text.push_str(&report(
                &base_name,
                &base,
                &name,
                &candidate,
                &comparison,
                args.format,
            )?),
        }
        code = code.max(regression_exit(&comparison, fail));
    }
    if let CompareFormat::Json = args.format {
        text = serde_json::to_string_pretty(&serde_json::json!({
            "base": base_name,
            "comparisons": json,
        }))?;
        text.push('\n');
    }
    emit(&text);
    Ok(code)
}
