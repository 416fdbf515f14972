//! Tie groups in a ranking: cells whose medians' confidence intervals overlap cannot be
//! told apart by this run, so a ranking must not pretend #1 beats #2 when it does not.
//!
//! The rule is the leader's: walking the cells from the fastest, a group begins at the
//! first cell not yet placed (its leader) and takes every following cell whose interval
//! overlaps the leader's, until the first that does not. Comparing with the leader, not
//! with the neighbour, keeps a chain of small overlaps (A ~ B ~ C with A clearly faster
//! than C) from making one group out of a whole ranking. Groups are contiguous, so a
//! ranking can print them as "=1" beside each member.

use hashbench_model::Cell;

/// The time interval of `cell`'s median, ns: the 95 % CI (or `[min, max]` for fewer
/// than six samples, as the summary records).
fn interval(cell: &Cell) -> (f64, f64) {
    let ci = &cell.summary.median_ci;
    (ci.low.get(), ci.high.get())
}

/// Whether two intervals share a point (touching counts: neither is shown to be faster).
fn overlap(a: (f64, f64), b: (f64, f64)) -> bool {
    a.0 <= b.1 && b.0 <= a.1
}

/// For cells ranked fastest first (by median time per call), the 0-based index of each
/// cell's group leader: `groups[i] == i` for a leader, else the leader it ties with.
/// Cells out of order are taken as given: the caller's order is the ranking.
#[must_use]
pub fn tie_groups(ranked: &[&Cell]) -> Vec<usize> {
    let mut groups = Vec::with_capacity(ranked.len());
    let mut leader = 0;
    for (i, cell) in ranked.iter().enumerate() {
        if i > 0 && !overlap(interval(ranked[leader]), interval(cell)) {
            leader = i;
        }
        groups.push(leader);
    }
    groups
}

/// How many cells from the top tie with the fastest (at least 1 when there are cells).
#[must_use]
pub fn tied_with_first(ranked: &[&Cell]) -> usize {
    tie_groups(ranked).iter().take_while(|&&g| g == 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use hashbench_model::testutil::analysis::cell_ci;

    fn ranked(intervals: &[(f64, f64)]) -> Vec<Cell> {
        intervals
            .iter()
            .map(|&(lo, hi)| cell_ci("x", 4096, (lo + hi) / 2.0, lo, hi))
            .collect()
    }

    fn groups_of(intervals: &[(f64, f64)]) -> Vec<usize> {
        let cells = ranked(intervals);
        let refs: Vec<&Cell> = cells.iter().collect();
        tie_groups(&refs)
    }

    #[test]
    fn disjoint_intervals_rank_alone() {
        assert_eq!(
            groups_of(&[(1.0, 2.0), (3.0, 4.0), (5.0, 6.0)]),
            vec![0, 1, 2]
        );
    }

    #[test]
    fn overlapping_intervals_share_the_leaders_rank() {
        assert_eq!(
            groups_of(&[(1.0, 3.0), (2.0, 4.0), (5.0, 6.0)]),
            vec![0, 0, 2]
        );
    }

    #[test]
    fn touching_intervals_tie() {
        assert_eq!(groups_of(&[(1.0, 2.0), (2.0, 3.0)]), vec![0, 0]);
    }

    #[test]
    fn a_chain_of_small_overlaps_does_not_join_the_ends() {
        // B overlaps A and C overlaps B, but C does not overlap A: C leads its own group.
        assert_eq!(
            groups_of(&[(1.0, 2.0), (1.9, 3.0), (2.9, 4.0)]),
            vec![0, 0, 2]
        );
    }

    #[test]
    fn a_group_ends_at_the_first_cell_apart_from_its_leader() {
        // The fourth overlaps the first, but the third does not: groups stay contiguous.
        assert_eq!(
            groups_of(&[(1.0, 5.0), (2.0, 4.0), (6.0, 7.0), (4.0, 8.0)]),
            vec![0, 0, 2, 2]
        );
        assert_eq!(
            tied_with_first(
                &ranked(&[(1.0, 5.0), (2.0, 4.0), (6.0, 7.0)])
                    .iter()
                    .collect::<Vec<_>>()
            ),
            2
        );
    }

    #[test]
    fn no_cells_no_groups() {
        assert!(groups_of(&[]).is_empty());
        assert_eq!(tied_with_first(&[]), 0);
    }
}
