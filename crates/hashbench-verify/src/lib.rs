//! Verification: no implementation is timed before it has proven its answers.
//!
//! Two checks, both reported as data (never a panic):
//! - **known answers**: every vector of the algorithm (`vectors/*.json`) in every
//!   [`CallMode`] (one-shot, one update, chunks of 1..=17 bytes, random splits, after a
//!   reset, reusing a finalized state);
//! - **agreement**: the implementation and the algorithm's reference implementation
//!   (the first in the catalogue that passes its known answers) give the same digests on
//!   patterned and random inputs at boundary lengths up to 1 MiB + 3.
//!
//! A third, on demand ([`fuzz`]): random inputs, lengths, misalignments and stream splits
//! through every implementation of an algorithm, every digest compared with the others.
//!
//! ```
//! use hashbench_verify::{verify, VectorSource, Status};
//! use hashbench_catalog::Filter;
//!
//! let selected = Filter::parse(&["adler32/adler2"]).unwrap().implementations();
//! let outcomes = verify(&selected, &VectorSource::Embedded, &mut |_| {}).unwrap();
//! assert_eq!(outcomes[0].status, Status::Passed);
//! ```

#[cfg(test)]
mod broken;
mod checks;
pub mod fuzz;
mod keys;
pub mod modes;
pub mod proofs;
mod reference;
pub mod report;
mod selected;
mod spot;
mod subject;
pub mod vectors;

pub use checks::{
    verify_remote, verify_subject, Check, Depth, Failure, Outcome, Status, REMOTE_MODES,
};
pub use fuzz::{fuzz, fuzz_with, FuzzConfig, FuzzError, FuzzReport};
pub use modes::{all_modes, CallMode};
pub use proofs::{Learned, Proof, ProofMemory, Proven, Sealed};
pub use reference::{agreement_inputs, reference_of, AgreementCase, Reference, ReferencePanicked};
pub use selected::{code_of, verify, verify_at, verify_remembering, Verification};
pub use spot::{spot_check, WrongAnswer};
pub use subject::{quietly, Candidate};
pub use vectors::{KnownAnswer, TypedAnswer, VectorError, VectorSource};

#[cfg(test)]
use checks::{check_agreement, check_known_answers, Tally, AGREEMENT_MODES};

#[cfg(test)]
mod tests;
