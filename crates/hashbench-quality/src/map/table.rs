//! hashbrown's placement and probing, replayed on hashes alone: which slot each key
//! takes, and what each lookup reads on its way. A key is its index among the hashes, so
//! two keys are equal only when they are the same key (the key sets hold each key once).

use serde::Serialize;

/// Slots per group: the 16 control bytes one SSE2 load compares (hashbrown's
/// `Group::WIDTH` on x86-64; 8 where it falls back to a 64-bit word).
pub const GROUP: usize = 16;

/// A control byte of an empty slot (hashbrown's `EMPTY`); a full slot's is its tag,
/// 0..=127.
const EMPTY: u8 = 0xff;

/// What lookups in a filled table probe, on average and at worst.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Placement {
    /// Groups read by a lookup of a key in the table, mean over every key.
    pub groups_per_hit: f64,
    /// The most groups a lookup of a key in the table reads (1: it is in the first
    /// group probed).
    pub longest: u32,
    /// The share of keys not in the first group their lookup reads.
    pub outside_home: f64,
    /// Groups read by a lookup of a key not in the table, mean.
    pub groups_per_miss: f64,
    /// Slots whose tag matched but whose key was another, compared before a lookup
    /// found its key: mean per lookup of a key in the table.
    pub false_tags_per_hit: f64,
    /// The same for a lookup of a key not in the table (every match is false).
    pub false_tags_per_miss: f64,
}

/// hashbrown's bucket count for a table that must hold `len` keys
/// (`capacity_to_buckets`): 4 or 8 for a handful, else the power of two that keeps the
/// load at most 7/8.
#[must_use]
pub fn buckets_for(len: usize) -> usize {
    match len {
        0..=3 => 4,
        4..=7 => 8,
        _ => (len.saturating_mul(8) / 7).next_power_of_two(),
    }
}

/// A filled table: each slot's control byte, and the index of the key in a full one.
pub(super) struct Table {
    mask: usize,
    ctrl: Vec<u8>,
    slot: Vec<u32>,
}

impl Table {
    /// `inserted` placed in order, as hashbrown's `find_insert_index` places each: the
    /// first empty slot of the first group along its probe that has one.
    pub(super) fn fill(inserted: &[u64]) -> Table {
        let buckets = buckets_for(inserted.len()).max(GROUP);
        let mask = buckets - 1;
        let mut ctrl = vec![EMPTY; buckets];
        let mut slot = vec![0u32; buckets];
        for (i, &h) in inserted.iter().enumerate() {
            let s = probe(h, mask)
                .find_map(|pos| {
                    (0..GROUP)
                        .map(|j| (pos + j) & mask)
                        .find(|&s| ctrl[s] == EMPTY)
                })
                .expect("a table at most 7/8 full has an empty slot");
            ctrl[s] = tag(h);
            slot[s] = i as u32;
        }
        Table { mask, ctrl, slot }
    }

    /// The keys' indices in slot order: the order a hashbrown table iterates them.
    #[cfg(test)]
    pub(super) fn order(&self) -> Vec<u32> {
        (0..=self.mask)
            .filter(|&s| self.ctrl[s] != EMPTY)
            .map(|s| self.slot[s])
            .collect()
    }
}

/// The tag hashbrown keeps in a full slot's control byte: the hash's top 7 bits.
fn tag(hash: u64) -> u8 {
    (hash >> 57) as u8
}

/// A table with `inserted` placed, in order, then looked up, and `absent` looked up.
/// Tables of fewer than 16 buckets are sized up to a group (hashbrown handles them with
/// mirrored control bytes; the figures here are for tables of hundreds of keys or more).
pub(super) fn place(inserted: &[u64], absent: &[u64]) -> Placement {
    let Table { mask, ctrl, slot } = Table::fill(inserted);
    let (mut groups, mut longest, mut outside, mut false_hit) = (0u64, 0u32, 0u64, 0u64);
    for (i, &h) in inserted.iter().enumerate() {
        let t = tag(h);
        for (n, pos) in probe(h, mask).enumerate() {
            let mut found = false;
            for s in (0..GROUP).map(|j| (pos + j) & mask) {
                if ctrl[s] == t {
                    if slot[s] as usize == i {
                        found = true;
                        break;
                    }
                    false_hit += 1;
                }
            }
            if found {
                let read = n as u32 + 1;
                groups += u64::from(read);
                longest = longest.max(read);
                outside += u64::from(read > 1);
                break;
            }
        }
    }
    let (mut miss_groups, mut false_miss) = (0u64, 0u64);
    for &h in absent {
        let t = tag(h);
        for pos in probe(h, mask) {
            miss_groups += 1;
            let group: [u8; GROUP] = std::array::from_fn(|j| ctrl[(pos + j) & mask]);
            false_miss += group.iter().filter(|&&c| c == t).count() as u64;
            if group.contains(&EMPTY) {
                break;
            }
        }
    }
    let per = |sum: u64, n: usize| if n == 0 { 0.0 } else { sum as f64 / n as f64 };
    Placement {
        groups_per_hit: per(groups, inserted.len()),
        longest,
        outside_home: per(outside, inserted.len()),
        groups_per_miss: per(miss_groups, absent.len()),
        false_tags_per_hit: per(false_hit, inserted.len()),
        false_tags_per_miss: per(false_miss, absent.len()),
    }
}

/// The start of each group a probe for `hash` reads: from the bucket its low bits name,
/// stepping 16, 32, 48, ... slots on (triangular probing visits every group of a
/// power-of-two table).
fn probe(hash: u64, mask: usize) -> impl Iterator<Item = usize> {
    let first = hash as usize & mask;
    (0..).scan((first, 0usize), move |(pos, stride), n| {
        if n > 0 {
            *stride += GROUP;
            *pos = (*pos + *stride) & mask;
        }
        Some(*pos)
    })
}
