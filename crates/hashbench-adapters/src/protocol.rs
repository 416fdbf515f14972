//! The protocol's replies, typed (docs/adapters.md).

use serde::Deserialize;

/// The `hello` reply.
#[derive(Clone, Debug, Deserialize)]
pub struct Hello {
    pub runtime: String,
    pub version: String,
    /// The id of the adapter's nop implementation (`nop/node`).
    pub nop: String,
    pub implementations: Vec<ImplInfo>,
}

/// One implementation as the adapter describes it.
#[derive(Clone, Debug, Deserialize)]
pub struct ImplInfo {
    pub id: String,
    pub algorithm: String,
    /// Package and version, read at run time by the adapter.
    pub provider: String,
    #[serde(default)]
    pub backend: String,
    /// Pattern names; the first is the implementation's default.
    pub patterns: Vec<String>,
}

/// The `time` reply.
#[derive(Clone, Debug, Deserialize)]
pub struct TimeReply {
    /// The input's fold, 16 hex digits.
    pub input_fold: String,
    /// Each batch's elapsed time on the runtime's monotonic clock.
    pub batches_ns: Vec<u64>,
    /// The last call's digest, hex.
    pub digest: String,
    /// GC heap bytes allocated per call, where the runtime can say (Crystal).
    #[serde(default)]
    pub bytes_allocated_per_call: Option<f64>,
}
