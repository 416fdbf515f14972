use super::*;
use hashbench_model::Size;

#[test]
fn a_plan_says_its_size_and_longest_time() {
    let plan = PlanReady {
        cells: 8,
        rounds: 3,
        max_rounds: 9,
        streams_cells: 0,
        at_most_s: 2.04,
        min_samples: 2,
        external_cells: 0,
    };
    assert_eq!(
        plan.to_string(),
        "8 cells x 3 rounds (up to 9 while a figure is unsettled), at most about 2.0 s unless \
         a call is slower than a round's share of the budget (a round takes at least 2)"
    );
    let plan = PlanReady {
        streams_cells: 2,
        at_most_s: 12.6,
        ..plan
    };
    assert_eq!(
        plan.to_string(),
        "8 cells x 3 rounds (up to 9 while a figure is unsettled) and 2 streams cells, at most \
         about 13 s unless a call is slower than a round's share of the budget (a round takes \
         at least 2)"
    );
    let plan = PlanReady {
        external_cells: 5,
        ..plan
    };
    assert!(
        plan.to_string().ends_with(
            "(a round takes at least 2); not counting the 5 cells other runtimes time, each \
             sample a request to their adapter"
        ),
        "{plan}"
    );
}

#[test]
fn a_step_names_its_subject_size_and_round() {
    let round = |round| Step::Round {
        name: "crc32/crc32fast [oneshot]",
        size: Size::Bytes(4096),
        round,
        rounds: 3,
    };
    assert_eq!(
        round(3).to_string(),
        "crc32/crc32fast [oneshot] @ 4 KiB, round 3/3"
    );
    assert_eq!(
        round(4).to_string(),
        "crc32/crc32fast [oneshot] @ 4 KiB, extra round 4"
    );
    let streams = Step::Streams {
        implementation: "blake3/blake3",
        size: 65536,
        streams: 4,
    };
    assert_eq!(streams.to_string(), "blake3/blake3 @ 64 KiB, 4 streams");
}

#[test]
fn progress_counts_the_step_under_way_and_says_past_the_plan() {
    let at = |done, extra| Progress {
        done,
        planned: 24,
        extra,
    };
    assert_eq!(at(0, false).position(), "1/24");
    assert_eq!(at(2, false).position(), "3/24");
    // The drift reference after the last round is not a step past the plan.
    assert_eq!(at(24, false).position(), "24/24");
    assert_eq!(at(24, true).position(), "25/24+");
    let empty = Progress {
        done: 0,
        planned: 0,
        extra: false,
    };
    assert_eq!(empty.position(), "1/0");
}

#[test]
fn progress_estimates_what_is_left_only_within_the_plan() {
    let at = |done, extra| Progress {
        done,
        planned: 10,
        extra,
    };
    assert_eq!(at(0, false).eta_s(3.0), None);
    assert_eq!(at(5, false).eta_s(10.0), Some(10.0));
    assert_eq!(at(10, false).eta_s(20.0), Some(0.0));
    assert_eq!(at(10, true).eta_s(20.0), None);
}
