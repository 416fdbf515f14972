use super::*;

/// The definition, pair by pair: one ahead on some machine, the other on another.
fn brute(groups: &[Vec<usize>]) -> (u64, Vec<bool>) {
    let n = groups.len();
    let mut pairs = 0;
    let mut marked = vec![false; n];
    for x in 0..n {
        for y in x + 1..n {
            let x_ahead = (0..groups[x].len()).any(|m| groups[x][m] < groups[y][m]);
            let y_ahead = (0..groups[x].len()).any(|m| groups[y][m] < groups[x][m]);
            if x_ahead && y_ahead {
                pairs += 1;
                marked[x] = true;
                marked[y] = true;
            }
        }
    }
    (pairs, marked)
}

/// xorshift64: random groups without a dependency.
fn random_groups(seed: u64, n: usize, machines: usize, spread: u64) -> Vec<Vec<usize>> {
    let mut x = seed | 1;
    let mut next = || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        (x % spread) as usize + 1
    };
    (0..n)
        .map(|_| (0..machines).map(|_| next()).collect())
        .collect()
}

#[test]
fn small_cases_by_hand() {
    assert_eq!(reordered_pairs(&[]), 0);
    assert!(moved(&[]).is_empty());
    // One machine orders nothing differently from itself.
    assert_eq!(reordered_pairs(&[vec![1], vec![2], vec![1]]), 0);
    // a ahead of b on the first machine, behind it on the second: reordered. c, tied
    // with a on the first and with b on the second, is ahead of each on one machine and
    // never behind: no pair with c is reordered.
    let g = [vec![1, 2], vec![3, 1], vec![1, 1]];
    assert_eq!(reordered_pairs(&g), 1);
    assert_eq!(brute(&g).0, 1);
    assert_eq!(moved(&g), [true, true, false]);
    // Ties never reorder: equal groups everywhere, or equal on one and ordered on another.
    let g = [vec![1, 1], vec![1, 1], vec![1, 3]];
    assert_eq!(reordered_pairs(&g), 0);
    assert_eq!(moved(&g), [false, false, false]);
}

#[test]
fn the_sorted_counts_agree_with_the_pairs_on_random_groups() {
    for machines in 1..=4 {
        for (seed, n, spread) in [(1, 40, 5), (2, 200, 30), (3, 150, 3), (4, 60, 1000)] {
            let g = random_groups(seed * 7 + machines as u64, n, machines, spread);
            let (pairs, marked) = brute(&g);
            assert_eq!(
                reordered_pairs(&g),
                pairs,
                "{machines} machines, seed {seed}"
            );
            assert_eq!(moved(&g), marked, "{machines} machines, seed {seed}");
        }
    }
}
