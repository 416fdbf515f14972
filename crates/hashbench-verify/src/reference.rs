//! The reference of an algorithm: the inputs of the agreement check, and their digests
//! by the implementation every other is held to.

use std::panic::{catch_unwind, AssertUnwindSafe};

use hashbench_catalog::Algorithm;

use crate::subject::Candidate;
use crate::vectors;

/// The inputs of the agreement check for an algorithm: boundary lengths around its
/// block, BLAKE3's 1 KiB chunk and 2 KiB chunk pairs, a page, 64 KiB and just over 1 MiB;
/// each patterned and random.
pub fn agreement_inputs(algorithm: &Algorithm) -> Vec<(String, Vec<u8>)> {
    let block = algorithm.block_bytes.max(1) as usize;
    let mut lengths = vec![
        0,
        1,
        block - 1,
        block,
        block + 1,
        1023,
        1024,
        1025,
        2047,
        2048,
        2049,
        4096,
        65535,
        65536,
        65537,
        (1 << 20) + 3,
    ];
    lengths.sort_unstable();
    lengths.dedup();
    let mut inputs = Vec::new();
    for len in lengths {
        inputs.push((format!("pattern251 len {len}"), vectors::pattern251(len)));
        inputs.push((
            format!("xorshift len {len} seed 12648430"),
            vectors::xorshift(len, 0xC0FFEE),
        ));
    }
    inputs
}

/// One agreement input and the reference implementation's digest of it.
pub struct AgreementCase {
    pub label: String,
    pub input: Vec<u8>,
    pub digest: Vec<u8>,
}

/// An algorithm's reference implementation and its digests of the agreement inputs.
pub struct Reference {
    pub id: String,
    pub cases: Vec<AgreementCase>,
}

/// The agreement inputs digested one-shot by `reference`.
pub fn reference_of(reference: &Candidate) -> Result<Reference, ReferencePanicked> {
    catch_unwind(AssertUnwindSafe(|| {
        let mut h = (reference.new)();
        let cases = agreement_inputs(reference.algorithm)
            .into_iter()
            .map(|(label, input)| {
                let mut digest = vec![0u8; reference.algorithm.output_bytes()];
                h.oneshot(&input, &mut digest);
                AgreementCase {
                    label,
                    input,
                    digest,
                }
            })
            .collect();
        Reference {
            id: reference.id.to_string(),
            cases,
        }
    }))
    .map_err(|_| ReferencePanicked(reference.id.to_string()))
}

/// The reference implementation panicked while digesting the agreement inputs.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("reference {0} panicked")]
pub struct ReferencePanicked(pub String);
