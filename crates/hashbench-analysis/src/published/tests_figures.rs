//! Published figures: every unit's conversion with hand-computed values, loading checks,
//! the sweeps the flat-scaling check sees, and finding seeds, machines and figures (the
//! table and CSV renderings are tested with the renderers, in hashbench-report).

use super::testutil::{doc, two_figures};
use super::{parse, Dimension, Normalised, PublishedError, Unit};

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| ((a - b) / b).abs() < 1e-12)
}

/// `(ns per call, calls per second, bytes per second)` of `value unit` at `size`.
fn of(value: f64, unit: &str, size: Option<u64>, over: Option<f64>) -> Normalised {
    Normalised::of(value, Unit::parse(unit).expect(unit), size, over)
}

fn assert_normalised(n: Normalised, ns: f64, ops: f64, bytes: Option<f64>) {
    assert!(close(n.ns_per_call, ns), "{n:?} ns {ns}");
    assert!(close(n.ops_per_sec, ops), "{n:?} ops {ops}");
    match bytes {
        Some(b) => assert!(close(n.bytes_per_sec, b), "{n:?} bytes {b}"),
        None => assert_eq!(n.bytes_per_sec, None, "{n:?}"),
    }
}

#[test]
fn times_convert_to_calls_and_bytes_per_second() {
    // 500 ns per call: 1e9 / 500 = 2e6 calls/s; x 1000 B = 2e9 B/s.
    assert_normalised(of(500.0, "ns", Some(1000), None), 500.0, 2e6, Some(2e9));
    // 2 µs = 2000 ns: 5e5 calls/s, 64 B x 5e5 = 3.2e7 B/s.
    assert_normalised(of(2.0, "µs", Some(64), None), 2000.0, 5e5, Some(3.2e7));
    // 1.5 ms = 1.5e6 ns: 666.67 calls/s.
    assert_normalised(of(1.5, "ms", None, None), 1.5e6, 1e9 / 1.5e6, None);
    // 2 s = 2e9 ns: 0.5 calls/s; 4 MiB / 2 s = 2097152 B/s.
    assert_normalised(
        of(2.0, "s", Some(4 << 20), None),
        2e9,
        0.5,
        Some(2_097_152.0),
    );
}

#[test]
fn throughputs_convert_to_times_only_with_a_size() {
    // 4 GB/s = 4e9 B/s at 4096 B: 4096 / 4e9 s = 1024 ns, 4e9 / 4096 = 976562.5 calls/s.
    assert_normalised(
        of(4.0, "GB/s", Some(4096), None),
        1024.0,
        976_562.5,
        Some(4e9),
    );
    // 512 MB/s = 5.12e8 B/s at 1 KiB: 1024 / 5.12e8 s = 2000 ns, 500000 calls/s.
    assert_normalised(
        of(512.0, "MB/s", Some(1024), None),
        2000.0,
        5e5,
        Some(5.12e8),
    );
    let n = of(512.0, "MB/s", None, None);
    assert_eq!((n.ns_per_call, n.ops_per_sec), (None, None));
    assert!(close(n.bytes_per_sec, 5.12e8));
}

#[test]
fn call_rates_convert_with_their_suffix() {
    // 250000 op/s: 4000 ns per call; x 16 B = 4e6 B/s. `ips` is the same unit.
    assert_normalised(
        of(250_000.0, "op/sec", Some(16), None),
        4000.0,
        2.5e5,
        Some(4e6),
    );
    assert_normalised(of(250_000.0, "ips", None, None), 4000.0, 2.5e5, None);
    // 947.11k = 947110 calls/s: 1e9 / 947110 ns.
    assert_normalised(
        of(947.11, "k", None, None),
        1e9 / 947_110.0,
        947_110.0,
        None,
    );
    // 1.25M = 1.25e6 calls/s: 800 ns; x 32 B = 4e7 B/s.
    assert_normalised(of(1.25, "M", Some(32), None), 800.0, 1.25e6, Some(4e7));
}

#[test]
fn a_count_of_calls_is_a_rate_over_its_seconds() {
    // 6e6 calls in 3 s: 2e6 calls/s, 500 ns each, 16 B x 2e6 = 3.2e7 B/s.
    assert_normalised(
        of(6e6, "calls", Some(16), Some(3.0)),
        500.0,
        2e6,
        Some(3.2e7),
    );
    assert_eq!(of(6e6, "calls", Some(16), None), Normalised::default());
}

#[test]
fn counts_of_cycles_ratios_and_allocations_are_not_converted() {
    for unit in [
        "cycles",
        "cycles/iteration",
        "c/i",
        "x",
        "× slower",
        "%",
        "B/op",
        "kB/op",
    ] {
        assert_eq!(
            of(3.0, unit, Some(64), Some(1.0)),
            Normalised::default(),
            "{unit}"
        );
    }
}

#[test]
fn every_spelling_parses_to_its_unit_and_dimension() {
    use Dimension::*;
    let table = [
        ("ns", Unit::Nanoseconds, Time),
        ("µs", Unit::Microseconds, Time),
        ("ms", Unit::Milliseconds, Time),
        ("s", Unit::Seconds, Time),
        ("GB/s", Unit::GigabytesPerSec, Throughput),
        ("MB/s", Unit::MegabytesPerSec, Throughput),
        ("op/sec", Unit::OpsPerSec, CallRate),
        ("ips", Unit::OpsPerSec, CallRate),
        ("k", Unit::KiloOpsPerSec, CallRate),
        ("M", Unit::MegaOpsPerSec, CallRate),
        ("calls", Unit::Calls, CallCount),
        ("cycles", Unit::Cycles, Cycles),
        ("cycles/iteration", Unit::CyclesPerCall, Cycles),
        ("c/i", Unit::CyclesPerCall, Cycles),
        ("x", Unit::Ratio, Relative),
        ("× slower", Unit::TimesSlower, Relative),
        ("%", Unit::Percent, Relative),
        ("B/op", Unit::BytesPerOp, Memory),
        ("kB/op", Unit::KilobytesPerOp, Memory),
    ];
    for (text, unit, dimension) in table {
        assert_eq!(Unit::parse(text), Some(unit), "{text}");
        assert_eq!(unit.dimension(), dimension, "{text}");
    }
    assert_eq!(Unit::parse("KB/s"), None);
}

fn bad(figure: &str) -> PublishedError {
    parse("x.json", &doc(&[figure])).expect_err(figure)
}

#[test]
fn loading_refuses_values_that_cannot_be_converted_and_accepts_the_rest() {
    let base = r#""label": "l", "size_bytes": 64, "statistic": "median", "text": "t""#;
    for (value_unit, why) in [
        (
            r#""value": -1, "unit": "ns""#,
            "the value must be a finite number >= 0",
        ),
        (
            r#""value": 0, "unit": "ns""#,
            "a time or rate of 0 cannot be converted",
        ),
        (
            r#""value": 0, "unit": "GB/s""#,
            "a time or rate of 0 cannot be converted",
        ),
        (
            r#""value": 0, "unit": "op/sec""#,
            "a time or rate of 0 cannot be converted",
        ),
        (
            r#""value": 5, "unit": "calls", "over_seconds": 0"#,
            "a count of calls needs over_seconds > 0",
        ),
    ] {
        let err = bad(&format!("{base}, {value_unit}"));
        assert!(
            matches!(err, PublishedError::BadFigure { why: w, .. } if w == why),
            "{value_unit}: {err}"
        );
    }
    let err = bad(
        r#""label": "l", "size_bytes": 0, "statistic": "median", "text": "t", "value": 1, "unit": "ns""#,
    );
    assert!(
        matches!(
            err,
            PublishedError::BadFigure {
                why: "size_bytes must be positive or null",
                ..
            }
        ),
        "{err}"
    );
    // Zero is a fine ratio, percentage, allocation or cycle count; a count of calls
    // with its seconds loads.
    for value_unit in [
        r#""value": 0, "unit": "x""#,
        r#""value": 0, "unit": "%""#,
        r#""value": 0, "unit": "B/op""#,
        r#""value": 0, "unit": "cycles""#,
        r#""value": 5, "unit": "calls", "over_seconds": 0.5"#,
    ] {
        assert!(
            parse("x.json", &doc(&[&format!("{base}, {value_unit}")])).is_ok(),
            "{value_unit}"
        );
    }
}

#[test]
fn only_typical_statistics_of_one_sweep_are_judged_flat() {
    let point = |label: &str, size: u64, stat: &str, unit: &str, setup: &str| {
        format!(
            r#""label": "{label}", "size_bytes": {size}, "statistic": "{stat}", "value": 100,
               "unit": "{unit}", "text": "100", "setup": {setup}"#
        )
    };
    let figures = [
        // 0, 1: the same 100 ns at 64 B and 4 KiB: the 4 KiB point is flagged.
        point("a", 64, "median", "ns", "null"),
        point("a", 4096, "median", "ns", "null"),
        // 2, 3: the same, but `fastest`: extremes are not judged.
        point("b", 64, "fastest", "ns", "null"),
        point("b", 4096, "fastest", "ns", "null"),
        // 4, 5: same label and statistic, different setups: two one-point sweeps.
        point("c", 64, "mean", "ns", r#""O1""#),
        point("c", 4096, "mean", "ns", r#""O2""#),
        // 6, 7: a time and a rate of one row are different sweeps.
        point("d", 64, "result", "ns", "null"),
        point("d", 4096, "result", "op/sec", "null"),
        // 8, 9: an ips sweep and a count sweep, both flat: both flagged at 4 KiB.
        point("e", 64, "ips", "op/sec", "null"),
        point("e", 4096, "ips", "op/sec", "null"),
    ];
    let figures: Vec<&str> = figures.iter().map(String::as_str).collect();
    let seed = parse("x.json", &doc(&figures)).unwrap();
    let flagged: Vec<usize> = seed
        .figures
        .iter()
        .enumerate()
        .filter(|(_, f)| !f.flags.is_empty())
        .map(|(i, _)| i)
        .collect();
    assert_eq!(flagged, [1, 9]);
    let f = &seed.figures[1].flags[0];
    assert_eq!(f.name(), "flat-scaling");
    assert!(
        f.message().starts_with("impossible: time per call does not grow with size (64 B: 10000000 op/s, 4096 B: 10000000 op/s;"),
        "{}",
        f.message()
    );
}

#[test]
fn figures_sharing_a_size_in_a_flat_sweep_are_both_flagged() {
    let point = |size: u64, text: &str| {
        format!(
            r#""label": "a", "size_bytes": {size}, "statistic": "median", "value": 100,
               "unit": "ns", "text": "{text}""#
        )
    };
    let figures = [point(64, "x"), point(4096, "y"), point(4096, "z")];
    let figures: Vec<&str> = figures.iter().map(String::as_str).collect();
    let seed = parse("x.json", &doc(&figures)).unwrap();
    let counts: Vec<usize> = seed.figures.iter().map(|f| f.flags.len()).collect();
    // Each 4 KiB point is judged against the 64 B one: one flag each.
    assert_eq!(counts, [0, 1, 1]);
}

#[test]
fn seeds_machines_and_figures_are_found_by_number_and_id() {
    let seed = two_figures();
    assert_eq!(seed.machine("bare").map(|m| m.id.as_str()), Some("bare"));
    assert!(seed.machine("nope").is_none());
    let p = super::Published {
        schema_version: 1,
        seeds: vec![seed.clone(), {
            let mut s = seed;
            s.seed = 8;
            s
        }],
    };
    assert_eq!(p.seed(8).map(|s| s.seed).ok(), Some(8));
    let err = p.seed(3).unwrap_err();
    assert_eq!(err.to_string(), "no published seed 3; the seeds are 7, 8");
    let numbers: Vec<u32> = p.figures().map(|(s, _)| s.seed).collect();
    assert_eq!(numbers, [7, 7, 8, 8]);
}
