//! One CPU cache, as the host detects it and the parsers read it.

use serde::{Deserialize, Serialize};

/// One CPU cache as seen from CPU 0.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Cache {
    /// 1 for L1, 2 for L2, …
    pub level: u8,
    /// `"data"`, `"instruction"` or `"unified"`.
    pub kind: String,
    /// Capacity in bytes.
    pub size_bytes: u64,
    /// How many logical CPUs share this cache instance (e.g. 2 for a
    /// per-core L2 with SMT); `None` if the kernel did not say.
    pub shared_by_cpus: Option<usize>,
}
