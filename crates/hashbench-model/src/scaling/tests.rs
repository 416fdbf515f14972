use super::*;

fn scaling(trials: &[(u64, u64)]) -> IterationScaling {
    IterationScaling {
        short_iterations: 8,
        long_iterations: 16,
        clock: ScalingClock::ThreadCpu,
        trials: trials
            .iter()
            .map(|&(short_ns, long_ns)| ScalingTrial { short_ns, long_ns })
            .collect(),
    }
}

#[test]
fn ratio_is_of_the_fastest_batches() {
    assert_eq!(scaling(&[(100, 200)]).time_ratio(), Some(2.0));
    // One short batch was interrupted (300), one long batch too (900): ignored.
    assert_eq!(
        scaling(&[(300, 210), (100, 900), (105, 200)]).time_ratio(),
        Some(2.0)
    );
    // Work done once per batch: the long batches take as long as the short ones.
    assert_eq!(
        scaling(&[(1000, 1010), (990, 1000)]).time_ratio(),
        Some(1000.0 / 990.0)
    );
    assert_eq!(scaling(&[(0, 200)]).time_ratio(), None);
    assert_eq!(scaling(&[]).time_ratio(), None);
    assert_eq!(scaling(&[]).expected_ratio(), 2.0);
}
