//! Verification's results as a reader sees them: one line per implementation (and a
//! failure's wrong answers in full), the summary line, each disagreeing fuzz case, and
//! the JSON documents of `verify` and `verify --fuzz` (docs/json-schema.md). Text and
//! documents only: the binary prints them.

use serde::Serialize;

use crate::fuzz::{AlgorithmSummary, Digest, Mismatch, Skipped};
use crate::{Check, FuzzReport, Outcome, Status};

/// `verify --format json`: the counts, then every outcome.
#[derive(Serialize)]
pub struct Report<'a> {
    pub schema_version: u32,
    pub passed: usize,
    pub failed: usize,
    pub unavailable: usize,
    pub outcomes: &'a [Outcome],
}

impl<'a> Report<'a> {
    /// The counts of `outcomes`.
    #[must_use]
    pub fn of(outcomes: &'a [Outcome]) -> Report<'a> {
        let count = |f: fn(&Status) -> bool| outcomes.iter().filter(|o| f(&o.status)).count();
        Report {
            schema_version: 1,
            passed: count(|s| *s == Status::Passed),
            failed: count(|s| *s == Status::Failed),
            unavailable: count(|s| matches!(s, Status::Unavailable(_))),
            outcomes,
        }
    }

    /// The last line of the table: `verify: P passed, F failed, U unavailable here`.
    #[must_use]
    pub fn summary(&self) -> String {
        format!(
            "\nverify: {} passed, {} failed, {} unavailable here\n",
            self.passed, self.failed, self.unavailable
        )
    }

    /// The JSON document, pretty-printed, with a final newline.
    ///
    /// # Errors
    ///
    /// Serialization failed (it does not for these types).
    pub fn json(&self) -> Result<String, serde_json::Error> {
        Ok(format!("{}\n", serde_json::to_string_pretty(self)?))
    }
}

/// `verify --fuzz --format json`: the summary's numbers at the top, then the details.
#[derive(Serialize)]
pub struct FuzzDocument<'a> {
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

impl<'a> FuzzDocument<'a> {
    /// The document of `report`, which took `elapsed_s` and replays with `replay`.
    #[must_use]
    pub fn of(report: &'a FuzzReport, elapsed_s: f64, replay: &'a str) -> FuzzDocument<'a> {
        FuzzDocument {
            schema_version: 1,
            seed: report.seed,
            cases_requested: report.cases_requested,
            cases: report.cases,
            algorithms: report.algorithms.len(),
            implementations: report.implementations(),
            digests_compared: report.digests_compared,
            disagreements: report.disagreements,
            elapsed_s,
            replay,
            per_algorithm: &report.algorithms,
            unavailable: &report.unavailable,
            mismatches: &report.mismatches,
        }
    }

    /// The JSON document, pretty-printed, with a final newline.
    ///
    /// # Errors
    ///
    /// Serialization failed (it does not for these types).
    pub fn json(&self) -> Result<String, serde_json::Error> {
        Ok(format!("{}\n", serde_json::to_string_pretty(self)?))
    }
}

/// The disagreeing cases in full, the implementations that could not run, the summary.
#[must_use]
pub fn describe_fuzz(report: &FuzzReport, elapsed_s: f64) -> String {
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
    let counted =
        |n: u64, one: &str, many: &str| format!("{n} {}", if n == 1 { one } else { many });
    s.push_str(&format!(
        "\nfuzz: {}{stopped}, seed {}, {}, {}, {} compared in {:.2} s: {}\n",
        counted(report.cases, "case", "cases"),
        report.seed,
        counted(report.algorithms.len() as u64, "algorithm", "algorithms"),
        counted(
            report.implementations() as u64,
            "implementation",
            "implementations"
        ),
        counted(report.digests_compared, "digest", "digests"),
        elapsed_s,
        counted(report.disagreements, "disagreement", "disagreements")
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
#[must_use]
pub fn describe(o: &Outcome) -> String {
    let defined = hashbench_catalog::find_algorithm(&o.algorithm)
        .is_some_and(hashbench_catalog::defined::is_defined);
    let against = match &o.reference {
        Some(r) => format!(", agrees with {r}"),
        // A plugin's manifest defined the algorithm: nothing else implements it.
        None if defined => " (its manifest's known answers; nothing else to agree with)".into(),
        None => " (reference)".to_string(),
    };
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
