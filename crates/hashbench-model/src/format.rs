//! Sizes, times and rates in human units (`4 KiB`, `5.207 µs`, `653.3 MB/s`): how a
//! cell's size and figures are spelled wherever a person reads them, in the runner's
//! errors, the analysis' flag reasons and every text renderer alike.

use crate::Size;

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

#[cfg(test)]
mod tests;
