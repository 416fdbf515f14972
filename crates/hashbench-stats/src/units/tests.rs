use super::*;

#[test]
fn per_iteration_divides_and_rejects_zero() {
    let d = Duration::from_micros(3);
    assert_eq!(Nanos::per_iteration(d, 4), Some(Nanos(750.0)));
    assert_eq!(Nanos::per_iteration(d, 0), None);
    assert_eq!(Nanos::from(Duration::from_nanos(12)), Nanos(12.0));
    assert_eq!(Nanos(1500.0).as_secs_f64(), 1.5e-6);
}

#[test]
fn serializes_as_a_bare_number() {
    let json = serde_json::to_string(&Nanos(2.5)).expect("serializable");
    assert_eq!(json, "2.5");
}
