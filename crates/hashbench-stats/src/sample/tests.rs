use super::*;

#[test]
fn rejects_bad_values_with_their_index() {
    assert_eq!(
        Samples::from_nanos(std::iter::empty()),
        Err(SampleError::Empty)
    );
    assert!(matches!(
        Samples::from_nanos([1.0, f64::NAN]),
        Err(SampleError::NotFinite { index: 1, .. })
    ));
    assert!(matches!(
        Samples::from_nanos([f64::INFINITY]),
        Err(SampleError::NotFinite { index: 0, .. })
    ));
    assert_eq!(
        Samples::from_nanos([1.0, 2.0, -0.5]),
        Err(SampleError::Negative {
            index: 2,
            value: -0.5
        })
    );
    assert!(matches!(
        Samples::from_nanos([2e18]),
        Err(SampleError::TooLarge { index: 0, .. })
    ));
}

#[test]
fn negative_zero_is_accepted_as_zero() {
    let s = Samples::from_nanos([-0.0]).expect("-0.0 is a valid zero");
    assert!(s.values()[0].get().is_sign_positive());
}

#[test]
fn measurements_become_per_iteration_times() {
    let s = Samples::from_measurements([
        Measurement::new(10, Duration::from_nanos(100)),
        Measurement::new(4, Duration::from_nanos(20)),
    ])
    .expect("valid");
    assert_eq!(s.values(), &[Nanos(10.0), Nanos(5.0)]);
    assert_eq!(s.sorted(), &[Nanos(5.0), Nanos(10.0)]);
    assert_eq!(s.total_iterations(), 14);
    assert_eq!(s.len(), 2);
    assert!(!s.is_empty());
}

#[test]
fn measurement_errors() {
    assert_eq!(Samples::from_measurements([]), Err(SampleError::Empty));
    assert_eq!(
        Samples::from_measurements([
            Measurement::new(1, Duration::from_nanos(1)),
            Measurement::new(0, Duration::from_nanos(1)),
        ]),
        Err(SampleError::ZeroIterations { index: 1 })
    );
    assert_eq!(
        Samples::from_measurements([
            Measurement::new(u64::MAX, Duration::from_secs(1)),
            Measurement::new(1, Duration::from_secs(1)),
        ]),
        Err(SampleError::IterationOverflow)
    );
    assert!(matches!(
        Samples::from_measurements([Measurement::new(1, Duration::MAX)]),
        Err(SampleError::TooLarge { index: 0, .. })
    ));
}
