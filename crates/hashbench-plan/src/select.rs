//! Which implementations filter terms select, in this process and in other runtimes.
//! Terms that name a runtime (`node`) or an implementation in one (`sha2-256/node:crypto`),
//! and `--runtime`, start those runtimes' adapters (processes); every other term selects
//! from the in-process catalogue. Nothing here prints: what a user should be told (an
//! alias resolved) goes to the caller's `notes`.

use hashbench_adapters::{
    discover, is_runtime, start_user, External, Runtime, RuntimeState, RUNTIMES,
};
use hashbench_catalog::{Availability, Implementation};
use hashbench_model::ExternalId;

use crate::plugins::{self, PluginAsk};
use crate::{PlanError, UsageError};

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
    /// What speaks for each runtime started (or tried), by its name.
    pub speakers: std::collections::BTreeMap<String, Speaker>,
}

/// What speaks for a runtime's implementations: which process answers hashbench's
/// requests for them, so that a listing says whose code stands between hashbench and the
/// implementation.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Speaker {
    /// One of hashbench's own adapters (`adapters/NAME`).
    Shipped,
    /// The user's own adapter (`--adapter COMMAND`).
    Yours,
    /// hashbench's plugin worker, serving a `--plugin` library.
    PluginWorker,
}

impl Selection {
    /// What speaks for `runtime`: recorded when it was started; a runtime never started
    /// here can only be one of hashbench's own.
    #[must_use]
    pub fn speaker(&self, runtime: &str) -> Speaker {
        self.speakers
            .get(runtime)
            .copied()
            .unwrap_or(Speaker::Shipped)
    }

    /// The in-process implementations selected, or the whole catalogue when nothing was
    /// asked for (`list` and `verify` without a filter).
    #[must_use]
    pub fn local_or_all(&self) -> Vec<&'static Implementation> {
        if self.asked {
            self.local.clone()
        } else {
            hashbench_catalog::Filter::default().implementations()
        }
    }
}

/// The in-process implementations `filters` select (an unknown name is a
/// [`PlanError::Filter`] with the closest names). An alias (`sha256`) is resolved and
/// said through `notes` (`'sha256' is sha2-256`), so nobody wonders what it measured.
pub fn local(
    filters: &[String],
    notes: &mut dyn FnMut(&str),
) -> Result<Vec<&'static Implementation>, PlanError> {
    for term in filters {
        if let Some(id) = hashbench_catalog::alias_of(term) {
            if !hashbench_catalog::filter::known_names().contains(&term.trim()) {
                notes(&format!("'{}' is {id}", term.trim()));
            }
        }
    }
    Ok(hashbench_catalog::Filter::parse(filters)?.implementations())
}

/// The one implementation `name` asks for (`sum -i`): an implementation id, or an
/// algorithm id (an alias such as `sha256` included), which picks the algorithm's first
/// implementation that runs here.
///
/// # Errors
///
/// The implementation cannot run here, no implementation of the algorithm runs here, an
/// unknown name ([`PlanError::Filter`], with suggestions), or a family, provider or class.
pub fn implementation(name: &str) -> Result<&'static Implementation, PlanError> {
    // Ids are matched without regard to case, as every filter term is: `SHA256` is an
    // alias of sha2-256, so `sha2-256/OPENSSL` is openssl's.
    if let Some(imp) = by_id(name) {
        return match imp.availability() {
            Availability::Available => Ok(imp),
            Availability::Unavailable(why) => {
                Err(UsageError(format!("{name} cannot run here: {why}")).into())
            }
        };
    }
    // `sha256` as people type it means sha2-256; ids in any case, as above.
    let lower = name.trim().to_ascii_lowercase();
    let name = hashbench_catalog::alias_of(name).unwrap_or(&lower);
    if hashbench_catalog::algorithm::algorithm(name).is_some() {
        return hashbench_catalog::implementations_of(name)
            .find(|i| i.availability().is_available())
            .ok_or_else(|| UsageError(format!("no implementation of {name} runs here")).into());
    }
    // Let the filter produce the "did you mean" message.
    hashbench_catalog::Filter::parse(&[name])?;
    Err(UsageError(format!(
        "'{name}' is a family, provider or class; give an algorithm or implementation id"
    ))
    .into())
}

/// The in-process implementation whose id is `name`, in any case.
#[must_use]
pub fn by_id(name: &str) -> Option<&'static Implementation> {
    hashbench_catalog::find_implementation(name)
        .or_else(|| hashbench_catalog::find_implementation(&name.trim().to_ascii_lowercase()))
}

/// The runtime an implementation id names (`sha2-256/node:crypto` -> `node`).
fn runtime_of_id(term: &str) -> Option<&'static str> {
    let id: ExternalId = term.parse().ok()?;
    RUNTIMES.iter().copied().find(|r| *r == id.runtime)
}

/// Whether a filter term names a runtime (`node`) or an implementation in one
/// (`sha2-256/node:crypto`): resolved by the adapters, not the catalogue.
#[must_use]
pub fn names_a_runtime(term: &str) -> bool {
    let t = term.trim().to_ascii_lowercase();
    is_runtime(&t) || runtime_of_id(&t).is_some()
}

/// Splits `filters` into in-process terms and runtime terms, starts the runtimes needed
/// the user's `adapters` (`--adapter` commands) and `plugins` (`--plugin`, each in a
/// worker), and selects. With no filter, no `--runtime`, no adapter and no plugin,
/// `local` is empty and `asked` false: the caller picks its default.
pub fn select(
    filters: &[String],
    runtimes: &[String],
    (adapters, plugins): (&[String], &PluginAsk<'_>),
    notes: &mut dyn FnMut(&str),
) -> Result<Selection, PlanError> {
    let mut local_terms: Vec<String> = Vec::new();
    let mut whole: Vec<&str> = Vec::new();
    // Implementations named by id, as typed, with the runtime each names.
    let mut ids: Vec<(String, &'static str)> = Vec::new();
    for term in filters {
        let t = term.trim().to_ascii_lowercase();
        if let Some(r) = RUNTIMES.iter().copied().find(|r| *r == t) {
            whole.push(r);
        } else if let Some(r) = runtime_of_id(&t) {
            // Ids keep their case: `sha2-256/java:MessageDigest`.
            whole.push(r);
            ids.push((term.trim().to_string(), r));
        } else {
            local_terms.push(term.clone());
        }
    }
    let local = if local_terms.is_empty() {
        Vec::new()
    } else {
        local(&local_terms, notes)?
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
        speakers: std::collections::BTreeMap::new(),
        asked: !filters.is_empty()
            || !runtimes.is_empty()
            || !adapters.is_empty()
            || !plugins.paths.is_empty(),
    };
    for rt in &started {
        selection.speakers.insert(rt.name.clone(), Speaker::Shipped);
        take_offered(&mut selection, rt, &whole, &ids, runtimes, &local_terms);
    }
    for command in adapters {
        let rt = start_user(command);
        // What the adapter offers of the algorithms the filters select, as `--runtime`
        // takes a runtime's; all of it without filters.
        let by_flag = [rt.name.clone()];
        selection.speakers.insert(rt.name.clone(), Speaker::Yours);
        take_offered(&mut selection, &rt, &[], &[], &by_flag, &local_terms);
    }
    for path in plugins.paths {
        let (rt, origin) = plugins::start(path, plugins);
        let first = selection.external.len();
        // A plugin is one implementation the user named by its path: it is measured
        // whatever the filters select (its own algorithm may be one no filter can name,
        // a new one its manifest defines).
        let by_flag = [rt.name.clone()];
        selection
            .speakers
            .insert(rt.name.clone(), Speaker::PluginWorker);
        take_offered(&mut selection, &rt, &[], &[], &by_flag, &[]);
        // The worker knows the library it loaded; the build is known here.
        if let Some(origin) = origin {
            for ext in &mut selection.external[first..] {
                ext.provider = plugins::provider(&ext.id.library, &origin);
                ext.origin = Some(Box::new(plugins::recorded(&origin)));
            }
        }
    }
    for (id, runtime) in &ids {
        let known = selection.external.iter().any(|e| e.id.to_string() == *id);
        let runtime_down = selection.unavailable.iter().any(|u| u.0 == *runtime);
        if !known && !runtime_down {
            return Err(UsageError(format!(
                "unknown implementation '{id}': `hashbench list {runtime}` shows what its runtime offers"
            ))
            .into());
        }
    }
    Ok(selection)
}

/// What the started runtime `rt` offers that the terms select: all of it when a term
/// names the runtime alone, the implementations named by id, and with `--runtime` those
/// of the algorithms the in-process terms select (all without any).
fn take_offered(
    selection: &mut Selection,
    rt: &Runtime,
    whole: &[&str],
    ids: &[(String, &'static str)],
    runtimes: &[String],
    local_terms: &[String],
) {
    if let RuntimeState::Unavailable { why, setup } = &rt.state {
        selection
            .unavailable
            .push((rt.name.clone(), why.clone(), setup.clone()));
        return;
    }
    let (offered, refused) = rt.implementations();
    selection.refused.extend(refused);
    let by_name = whole.contains(&rt.name.as_str());
    for ext in offered {
        let named = ids.iter().any(|(id, _)| ext.id.to_string() == *id);
        let whole_runtime = by_name && !ids.iter().any(|(_, r)| *r == rt.name);
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

#[cfg(test)]
mod tests;
