//! `--streams N`: every implementation that does not split one message (those that do
//! are listed as not applicable), at every size, after the rounds: N copies hashing at
//! once, for the aggregate throughput and the scaling efficiency.

use std::sync::atomic::{AtomicBool, Ordering};

use hashbench_engine::{measure_streams, Config, EngineError, HashKernel, Input};
use hashbench_model::{SkipReason, Skipped, StreamsCell};

use crate::observer::{RunObserver, Step};
use crate::verification::Passed;
use crate::RunError;

/// What the streams measurements need.
pub(crate) struct Streams<'a> {
    pub n: usize,
    pub sizes: &'a [u64],
    pub seed: u64,
    pub misalign: usize,
    pub config: Config,
    pub tsc_hz: Option<f64>,
    pub cancel: &'a AtomicBool,
}

/// The streams cells, or as many as were measured before a cancel.
pub(crate) fn measure_all(
    s: &Streams<'_>,
    passed: &[Passed],
    observer: &mut dyn RunObserver,
    (skipped, failed): (&mut Vec<Skipped>, &mut bool),
) -> Result<Vec<StreamsCell>, RunError> {
    let mut out = Vec::new();
    for &p in passed {
        let imp = p.implementation;
        if imp.parallel {
            skipped.push(Skipped {
                implementation: imp.id.to_string(),
                pattern: None,
                reason: SkipReason::StreamsNotApplicable,
                details: vec![
                    "it already spreads one message over every thread (--threads)".to_string(),
                ],
            });
            continue;
        }
        for &size in s.sizes {
            if s.cancel.load(Ordering::SeqCst) {
                return Ok(out);
            }
            let step = Step::Streams {
                implementation: imp.id,
                size,
                streams: s.n,
            };
            observer.step_started(&step);
            let input = Input::new(size as usize, s.seed, s.misalign);
            let expected = crate::verification::expected_digest(p, input.bytes())?;
            let make = || HashKernel::from_implementation(imp);
            let (measured, load) = crate::machine::streams_load(s.n, || {
                measure_streams(
                    make,
                    size as usize,
                    s.seed,
                    s.misalign,
                    s.n,
                    &s.config,
                    Some(&expected),
                    s.cancel,
                )
            });
            match measured {
                Ok(r) => {
                    let mut cell = crate::assemble::streams_cell(imp, size, &r, s.tsc_hz)?;
                    cell.load = load;
                    out.push(cell);
                }
                Err(
                    e @ (EngineError::WrongDigest { .. }
                    | EngineError::WrongDigestBeforeTiming { .. }),
                ) => {
                    *failed = true;
                    skipped.push(Skipped {
                        implementation: imp.id.to_string(),
                        pattern: None,
                        reason: SkipReason::WrongDigestUnderMeasurement,
                        details: vec![format!(
                            "at {}, {} streams: {e}",
                            hashbench_model::format::size(size),
                            s.n
                        )],
                    });
                }
                Err(source) => {
                    return Err(RunError::Measure {
                        subject: imp.id.to_string(),
                        size: hashbench_model::Size::Bytes(size),
                        what: format!(", {} streams", s.n),
                        source: Box::new(source),
                    })
                }
            }
            observer.step_done(&step);
        }
    }
    Ok(out)
}
