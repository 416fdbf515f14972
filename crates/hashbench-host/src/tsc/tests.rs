use super::*;

#[test]
fn tick_conversion() {
    let tsc = Tsc {
        hz: 2.5e9,
        invariant: true,
    };
    assert_eq!(tsc.ticks_to_secs(5_000_000_000), 2.0);
}

#[test]
fn zero_duration_does_not_calibrate() {
    assert_eq!(Tsc::calibrate(Duration::ZERO), None);
}

#[cfg(target_arch = "x86_64")]
#[test]
fn read_advances() {
    let a = read();
    std::thread::sleep(Duration::from_millis(1));
    let b = read();
    assert!(b > a, "{a} then {b}");
}
