//! What the seed layouts share: a cell's label, the cells grouped by label, and the
//! relative columns with the note that explains them.

use hashbench_model::{Cell, Layout, RelativeTo, Run};

/// The label of `cell` in a seed layout.
#[must_use]
pub fn label(run: &Run, cell: &Cell) -> String {
    if let Some(suite) = &run.suite {
        let with_pattern = format!("{}@{}", cell.implementation, cell.pattern);
        if let Some(l) = suite
            .labels
            .get(&with_pattern)
            .or_else(|| suite.labels.get(cell.implementation.id()))
        {
            return l.clone();
        }
    }
    if cell.pattern.is_oneshot() {
        cell.implementation.to_string()
    } else {
        format!("{} ({})", cell.implementation, cell.pattern)
    }
}

/// Cells grouped by label, in first-seen order, each group's cells by size.
pub(super) fn by_label(run: &Run) -> Vec<(String, Vec<&Cell>)> {
    let mut groups: Vec<(String, Vec<&Cell>)> = Vec::new();
    for c in &run.cells {
        let l = label(run, c);
        match groups.iter_mut().find(|(g, _)| *g == l) {
            Some((_, cells)) => cells.push(c),
            None => groups.push((l, vec![c])),
        }
    }
    for (_, cells) in &mut groups {
        cells.sort_by_key(|c| c.size);
    }
    groups
}

/// The seed's own relative column, shown when the run names none: Crystal's "x slower"
/// than the fastest, Node's "+% vs slowest".
#[must_use]
pub fn own_column(layout: Layout) -> Option<RelativeTo> {
    match layout {
        Layout::Crystal => Some(RelativeTo::Fastest),
        Layout::Node => Some(RelativeTo::Slowest),
        _ => None,
    }
}

/// The relative columns a view shows of its own when the run names none: the cycle
/// tables' (with `cycle_tables`: the cycle view, and the HTML page, which has them) and
/// a seed layout's.
pub fn own_columns(run: &Run, cycle_tables: bool, layout: Layout) -> Vec<RelativeTo> {
    let mut own = if cycle_tables {
        hashbench_analysis::relative::default_relative_to(run)
    } else {
        Vec::new()
    };
    own.extend(own_column(layout));
    own
}

/// The relative columns of a seed layout: the run's (`--relative-to`), else the seed's
/// own ([`own_column`]).
pub(super) fn relative_columns(run: &Run, layout: Layout) -> Vec<RelativeTo> {
    if run.relative_to.is_empty() {
        own_column(layout).into_iter().collect()
    } else {
        run.relative_to.clone()
    }
}

/// What the relative columns are and how they were chosen.
pub(super) fn relative_note(run: &Run, columns: &[RelativeTo]) -> String {
    let names: Vec<String> = columns.iter().map(|to| to.heading(run)).collect();
    let which = if columns.len() == 1 {
        "the last column compares".to_string()
    } else {
        format!("the last {} columns compare", columns.len())
    };
    format!(
        "{which} each row with the same size's ({}; --relative-to chooses)",
        names.join(", ")
    )
}
