//! Polynomials over GF(2) of degree at most 64 (a CRC generator with its x^r term), held
//! in a u128 with bit i the coefficient of x^i, and the multiplicative order of x modulo
//! one: the length at which a weight-2 error (1 + x^ord) first goes undetected.

use crate::factor::prime_factors;

/// The degree of `p` (`p` nonzero).
#[must_use]
pub fn degree(p: u128) -> u32 {
    127 - p.leading_zeros()
}

/// `a * b mod m`, for `a` and `b` already reduced modulo `m` (deg m <= 64).
#[must_use]
pub fn mul_mod(mut a: u128, b: u128, m: u128) -> u128 {
    let top = 1u128 << degree(m);
    let mut acc = 0u128;
    let mut b = b;
    while b != 0 {
        if b & 1 == 1 {
            acc ^= a;
        }
        b >>= 1;
        a <<= 1;
        if a & top != 0 {
            a ^= m;
        }
    }
    acc
}

/// `x^e mod m`.
#[must_use]
pub fn x_pow_mod(mut e: u128, m: u128) -> u128 {
    let mut acc = reduce(1, m);
    let mut base = reduce(2, m);
    while e > 0 {
        if e & 1 == 1 {
            acc = mul_mod(acc, base, m);
        }
        base = mul_mod(base, base, m);
        e >>= 1;
    }
    acc
}

/// `(a / b, a mod b)`.
#[must_use]
pub fn div_rem(mut a: u128, b: u128) -> (u128, u128) {
    let db = degree(b);
    let mut q = 0u128;
    while a != 0 && degree(a) >= db {
        let shift = degree(a) - db;
        q |= 1 << shift;
        a ^= b << shift;
    }
    (q, a)
}

fn reduce(a: u128, m: u128) -> u128 {
    div_rem(a, m).1
}

#[must_use]
pub fn gcd(mut a: u128, mut b: u128) -> u128 {
    while b != 0 {
        (a, b) = (b, reduce(a, b));
    }
    a
}

/// The formal derivative: over GF(2) only odd powers survive, each dropping by one.
fn derivative(p: u128) -> u128 {
    (p >> 1) & 0x5555_5555_5555_5555_5555_5555_5555_5555
}

/// The square root of a polynomial with only even powers (its derivative is zero).
fn sqrt(p: u128) -> u128 {
    (0..64).fold(0u128, |acc, i| acc | (((p >> (2 * i)) & 1) << i))
}

/// The square-free parts of `f`: `(g, m)` where `g` is square-free and each irreducible
/// factor of `g` divides `f` exactly `m` times (the finite-field square-free factorisation).
#[must_use]
pub fn square_free_parts(f: u128) -> Vec<(u128, u32)> {
    let mut out = Vec::new();
    let d = derivative(f);
    if d == 0 {
        for (g, m) in square_free_parts(sqrt(f)) {
            out.push((g, 2 * m));
        }
        return out;
    }
    let mut c = gcd(f, d);
    let mut w = div_rem(f, c).0;
    let mut i = 1;
    while w != 1 {
        let y = gcd(w, c);
        let fac = div_rem(w, y).0;
        if fac != 1 {
            out.push((fac, i));
        }
        i += 1;
        w = y;
        c = div_rem(c, y).0;
    }
    if c != 1 {
        // What is left has only factors whose multiplicity is a multiple of 2.
        for (g, m) in square_free_parts(sqrt(c)) {
            out.push((g, 2 * m));
        }
    }
    out
}

/// The order of x modulo `q`, a square-free product of irreducibles of degree `d`: it
/// divides 2^d - 1, so take 2^d - 1 and divide out each prime while x^t stays 1.
fn order_of_equal_degree(q: u128, d: u32) -> u128 {
    let full = if d == 64 { u64::MAX } else { (1u64 << d) - 1 };
    let mut t = u128::from(full);
    for p in prime_factors(full) {
        let p = u128::from(p);
        while t.is_multiple_of(p) && x_pow_mod(t / p, q) == 1 {
            t /= p;
        }
    }
    t
}

fn lcm(a: u128, b: u128) -> u128 {
    let (mut x, mut y) = (a, b);
    while y != 0 {
        (x, y) = (y, x % y);
    }
    a / x * b
}

/// The multiplicative order of x modulo `g` (`g(0) = 1`, deg g <= 64): the lcm of the
/// orders modulo its irreducible factors (found degree by degree), times 2^ceil(log2 e)
/// for the highest multiplicity e of a factor.
#[must_use]
pub fn order_of_x(g: u128) -> u128 {
    assert!(
        g & 1 == 1,
        "x divides the polynomial: x has no order modulo it"
    );
    let mut ord = 1u128;
    let mut most = 1u32;
    for (part, mult) in square_free_parts(g) {
        most = most.max(mult);
        // Distinct-degree factorisation: gcd(x^(2^d) - x, rest) collects the factors of
        // degree d.
        let mut rest = part;
        let mut h = 2u128; // x^(2^d) mod rest, d = 0
        let mut d = 0u32;
        while degree(rest) > 0 {
            d += 1;
            if 2 * d > degree(rest) {
                ord = lcm(ord, order_of_equal_degree(rest, degree(rest)));
                break;
            }
            h = mul_mod(reduce(h, rest), reduce(h, rest), rest);
            let group = gcd(h ^ 2, rest);
            if group != 1 {
                ord = lcm(ord, order_of_equal_degree(group, d));
                rest = div_rem(rest, group).0;
            }
        }
    }
    ord << (32 - (most - 1).leading_zeros())
}
