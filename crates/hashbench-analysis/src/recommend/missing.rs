//! Why a run has no cell to answer from, said by the first thing that rules its cells
//! out: the size and mode, then the calling pattern, then the thread count, then an
//! algorithm the catalogue does not know. Each message says what the run has instead,
//! so it never names as missing what it then lists as present ("no latency cells at
//! 8 B (it has: 8 B)" said nothing about the key).

use std::collections::BTreeSet;

use hashbench_model::{AlgorithmProperties, Cell, Pattern, Run};

use super::{RecommendError, Request};

/// The distinct values of `f` over `cells`, sorted, shown by `show`, joined by `, `.
fn listed<T: Ord>(cells: &[&Cell], f: impl Fn(&Cell) -> T, show: impl Fn(&T) -> String) -> String {
    let set: BTreeSet<T> = cells.iter().map(|c| f(c)).collect();
    let each: Vec<String> = set.iter().map(show).collect();
    if each.is_empty() {
        "none".to_string()
    } else {
        each.join(", ")
    }
}

/// The error for a request no cell of `run` can answer (the filters of `recommend`, in
/// their order).
pub(super) fn why(
    run: &Run,
    properties: &[AlgorithmProperties],
    request: &Request,
) -> RecommendError {
    let (size, mode) = (request.size, request.mode);
    let in_mode: Vec<&Cell> = run.cells.iter().filter(|c| c.mode == mode).collect();
    if in_mode.is_empty() {
        return RecommendError::ModeNotMeasured { mode };
    }
    let at: Vec<&Cell> = in_mode.iter().copied().filter(|c| c.size == size).collect();
    if at.is_empty() {
        return RecommendError::SizeNotMeasured {
            size,
            mode,
            have: listed(&in_mode, |c| c.size, |s| hashbench_model::format::size(*s)),
        };
    }
    let called: Vec<&Cell> = at
        .iter()
        .copied()
        .filter(|c| c.pattern == request.pattern)
        .collect();
    if called.is_empty() {
        return RecommendError::OtherPattern {
            size,
            mode,
            pattern: request.pattern,
            have: listed(&at, |c| c.pattern.to_string(), String::clone),
            why: match request.pattern {
                Pattern::Keys(_) => {
                    " (--key chooses the key a hash table's hasher is timed on)".to_string()
                }
                _ => String::new(),
            },
        };
    }
    let threaded: Vec<&Cell> = called
        .iter()
        .copied()
        .filter(|c| c.threads == 1 || c.threads == request.threads)
        .collect();
    if threaded.is_empty() {
        return RecommendError::OtherThreads {
            size,
            mode,
            threads: request.threads,
            have: listed(&called, |c| c.threads, ToString::to_string),
        };
    }
    RecommendError::UnknownAlgorithms {
        size,
        mode,
        have: listed(
            &threaded,
            |c| {
                let known = c
                    .algorithm
                    .as_deref()
                    .is_some_and(|a| properties.iter().any(|p| p.id == a));
                match (&c.algorithm, known) {
                    (Some(a), false) => a.clone(),
                    (Some(a), true) => format!("{a} (known)"),
                    (None, _) => format!("{} (no algorithm)", c.implementation),
                }
            },
            String::clone,
        ),
    }
}

/// The error for a request no measured algorithm satisfies, with what was measured.
pub(super) fn no_candidate(
    request: &Request,
    measured: &[(&Cell, &AlgorithmProperties)],
) -> RecommendError {
    let mut algs: Vec<&str> = measured.iter().map(|(_, p)| p.id.as_str()).collect();
    algs.sort_unstable();
    algs.dedup();
    RecommendError::NoCandidate {
        size: request.size,
        need: request.need.as_str(),
        bits: format!(
            "{}{}{}{}{}",
            request
                .min_bits
                .map_or(String::new(), |b| format!(" --min-bits {b}")),
            if request.keyed { " --keyed" } else { "" },
            if request.stable { " --stable" } else { "" },
            request
                .min_hd
                .map_or(String::new(), |n| format!(" --min-hd {n}")),
            if request.fips { " --fips" } else { "" }
        ),
        measured: algs.join(", "),
    }
}
