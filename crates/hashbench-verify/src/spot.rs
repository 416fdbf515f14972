//! The quick known-answer check `hashbench sum` makes before it trusts a file to an
//! implementation.

use hashbench_catalog::Implementation;

use crate::modes::{self, CallMode};
use crate::vectors::{self, KnownAnswer};

/// An answer [`spot_check`] found wrong.
#[derive(Debug, thiserror::Error)]
#[error("{implementation} fails its known answer {label} (expected {expected}, got {got}); refusing to use it")]
pub struct WrongAnswer {
    pub implementation: String,
    pub label: String,
    pub expected: String,
    pub got: String,
}

/// A quick known-answer check of `imp` (one update per vector of `answers`), before a
/// file is trusted to it (`hashbench sum`); [`crate::verify`] runs every mode.
///
/// # Errors
///
/// The first known answer `imp` gets wrong.
pub fn spot_check(imp: &Implementation, answers: &[KnownAnswer]) -> Result<(), WrongAnswer> {
    let mut h = (imp.new)();
    let mut out = vec![0u8; imp.algorithm.output_bytes()];
    for a in answers {
        modes::run(CallMode::Update, h.as_mut(), &a.message, &mut out);
        if out != a.digest {
            return Err(WrongAnswer {
                implementation: imp.id.to_string(),
                label: a.label.clone(),
                expected: vectors::encode_hex(&a.digest),
                got: vectors::encode_hex(&out),
            });
        }
    }
    Ok(())
}
