//! What `recommend` is asked: the need, the requirements beside it (`--min-bits`,
//! `--keyed`, `--stable`, `--min-hd`, `--fips`), and what an answer gives up against
//! them.

use serde::Serialize;

use hashbench_model::{AlgorithmClass, AlgorithmProperties, HdAt, Mode, Pattern, Size};

/// What the output must be good for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Need {
    /// Detecting accidental corruption.
    Checksum,
    /// A fast, evenly spread hash (tables, deduplication); no adversary.
    Hash,
    /// The hasher of a hash table: a non-cryptographic hash, judged on small keys.
    HashTable,
    /// Collision resistance against an adversary.
    Crypto,
}

impl Need {
    /// `checksum`, `hash`, `crypto`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        match self {
            Need::Checksum => "checksum",
            Need::Hash => "hash",
            Need::HashTable => "hash-table",
            Need::Crypto => "crypto",
        }
    }

    /// What the need asks for, in words.
    #[must_use]
    pub fn describe(self) -> &'static str {
        match self {
            Need::Checksum => "error detection",
            Need::Hash => "a fast non-cryptographic hash",
            Need::HashTable => "a hash-table hasher",
            Need::Crypto => "collision resistance",
        }
    }

    /// `None` when `p` satisfies this need and has `min_bits`, else why not.
    #[must_use]
    pub fn rejects(self, p: &AlgorithmProperties, min_bits: Option<u32>) -> Option<String> {
        let class_ok = match self {
            Need::Checksum => true,
            Need::Hash => p.class != AlgorithmClass::Checksum,
            Need::HashTable => p.class == AlgorithmClass::NonCryptographicHash,
            Need::Crypto => p.class == AlgorithmClass::CryptographicHash,
        };
        if !class_ok {
            return Some(format!(
                "a {}: no {}",
                p.class.as_str(),
                match (self, p.class) {
                    (Need::Crypto, _) => "collision resistance",
                    (Need::HashTable, AlgorithmClass::CryptographicHash) => {
                        "table hasher (built for collision resistance, at many times the cost)"
                    }
                    _ => "hash-quality spread",
                }
            ));
        }
        if self == Need::Crypto && p.broken {
            return Some(format!("broken: {}", p.note));
        }
        match min_bits {
            Some(bits) if p.output_bits < bits => Some(format!(
                "{} output bits, fewer than --min-bits {bits}",
                p.output_bits
            )),
            _ => None,
        }
    }
}

/// What to recommend for.
#[derive(Clone, Debug, PartialEq)]
pub struct Request {
    pub need: Need,
    pub min_bits: Option<u32>,
    /// Only hashes whose authors claim flood resistance for a secret key (`--keyed`).
    pub keyed: bool,
    /// Only hashes whose output is the same across versions and platforms (`--stable`).
    pub stable: bool,
    /// Only checksums whose Hamming distance at the size is at least this (`--min-hd`).
    pub min_hd: Option<u32>,
    /// Only FIPS-approved hashes (`--fips`).
    pub fips: bool,
    pub size: Size,
    pub mode: Mode,
    /// Threads a parallel implementation may use; one-thread cells always count.
    pub threads: usize,
    /// The calling pattern answered for: `oneshot`, or for a hash table's hasher the
    /// typed key it hashes (`keys:*`).
    pub pattern: Pattern,
}

impl Request {
    /// `None` when `p` satisfies the need, `--min-bits`, `--keyed` and `--stable`, else
    /// why not. Keys and stability are known for the non-cryptographic hashes (their
    /// `hash` properties); a hash without them satisfies neither requirement.
    #[must_use]
    pub fn rejects(&self, p: &AlgorithmProperties) -> Option<String> {
        if let Some(why) = self.need.rejects(p, self.min_bits) {
            return Some(why);
        }
        if self.keyed {
            match &p.hash {
                Some(h) => {
                    if let Some(why) = no_secret_key(h.key) {
                        return Some(format!("not flood-resistant: {why}"));
                    }
                }
                None => return Some("no key to resist hash flooding".to_string()),
            }
        }
        if self.stable {
            match &p.hash {
                Some(h) if h.stability.stable => {}
                Some(h) => return Some(format!("output not stable: {}", h.stability.reason)),
                None => return Some("no stability record".to_string()),
            }
        }
        if let Some(n) = self.min_hd {
            if let Some(why) = below_min_hd(p, self.size, n) {
                return Some(why);
            }
        }
        if self.fips {
            match &p.fips {
                Some(f) if f.approved => {}
                Some(f) => return Some(format!("not FIPS-approved: {}", f.status)),
                None => return Some("not FIPS-approved: not a cryptographic hash".to_string()),
            }
        }
        None
    }
}

/// The data length `size` stands for, in bits: a range's longest call.
#[must_use]
pub fn data_bits(size: Size) -> u64 {
    size.max_bytes().saturating_mul(8)
}

/// The HD `p` guarantees at `size`, with its source: `None` without a published profile.
#[must_use]
pub fn hd_at(p: &AlgorithmProperties, size: Size) -> Option<HdAt> {
    p.detection.as_ref()?.hd_at_with_source(data_bits(size))
}

/// Why `p` fails `--min-hd n` at `size`; `None` when its HD there is at least `n` (a
/// lower bound of `n` or more proves it; one below `n` proves nothing either way).
fn below_min_hd(p: &AlgorithmProperties, size: Size, n: u32) -> Option<String> {
    if let Some(at) = hd_at(p, size) {
        let shown = hashbench_model::format::size(size);
        let short = if at.at_least {
            "not known to reach"
        } else {
            "below"
        };
        return (at.hd < n).then(|| {
            format!(
                "{} at {shown}, {short} --min-hd {n} ({})",
                at.label(),
                at.meaning()
            )
        });
    }
    Some(match &p.detection {
        Some(d) => d.why_no_hd().unwrap_or_default(),
        None => "no error-detection record: HD unknown".to_string(),
    })
}

/// Why `key` does not resist hash flooding (`a 64-bit seed, no secret key`, `no key`);
/// `None` for a key its authors claim flood resistance for.
fn no_secret_key(key: hashbench_model::Key) -> Option<String> {
    match key {
        hashbench_model::Key::Keyed { .. } => None,
        hashbench_model::Key::Seed { bits } => Some(format!("a {bits}-bit seed, no secret key")),
        hashbench_model::Key::Unkeyed => Some("no key".to_string()),
    }
}

/// What `p` gives up that a user choosing a hasher may want, one phrase each: flood
/// resistance (for the hash needs), SMHasher3's failures (or its silence). Empty for a
/// hash that passes and is keyed, and for checksums and cryptographic hashes (their
/// note says what they are for). Said once each: an unstable output is the answer's
/// `hash.stability` (the text's "output: NOT stable (why)"), a checksum's error
/// detection its `hamming_distance` or `detection` (the "Error detection" line).
#[must_use]
pub fn gives_up(need: Need, p: &AlgorithmProperties) -> Vec<String> {
    let Some(h) = &p.hash else {
        return Vec::new();
    };
    let mut out = Vec::new();
    if matches!(need, Need::Hash | Need::HashTable) {
        if let Some(no_key) = no_secret_key(h.key) {
            out.push(format!(
                "flood resistance ({no_key}: a table keyed by untrusted input can be flooded)"
            ));
        }
    }
    match h.smhasher3.verdict {
        hashbench_model::Verdict::Fails { failed, of } => {
            out.push(format!("quality (fails {failed} of {of} SMHasher3 tests)"));
        }
        hashbench_model::Verdict::NotTested => {
            out.push("a published quality verdict (not in SMHasher3's results)".to_string());
        }
        hashbench_model::Verdict::Passes { .. } => {}
    }
    out
}
