//! Tables fitted to the terminal's width by columns, not by wrapping: the least useful
//! optional column is dropped until the rows fit, and then the implementation's name is
//! ellipsized ([`crate::render::options::ellipsized`]) but never below [`MIN_NAME`] characters.
//! Every row stays one line. The compact rankings (`ranking`), the `--detail` tables
//! (`text`) and `compare`'s table fit this way; Markdown, CSV, JSON and HTML never do.

use crate::format::grid;
use crate::render::options::ellipsized;

/// The narrowest an implementation's name is cut to.
pub(crate) const MIN_NAME: usize = 12;

/// Two spaces between columns, as [`grid`] lays them out.
const GAP: usize = 2;

/// One column of a fitted table: `drop` orders the optional ones (lowest dropped first;
/// `None` is never dropped).
pub(crate) struct Column {
    pub header: String,
    pub cells: Vec<String>,
    pub right: bool,
    pub drop: Option<u8>,
}

impl Column {
    pub(crate) fn new(header: &str, cells: Vec<String>, right: bool, drop: Option<u8>) -> Column {
        Column {
            header: header.to_string(),
            cells,
            right,
            drop,
        }
    }

    fn width(&self) -> usize {
        self.cells
            .iter()
            .chain(std::iter::once(&self.header))
            .map(|s| s.chars().count())
            .max()
            .unwrap_or(0)
    }
}

fn total(columns: &[Column]) -> usize {
    columns.iter().map(Column::width).sum::<usize>() + GAP * columns.len().saturating_sub(1)
}

/// Drops optional columns, then cuts the names (column `name`), until `columns` fit
/// `width`; the headers of the columns dropped, in the table's order.
pub(crate) fn fit(columns: &mut Vec<Column>, width: usize, name: usize) -> Vec<String> {
    // Each column's place in the table as given: the note lists the dropped in that order.
    let mut places: Vec<usize> = (0..columns.len()).collect();
    let mut dropped: Vec<(usize, String)> = Vec::new();
    let mut name = name;
    while total(columns) > width {
        let Some((_, at)) = columns
            .iter()
            .enumerate()
            .filter_map(|(i, c)| c.drop.map(|d| (d, i)))
            .min()
        else {
            break;
        };
        dropped.push((places.remove(at), columns.remove(at).header));
        if at < name {
            name -= 1;
        }
    }
    let over = total(columns).saturating_sub(width);
    if over > 0 {
        if let Some(column) = columns.get_mut(name) {
            let max = column.width().saturating_sub(over).max(MIN_NAME);
            for cell in &mut column.cells {
                *cell = ellipsized(cell, max);
            }
        }
    }
    dropped.sort();
    dropped.into_iter().map(|(_, h)| h).collect()
}

/// A terminal table from `header`, `rows`, `right` (right-aligned columns) and `drop`
/// (each column's drop order, as [`Column`]), fitted to `width` when there is one (the
/// names in column `name` cut last), then a line saying which columns were left out.
pub(crate) fn table(
    header: &[&str],
    rows: &[Vec<String>],
    right: &[bool],
    drop: &[Option<u8>],
    name: usize,
    width: Option<usize>,
) -> String {
    let mut columns: Vec<Column> = header
        .iter()
        .enumerate()
        .map(|(i, h)| {
            let cells = rows
                .iter()
                .map(|r| r.get(i).cloned().unwrap_or_default())
                .collect();
            Column::new(
                h,
                cells,
                right.get(i).copied().unwrap_or(false),
                drop.get(i).copied().flatten(),
            )
        })
        .collect();
    let dropped = match width {
        Some(w) => fit(&mut columns, w, name),
        None => Vec::new(),
    };
    let right: Vec<bool> = columns.iter().map(|c| c.right).collect();
    let mut all = vec![columns.iter().map(|c| c.header.clone()).collect::<Vec<_>>()];
    all.extend((0..rows.len()).map(|r| columns.iter().map(|c| c.cells[r].clone()).collect()));
    let mut out = grid(&all, &right, None);
    if let (false, Some(w)) = (dropped.is_empty(), width) {
        let note = format!(
            "(left out to fit {w} columns: {}; wider: COLUMNS=N or --format markdown)",
            dropped.join(", ")
        );
        // Wrapped, not cut: the names are the point of the line.
        out.push_str(&grid(&[vec![note]], &[], Some(w.max(MIN_NAME))));
    }
    out
}

#[cfg(test)]
mod tests;
