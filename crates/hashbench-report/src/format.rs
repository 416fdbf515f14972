//! Human formatting of sizes, times and rates, shared by every text renderer.

/// `64 B`, `4 KiB`, `1 MiB`, `1.5 KiB`: binary units, as sizes are given on the command line.
pub fn size(bytes: u64) -> String {
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

/// Four significant digits, at most, without trailing noise.
fn sig4(v: f64) -> String {
    if v >= 1000.0 {
        format!("{v:.0}")
    } else if v >= 100.0 {
        format!("{v:.1}")
    } else if v >= 10.0 {
        format!("{v:.2}")
    } else {
        format!("{v:.3}")
    }
}

/// A duration in nanoseconds as `12.34 ns`, `5.678 µs`, `1.234 ms`, `2.345 s`.
pub fn time_ns(ns: f64) -> String {
    if ns < 1e3 {
        format!("{} ns", sig4(ns))
    } else if ns < 1e6 {
        format!("{} µs", sig4(ns / 1e3))
    } else if ns < 1e9 {
        format!("{} ms", sig4(ns / 1e6))
    } else {
        format!("{} s", sig4(ns / 1e9))
    }
}

/// Decimal bytes per second as divan prints them: `105.2 GB/s`, `653.3 MB/s`.
pub fn rate(gb_per_sec: f64) -> String {
    if gb_per_sec >= 1.0 {
        format!("{} GB/s", sig4(gb_per_sec))
    } else if gb_per_sec >= 1e-3 {
        format!("{} MB/s", sig4(gb_per_sec * 1e3))
    } else {
        format!("{} KB/s", sig4(gb_per_sec * 1e6))
    }
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
/// right-aligned where `right[c]` is true. Trailing spaces are trimmed.
pub fn aligned(rows: &[Vec<String>], right: &[bool]) -> String {
    let columns = rows.iter().map(Vec::len).max().unwrap_or(0);
    let widths: Vec<usize> = (0..columns)
        .map(|c| {
            rows.iter()
                .filter_map(|r| r.get(c))
                .map(|s| s.chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut out = String::new();
    for row in rows {
        let cells: Vec<String> = row
            .iter()
            .enumerate()
            .map(|(c, s)| {
                let pad = " ".repeat(widths[c] - s.chars().count());
                if right.get(c).copied().unwrap_or(false) {
                    format!("{pad}{s}")
                } else {
                    format!("{s}{pad}")
                }
            })
            .collect();
        out.push_str(cells.join("  ").trim_end());
        out.push('\n');
    }
    out
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
    }
}
