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
    let phases = pass_phases(&slow_then_fast(), 24, None).expect("the reference settled");
    // Pass 11 ends at boundary 12 (slow), pass 12 starts there: both slow.
    assert!(
        phases.phases[..13].iter().all(|&p| p == Phase::Slow),
        "{phases:?}"
    );
    assert!(
        phases.phases[13..].iter().all(|&p| p == Phase::Fast),
        "{phases:?}"
    );
}

#[test]
fn a_cell_that_stopped_inside_the_slow_spell_has_no_support() {
    let phases = pass_phases(&slow_then_fast(), 24, None).expect("settled");
    let stopped_early: Vec<u32> = (0..10).collect();
    assert_eq!(phases.fast_rounds(&stopped_early), 0);
    assert!(!phases.supported(&stopped_early));
    let went_on: Vec<u32> = (0..24).collect();
    assert_eq!(phases.fast_rounds(&went_on), 11);
    assert!(phases.supported(&went_on));
    // Three rounds in the fast passes are enough.
    let caught_up: Vec<u32> = (0..10).chain(13..16).collect();
    assert!(phases.supported(&caught_up));
}

#[test]
fn a_speed_up_not_yet_confirmed_judges_nothing_then_too_few_fast_passes_judge_nobody() {
    // After 14 passes: two fast timings, below the slow cluster and unconfirmed.
    assert_eq!(pass_phases(&slow_then_fast()[..15], 14, None), None);
    // After 15: three fast timings settle the reference at 20.4 ns, but only passes 13
    // and 14 lie between fast timings.
    let phases = pass_phases(&slow_then_fast()[..16], 15, None).expect("settled");
    assert_eq!(phases.fast_passes(), 2);
    assert!(!phases.judges());
    assert!(phases.supported(&[0, 1, 2]));
}

#[test]
fn a_steady_machine_has_only_fast_passes() {
    let steady: Vec<Option<f64>> = (0..=8).map(|k| Some(100.0 + (k % 3) as f64)).collect();
    let phases = pass_phases(&steady, 8, None).expect("settled");
    assert!(phases.phases.iter().all(|&p| p == Phase::Fast));
    assert!(phases.supported(&[0, 3, 7]));
    assert!(
        !phases.supported(&[0, 3]),
        "two rounds are fewer than a cluster"
    );
}

#[test]
fn missing_timings_leave_a_pass_unknown_or_judged_by_the_other() {
    let mut b = vec![Some(10.0); 9];
    b[3] = None;
    b[4] = None;
    let phases = pass_phases(&b, 8, None).expect("settled");
    assert_eq!(phases.phases[3], Phase::Unknown);
    assert_eq!(
        phases.phases[2],
        Phase::Fast,
        "judged by the timing before it"
    );
    assert_eq!(
        phases.phases[4],
        Phase::Fast,
        "judged by the timing after it"
    );
}

#[test]
fn a_reference_that_never_settles_judges_nothing() {
    let wandering: Vec<Option<f64>> = [10.0, 14.0, 19.0, 26.0, 35.0].map(Some).to_vec();
    assert_eq!(pass_phases(&wandering, 4, None), None);
}

#[test]
fn a_remembered_speed_shows_a_run_that_was_slow_throughout() {
    // The development VM (issue 32): a whole run at 18 ns while the reference reads
    // 12.2 ns undisturbed. Its own timings settle on 18 ns and call every pass fast.
    let slow: Vec<Option<f64>> = (0..=10)
        .map(|k| Some(18.0 + (k % 3) as f64 * 0.2))
        .collect();
    let own = pass_phases(&slow, 10, None).expect("settled");
    assert!(own.phases.iter().all(|&p| p == Phase::Fast));
    assert!(!own.remembered);
    let judged = pass_phases(&slow, 10, Some(12.2)).expect("remembered");
    assert!(judged.remembered);
    assert_eq!(judged.level_ns, 12.2);
    assert_eq!(judged.fast_passes(), 0);
    assert!(judged.judges(), "no fast pass, but the memory judges");
    assert!(!judged.supported(&(0..10).collect::<Vec<_>>()));
}

#[test]
fn a_remembered_speed_close_to_the_runs_own_changes_nothing() {
    let steady: Vec<Option<f64>> = (0..=8)
        .map(|k| Some(12.3 + (k % 2) as f64 * 0.05))
        .collect();
    let judged = pass_phases(&steady, 8, Some(12.2)).expect("settled");
    assert!(!judged.remembered);
    assert!(judged.phases.iter().all(|&p| p == Phase::Fast));
    // A memory slower than the run's own speed is not used either.
    let faster_now = pass_phases(&steady, 8, Some(20.0)).expect("settled");
    assert_eq!(faster_now.level_ns, 12.3);
}

#[test]
fn a_remembered_speed_judges_a_run_whose_own_timings_never_settle() {
    let wandering: Vec<Option<f64>> = [10.0, 14.0, 19.0, 26.0, 35.0].map(Some).to_vec();
    let judged = pass_phases(&wandering, 4, Some(10.0)).expect("remembered");
    assert_eq!(
        judged.phases[0],
        Phase::Slow,
        "14 ns after it is over 15 % slower"
    );
    assert!(judged.remembered);
}

#[test]
fn a_multi_thread_cell_needs_three_rounds_with_its_cpus_free() {
    // blake3+rayon at 1 MiB with a busy loop on the other CPU (issue 32): its threads
    // waited 45.8 % of the time.
    assert!(free_enough(&[]), "nothing known, nothing judged");
    assert!(!free_enough(&[45.8, 40.0, 0.3, 0.2]));
    assert!(free_enough(&[45.8, 0.4, 0.3, 5.0]));
    assert_eq!(free_rounds(&[f64::NAN, 6.0, 1.0]), 1);
}

#[test]
fn two_references_judge_a_pass_slow_when_either_saw_it_slow() {
    // The L1 read steady at 20 ns; the short read fast (2.5 ns) for passes 0-5, then
    // 1.7x slower: a state the first reference does not see.
    let l1: Vec<Option<f64>> = (0..=10).map(|_| Some(20.0)).collect();
    let short: Vec<Option<f64>> = (0..=10)
        .map(|k| Some(if k <= 5 { 2.5 } else { 4.3 }))
        .collect();
    let first = pass_phases(&l1, 10, None);
    assert!(first.as_ref().is_some_and(|p| p.fast_passes() == 10));
    let both = PassPhases::and(first, pass_phases(&short, 10, None)).expect("both settled");
    assert_eq!(both.fast_passes(), 5, "{both:?}");
    assert!(both.phases[5..].iter().all(|&p| p == Phase::Slow));
    assert!(!both.second && !both.remembered);
    assert!(!both.supported(&[6, 7, 8, 9]));
}

#[test]
fn a_remembered_second_level_is_the_one_reported() {
    // A whole run in the short read's slow state, which earlier runs remember at 2.5 ns.
    let l1: Vec<Option<f64>> = (0..=6).map(|_| Some(20.0)).collect();
    let short: Vec<Option<f64>> = (0..=6).map(|_| Some(4.3)).collect();
    let both = PassPhases::and(pass_phases(&l1, 6, None), pass_phases(&short, 6, Some(2.5)))
        .expect("judged");
    assert!(both.remembered && both.second);
    assert_eq!(both.level_ns, 2.5);
    assert_eq!(both.fast_passes(), 0);
    assert!(both.judges() && !both.supported(&[0, 1, 2, 3, 4, 5]));
    // One reference alone is itself.
    let alone = PassPhases::and(pass_phases(&l1, 6, None), None).expect("settled");
    assert_eq!(alone.fast_passes(), 6);
    assert_eq!(PassPhases::and(None, None), None);
}
