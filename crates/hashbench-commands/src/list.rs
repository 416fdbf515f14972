//! What `hashbench list` shows, as data: the catalogue's facts about the selected
//! implementations (what runs here, with which library version), and what the asked
//! runtimes' adapters offer or why they cannot run. `hashbench-report` renders it.

use hashbench_catalog::{Algorithm, Availability, Implementation};
use hashbench_model::listing::{
    AlgorithmEntry, ExternalEntry, ImplementationEntry, Listing, ProviderKind, RuntimeEntry,
    LIST_SCHEMA_VERSION,
};

use hashbench_plan::select::{select, Selection, Speaker};
use hashbench_plan::values::RuntimeList;
use hashbench_plan::PlanError;

/// What `list` is asked: each field is also its flag (with the `clap` feature, the
/// binary's), defined here once; the output format is the binary's.
#[derive(Clone, Debug, Default)]
#[cfg_attr(feature = "clap", derive(clap::Args))]
pub struct Ask {
    /// Algorithm ids, implementation ids, families, providers or classes; a runtime
    /// (node, python, go, java, crystal) lists what its adapter offers.
    pub filter: Vec<String>,
    /// List these runtimes' implementations (comma-separated, or all); the in-process
    /// implementations are then listed only as filters select them.
    #[cfg_attr(feature = "clap", arg(long, value_name = "RUNTIME[,RUNTIME...]",
        value_parser = hashbench_plan::values::runtimes))]
    pub runtime: Option<RuntimeList>,
    /// Also list what your own adapter offers: a command (quoted as a shell would, run
    /// without one) that speaks docs/adapters.md, as `run --adapter` (repeatable).
    #[cfg_attr(feature = "clap", arg(long = "adapter", value_name = "COMMAND"))]
    pub adapters: Vec<String>,
    /// `--plugin`, `--cflags`, `--algorithm`: also list what your own C implementations
    /// offer (docs/plugins.md), built and loaded as `run --plugin` would, or why they
    /// cannot run.
    #[cfg_attr(feature = "clap", command(flatten))]
    pub plugin: hashbench_plan::options::PluginOptions,
}

/// What `hashbench list FILTER... --runtime R --adapter C --plugin P` shows: the
/// implementations the filters select (every one without a filter), and the runtimes
/// asked for, by `--runtime`, a filter term, `--adapter` or `--plugin`, as their adapters
/// (a plugin's worker) answer. `notes` hears an
/// alias resolved.
///
/// # Errors
///
/// An unknown filter term, or an unknown implementation of a runtime.
pub fn of(ask: &Ask, notes: &mut dyn FnMut(&str)) -> Result<Listing, PlanError> {
    let runtimes = ask.runtime.clone().unwrap_or_default().0;
    let selection = ask
        .plugin
        .asked(|plugins| select(&ask.filter, &runtimes, (&ask.adapters, plugins), notes))?;
    let selected = selection.local_or_all();
    let mut asked: Vec<String> = runtimes;
    for runtime in selection.external.iter().map(|e| &e.runtime) {
        if !asked.contains(runtime) {
            asked.push(runtime.clone());
        }
    }
    Ok(listing(&selected, &selection, &asked))
}

/// The listing of `selected` (in catalogue order, grouped by algorithm), and of the
/// runtimes `asked` for (in `RUNTIMES` order) as `selection` found them.
#[must_use]
pub fn listing(
    selected: &[&'static Implementation],
    selection: &Selection,
    asked: &[String],
) -> Listing {
    let mut algorithms: Vec<&'static Algorithm> = selected.iter().map(|i| i.algorithm).collect();
    algorithms.dedup_by_key(|a| a.id);
    Listing {
        schema_version: LIST_SCHEMA_VERSION,
        algorithms: algorithms
            .into_iter()
            .map(|a| algorithm_entry(a, selected))
            .collect(),
        runtimes: runtime_entries(selection, asked),
    }
}

fn algorithm_entry(a: &Algorithm, selected: &[&'static Implementation]) -> AlgorithmEntry {
    AlgorithmEntry {
        id: a.id.to_string(),
        family: a.family.to_string(),
        class: a.class.model(),
        output_bits: a.output_bits,
        block_bytes: a.block_bytes,
        security_note: a.security_note.to_string(),
        collision_bits: a.collision_bits,
        broken: a.broken,
        standard: a.standard.map(str::to_string),
        hash_properties: a.hash.map(|h| h.model()),
        detection: hashbench_catalog::detection::detection(a),
        fips: hashbench_catalog::detection::fips(a),
        implementations: selected
            .iter()
            .filter(|i| i.algorithm.id == a.id)
            .map(|i| entry(i))
            .collect(),
    }
}

fn entry(imp: &Implementation) -> ImplementationEntry {
    let availability = imp.availability();
    ImplementationEntry {
        id: imp.id.to_string(),
        provider: imp.provider.name.to_string(),
        provider_kind: match imp.provider.kind {
            hashbench_catalog::ProviderKind::RustCrate => ProviderKind::RustCrate,
            hashbench_catalog::ProviderKind::CLibrary => ProviderKind::CLibrary,
        },
        provider_version: imp.provider.version(),
        variant: imp.variant.map(str::to_string),
        backend: (imp.backend)(),
        available: availability.is_available(),
        unavailable_reason: match availability {
            Availability::Available => None,
            Availability::Unavailable(why) => Some(why),
        },
    }
}

fn runtime_entries(selection: &Selection, asked: &[String]) -> Vec<RuntimeEntry> {
    let mut out: Vec<RuntimeEntry> = Vec::new();
    for (runtime, why, setup) in &selection.unavailable {
        out.push(RuntimeEntry {
            runtime: runtime.clone(),
            available: false,
            unavailable_reason: Some(why.clone()),
            setup: Some(setup.clone()),
            through: through(selection, runtime),
            implementations: Vec::new(),
        });
    }
    for runtime in asked {
        if out.iter().any(|e| e.runtime == *runtime) {
            continue;
        }
        out.push(RuntimeEntry {
            runtime: runtime.clone(),
            available: true,
            unavailable_reason: None,
            setup: None,
            through: through(selection, runtime),
            implementations: selection
                .external
                .iter()
                .filter(|e| e.runtime == *runtime)
                .map(|e| ExternalEntry {
                    id: e.id.to_string(),
                    algorithm: e.algorithm.id.to_string(),
                    provider: e.provider.clone(),
                    runtime_version: e.runtime_version.clone(),
                    backend: e.backend.clone(),
                    patterns: e.patterns.iter().map(ToString::to_string).collect(),
                })
                .collect(),
        });
    }
    out.sort_by_key(|e| {
        hashbench_adapters::RUNTIMES
            .iter()
            .position(|r| *r == e.runtime)
            // The user's own adapters after the built-in runtimes.
            .unwrap_or(usize::MAX)
    });
    out
}

/// What speaks for `runtime` in a listing, as the selection recorded it when it started
/// the runtime: a built-in runtime's adapter (its script under adapters/), hashbench's own
/// worker for a plugin, or the user's adapter.
fn through(selection: &Selection, runtime: &str) -> String {
    match selection.speaker(runtime) {
        Speaker::Shipped => format!("adapters/{runtime}"),
        Speaker::PluginWorker => "hashbench's plugin worker".to_string(),
        Speaker::Yours => "your adapter".to_string(),
    }
}
