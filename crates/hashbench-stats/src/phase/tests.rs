use super::*;

/// The Xeon's kernel run in shape: the machine slow (36 ns) for the first twelve passes,
/// then at its speed (20 ns).
fn slow_then_fast() -> Vec<Option<f64>> {
    (0..=24)
        .map(|k| Some(if k <= 12 { 36.0 } else { 20.4 }))
        .collect()
}

#[test]
fn passes_next_to_a_slow_timing_are_slow_and_the_others_fast() {
    let phases = pass_phases(&slow_then_fast(), 24).expect("the reference settled");
    // Pass 11 ends at boundary 12 (slow), pass 12 starts there: both slow.
    assert!(phases[..13].iter().all(|&p| p == Phase::Slow), "{phases:?}");
    assert!(phases[13..].iter().all(|&p| p == Phase::Fast), "{phases:?}");
}

#[test]
fn a_cell_that_stopped_inside_the_slow_spell_has_no_support() {
    let phases = pass_phases(&slow_then_fast(), 24).expect("settled");
    let stopped_early: Vec<u32> = (0..10).collect();
    assert_eq!(fast_rounds(&stopped_early, &phases), 0);
    assert!(!supported(&stopped_early, &phases));
    let went_on: Vec<u32> = (0..24).collect();
    assert_eq!(fast_rounds(&went_on, &phases), 11);
    assert!(supported(&went_on, &phases));
    // Three rounds in the fast passes are enough.
    let caught_up: Vec<u32> = (0..10).chain(13..16).collect();
    assert!(supported(&caught_up, &phases));
}

#[test]
fn a_speed_up_not_yet_confirmed_judges_nothing_then_too_few_fast_passes_judge_nobody() {
    // After 14 passes: two fast timings, below the slow cluster and unconfirmed.
    assert_eq!(pass_phases(&slow_then_fast()[..15], 14), None);
    // After 15: three fast timings settle the reference at 20.4 ns, but only passes 13
    // and 14 lie between fast timings.
    let phases = pass_phases(&slow_then_fast()[..16], 15).expect("settled");
    assert_eq!(phases.iter().filter(|&&p| p == Phase::Fast).count(), 2);
    assert!(!judges(&phases));
    assert!(supported(&[0, 1, 2], &phases));
}

#[test]
fn a_steady_machine_has_only_fast_passes() {
    let steady: Vec<Option<f64>> = (0..=8).map(|k| Some(100.0 + (k % 3) as f64)).collect();
    let phases = pass_phases(&steady, 8).expect("settled");
    assert!(phases.iter().all(|&p| p == Phase::Fast));
    assert!(supported(&[0, 3, 7], &phases));
    assert!(
        !supported(&[0, 3], &phases),
        "two rounds are fewer than a cluster"
    );
}

#[test]
fn missing_timings_leave_a_pass_unknown_or_judged_by_the_other() {
    let mut b = vec![Some(10.0); 9];
    b[3] = None;
    b[4] = None;
    let phases = pass_phases(&b, 8).expect("settled");
    assert_eq!(phases[3], Phase::Unknown);
    assert_eq!(phases[2], Phase::Fast, "judged by the timing before it");
    assert_eq!(phases[4], Phase::Fast, "judged by the timing after it");
}

#[test]
fn a_reference_that_never_settles_judges_nothing() {
    let wandering: Vec<Option<f64>> = [10.0, 14.0, 19.0, 26.0, 35.0].map(Some).to_vec();
    assert_eq!(pass_phases(&wandering, 4), None);
}
