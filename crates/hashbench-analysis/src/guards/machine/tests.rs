use super::*;

fn load(wait: f64) -> CellLoad {
    CellLoad {
        cpu_wait_percent: wait,
        steal_percent: None,
    }
}

#[test]
fn one_thread_is_busy_only_with_long_batches_and_half_the_cpu_gone() {
    // A CPU hog pinned beside the measuring thread: 67 % waiting, 5 ms batches.
    let f = busy_machine(&load(67.0), 1, 5e6).expect("flagged");
    assert_eq!(f.code, FlagCode::BusyMachine);
    assert!(f.reason.contains("67 %"), "{}", f.reason);
    // The same wait with 50 us batches: the median is of uncut batches.
    assert!(busy_machine(&load(67.0), 1, 5e4).is_none());
    // Exactly half is not more than half.
    assert!(busy_machine(&load(50.0), 1, 5e6).is_none());
    // Steal counts as competition.
    let stolen = CellLoad {
        cpu_wait_percent: 40.0,
        steal_percent: Some(15.0),
    };
    assert!(busy_machine(&stolen, 1, 5e6)
        .unwrap()
        .reason
        .contains("15.0 % stolen"));
}

#[test]
fn threads_are_busy_from_a_quarter_whatever_the_batch() {
    assert!(busy_machine(&load(30.0), 2, 5e4).is_some());
    assert!(busy_machine(&load(25.0), 2, 5e6).is_none());
}

fn trend(first: f64, last: f64, half_width: f64) -> SampleTrend {
    SampleTrend {
        first_third_ns: first,
        first_third_ci_ns: [first - half_width, first + half_width],
        last_third_ns: last,
        last_third_ci_ns: [last - half_width, last + half_width],
    }
}

#[test]
fn a_speed_up_beyond_the_cis_is_a_short_budget_on_a_quiet_machine() {
    // 2300 -> 2100 ns (-8.7 %), CIs of +-20 ns: apart.
    let t = trend(2300.0, 2100.0, 20.0);
    let f = short_budget(&t, Some(&load(5.0))).expect("flagged");
    assert!(f.reason.contains("8.7 % faster"), "{}", f.reason);
    assert!(short_budget(&t, None).is_some());
    // On a busy machine the trend is the machine's.
    assert!(short_budget(&t, Some(&load(60.0))).is_none());
    // CIs that overlap: no verdict.
    assert!(short_budget(&trend(2300.0, 2100.0, 120.0), None).is_none());
    // 2 % is within the allowance; a slow-down is not a warm-up.
    assert!(short_budget(&trend(2100.0, 2058.0, 1.0), None).is_none());
    assert!(short_budget(&trend(2100.0, 2300.0, 1.0), None).is_none());
}
