use super::*;

fn close(a: Option<f64>, b: f64) -> bool {
    a.is_some_and(|a| ((a - b) / b).abs() < 1e-9)
}

#[test]
fn times_rates_and_throughputs_meet_in_the_middle() {
    // divan, M2 Max, crc at 4096: 457.9 ns median and 8.944 GB/s median.
    let t = Normalised::of(457.9, Unit::Nanoseconds, Some(4096), None);
    assert!(close(t.bytes_per_sec, 4096.0 / 457.9e-9));
    let g = Normalised::of(8.944, Unit::GigabytesPerSec, Some(4096), None);
    assert!(close(g.ns_per_call, 4096.0 / 8.944));
    // Crystal: 1.67M ips is 598.8 ns per call (the seed prints 599.94ns beside it).
    let c = Normalised::of(1.67, Unit::MegaOpsPerSec, Some(16), None);
    assert!(close(c.ns_per_call, 1e9 / 1.67e6));
    // openssl speed: 5998042 calls in 2.99 s.
    let o = Normalised::of(5_998_042.0, Unit::Calls, Some(16), Some(2.99));
    assert!(close(o.ops_per_sec, 5_998_042.0 / 2.99));
    assert!(close(o.bytes_per_sec, 16.0 * 5_998_042.0 / 2.99));
}

#[test]
fn no_size_means_no_conversion_between_rates_and_times() {
    let g = Normalised::of(8.70, Unit::GigabytesPerSec, None, None);
    assert_eq!(g.ns_per_call, None);
    assert!(close(g.bytes_per_sec, 8.70e9));
}

#[test]
fn cycles_and_ratios_stay_unconverted() {
    for unit in [
        Unit::Cycles,
        Unit::CyclesPerCall,
        Unit::Ratio,
        Unit::Percent,
    ] {
        assert_eq!(
            Normalised::of(3.0, unit, Some(4096), None),
            Normalised::default()
        );
    }
}

#[test]
fn unknown_spellings_are_refused() {
    assert_eq!(Unit::parse("us"), None);
    assert_eq!(Unit::parse("GiB/s"), None);
    assert_eq!(Unit::parse("µs"), Some(Unit::Microseconds));
}
