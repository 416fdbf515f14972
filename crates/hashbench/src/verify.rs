//! `hashbench verify`: known answers in every mode, and agreement between implementations.

use std::path::PathBuf;

use anyhow::Result;
use hashbench_verify::{Check, Outcome, Status, VectorSource};
use serde::Serialize;

use crate::{emit, select, Format, EXIT_FAILED};

#[derive(Serialize)]
struct Report<'a> {
    schema_version: u32,
    passed: usize,
    failed: usize,
    unavailable: usize,
    outcomes: &'a [Outcome],
}

pub fn run(filter: &[String], format: Format, vectors: Option<PathBuf>) -> Result<u8> {
    let selected = select(filter)?;
    let source = vectors.map_or(VectorSource::Embedded, VectorSource::Directory);
    let mut print_line = |o: &Outcome| {
        if matches!(format, Format::Table) {
            emit(&describe(o));
        }
    };
    let outcomes = hashbench_verify::verify(&selected, &source, &mut print_line)?;
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
