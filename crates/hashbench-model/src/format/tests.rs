//! The units' spellings, at the boundaries of their units and digit counts.

use super::*;

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
    assert_eq!(rate_interval(21.23, 21.57, 21.4), "21.23–21.57");
    assert_eq!(rate_interval(0.9998, 1.02, 0.9999), "999.8–1020");
    assert_eq!(time_interval(5100.0, 5300.0, 5207.0), "5.100–5.300");
}

#[test]
fn sizes_switch_to_binary_units_at_whole_powers_of_1024() {
    assert_eq!(size(0), "0 B");
    assert_eq!(size(1023), "1023 B");
    assert_eq!(size(1024), "1 KiB");
    // 1025 / 1024 = 1.00098: not whole, one decimal.
    assert_eq!(size(1025), "1.0 KiB");
    assert_eq!(size(3 * 1024), "3 KiB");
    // (1 MiB - 1) / 1024 = 1023.999 KiB, still KiB.
    assert_eq!(size((1 << 20) - 1), "1024.0 KiB");
    assert_eq!(size(1 << 20), "1 MiB");
    // 2.5 MiB: 2621440 / 1048576.
    assert_eq!(size(5 << 19), "2.5 MiB");
    assert_eq!(size(1 << 30), "1 GiB");
    assert_eq!(size(3 << 30), "3 GiB");
    assert_eq!(size(3 << 29), "1.5 GiB");
    // No TiB: 2^40 B = 1024 GiB.
    assert_eq!(size(1 << 40), "1024 GiB");
}

#[test]
fn times_keep_four_significant_digits_within_each_unit() {
    assert_eq!(time_ns(1.0), "1.000 ns");
    assert_eq!(time_ns(9.999), "9.999 ns");
    assert_eq!(time_ns(10.0), "10.00 ns");
    assert_eq!(time_ns(99.99), "99.99 ns");
    assert_eq!(time_ns(100.0), "100.0 ns");
    assert_eq!(time_ns(999.5), "999.5 ns");
    assert_eq!(time_ns(1000.0), "1.000 µs");
    assert_eq!(time_ns(1500.0), "1.500 µs");
    assert_eq!(time_ns(999_000.0), "999.0 µs");
    assert_eq!(time_ns(1e6), "1.000 ms");
    assert_eq!(time_ns(25e6), "25.00 ms");
    assert_eq!(time_ns(1e9), "1.000 s");
    assert_eq!(time_ns(1234e9), "1234 s");
}

#[test]
fn a_time_that_rounds_up_to_a_thousand_moves_to_the_next_unit() {
    // 999.96 ns is 1.000 µs to four significant digits; "1000.0 ns" would be five
    // digits in the wrong unit.
    assert_eq!(time_ns(999.96), "1.000 µs");
    assert_eq!(time_ns(999_960.0), "1.000 ms");
    assert_eq!(time_ns(999_960_000.0), "1.000 s");
    // The same within a unit: 99.996 is 100.0, 9.9996 is 10.00.
    assert_eq!(time_ns(99.996), "100.0 ns");
    assert_eq!(time_ns(9.9996), "10.00 ns");
    assert_eq!(rate(0.999_96), "1.000 GB/s");
    assert_eq!(rate(0.000_999_96), "1.000 MB/s");
}

#[test]
fn rates_are_decimal_gb_mb_and_kb_per_second() {
    assert_eq!(rate(1000.0), "1000 GB/s");
    assert_eq!(rate(100.0), "100.0 GB/s");
    assert_eq!(rate(10.0), "10.00 GB/s");
    assert_eq!(rate(1.0), "1.000 GB/s");
    // 0.5 GB/s = 500 MB/s.
    assert_eq!(rate(0.5), "500.0 MB/s");
    assert_eq!(rate(0.001), "1.000 MB/s");
    // 0.0005 GB/s = 0.5 MB/s = 500 KB/s.
    assert_eq!(rate(0.0005), "500.0 KB/s");
    assert_eq!(rate(0.000_002), "2.000 KB/s");
}
