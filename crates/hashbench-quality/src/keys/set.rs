//! A key set: keys of one type, as a map holds them, under a name.

pub use hashbench_model::Keys;

/// A named set of distinct keys.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct KeySet {
    /// A short name (`serial`, `high-bits`, or the user's file name).
    pub name: String,
    pub keys: Keys,
}
