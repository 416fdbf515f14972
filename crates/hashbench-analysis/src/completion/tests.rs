use super::*;
use crate::ties::{rankings, stored_places};
use hashbench_model::testutil::analysis::cell_ci;
use hashbench_model::Cell;

/// A run whose three cells at 4 KiB overlap two by two: `a` and `b` tie, `c` ranks alone.
fn three_cells() -> hashbench_model::Run {
    hashbench_model::testutil::run_with(vec![
        cell_ci("a/x", 4096, 1.5, 1.0, 2.0),
        cell_ci("b/x", 4096, 1.8, 1.2, 2.4),
        cell_ci("c/x", 4096, 5.5, 5.0, 6.0),
    ])
}

#[test]
fn complete_fills_the_rankings_of_a_file_without_them_once_and_leaves_stored_ones() {
    let mut run = three_cells();
    assert!(run.rankings.is_empty() && run.findings.is_none());
    complete(&mut run, &[]);
    assert_eq!(run.rankings, rankings(&three_cells()));
    assert_eq!(run.findings, Some(findings(&three_cells())));
    let groups: Vec<usize> = run.rankings[0].order.iter().map(|o| o.group).collect();
    assert_eq!(groups, [1, 1, 3]);
    // A run that stores its rankings keeps them: they are the verdicts it was shown with.
    run.rankings[0].order[1].group = 2;
    run.rankings[0].order[1].relation = None;
    let stored = run.rankings.clone();
    complete(&mut run, &[]);
    assert_eq!(run.rankings, stored);
}

#[test]
fn the_renderers_places_are_the_stored_ones() {
    let mut run = three_cells();
    complete(&mut run, &[]);
    let mut cells: Vec<&Cell> = run.cells.iter().collect();
    cells.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
    let leaders = |run: &hashbench_model::Run, cells: &[&Cell]| -> Vec<usize> {
        stored_places(run, cells).iter().map(|p| p.leader).collect()
    };
    assert_eq!(leaders(&run, &cells), [0, 0, 2]);
    // Stored otherwise, read otherwise: nothing is recomputed.
    let mut edited = run.clone();
    edited.rankings[0].order[1].group = 2;
    edited.rankings[0].order[1].relation = None;
    let cells: Vec<&Cell> = {
        let mut c: Vec<&Cell> = edited.cells.iter().collect();
        c.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
        c
    };
    assert_eq!(leaders(&edited, &cells), [0, 1, 2]);
    // A run assembled by hand, with no ranking of these cells: each stands alone (no
    // tie claimed, nothing computed), until it is completed.
    let bare = three_cells();
    let cells: Vec<&Cell> = {
        let mut c: Vec<&Cell> = bare.cells.iter().collect();
        c.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
        c
    };
    assert_eq!(leaders(&bare, &cells), [0, 1, 2]);
    let shown = completed(&bare, &[]);
    assert!(matches!(shown, std::borrow::Cow::Owned(_)));
    let cells: Vec<&Cell> = {
        let mut c: Vec<&Cell> = shown.cells.iter().collect();
        c.sort_by(|a, b| a.time_ns().total_cmp(&b.time_ns()));
        c
    };
    assert_eq!(leaders(&shown, &cells), [0, 0, 2]);
    // A completed run is read as it is, not copied.
    assert!(matches!(
        completed(&run, &[]),
        std::borrow::Cow::Borrowed(_)
    ));
    // A view's own column, for a run naming none, is stored in the cells (the run's
    // columns stay its own).
    let own = completed(&run, &[hashbench_model::RelativeTo::Fastest]);
    assert!(own.relative_to.is_empty());
    assert!(own.cells.iter().all(|c| c.relative.len() == 1));
}
