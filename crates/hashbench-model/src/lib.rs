//! The hashbench run model: everything a run measured, as the versioned JSON contract
//! (docs/json-schema.md), and [`load_run`], which reads a result file defensively.
//!
//! This crate is data: the types every other floor speaks (a [`Run`] of [`Cell`]s, each
//! of a [`Subject`] driven by a [`Pattern`], with its [`Flag`]s, [`Relative`] figures and
//! [`StopReason`]), their serde attributes, and the few methods that read them; the
//! [`Metric`] a run's tables show; and [`format`], the human spelling of sizes, times and
//! rates that the runner's errors, the analysis' flags and the renderers share; [`inert`],
//! the one escaping rule for every string that came from outside. It
//! measures nothing, analyses nothing and renders nothing, and depends on no C library,
//! so rendering or checking a saved run compiles none of the hash libraries.

pub mod bounded;
mod cell;
mod costfit;
mod data_dir;
mod detection;
mod external_id;
pub mod findings;
mod flag;
pub mod format;
pub mod inert;
mod keys;
mod layout;
pub mod listing;
mod load;
mod machine;
mod metric;
mod pattern;
mod properties;
mod quality;
mod ranking;
mod reference;
mod relative;
mod run;
mod scaling;
mod series;
mod size;
mod skip;
mod stop;
mod subject;
#[cfg(any(test, feature = "test-util"))]
pub mod testutil;
mod verification;
mod wander;

pub use cell::{Cell, NoReadCeiling, RawSample, StreamsCell};
pub use costfit::{CostFit, Interval};
pub use data_dir::data_dir;
pub use detection::{Detection, Fips, HdAt};
pub use external_id::{ExternalId, ExternalIdError};
pub use flag::{Flag, FlagCode};
pub use keys::Keys;
pub use layout::Layout;
pub use load::{load_run, LoadError, MAX_FILE_BYTES, MAX_SIZE_BYTES};
pub use machine::{CellLoad, SampleTrend};
pub use metric::Metric;
pub use pattern::{KeyKind, Pattern, PatternError, MAX_STR_KEY, PATTERN_NAMES};
pub use properties::{AlgorithmClass, AlgorithmProperties};
pub use quality::{HashProperties, Key, Smhasher3, Stability, Verdict};
pub use ranking::{Ranked, Ranking};
pub use reference::{
    phases_of, phases_of_both, Checkpoint, DriftReference, ReferencePoint, RememberedSpeed,
    RememberedSpeeds,
};
pub use relative::{Relative, RelativeTo};
pub use run::{
    LoadSample, MachineLoad, Origin, ProviderVersion, Run, RunConfig, SuiteInfo, Tool,
    SCHEMA_VERSION,
};
pub use scaling::{IterationScaling, ScalingClock, ScalingTrial};
pub use series::SeriesKey;
pub use size::{Mode, Size, MAX_RANGE_LENGTHS};
pub use skip::{SkipReason, Skipped};
pub use stop::StopReason;
pub use subject::{Baseline, Subject, ESTIMATOR_BASELINES};
pub use verification::VerificationFacts;
pub use wander::{
    assumed_reach, cell_key, key_of, CellWander, ClassWander, RunToRun, SizeClass,
    ASSUMED_MAP_REACH, CALL_CLASSES, CELL_ALONE_MOVES, MAP_CLASSES, MIN_CELL_MOVES, MIN_MOVES,
    MIN_RUNS, PREDICTION, SMALL_BELOW,
};
