//! Which implementations change order between machines, without comparing every pair.
//!
//! Each implementation has, on each machine, the position of its tie group's leader
//! (its *group*; a lower group is clearly ahead). A pair is *reordered* when one is
//! ahead on some machine and the other ahead on another. Comparing every pair costs the
//! square of the count (14,000 implementations: 98 million pairs, seconds), so both
//! answers are computed from sorted orders instead:
//!
//! - the pairs that are *not* reordered are those whose groups are ordered the same way
//!   on every machine (comparable in the product order); their number is a dominance
//!   count, found by divide and conquer over the machines' orders, in
//!   O(n log^(k-1) n) for k machines ([`reordered_pairs`]);
//! - an implementation x is in a reordered pair when, for two machines m and m', some y
//!   behind it on m is ahead of it on m': the smallest group on m' among those behind x
//!   on m, a suffix minimum over m's order, says so in O(k² n log n) ([`moved`]).
//!
//! The tests hold both to the pair-by-pair definition on random groups.

/// How many unordered pairs of `groups` (one vector per implementation, one group per
/// machine) are reordered: one ahead on some machine, the other on another.
#[must_use]
pub fn reordered_pairs(groups: &[Vec<usize>]) -> u64 {
    let n = groups.len() as u64;
    let all = n * n.saturating_sub(1) / 2;
    let Some(k) = groups.first().map(Vec::len) else {
        return 0;
    };
    // Sorted by every machine's group in turn, a comparable pair's lesser member comes
    // first (equal vectors in either order, counted once): what is left is to count the
    // pairs i < j whose groups on machines 1.. are no greater for i than for j.
    let mut sorted: Vec<&[usize]> = groups.iter().map(Vec::as_slice).collect();
    sorted.sort_unstable();
    let points: Vec<Point> = sorted
        .iter()
        .map(|g| Point {
            at: g[1.min(k)..].to_vec(),
            red: true,
            blue: true,
        })
        .collect();
    let dims: Vec<usize> = (0..k.saturating_sub(1)).collect();
    all - ordered(&points, &dims)
}

/// Which of `groups` are in a reordered pair (as [`reordered_pairs`] counts them).
#[must_use]
pub fn moved(groups: &[Vec<usize>]) -> Vec<bool> {
    let n = groups.len();
    let k = groups.first().map_or(0, Vec::len);
    let mut out = vec![false; n];
    for m in 0..k {
        // Implementations by their group on m, the last (furthest behind) first.
        let mut order: Vec<usize> = (0..n).collect();
        order.sort_unstable_by_key(|&i| std::cmp::Reverse(groups[i][m]));
        for other in (0..k).filter(|&o| o != m) {
            // The least group on `other` among those strictly behind on m.
            let mut behind_min = usize::MAX;
            let mut i = 0;
            while i < n {
                let g = groups[order[i]][m];
                let mut j = i;
                while j < n && groups[order[j]][m] == g {
                    let x = order[j];
                    if behind_min < groups[x][other] {
                        out[x] = true;
                    }
                    j += 1;
                }
                for &x in &order[i..j] {
                    behind_min = behind_min.min(groups[x][other]);
                }
                i = j;
            }
        }
    }
    // x ahead of y on m and behind it on m' marks x above; y, behind on m and ahead on
    // m', is marked by the machines taken the other way round.
    out
}

/// One implementation in the divide and conquer: its groups on the machines still to
/// compare, and whether it may be the lesser (`red`) or the greater (`blue`) member of
/// a pair counted.
#[derive(Clone)]
struct Point {
    at: Vec<usize>,
    red: bool,
    blue: bool,
}

/// The pairs i < j of `points` (in their order) with `red` i and `blue` j whose groups
/// on every machine of `dims` are no greater for i than for j.
fn ordered(points: &[Point], dims: &[usize]) -> u64 {
    match dims {
        [] => {
            // Every red before a blue.
            let mut reds = 0u64;
            let mut pairs = 0u64;
            for p in points {
                if p.blue {
                    pairs += reds;
                }
                if p.red {
                    reds += 1;
                }
            }
            pairs
        }
        [d] => one_dimension(points, *d),
        [d, rest @ ..] => {
            if points.len() < 2 {
                return 0;
            }
            let (left, right) = points.split_at(points.len() / 2);
            // A pair across the halves: red from the left, blue from the right, already
            // in order; sorted by machine d (a red before a blue when equal), the pairs
            // left to count are those ordered on the other machines.
            let mut across: Vec<Point> = left
                .iter()
                .filter(|p| p.red)
                .map(|p| Point {
                    blue: false,
                    ..p.clone()
                })
                .chain(right.iter().filter(|p| p.blue).map(|p| Point {
                    red: false,
                    ..p.clone()
                }))
                .collect();
            across.sort_by_key(|p| (p.at[*d], !p.red));
            ordered(left, dims) + ordered(right, dims) + ordered(&across, rest)
        }
    }
}

/// [`ordered`] on one machine `d`: for each blue, the reds before it with a group no
/// greater, counted with a Fenwick tree over the groups' ranks.
fn one_dimension(points: &[Point], d: usize) -> u64 {
    let mut values: Vec<usize> = points.iter().map(|p| p.at[d]).collect();
    values.sort_unstable();
    values.dedup();
    let mut tree = vec![0u64; values.len() + 1];
    let mut pairs = 0u64;
    for p in points {
        // 1-based rank of the group among the distinct groups.
        let rank = values.partition_point(|&v| v <= p.at[d]);
        if p.blue {
            let mut i = rank;
            while i > 0 {
                pairs += tree[i];
                i &= i - 1;
            }
        }
        if p.red {
            let mut i = rank;
            while i < tree.len() {
                tree[i] += 1;
                i += i & i.wrapping_neg();
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests;
