//! `hashbench verify`: known answers in every mode, and agreement between implementations;
//! with `--fuzz`, differential fuzzing (hashbench_verify::fuzz) instead.

use std::path::PathBuf;
use std::time::{Instant, SystemTime};

use anyhow::Result;
use clap::Args;
use hashbench_verify::fuzz::{AlgorithmSummary, Digest, Mismatch, Skipped};
use hashbench_verify::{Check, FuzzConfig, FuzzReport, Outcome, Status, VectorSource};
use serde::Serialize;

use crate::{cli::emit, cli::select, cli::Format, cli::EXIT_FAILED};

#[derive(Args, Debug)]
pub struct VerifyArgs {
    /// Algorithm ids, implementation ids, families, providers or classes.
    filter: Vec<String>,
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Read known answers from this directory of <algorithm>.json files instead of
    /// the set built into hashbench.
    #[arg(long, value_name = "DIR", conflicts_with = "fuzz")]
    vectors: Option<PathBuf>,
    /// Instead of the known answers: CASES random inputs in all, shared round-robin by
    /// the selected algorithms, each through every implementation of its algorithm
    /// (one-shot and streamed), every digest compared with the others.
    #[arg(long, value_name = "CASES", value_parser = clap::value_parser!(u64).range(1..))]
    fuzz: Option<u64>,
    /// Seed of the fuzz cases (printed, to replay a run); default: from the clock.
    #[arg(long, value_name = "S", requires = "fuzz")]
    seed: Option<u64>,
    /// Also verify these runtimes' implementations through their adapters
    /// (comma-separated, or all); a filter can also name a runtime (`node`).
    #[arg(long, value_name = "RUNTIME[,RUNTIME...]", value_parser = crate::runtimes::runtimes_flag, conflicts_with = "fuzz")]
    runtime: Option<crate::runtimes::RuntimeList>,
    /// Stop fuzzing after N disagreeing cases; default: run every case.
    #[arg(long, value_name = "N", requires = "fuzz", value_parser = clap::value_parser!(u64).range(1..))]
    stop_after: Option<u64>,
}

#[derive(Serialize)]
struct Report<'a> {
    schema_version: u32,
    passed: usize,
    failed: usize,
    unavailable: usize,
    outcomes: &'a [Outcome],
}

pub fn run(args: VerifyArgs) -> Result<u8> {
    if let Some(cases) = args.fuzz {
        return fuzz(&args, cases);
    }
    let VerifyArgs {
        filter,
        format,
        vectors,
        runtime,
        ..
    } = args;
    let selection = crate::runtimes::select(&filter, &runtime.unwrap_or_default().0)?;
    let selected = if selection.asked {
        selection.local.clone()
    } else {
        select(&filter)?
    };
    let source = vectors.map_or(VectorSource::Embedded, VectorSource::Directory);
    let mut print_line = |o: &Outcome| {
        if matches!(format, Format::Table) {
            emit(&describe(o));
        }
    };
    let mut outcomes = hashbench_verify::verify(&selected, &source, &mut print_line)?;
    outcomes.extend(external_outcomes(&selection, &source, &mut print_line)?);
    let count = |f: fn(&Status) -> bool| outcomes.iter().filter(|o| f(&o.status)).count();
    let passed = count(|s| *s == Status::Passed);
    let failed = count(|s| *s == Status::Failed);
    let unavailable = count(|s| matches!(s, Status::Unavailable(_)));
    let text = match format {
        Format::Table => {
            format!("\nverify: {passed} passed, {failed} failed, {unavailable} unavailable here\n")
        }
        Format::Json => {
            let report = Report {
                schema_version: 1,
                passed,
                failed,
                unavailable,
                outcomes: &outcomes,
            };
            format!("{}\n", serde_json::to_string_pretty(&report)?)
        }
    };
    emit(&text);
    Ok(if failed > 0 { EXIT_FAILED } else { 0 })
}

/// The outcomes of the selected implementations in other runtimes, every pattern each
/// offers, and of the runtimes that cannot run here (unavailable, with the command that
/// sets them up).
fn external_outcomes(
    selection: &crate::runtimes::Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>> {
    let mut outcomes = Vec::new();
    let unavailable = |id: String, algorithm: &str, why: String| Outcome {
        implementation: id,
        algorithm: algorithm.to_string(),
        status: Status::Unavailable(why),
        checks: 0,
        failed_checks: 0,
        failures: Vec::new(),
        reference: None,
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

/// `verify --fuzz --format json`: the summary's numbers at the top, then the details.
#[derive(Serialize)]
struct FuzzDocument<'a> {
    schema_version: u32,
    seed: u64,
    cases_requested: u64,
    cases: u64,
    algorithms: usize,
    implementations: usize,
    digests_compared: u64,
    disagreements: u64,
    elapsed_s: f64,
    replay: &'a str,
    per_algorithm: &'a [AlgorithmSummary],
    unavailable: &'a [Skipped],
    mismatches: &'a [Mismatch],
}

fn fuzz(args: &VerifyArgs, cases: u64) -> Result<u8> {
    let selected = select(&args.filter)?;
    let seed = args.seed.unwrap_or_else(|| {
        SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map_or(1, |d| d.as_nanos() as u64)
    });
    let mut replay = format!("hashbench verify --fuzz {cases} --seed {seed}");
    if let Some(n) = args.stop_after {
        replay.push_str(&format!(" --stop-after {n}"));
    }
    for term in &args.filter {
        replay.push(' ');
        replay.push_str(term);
    }
    if matches!(args.format, Format::Table) {
        // Before the run, so that even a run cut short has told its seed.
        emit(&format!("fuzz: seed {seed} (replay: {replay})\n"));
    }
    let config = FuzzConfig {
        cases,
        seed,
        stop_after: args.stop_after,
    };
    let started = Instant::now();
    let report = hashbench_verify::fuzz(&selected, &config)?;
    let elapsed_s = started.elapsed().as_secs_f64();
    let text = match args.format {
        Format::Table => describe_fuzz(&report, elapsed_s),
        Format::Json => {
            let document = FuzzDocument {
                schema_version: 1,
                seed,
                cases_requested: report.cases_requested,
                cases: report.cases,
                algorithms: report.algorithms.len(),
                implementations: report.implementations(),
                digests_compared: report.digests_compared,
                disagreements: report.disagreements,
                elapsed_s,
                replay: &replay,
                per_algorithm: &report.algorithms,
                unavailable: &report.unavailable,
                mismatches: &report.mismatches,
            };
            format!("{}\n", serde_json::to_string_pretty(&document)?)
        }
    };
    emit(&text);
    Ok(if report.disagreements > 0 {
        EXIT_FAILED
    } else {
        0
    })
}

/// The disagreeing cases in full, the implementations that could not run, the summary.
fn describe_fuzz(report: &FuzzReport, elapsed_s: f64) -> String {
    let mut s = String::new();
    for m in &report.mismatches {
        s.push_str(&describe_mismatch(report.seed, m));
    }
    let more = report.disagreements - report.mismatches.len() as u64;
    if more > 0 {
        s.push_str(&format!("      ... and {more} more disagreeing cases\n"));
    }
    for skipped in &report.unavailable {
        s.push_str(&format!(
            "SKIP  {:<36} unavailable here: {}\n",
            skipped.implementation, skipped.reason
        ));
    }
    let stopped = if report.cases < report.cases_requested {
        format!(" (stopped early, of {})", report.cases_requested)
    } else {
        String::new()
    };
    s.push_str(&format!(
        "\nfuzz: {} cases{stopped}, seed {}, {} algorithms, {} implementations, {} digests compared in {:.2} s: {} disagreements\n",
        report.cases,
        report.seed,
        report.algorithms.len(),
        report.implementations(),
        report.digests_compared,
        elapsed_s,
        report.disagreements
    ));
    s
}

fn describe_mismatch(seed: u64, m: &Mismatch) -> String {
    let mut bounds = vec![0];
    bounds.extend(&m.split_points);
    bounds.push(m.length);
    let pieces: Vec<String> = bounds
        .windows(2)
        .map(|w| (w[1] - w[0]).to_string())
        .collect();
    let mut s = format!(
        "DISAGREE  {} case {} (seed {seed}): length {}, misalignment {}, content {}, split at {:?} (pieces of {} bytes)\n",
        m.algorithm,
        m.case,
        m.length,
        m.misalignment,
        m.content.as_str(),
        m.split_points,
        pieces.join(", ")
    );
    for d in &m.digests {
        s.push_str(&describe_digest(d));
    }
    s
}

fn describe_digest(d: &Digest) -> String {
    let path = d.path.as_str();
    let value = match (&d.digest, &d.panic) {
        (Some(hex), _) => hex.clone(),
        (None, panic) => format!("panicked: {}", panic.as_deref().unwrap_or("")),
    };
    let mark = if d.agrees { "" } else { "  <- differs" };
    format!(
        "          {:<36} {path:<9} {value}{mark}\n",
        d.implementation
    )
}

/// One line per implementation, and for a failure the first wrong answers in full.
fn describe(o: &Outcome) -> String {
    let against = o
        .reference
        .as_ref()
        .map_or(" (reference)".to_string(), |r| format!(", agrees with {r}"));
    match &o.status {
        Status::Passed => format!(
            "PASS  {:<36} {} digests checked{against}\n",
            o.implementation, o.checks
        ),
        Status::Unavailable(why) => {
            format!("SKIP  {:<36} unavailable here: {why}\n", o.implementation)
        }
        Status::Failed => {
            let mut s = format!(
                "FAIL  {:<36} {} of {} digests wrong\n",
                o.implementation, o.failed_checks, o.checks
            );
            for f in &o.failures {
                let check = match f.check {
                    Check::KnownAnswer => "known answer",
                    Check::Agreement => "agreement",
                    Check::Panic => "panic",
                };
                s.push_str(&format!(
                    "      {}: {check}, mode {}, vector {}\n        expected {}\n        got      {}\n",
                    o.implementation, f.mode, f.vector, f.expected, f.got
                ));
            }
            if o.failed_checks as usize > o.failures.len() {
                s.push_str(&format!(
                    "      ... and {} more\n",
                    o.failed_checks as usize - o.failures.len()
                ));
            }
            s
        }
    }
}
