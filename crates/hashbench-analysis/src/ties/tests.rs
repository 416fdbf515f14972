use super::*;
use hashbench_model::testutil::analysis::{cell_ci, cell_rounds};

fn ranked(intervals: &[(f64, f64)]) -> Vec<Cell> {
    intervals
        .iter()
        .map(|&(lo, hi)| cell_ci("x/x", 4096, (lo + hi) / 2.0, lo, hi))
        .collect()
}

fn groups_of(intervals: &[(f64, f64)]) -> Vec<usize> {
    let cells = ranked(intervals);
    let refs: Vec<&Cell> = cells.iter().collect();
    tie_groups(&refs, DEFAULT_EQUIVALENCE)
}

// Files from before figures: intervals that overlap tie.

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
    let cells = ranked(&[(1.0, 5.0), (2.0, 4.0), (6.0, 7.0)]);
    let refs: Vec<&Cell> = cells.iter().collect();
    let with_first = groups(&refs, DEFAULT_EQUIVALENCE)
        .iter()
        .take_while(|p| p.leader == 0)
        .count();
    assert_eq!(with_first, 2);
}

#[test]
fn no_cells_no_groups() {
    assert!(groups_of(&[]).is_empty());
}

// Cells measured in rounds: paired ratios and the equivalence margin.

/// Eight rounds at `base`, two of them (passes 2 and 5) slowed 1.6x by the machine.
fn phased(name: &str, base: f64) -> Cell {
    let m: Vec<f64> = (0..8)
        .map(|i| {
            if i == 2 || i == 5 {
                base * 1.6
            } else {
                base * (1.0 + 0.001 * f64::from(i % 3))
            }
        })
        .collect();
    cell_rounds(name, 4096, &m, None)
}

fn places(cells: &[Cell], margin: f64) -> Vec<(usize, Option<Relation>)> {
    let refs: Vec<&Cell> = cells.iter().collect();
    groups(&refs, margin)
        .iter()
        .map(|p| (p.leader, p.relation))
        .collect()
}

#[test]
fn within_the_margin_is_equivalent_beyond_it_ordered() {
    let cells = [
        phased("a/a", 100.0),
        phased("b/b", 101.0),
        phased("c/c", 110.0),
        phased("d/d", 111.5),
    ];
    assert_eq!(
        places(&cells, 0.03),
        vec![
            (0, None),
            (0, Some(Relation::Equivalent)),
            (2, None),
            (2, Some(Relation::Equivalent)),
        ]
    );
    // No margin: every 1 % difference measured side by side is an order.
    assert_eq!(
        places(&cells, 0.0),
        vec![(0, None), (1, None), (2, None), (3, None)]
    );
}

#[test]
fn a_difference_at_the_margins_edge_is_a_tie() {
    // b's rounds are 2-4 % slower than a's: the interval reaches across 3 %.
    let a = cell_rounds("a/a", 4096, &[100.0; 8], None);
    let b = cell_rounds(
        "b/b",
        4096,
        &[102.0, 104.0, 102.5, 103.5, 102.2, 103.8, 103.0, 102.8],
        None,
    );
    assert_eq!(
        places(&[a, b], 0.03),
        vec![(0, None), (0, Some(Relation::Undecided))]
    );
}

#[test]
fn pairing_sees_through_a_phase_two_intervals_cannot() {
    // Both cells met a different slow phase in every other round, their figures' own
    // intervals are wide, but side by side b is 10 % slower in every round.
    let slow = [1.0, 1.3, 1.0, 1.5, 1.0, 1.2, 1.0, 1.4];
    let a: Vec<f64> = slow
        .iter()
        .enumerate()
        .map(|(i, s)| 100.0 * s * (1.0 + 0.01 * (i % 4) as f64))
        .collect();
    let b: Vec<f64> = a.iter().map(|x| x * 1.1).collect();
    let (a, b) = (
        cell_rounds("a/a", 4096, &a, None),
        cell_rounds("b/b", 4096, &b, None),
    );
    let r = ratio(&a, &b).unwrap();
    assert_eq!(r.paired_rounds, 4);
    assert!((r.ratio - 1.1).abs() < 1e-9 && (r.high - 1.1).abs() < 1e-9);
    assert_eq!(places(&[a, b], 0.03), vec![(0, None), (1, None)]);
}

#[test]
fn a_cell_without_a_figure_is_compared_by_intervals() {
    let a = phased("a/a", 100.0);
    let old = cell_ci("b/b", 4096, 100.2, 99.0, 101.0);
    assert!(ratio(&a, &old).is_none());
    assert_eq!(relation(&a, &old, 0.03).0, Relation::Undecided);
    let far = cell_ci("c/c", 4096, 150.0, 149.0, 151.0);
    assert_eq!(relation(&a, &far, 0.03).0, Relation::Slower);
}
