//! Hand-built map cells and `maps` documents for the tests of this crate and of the
//! renderers above it: one builder each, so a field added to the model is added here
//! once.

use crate::{MapCell, MapsConfig, MapsDocument};

/// A settled `hit` cell of `id` on `set` with 1,024 keys, 3 rounds of 10 samples:
/// `ns` per operation, its interval `low`..`high`, no probe view and no paired rounds.
#[must_use]
pub fn map_cell(id: &str, set: &str, ns: f64, low: f64, high: f64) -> MapCell {
    MapCell {
        implementation: id.to_string(),
        key_set: set.to_string(),
        workload: "hit".to_string(),
        entries: 1024,
        ns,
        low_ns: low,
        high_ns: high,
        settled: true,
        rounds: 3,
        samples: 30,
        view: None,
        paired: None,
        standing: None,
    }
}

/// A `maps` document of `cells`, measured at 1,024 keys with 3 rounds of 0.1 s; no key
/// set summaries, nothing skipped, no record of where it was measured.
#[must_use]
pub fn maps_document(cells: Vec<MapCell>) -> MapsDocument {
    MapsDocument {
        schema_version: 1,
        measured: None,
        config: MapsConfig {
            workloads: vec!["hit".to_string()],
            entries: vec![1024],
            entries_from: "given".to_string(),
            rounds: 3,
            time_per_cell_s: 0.1,
            seed: 1,
            pin_cpu: None,
            run_to_run: hashbench_model::RunToRun::default(),
        },
        key_sets: Vec::new(),
        cells,
        skipped: Vec::new(),
    }
}
