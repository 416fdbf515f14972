//! Choosing implementations across runtimes: filter terms that name a runtime (`node`)
//! or an implementation in one (`sha2-256/node:crypto`), and `--runtime`, start those
//! runtimes' adapters; everything else selects from the in-process catalogue as before.

use anyhow::Result;
use hashbench_adapters::{discover, is_runtime, External, Runtime, RuntimeState, RUNTIMES};
use hashbench_catalog::Implementation;

/// What the filters and `--runtime` select.
pub struct Selection {
    pub local: Vec<&'static Implementation>,
    pub external: Vec<External>,
    /// Runtimes asked for that cannot run here: (runtime, why, the command that sets it up).
    pub unavailable: Vec<(String, String, String)>,
    /// Implementations an adapter offers that hashbench cannot take: (id, why).
    pub refused: Vec<(String, String)>,
    /// Whether any filter term or `--runtime` asked for something.
    pub asked: bool,
}

/// The runtime an implementation id names (`sha2-256/node:crypto` -> `node`).
fn runtime_of_id(term: &str) -> Option<&'static str> {
    let (_, rest) = term.split_once('/')?;
    let (runtime, _) = rest.split_once(':')?;
    RUNTIMES
        .iter()
        .copied()
        .find(|r| r.eq_ignore_ascii_case(runtime))
}

/// The `--runtime` flag's value: runtime names.
#[derive(Clone, Debug, Default)]
pub struct RuntimeList(pub Vec<String>);

/// Whether a filter term names a runtime (`node`) or an implementation in one
/// (`sha2-256/node:crypto`): resolved by the adapters, not the catalogue.
pub fn names_a_runtime(term: &str) -> bool {
    let t = term.trim().to_ascii_lowercase();
    is_runtime(&t) || runtime_of_id(&t).is_some()
}

/// `--runtime`: a comma-separated list of runtimes, or `all`.
pub fn runtimes_flag(text: &str) -> Result<RuntimeList, crate::cli::UsageError> {
    let mut out = Vec::new();
    for item in text.split(',').map(str::trim) {
        if item == "all" {
            out.extend(RUNTIMES.iter().map(|r| r.to_string()));
        } else if is_runtime(item) {
            out.push(item.to_string());
        } else {
            return Err(crate::cli::UsageError(format!(
                "unknown runtime '{item}': runtimes are {}, or all",
                RUNTIMES.join(", ")
            )));
        }
    }
    out.dedup();
    Ok(RuntimeList(out))
}

/// Splits `filters` into in-process terms and runtime terms, starts the runtimes needed,
/// and selects. With no filter and no `--runtime`, `local` is empty and `asked` false:
/// the caller picks its default.
pub fn select(filters: &[String], runtimes: &[String]) -> Result<Selection> {
    let mut local_terms: Vec<String> = Vec::new();
    let mut whole: Vec<&str> = Vec::new();
    let mut ids: Vec<String> = Vec::new();
    for term in filters {
        let t = term.trim().to_ascii_lowercase();
        if let Some(r) = RUNTIMES.iter().copied().find(|r| *r == t) {
            whole.push(r);
        } else if let Some(r) = runtime_of_id(&t) {
            // Ids keep their case: `sha2-256/java:MessageDigest`.
            whole.push(r);
            ids.push(term.trim().to_string());
        } else {
            local_terms.push(term.clone());
        }
    }
    let local = if local_terms.is_empty() {
        Vec::new()
    } else {
        crate::cli::select(&local_terms)?
    };
    let mut wanted: Vec<&str> = whole.clone();
    wanted.extend(runtimes.iter().map(String::as_str));
    let started: Vec<Runtime> = if wanted.is_empty() {
        Vec::new()
    } else {
        discover(&wanted)
    };
    let mut selection = Selection {
        local,
        external: Vec::new(),
        unavailable: Vec::new(),
        refused: Vec::new(),
        asked: !filters.is_empty() || !runtimes.is_empty(),
    };
    for rt in &started {
        if let RuntimeState::Unavailable { why, setup } = &rt.state {
            selection
                .unavailable
                .push((rt.name.clone(), why.clone(), setup.clone()));
            continue;
        }
        let (offered, refused) = rt.implementations();
        selection.refused.extend(refused);
        let by_name = whole.contains(&rt.name.as_str());
        for ext in offered {
            let named = ids.contains(&ext.id);
            let whole_runtime = by_name
                && !ids
                    .iter()
                    .any(|id| runtime_of_id(id) == Some(rt.name.as_str()));
            // `--runtime`: the algorithms the in-process terms select (all without any).
            let by_flag = runtimes.contains(&rt.name)
                && (local_terms.is_empty()
                    || selection
                        .local
                        .iter()
                        .any(|l| l.algorithm.id == ext.algorithm.id));
            if named || whole_runtime || by_flag {
                selection.external.push(ext);
            }
        }
    }
    for id in &ids {
        let known = selection.external.iter().any(|e| e.id == *id);
        let runtime_down =
            runtime_of_id(id).is_some_and(|r| selection.unavailable.iter().any(|u| u.0 == r));
        if !known && !runtime_down {
            anyhow::bail!(crate::cli::UsageError(format!(
                "unknown implementation '{id}': `hashbench list {}` shows what its runtime offers",
                runtime_of_id(id).unwrap_or("")
            )));
        }
    }
    Ok(selection)
}
