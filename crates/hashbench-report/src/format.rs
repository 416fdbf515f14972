//! Human formatting of sizes, times and rates, shared by every text renderer.

use hashbench_model::Size;

/// `64 B`, `4 KiB`, `1 MiB`, `1.5 KiB`: binary units, as sizes are given on the command
/// line; a range of lengths as its mean and its bounds, `avg 64.5 B (1..=128)`.
pub fn size(size: impl Into<Size>) -> String {
    match size.into() {
        Size::Bytes(n) => bytes(n),
        range @ Size::Range { .. } => {
            // The mean of a range is whole or a half: shown exactly.
            format!("avg {} B ({range})", range.mean_bytes())
        }
    }
}

fn bytes(bytes: u64) -> String {
    const UNITS: [(&str, u64); 3] = [("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)];
    for (unit, scale) in UNITS {
        if bytes >= scale {
            return if bytes.is_multiple_of(scale) {
                format!("{} {unit}", bytes / scale)
            } else {
                format!("{:.1} {unit}", bytes as f64 / scale as f64)
            };
        }
    }
    format!("{bytes} B")
}

/// Four significant digits, at most, without trailing noise. The decimals are chosen
/// by the number as rounded: 999.96 is `1000`, not `1000.0` (five digits).
fn sig4(v: f64) -> String {
    for decimals in (1..=3).rev() {
        let text = format!("{v:.decimals$}");
        let whole = text.find('.').unwrap_or(text.len());
        if whole + decimals <= 4 {
            return text;
        }
    }
    format!("{v:.0}")
}

/// The first of `(value, unit)` (the same quantity in ever larger units) that shows as
/// less than 1000 to four significant digits, else the last: so 999.96 ns is `1.000 µs`
/// rather than `1000 ns`.
fn in_unit(candidates: &[(f64, &str)]) -> String {
    let mut shown = String::new();
    for (v, unit) in candidates {
        let text = sig4(*v);
        let below_1000 = text.parse::<f64>().is_ok_and(|v| v < 1000.0);
        shown = format!("{text} {unit}");
        if below_1000 {
            break;
        }
    }
    shown
}

/// A duration in nanoseconds as `12.34 ns`, `5.678 µs`, `1.234 ms`, `2.345 s`.
pub fn time_ns(ns: f64) -> String {
    in_unit(&[
        (ns, "ns"),
        (ns / 1e3, "µs"),
        (ns / 1e6, "ms"),
        (ns / 1e9, "s"),
    ])
}

/// Decimal bytes per second as divan prints them: `105.2 GB/s`, `653.3 MB/s`.
pub fn rate(gb_per_sec: f64) -> String {
    in_unit(&[
        (gb_per_sec * 1e6, "KB/s"),
        (gb_per_sec * 1e3, "MB/s"),
        (gb_per_sec, "GB/s"),
    ])
}

/// The interval `[low, high]` as `low–high` in the unit [`rate`] picks for `like` (the
/// estimate), so that an interval reads beside its estimate: `21.23–21.57`.
pub fn rate_interval(low: f64, high: f64, like: f64) -> String {
    let (scale, _) = [(1e6, "KB/s"), (1e3, "MB/s"), (1.0, "GB/s")]
        .into_iter()
        .find(|(scale, _)| sig4(like * scale).parse::<f64>().is_ok_and(|v| v < 1000.0))
        .unwrap_or((1.0, "GB/s"));
    format!("{}–{}", sig4(low * scale), sig4(high * scale))
}

/// The interval `[low, high]` of times (ns) as `low–high` in the unit [`time_ns`] picks
/// for `like`.
pub fn time_interval(low: f64, high: f64, like: f64) -> String {
    let (scale, _) = [(1.0, "ns"), (1e-3, "µs"), (1e-6, "ms"), (1e-9, "s")]
        .into_iter()
        .find(|(scale, _)| sig4(like * scale).parse::<f64>().is_ok_and(|v| v < 1000.0))
        .unwrap_or((1e-9, "s"));
    format!("{}–{}", sig4(low * scale), sig4(high * scale))
}

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
mod tests {
    use super::*;

    #[test]
    fn aligns_columns() {
        let rows = vec![
            vec!["a".to_string(), "bb".to_string(), "c".to_string()],
            vec!["aaa".to_string(), "b".to_string(), "".to_string()],
        ];
        assert_eq!(aligned(&rows, &[]), "a    bb  c\naaa  b\n");
        assert_eq!(aligned(&rows, &[true]), "  a  bb  c\naaa  b\n");
    }

    #[test]
    fn sizes() {
        assert_eq!(size(64), "64 B");
        assert_eq!(size(4096), "4 KiB");
        assert_eq!(size(1536), "1.5 KiB");
        assert_eq!(size(4 << 20), "4 MiB");
    }

    #[test]
    fn times_and_rates() {
        assert_eq!(time_ns(0.3141), "0.314 ns");
        assert_eq!(time_ns(38.9), "38.90 ns");
        assert_eq!(time_ns(5207.0), "5.207 µs");
        assert_eq!(time_ns(912_000.0), "912.0 µs");
        assert_eq!(time_ns(1.527e6), "1.527 ms");
        assert_eq!(rate(105.24), "105.2 GB/s");
        assert_eq!(rate(0.6533), "653.3 MB/s");
        assert_eq!(percent(Some(0.42)), "0.4 %");
        assert_eq!(percent(None), "-");
        assert_eq!(rate_interval(21.23, 21.57, 21.4), "21.23–21.57");
        assert_eq!(rate_interval(0.9998, 1.02, 0.9999), "999.8–1020");
        assert_eq!(time_interval(5100.0, 5300.0, 5207.0), "5.100–5.300");
    }
}
