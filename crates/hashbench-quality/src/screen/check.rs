//! A check: a test on one input set, its statistic against its threshold, and the
//! helpers every test reads a hash's bits with.

use serde::Serialize;

use crate::keys::KeySet;

/// The screen's tests.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Test {
    /// Flip one input bit: each output bit should flip half the time.
    Avalanche,
    /// Keys spread evenly over a table's buckets, by low bits and by high bits.
    Buckets,
    /// Distinct keys collide no more than a random function's would.
    Collisions,
}

impl Test {
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Test::Avalanche => "avalanche",
            Test::Buckets => "buckets",
            Test::Collisions => "collisions",
        }
    }

    /// What the statistic is, and which way is bad.
    #[must_use]
    pub fn statistic(self) -> &'static str {
        match self {
            Test::Avalanche => "worst |P(output bit flips) - 1/2|; fails above the threshold",
            Test::Buckets => "smallest chi-squared p-value; fails below the threshold",
            Test::Collisions => "colliding keys at the worst width; fails above the threshold",
        }
    }

    /// What a failure means for a user, in one line.
    #[must_use]
    pub fn meaning(self) -> &'static str {
        match self {
            Test::Avalanche => "an input bit leaves some output bits (nearly) unchanged: related keys get related hashes",
            Test::Buckets => "these keys crowd some buckets of a table indexed by those bits: long probe chains",
            Test::Collisions => "distinct keys share hashes more often than chance: a table cannot tell them apart",
        }
    }
}

/// One check: a test on one input set, its statistic against its threshold.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Check {
    pub test: Test,
    /// The inputs: `random 16 B` or a key set's name.
    pub keys: String,
    /// The path hashed: `bytes`, or a map's `keys:u64`, `keys:id16`, `keys:str`.
    pub path: &'static str,
    pub keys_count: usize,
    pub statistic: f64,
    pub threshold: f64,
    /// Where the worst statistic was (`input bit 3 -> output bit 60`, `low 8 bits`).
    pub at: String,
    /// What a random function gives on average there (collisions only).
    pub expected: Option<f64>,
    pub pass: bool,
}

/// A check's figures before it is named after its inputs.
pub(super) struct Figures {
    pub(super) test: Test,
    pub(super) statistic: f64,
    pub(super) threshold: f64,
    pub(super) at: String,
    pub(super) expected: Option<f64>,
    pub(super) pass: bool,
}

impl Figures {
    pub(super) fn named(self, set: &KeySet, path: &'static str) -> Check {
        Check {
            test: self.test,
            keys: set.name.clone(),
            path,
            keys_count: set.keys.len(),
            statistic: self.statistic,
            threshold: self.threshold,
            at: self.at,
            expected: self.expected,
            pass: self.pass,
        }
    }
}

/// `v`'s top `b` of its `bits` bits.
pub(super) fn high(v: u64, bits: u32, b: u32) -> u64 {
    (v & mask(bits)) >> (bits - b)
}

/// The low `b` bits set.
pub(super) fn mask(b: u32) -> u64 {
    if b >= 64 {
        u64::MAX
    } else {
        (1 << b) - 1
    }
}
