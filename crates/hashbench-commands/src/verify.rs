//! What `hashbench verify` checks: the selected implementations in this process
//! (`hashbench-verify`), then those in other runtimes, through their adapters against
//! the in-process reference (`hashbench-runner`'s `verify_external`), and the runtimes
//! that cannot run here.

use hashbench_runner::RunError;
use hashbench_verify::{Outcome, Status, VectorSource};

use hashbench_plan::select::Selection;

/// The outcomes of every implementation `selection` selected (the whole catalogue when
/// it asked for nothing), in this process and then in other runtimes
/// ([`external_outcomes`]); each is told to `observer` as it is known.
///
/// # Errors
///
/// The known answers could not be read.
pub fn outcomes(
    selection: &Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, RunError> {
    let mut outcomes = hashbench_verify::verify(&selection.local_or_all(), source, observer)?;
    outcomes.extend(external_outcomes(selection, source, observer)?);
    Ok(outcomes)
}

/// The outcomes of the selected implementations in other runtimes, every pattern each
/// offers, and of the runtimes that cannot run here (unavailable, with the command that
/// sets them up); each is told to `observer` as it is known.
///
/// # Errors
///
/// The known answers could not be read.
pub fn external_outcomes(
    selection: &Selection,
    source: &VectorSource,
    observer: &mut dyn FnMut(&Outcome),
) -> Result<Vec<Outcome>, RunError> {
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
