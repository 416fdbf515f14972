//! Koopman's profile {L3, L4, ...} of one CRC: L_h is the longest data word (bits) at
//! which every error of fewer than h bits is detected. With D_w the longest data length
//! with no undetected error of weight w, L_h = min(L_(h-1), D_(h-1)): each level needs
//! only a search for weight h - 1, up to L_(h-1).

use crate::gf2::{degree, order_of_x};
use crate::search::{binomial, lowest_codeword, packable_positions, split, syndromes};
use crate::short::hd_by_length;

/// How far the search may go.
#[derive(Clone, Copy, Debug)]
pub struct Limits {
    /// The longest data word, in bits, searched by meet-in-the-middle; a level that would
    /// need more is a lower bound.
    pub max_bits: u64,
    /// The highest HD level computed.
    pub max_hd: u32,
    /// Brute force over every data word up to this many bits (2^k codewords).
    pub short_bits: u32,
    /// The most table entries plus lookups one search try may cost (four times this for
    /// weights 3 and 4, whose table stays in cache).
    pub max_work: u64,
    /// The most entries the table may hold (16 to 32 bytes each).
    pub max_table: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            max_bits: 40_000,
            max_hd: 64,
            short_bits: 26,
            max_work: 1 << 28,
            max_table: 1 << 25,
        }
    }
}

/// One level of the profile: HD >= `hd` holds for every data word up to `bits` long.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Level {
    pub hd: u32,
    pub bits: u64,
    /// Exact: one more data bit admits an undetected error of weight `hd - 1` or less.
    /// Otherwise a proven lower bound: the search stopped at `bits`.
    pub exact: bool,
    /// How it was decided, in words (with the codeword found, if any).
    pub how: String,
}

/// A computed profile.
#[derive(Clone, Debug)]
pub struct Profile {
    pub koopman: u64,
    /// The generator with its x^r term.
    pub full: u128,
    pub degree: u32,
    /// The order of x modulo G: 1 + x^order is the lightest-weight (2) codeword.
    pub order: u128,
    pub levels: Vec<Level>,
}

impl Profile {
    /// Koopman's `{L3,L4,...}`.
    #[must_use]
    pub fn koopman_form(&self) -> String {
        let v: Vec<String> = self.levels.iter().map(|l| l.bits.to_string()).collect();
        format!("{{{}}}", v.join(","))
    }

    #[must_use]
    pub fn bits(&self) -> Vec<u64> {
        self.levels.iter().map(|l| l.bits).collect()
    }
}

/// The generator polynomial, x^r term included, from Koopman's notation (the full
/// polynomial shifted right by one; its +1 implicit).
#[must_use]
pub fn full_from_koopman(koopman: u64) -> u128 {
    (u128::from(koopman) << 1) | 1
}

/// The profile of the CRC with Koopman polynomial `koopman`, up to `limits`.
#[must_use]
pub fn profile(koopman: u64, limits: &Limits) -> Profile {
    let g = full_from_koopman(koopman);
    let r = degree(g);
    let order = order_of_x(g);
    let weight = g.count_ones();
    // With x + 1 a factor, every codeword has even weight.
    let odd_detected = g.count_ones().is_multiple_of(2);
    let short_bits = limits.short_bits.min(128 - r).min(40);
    let short = hd_by_length(g, short_bits);
    let l3 = u64::try_from(order - u128::from(r)).unwrap_or(u64::MAX);
    let mut levels = vec![Level {
        hd: 3,
        bits: l3,
        exact: true,
        how: format!("order of x mod G = {order}: 1 + x^{order} is a codeword"),
    }];
    let span_cap = limits.max_bits.min(l3) + u64::from(r);
    let s = syndromes(g, usize::try_from(span_cap).unwrap_or(usize::MAX));
    for hd in 4..=weight.min(limits.max_hd) {
        let prev = levels.last().cloned().unwrap_or_else(|| unreachable!());
        let w = hd - 1;
        let started = std::time::Instant::now();
        let mut level = if w % 2 == 1 && odd_detected {
            Level {
                hd,
                how: format!("weight {w} is odd, and x + 1 divides G"),
                ..prev
            }
        } else if let Some(k) = short.iter().position(|&h| h < hd) {
            // short[k] is the HD at k + 1 data bits, the first below hd.
            Level {
                hd,
                bits: k as u64,
                exact: true,
                how: format!(
                    "all 2^{short_bits} short data words: HD {} at {} bits",
                    short[k],
                    k + 1
                ),
            }
        } else {
            searched_level(&s, r, hd, &prev, u64::from(short_bits), limits)
        };
        level.how = format!("{} [{:.1} s]", level.how, started.elapsed().as_secs_f64());
        levels.push(level);
    }
    Profile {
        koopman,
        full: g,
        degree: r,
        order,
        levels,
    }
}

/// The level `hd` by searching for weight `hd - 1` codewords up to the previous level's
/// length (no lighter one fits there), doubling the span while the cost allows.
fn searched_level(
    s: &[u64],
    r: u32,
    hd: u32,
    prev: &Level,
    short_bits: u64,
    limits: &Limits,
) -> Level {
    let w = (hd - 1) as usize;
    let (left, right) = split(w);
    let full = (prev.bits.min(limits.max_bits) + u64::from(r)).min(s.len() as u64);
    // With one position on the table side (weights 3 and 4) the table is one entry per
    // bit and stays in cache, so a lookup costs a few times less than a lookup in the
    // big tables of the heavier weights: it gets four times the work.
    let budget = if left == 1 {
        limits.max_work.saturating_mul(4)
    } else {
        limits.max_work
    };
    let affordable = |n: u64| {
        n < packable_positions(left)
            && binomial(n - 1, left) <= limits.max_table
            && binomial(n - 1, left).saturating_add(binomial(n - 1, right)) <= budget
    };
    // The longest span affordable, by bisection (the cost grows with n).
    let (mut lo, mut hi) = (u64::from(r), full);
    while lo < hi {
        let mid = hi - (hi - lo) / 2;
        if affordable(mid) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    let reach = lo;
    if reach.saturating_sub(u64::from(r)) <= short_bits {
        // The brute force already proves this far: a search could not raise the bound.
        return Level {
            hd,
            bits: short_bits,
            exact: false,
            how: format!(
                "all 2^{short_bits} short data words; a weight-{w} search beyond them costs \
                 more than --max-work"
            ),
        };
    }
    let mut searched = u64::from(r);
    let mut n = (u64::from(r) + 64).min(reach);
    while n > searched {
        let span = usize::try_from(n).unwrap_or(usize::MAX);
        if let Some(c) = lowest_codeword(&s[..span], w) {
            let top = u64::from(c[w - 1]);
            return Level {
                hd,
                bits: top - u64::from(r),
                exact: true,
                how: format!(
                    "weight-{w} codeword at bits {c:?} ({} data bits)",
                    top + 1 - u64::from(r)
                ),
            };
        }
        searched = n;
        n = (n * 2).min(reach);
    }
    let searched_bits = searched - u64::from(r);
    if searched_bits >= prev.bits {
        return Level {
            hd,
            how: format!("no weight-{w} codeword up to {} data bits", prev.bits),
            ..prev.clone()
        };
    }
    Level {
        hd,
        bits: searched_bits.max(short_bits),
        exact: false,
        how: format!(
            "no weight-{w} codeword up to {searched_bits} data bits; not searched further"
        ),
    }
}
