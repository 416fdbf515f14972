//! The exhaustive search for the lightest undetected error of one weight: a
//! meet-in-the-middle over the syndromes x^i mod G of single-bit errors.
//!
//! An error pattern goes undetected iff the XOR of its bits' syndromes is 0. A codeword
//! can be shifted until its lowest bit is bit 0 (G(0) = 1, so the shift stays a multiple
//! of G and its span is unchanged), so only patterns {0} + A + B are tried, A and B sets
//! of positions in 1..n: a table holds 1 ^ xor(A) for every A of one size, and every B
//! of the other size looks up xor(B).

/// Syndromes of the single-bit errors at positions 0..n: `s[i] = x^i mod g`.
#[must_use]
pub fn syndromes(g: u128, n: usize) -> Vec<u64> {
    let r = crate::gf2::degree(g);
    let mut out = Vec::with_capacity(n);
    let mut s = 1u128;
    for _ in 0..n {
        // Below x^r, so it fits in 64 bits for r <= 64.
        out.push(u64::try_from(s).unwrap_or(u64::MAX));
        s <<= 1;
        if (s >> r) & 1 == 1 {
            s ^= g;
        }
    }
    out
}

/// Open addressing with linear probing, keyed by syndrome (keys are unique: two sets A
/// with one syndrome would make a lighter codeword inside the span, which the caller has
/// ruled out). Key and value share a slot, so a probe touches one cache line.
struct Table {
    slots: Vec<(u64, u64)>,
    shift: u32,
}

const EMPTY: u64 = u64::MAX;

impl Table {
    fn new(entries: usize) -> Table {
        let n = (entries * 2).next_power_of_two().max(16);
        Table {
            slots: vec![(0, EMPTY); n],
            shift: 64 - n.trailing_zeros(),
        }
    }

    fn slot(&self, key: u64) -> usize {
        // Fibonacci hashing: the syndromes of sets containing bit 0 differ from the
        // others only in bit 0, so the low bits alone would cluster.
        usize::try_from(key.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> self.shift).unwrap_or(0)
    }

    fn insert(&mut self, key: u64, val: u64) {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        while self.slots[i].1 != EMPTY {
            if self.slots[i].0 == key {
                return;
            }
            i = (i + 1) & mask;
        }
        self.slots[i] = (key, val);
    }

    #[inline]
    fn get(&self, key: u64) -> Option<u64> {
        let mask = self.slots.len() - 1;
        let mut i = self.slot(key);
        loop {
            let (k, v) = self.slots[i];
            if v == EMPTY {
                return None;
            }
            if k == key {
                return Some(v);
            }
            i = (i + 1) & mask;
        }
    }
}

/// Calls `f(xor of syndromes, positions)` for every `k`-subset of positions `1..s.len()`.
fn for_each_subset(s: &[u64], k: usize, f: &mut impl FnMut(u64, &[u32])) {
    fn walk(
        s: &[u64],
        start: usize,
        left: usize,
        acc: u64,
        pos: &mut Vec<u32>,
        f: &mut impl FnMut(u64, &[u32]),
    ) {
        if left == 0 {
            f(acc, pos);
            return;
        }
        if left == 1 {
            // The innermost level, where nearly all the time goes: no recursion.
            for (i, &si) in s.iter().enumerate().skip(start) {
                pos.push(u32::try_from(i).unwrap_or(u32::MAX));
                f(acc ^ si, pos);
                pos.pop();
            }
            return;
        }
        // Leave room for the positions still to choose.
        for i in start..=s.len() - left {
            pos.push(u32::try_from(i).unwrap_or(u32::MAX));
            walk(s, i + 1, left - 1, acc ^ s[i], pos, f);
            pos.pop();
        }
    }
    if k < s.len() {
        walk(s, 1, k, 0, &mut Vec::with_capacity(k), f);
    }
}

/// How the weight-w search splits the w - 1 bits besides bit 0: the table side (the
/// smaller) and the lookup side.
#[must_use]
pub fn split(w: usize) -> (usize, usize) {
    let table = (w - 1) / 2;
    (table, w - 1 - table)
}

/// The largest n the table side can pack: its positions share one u64, and u64::MAX
/// marks an empty slot.
#[must_use]
pub fn packable_positions(table_side: usize) -> u64 {
    match table_side {
        0 | 1 => u64::from(u32::MAX),
        k => 1u64 << (64 / k).min(32),
    }
}

/// The lightest undetected error of weight `w` (3 <= w) with every bit below `s.len()`,
/// as its positions ascending (bit 0 first), choosing the one whose top bit is lowest;
/// `None` if there is none. The caller guarantees no lighter codeword fits in the span.
#[must_use]
pub fn lowest_codeword(s: &[u64], w: usize) -> Option<Vec<u32>> {
    let (left, right) = split(w);
    let bits = if left <= 1 { 32 } else { 64 / left };
    let n = s.len() as u64;
    let mut table = Table::new(usize::try_from(binomial(n - 1, left)).unwrap_or(usize::MAX));
    for_each_subset(s, left, &mut |x, pos| {
        let packed = pos
            .iter()
            .fold(0u64, |acc, &p| (acc << bits) | u64::from(p));
        table.insert(1 ^ x, packed);
    });
    let mut best: Option<Vec<u32>> = None;
    let unpack = |packed: u64| -> Vec<u32> {
        let mask = if bits == 32 {
            u64::from(u32::MAX)
        } else {
            (1u64 << bits) - 1
        };
        (0..left)
            .map(|j| u32::try_from((packed >> (bits * j)) & mask).unwrap_or(u32::MAX))
            .collect()
    };
    // All but the last lookup-side position, then a tight loop over the last: nearly
    // all the time goes into that loop.
    for_each_subset(&s[..s.len() - 1], right - 1, &mut |x, pos| {
        let start = pos.last().map_or(1, |&p| p as usize + 1);
        for (last, &sl) in s.iter().enumerate().skip(start) {
            let Some(packed) = table.get(x ^ sl) else {
                continue;
            };
            let mut b = pos.to_vec();
            b.push(u32::try_from(last).unwrap_or(u32::MAX));
            let a = unpack(packed);
            // A shared bit cancels: that would be a lighter codeword, ruled out, but an
            // overlap is not a weight-w pattern either way.
            if a.iter().any(|p| b.contains(p)) {
                continue;
            }
            let mut all: Vec<u32> = std::iter::once(0).chain(a).chain(b).collect();
            all.sort_unstable();
            if best.as_ref().is_none_or(|c| all[w - 1] < c[w - 1]) {
                best = Some(all);
            }
        }
    });
    best
}

/// C(n, k), saturating.
#[must_use]
pub fn binomial(n: u64, k: usize) -> u64 {
    let mut acc = 1u128;
    for i in 0..k as u64 {
        if i >= n {
            return 0;
        }
        acc = acc * u128::from(n - i) / u128::from(i + 1);
        if acc > u128::from(u64::MAX) {
            return u64::MAX;
        }
    }
    u64::try_from(acc).unwrap_or(u64::MAX)
}
