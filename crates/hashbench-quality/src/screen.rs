//! The quality screen: a few statistical tests of a hash's output, each a statistic, a
//! threshold from the distribution a random function would give, and a verdict, over
//! deterministic inputs, so that one implementation always gets the same verdict. It
//! catches what breaks hash tables (a dead bit, low or high bits that do not move,
//! structure that collides) in about a second; it does not replace SMHasher3, whose
//! hundreds of tests run for minutes to hours (docs/quality.md).

mod avalanche;
mod buckets;
mod collisions;

use serde::Serialize;

use crate::keys::{KeySet, Keys};
use crate::rng::SplitMix64;

/// What the screen hashes through: a function's bytes path and, where it has one, the
/// typed-key path a hash map calls (`BuildHasher::hash_one`). An adapter over the
/// catalogue's `Hasher` is `hashbench-commands`' (`quality`); the tests' weak hashes are
/// their own.
pub trait Subject {
    /// Bits of [`Subject::hash_bytes`]' result, 32 to 64: a wider digest's first 64.
    fn bits(&self) -> u32;

    /// The hash of `data`, its [`Subject::bits`] bits in the low end of the result.
    fn hash_bytes(&mut self, data: &[u8]) -> u64;

    /// Whether typed keys (`u64`, ids, strings) go through the `hash_*` methods below,
    /// overridden with a map's 64-bit `hash_one`, rather than through the bytes path.
    fn typed(&self) -> bool {
        false
    }

    /// A `u64` key's hash: by default its 8 little-endian bytes through the bytes path.
    fn hash_u64(&mut self, key: u64) -> u64 {
        self.hash_bytes(&key.to_le_bytes())
    }

    /// A 16-byte id's hash.
    fn hash_id16(&mut self, key: &[u8; 16]) -> u64 {
        self.hash_bytes(key)
    }

    /// A string key's hash.
    fn hash_str(&mut self, key: &str) -> u64 {
        self.hash_bytes(key.as_bytes())
    }
}

/// How much the screen samples, and its overall cut.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Config {
    /// Every input (avalanche inputs and the generated key sets) is drawn from this.
    pub seed: u64,
    /// The chance that a truly random function fails the whole screen: divided among the
    /// checks and within each among its parts (Bonferroni).
    pub alpha: f64,
    /// Input lengths of the avalanche test, bytes.
    pub avalanche_lengths: Vec<usize>,
    /// Random inputs per avalanche length.
    pub avalanche_samples: usize,
    /// Keys per generated key set.
    pub keys: usize,
    /// The sparse key set's most bits set.
    pub sparse_bits: u32,
    /// Table sizes of the bucket test, as bits of the bucket index.
    pub table_bits: Vec<u32>,
}

impl Config {
    /// The command's screen: about a second per implementation in a release build.
    #[must_use]
    pub fn standard() -> Self {
        Config {
            seed: 0x6861_7368_6265_6e63,
            alpha: 1e-6,
            avalanche_lengths: vec![8, 16, 64],
            avalanche_samples: 10_000,
            keys: 1 << 18,
            sparse_bits: 3,
            table_bits: vec![8, 12, 16],
        }
    }

    /// The same tests and thresholds' logic on fewer samples: fast in a debug build (the
    /// tests), blind only to weaker flaws.
    #[must_use]
    pub fn quick() -> Self {
        Config {
            avalanche_lengths: vec![8, 16],
            avalanche_samples: 400,
            keys: 1 << 13,
            sparse_bits: 2,
            table_bits: vec![6, 10],
            ..Config::standard()
        }
    }

    /// The generated key sets this configuration screens with.
    #[must_use]
    pub fn key_sets(&self) -> Vec<KeySet> {
        crate::keys::standard(self.keys, self.sparse_bits, self.seed)
    }
}

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

/// An implementation's screen.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Screen {
    /// Bits of the bytes path's output screened.
    pub bits: u32,
    /// Whether typed keys went through a map's `hash_one`.
    pub typed: bool,
    pub checks: Vec<Check>,
}

impl Screen {
    #[must_use]
    pub fn passed(&self) -> bool {
        self.checks.iter().all(|c| c.pass)
    }

    #[must_use]
    pub fn failed(&self) -> usize {
        self.checks.iter().filter(|c| !c.pass).count()
    }
}

/// Screens `subject` with `config`'s avalanche inputs and `sets` (the generated ones,
/// [`Config::key_sets`], and the user's).
pub fn screen(subject: &mut dyn Subject, sets: &[KeySet], config: &Config) -> Screen {
    let typed = subject.typed();
    let avalanches = config.avalanche_lengths.len() + usize::from(typed);
    let per_check = config.alpha / (avalanches + 2 * sets.len()) as f64;
    let mut rng = SplitMix64::new(config.seed);
    let mut checks = Vec::new();
    for &len in &config.avalanche_lengths {
        checks.push(avalanche::bytes(subject, len, config, per_check, &mut rng));
    }
    if typed {
        checks.push(avalanche::typed_u64(subject, config, per_check, &mut rng));
    }
    for set in sets {
        let (values, bits, path) = hashes(subject, &set.keys);
        checks.push(buckets::check(&values, bits, &config.table_bits, per_check).named(set, path));
        checks.push(collisions::check(&values, bits, per_check).named(set, path));
    }
    Screen {
        bits: subject.bits(),
        typed,
        checks,
    }
}

/// Every key's hash, the bits it has, and the path it went through.
fn hashes(s: &mut dyn Subject, keys: &Keys) -> (Vec<u64>, u32, &'static str) {
    let typed = s.typed();
    let (bits, path) = match (typed, keys) {
        (true, Keys::U64(_)) => (64, "keys:u64"),
        (true, Keys::Id16(_)) => (64, "keys:id16"),
        (true, Keys::Str(_)) => (64, "keys:str"),
        _ => (s.bits(), "bytes"),
    };
    let values = match keys {
        Keys::U64(k) => k.iter().map(|&k| s.hash_u64(k)).collect(),
        Keys::Id16(k) => k.iter().map(|k| s.hash_id16(k)).collect(),
        Keys::Str(k) => k.iter().map(|k| s.hash_str(k)).collect(),
        Keys::Bytes(k) => k.iter().map(|k| s.hash_bytes(k)).collect(),
    };
    (values, bits, path)
}

/// A check's figures before it is named after its inputs.
struct Figures {
    test: Test,
    statistic: f64,
    threshold: f64,
    at: String,
    expected: Option<f64>,
    pass: bool,
}

impl Figures {
    fn named(self, set: &KeySet, path: &'static str) -> Check {
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
fn high(v: u64, bits: u32, b: u32) -> u64 {
    (v & mask(bits)) >> (bits - b)
}

/// The low `b` bits set.
fn mask(b: u32) -> u64 {
    if b >= 64 {
        u64::MAX
    } else {
        (1 << b) - 1
    }
}

#[cfg(test)]
mod tests;
