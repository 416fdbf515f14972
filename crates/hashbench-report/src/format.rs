//! Human formatting shared by every text renderer: the model's units (sizes, times,
//! rates: [`hashbench_model::format`], re-exported here), percentages, and the aligned
//! tables and CSV text the renderers lay out.

pub use hashbench_model::format::{rate, rate_interval, size, time_interval, time_ns};

pub fn percent(p: Option<f64>) -> String {
    p.map_or("-".to_string(), |p| format!("{p:.1} %"))
}

/// `text` with its first letter in upper case, for a heading or a sentence made from a
/// phrase that starts lower-case elsewhere.
pub fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    chars
        .next()
        .map(|c| c.to_uppercase().chain(chars).collect())
        .unwrap_or_default()
}

/// Columns separated by two spaces, each as wide as its widest cell; column `c` is
/// right-aligned where `right[c]` is true. Trailing spaces are trimmed. No width limit:
/// [`grid`] with `None`.
pub fn aligned(rows: &[Vec<String>], right: &[bool]) -> String {
    grid(rows, right, None)
}

/// [`aligned`] laid out by comfy-table: with a `width`, cells wrap (comfy-table's dynamic
/// arrangement) so that lines stay within it where the content allows; without one, every
/// row is one line. Borderless, two spaces between columns, so that a table reads the
/// same whether or not it had to fit.
pub fn grid(rows: &[Vec<String>], right: &[bool], width: Option<usize>) -> String {
    use comfy_table::{CellAlignment, ContentArrangement, Table, TableStyle};
    if rows.is_empty() {
        return String::new();
    }
    let mut table = Table::new();
    table.load_style(TableStyle::new());
    for row in rows {
        table.add_row(row.iter().map(String::as_str));
    }
    let columns = table.column_count();
    for (c, column) in table.column_iter_mut().enumerate() {
        column.set_padding((0, if c + 1 < columns { 2 } else { 0 }));
        if right.get(c).copied().unwrap_or(false) {
            column.set_cell_alignment(CellAlignment::Right);
        }
    }
    if let Some(w) = width {
        table.set_content_arrangement(ContentArrangement::Dynamic);
        table.set_width(u16::try_from(w).unwrap_or(u16::MAX));
    }
    let mut out = table.trim_fmt();
    out.push('\n');
    out
}

/// Records as CSV text (RFC 4180 quoting, `\n` line ends), written by the `csv` crate.
pub(crate) fn csv_text<R, F>(records: R) -> String
where
    R: IntoIterator<Item = Vec<F>>,
    F: AsRef<[u8]>,
{
    let mut writer = csv::WriterBuilder::new()
        .terminator(csv::Terminator::Any(b'\n'))
        // Rows may differ in width (a run's relative columns); the header says which.
        .flexible(true)
        .from_writer(Vec::new());
    for record in records {
        // Writing to memory cannot fail; a failure here is a bug in the csv crate.
        writer
            .write_record(record)
            .expect("CSV to memory cannot fail");
    }
    let bytes = writer.into_inner().expect("CSV to memory cannot fail");
    String::from_utf8(bytes).expect("CSV of UTF-8 fields is UTF-8")
}

#[cfg(test)]
mod tests;
